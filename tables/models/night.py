"""What a night is made of: the night, its players (guest identities), its tables and seats.

Hands, events, tournaments and the ledger arrive in later modules; keep this one
about who is here and where they sit.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Length, Lower
from django.db.models.lookups import Exact
from django.utils import timezone

from engine.games import GAMES
from engine.table_state import MAX_SEATS
from tables.join_codes import LENGTH as JOIN_CODE_LENGTH

# "empty or 40+-character" names are refused: 39 characters fit on a phone's seat badge.
MAX_NAME_LENGTH = 39


def game_choices() -> list[tuple[str, str]]:
    """Every game the engine deals (engine.games), by its name: the engine adds a game, the
    app offers it, with no migration."""
    return [(key, game.name) for key, game in GAMES.items()]


class NightStatus(models.TextChoices):
    OPEN = "open", "Open"
    CLOSED = "closed", "Closed"


class PlayerStatus(models.TextChoices):
    PENDING = "pending", "Waiting for approval"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    LEFT = "left", "Left"


class Night(models.Model):
    """One evening of poker, hosted by a user, joined by guests with its code."""

    Status = NightStatus

    name = models.CharField(max_length=80)
    date = models.DateField(default=timezone.localdate)
    currency = models.CharField(max_length=8, default="EUR", help_text="What the chips stand for, e.g. EUR.")
    chip_value = models.DecimalField(
        max_digits=10, decimal_places=4, default=1, help_text="What one chip is worth in the currency."
    )
    require_approval = models.BooleanField(
        default=False, help_text="Players wait for the host to let them in before they can be seated."
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    # Hidden from the host's list of nights, not deleted: its ledger and log are kept.
    archived = models.BooleanField(default=False)
    join_code = models.CharField(max_length=JOIN_CODE_LENGTH, unique=True, editable=False)
    # PROTECT: deleting a host account must not silently delete the history of their nights.
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="nights")
    created_at = models.DateTimeField(auto_now_add=True)
    # The secret of the closed night's public verify link (tables.services.hosting.verify_links);
    # None when the host has made none, or revoked it.
    verify_token = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-date", "-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(chip_value__gt=0),
                name="night_chip_value_positive",
                violation_error_message="A chip must be worth more than nothing.",
            ),
            models.CheckConstraint(
                condition=~models.Q(currency=""),
                name="night_currency_not_empty",
                violation_error_message="Say what the chips stand for, e.g. EUR.",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=NightStatus.values), name="night_status_valid"
            ),
            models.CheckConstraint(
                condition=Exact(Length("join_code"), JOIN_CODE_LENGTH), name="night_join_code_length"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        fields = kwargs.get("update_fields")
        if fields is None or {"chip_value", "currency"} & set(fields):
            self.check_money_frozen()
        super().save(*args, **kwargs)

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def money_is_frozen(self) -> bool:
        """Whether the chip value and currency are final: once the night has been closed, or
        any ledger entry was counted at them (reopening a night does not unfreeze them)."""
        if self.pk is None:
            return False
        stored = Night.objects.filter(pk=self.pk).values_list("status", flat=True).first()
        return stored == NightStatus.CLOSED or self.ledger_entries.exists()

    def check_money_frozen(self) -> None:
        """A night's money is counted at its chip value and currency: once closed, or once the
        ledger has an entry, neither may change (from any form, the admin or the shell)."""
        if not self.money_is_frozen:
            return
        stored = Night.objects.filter(pk=self.pk).values_list("chip_value", "currency").first()
        if stored is not None and (stored[0] != Decimal(self.chip_value) or stored[1] != self.currency):
            raise ValidationError(
                "This night's money was counted at its chip value and currency "
                "(it was closed, or the ledger has entries): they are final."
            )

    def clean(self) -> None:
        super().clean()
        self.check_money_frozen()


class Player(models.Model):
    """A guest identity within one night: a display name and a session token, no account.

    The token is what a browser session points to; replacing it (see the identity
    transfer) is how an identity moves to another device and leaves the old one.
    """

    Status = PlayerStatus

    # Statuses that hold on to a display name: a rejected or departed guest frees theirs.
    ACTIVE_STATUSES = (Status.PENDING, Status.APPROVED)

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(max_length=MAX_NAME_LENGTH)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    session_token = models.CharField(max_length=64, unique=True, editable=False)
    # A one-time "continue on another device" link; None when no link is outstanding.
    transfer_token = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True, help_text="When the host approved or rejected.")
    # How others pay this player at the settle-up: an https link the phone opens (PayPal.me,
    # Revolut, Venmo, Lydia) or plain text (a bank transfer reference). Checked by
    # tables.services.ledger.payment_handles; shown only to who pays them.
    payment_handle = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"),
                "night",
                condition=models.Q(status__in=[PlayerStatus.PENDING, PlayerStatus.APPROVED]),
                name="player_active_name_unique_per_night",
                violation_error_message="Someone in this night already uses that name.",
            ),
            models.CheckConstraint(condition=~models.Q(display_name=""), name="player_name_not_empty"),
            models.CheckConstraint(
                condition=models.Q(status__in=PlayerStatus.values), name="player_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name


class TableStatus(models.TextChoices):
    OPEN = "open", "Open"
    # Nobody may sit and nothing is dealt; the host may open it again.
    CLOSED = "closed", "Closed"
    # Gone from the night's pages; its hands stay for the recap, the verify page and the log.
    REMOVED = "removed", "Removed"


class Table(models.Model):
    """A table in a night and how many seats it has. What it deals, its game and stakes, is stored
    once, in its live state (`TableSnapshot`, made with the table: tables.services.hosting.hosting)."""

    Status = TableStatus

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=40)
    max_seats = models.PositiveSmallIntegerField(default=9)
    status = models.CharField(max_length=8, choices=TableStatus.choices, default=TableStatus.OPEN)
    # Chips a guest with no buy-in yet buys when the host seats them here (None: the host records
    # each buy-in by hand): chips on a cash table are always backed by money in the ledger.
    default_buy_in = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                "night",
                name="table_name_unique_per_night",
                violation_error_message="This night already has a table of that name.",
            ),
            # Any table, whatever its game (engine.table_state); each game's own limit is
            # checked when the table is made (tables.services.hosting.hosting.check_seats).
            models.CheckConstraint(
                condition=models.Q(max_seats__gte=2, max_seats__lte=MAX_SEATS),
                name="table_max_seats_in_range",
                violation_error_message=f"A table has 2 to {MAX_SEATS} seats.",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=TableStatus.values), name="table_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(default_buy_in__isnull=True) | models.Q(default_buy_in__gte=1),
                name="table_default_buy_in_positive",
                violation_error_message="A default buy-in is at least 1 chip.",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_open(self) -> bool:
        return self.status == TableStatus.OPEN


class Seat(models.Model):
    """A player sitting at a table. An empty seat has no row."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    seated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_one_player_per_seat"),
            # A player belongs to one night, so this is also "one seat per player per night".
            models.UniqueConstraint(fields=["player"], name="seat_one_seat_per_player"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="seat_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.number}: {self.player}"
