from django.contrib import admin
from django.http import HttpRequest

from tables.admin.ledger_admin import ReadOnlyAdmin
from tables.admin.night_log import LoggedInTheNight
from tables.forms import LimitedAdminAuthenticationForm, PlayerAdminForm
from tables.models import Night, Player, Seat, Table

admin.site.login_form = LimitedAdminAuthenticationForm


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    # A table is made with its live state (the night page), and taken away only with it.
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Night)
class NightAdmin(LoggedInTheNight):
    list_display = ["name", "date", "host", "status", "join_code", "require_approval"]
    list_filter = ["status", "date"]
    search_fields = ["name", "join_code"]
    readonly_fields = ["join_code", "created_at"]
    inlines = [TableInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Night | None = None) -> list[str]:
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            # Closing checks the ledger and reopening needs a reason: both from the night page,
            # where they are logged (tables.services.ledger.closing).
            fields.append("status")
        if obj is not None and obj.money_is_frozen:
            # The ledger counted its money at this chip value and currency.
            fields += ["chip_value", "currency"]
        return fields


@admin.register(Player)
class PlayerAdmin(LoggedInTheNight):
    form = PlayerAdminForm
    list_display = ["display_name", "night", "status", "user", "joined_at"]
    list_filter = ["status"]
    search_fields = ["display_name", "night__name"]
    # Session and transfer tokens are bearer secrets: never shown.
    exclude = ["session_token", "transfer_token"]
    # Letting a player in or go, and their night, change only on the host's pages: "Has left"
    # refuses while they hold chips, which would otherwise vanish with them.
    readonly_fields = ["night", "status", "joined_at", "decided_at"]

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(LoggedInTheNight):
    list_display = ["name", "night", "max_seats"]
    search_fields = ["name", "night__name"]
    # Its stacks are its night's chips: moved to another night, they would leave one count for another.
    readonly_fields = ["night"]

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        # A table is made with its live state, which holds its game and stakes (the night page).
        return False


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    """Read-only: a seat record is an index of the live table, which holds the player's chips,
    written only as the table changes (`tables.services.seating.seat_records`); seats change
    through the host's seating (Move, Swap, the draw), which moves the live seat."""

    list_display = ["table", "number", "player", "seated_at"]
    search_fields = ["player__display_name", "table__name"]
    list_select_related = ["table", "player"]


import tables.admin.tournament_admin  # noqa: E402, F401  (tournaments, entries and structures, read-only)
