"""The admin shows tournaments, their entries, structures and logs, read-only: every change goes
through the host's tournament pages, which check it and write it to the night's log."""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html_join

from engine.tournament import Break
from tables.admin.ledger_admin import ReadOnlyAdmin
from tables.models.tournaments import Tournament, TournamentEntry, TournamentLog


class EntryInline(admin.TabularInline):
    model = TournamentEntry
    extra = 0
    fields = ["player", "rebuys", "add_ons", "place", "shared_by", "finished_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: object, obj: object = None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "night", "status", "buy_in", "starting_stack", "created_at"]
    list_filter = ["status"]
    search_fields = ["name", "night__name"]
    list_select_related = ["night"]
    exclude = ["structure"]
    readonly_fields = ["levels"]
    inlines = [EntryInline]

    @admin.display(description="Structure")
    def levels(self, tournament: Tournament) -> str:
        structure = tournament.get_structure()
        rows = [
            (f"Break, {period.minutes} min",)
            if isinstance(period, Break)
            else (
                f"Level: blinds {period.small_blind}/{period.big_blind}, ante {period.ante}, "
                f"{period.minutes} min",
            )
            for period in structure.periods
        ]
        return format_html_join("", "<div>{}</div>", rows)


@admin.register(TournamentEntry)
class TournamentEntryAdmin(ReadOnlyAdmin):
    list_display = ["player", "tournament", "rebuys", "add_ons", "place", "shared_by"]
    search_fields = ["player__display_name", "tournament__name"]
    list_select_related = ["player", "tournament"]


@admin.register(TournamentLog)
class TournamentLogAdmin(ReadOnlyAdmin):
    list_display = ["at", "tournament", "action", "detail", "actor"]
    list_filter = ["action"]
    list_select_related = ["tournament", "actor"]
