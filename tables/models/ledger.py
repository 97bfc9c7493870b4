"""Money and chips of a night, the host's co-hosts, and the open record of every call the host makes.

Ledger and audit rows are append-only: a mistake is fixed with a correction entry, never
by editing or deleting a row. The models refuse updates and deletes themselves, so no
code path (a service, the admin, the shell) can rewrite the history by accident. Only
deleting the whole night removes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models

if TYPE_CHECKING:
    from tables.models.night import Player


class AppendOnlyError(Exception):
    """Someone tried to change or delete a row of an append-only record."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("Ledger and audit entries are never changed: add a correction instead.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("Ledger and audit entries are never deleted: add a correction instead.")


class AppendOnlyModel(models.Model):
    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError("Ledger and audit entries are never changed: add a correction instead.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("Ledger and audit entries are never deleted: add a correction instead.")


class EntryKind(models.TextChoices):
    BUY_IN = "buy_in", "Buy-in"
    REBUY = "rebuy", "Rebuy"
    TOP_UP = "top_up", "Top-up"
    CASH_OUT = "cash_out", "Cash-out"
    CORRECTION = "correction", "Correction"
    # A tournament's money: paid into its prize pool, paid out of it. No cash chips move.
    TOURNAMENT_ENTRY = "tournament_entry", "Tournament entry"
    TOURNAMENT_REBUY = "tournament_rebuy", "Tournament rebuy"
    TOURNAMENT_ADD_ON = "tournament_add_on", "Tournament add-on"
    PRIZE = "prize", "Prize"
    DEAL = "deal", "Deal share"
    # Chips that appeared on a stack or disappeared from one by a host's ruling, paid by nobody:
    # the bank's (the host's cash box's) difference, settled in the settle-up. Never money in or out.
    BANK = "bank", "Bank's difference"


# Kinds that bring money and cash chips in; a cash-out takes them out; a correction follows its target.
KINDS_IN = (EntryKind.BUY_IN, EntryKind.REBUY, EntryKind.TOP_UP)
# A tournament's money in (into its prize pool) and out (prizes and agreed deals).
TOURNAMENT_KINDS_IN = (EntryKind.TOURNAMENT_ENTRY, EntryKind.TOURNAMENT_REBUY, EntryKind.TOURNAMENT_ADD_ON)
TOURNAMENT_KINDS_OUT = (EntryKind.PRIZE, EntryKind.DEAL)
# Cash entries have no tournament; a tournament's entries, and their corrections, name it.
CASH = models.Q(tournament__isnull=True)


class LedgerEntry(AppendOnlyModel):
    """Money and chips a player brought in or took out. `chips` and `money` are positive except
    on a correction, which is signed and counts on the side (in or out) of the entry it corrects.

    A tournament's entries (`tournament` set) are money only: tournament chips are not cash
    chips, so their `chips` is 0. A bank's difference (`EntryKind.BANK`) is signed too: chips
    that appeared (+) or disappeared (-) at a seat, at chip value, which nobody paid or was paid."""

    Kind = EntryKind

    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="ledger_entries")
    # RESTRICT: a player's entries block deleting the player alone, not deleting the whole night.
    player = models.ForeignKey("tables.Player", on_delete=models.RESTRICT, related_name="ledger_entries")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    chips = models.IntegerField()
    # In the night's currency, exact: never a float.
    money = models.DecimalField(max_digits=14, decimal_places=4)
    table = models.ForeignKey(
        "tables.Table", on_delete=models.SET_NULL, null=True, blank=True, related_name="ledger_entries"
    )
    corrects = models.ForeignKey(
        "self", on_delete=models.RESTRICT, null=True, blank=True, related_name="corrections"
    )
    tournament = models.ForeignKey(
        "tables.Tournament", on_delete=models.RESTRICT, null=True, blank=True, related_name="ledger_entries"
    )
    reason = models.CharField(max_length=200, blank=True)
    # A void is a correction that takes the whole entry back (a mistaken entry): the entry stays,
    # shown struck, and the void carries the reason.
    is_void = models.BooleanField(default=False)
    # A correction of a cash-out written before such corrections moved chips: it changed the
    # money paid and nothing else, so the night's totals show it as a difference, as they did.
    money_only = models.BooleanField(default=False)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["recorded_at", "id"]
        verbose_name_plural = "ledger entries"
        constraints = [
            models.CheckConstraint(condition=models.Q(kind__in=EntryKind.values), name="ledger_kind_valid"),
            models.CheckConstraint(
                condition=models.Q(kind__in=[EntryKind.CORRECTION, EntryKind.BANK])
                | models.Q(chips__gte=0, money__gte=0),
                name="ledger_amounts_positive_unless_correction",
            ),
            models.CheckConstraint(
                condition=~models.Q(kind=EntryKind.CORRECTION) | models.Q(corrects__isnull=False),
                name="ledger_correction_names_its_entry",
            ),
            models.CheckConstraint(
                condition=models.Q(tournament__isnull=True) | models.Q(chips=0),
                name="ledger_tournament_money_moves_no_cash_chips",
            ),
            models.CheckConstraint(
                condition=models.Q(money_only=False) | models.Q(kind=EntryKind.CORRECTION),
                name="ledger_only_a_correction_is_money_only",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.player}: {self.chips} chips, {self.money}"

    @property
    def is_bank(self) -> bool:
        return self.kind == EntryKind.BANK

    @property
    def is_in(self) -> bool:
        """Whether this entry counts as money and chips brought in (else taken out). A bank's
        difference is neither: the totals and the settle-up count it on its own (`is_bank`)."""
        kind = self.corrects.kind if self.kind == EntryKind.CORRECTION and self.corrects else self.kind
        return kind in KINDS_IN or kind in TOURNAMENT_KINDS_IN


def chips_to_sit_with(player: Player) -> int | None:
    """Chips a player sits down with: the chips in their hand (called as they take the seat).
    None for a player the ledger never saw (the table then gives its default stack, which the
    totals report as chips not bought). The write path seats a player with them; the ledger's
    own reports count them as held (tables.services.ledger.ledger.chips_in_hand)."""
    rows = list(LedgerEntry.objects.filter(CASH, player=player).select_related("corrects").order_by("id"))
    if not rows:
        # Tournament chips are not cash chips: a player out of a tournament holds none.
        return 0 if player.tournament_entries.exists() else None
    if player.status == player.Status.LEFT:
        # They were let go only holding nothing (joining.check_holds_no_chips), and get no chips
        # after: the buy-in they sat down with went onto the table, and was lost there.
        return 0
    held = 0
    for row in rows:
        if row.kind == EntryKind.CASH_OUT and row.table_id is not None:
            held = 0  # they left a table with its stack: what they held before went onto it
        elif row.money_only:
            continue
        elif row.table_id is None and row.is_in:
            held += row.chips
        elif row.table_id is None:
            # A cash-out away from a table, or a correction of a cash-out written while they
            # were not seated: -50 says the cash-out took 50 chips fewer, which they still hold.
            held -= row.chips
    return held


class RequestStatus(models.TextChoices):
    PENDING = "pending", "Waiting for the host"
    APPROVED = "approved", "Approved"
    DECLINED = "declined", "Declined"


class ChipRequest(models.Model):
    """A player asks from their phone for a buy-in, rebuy or top-up; the host approves it
    (which writes the ledger entry) or declines it."""

    Status = RequestStatus

    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="chip_requests")
    player = models.ForeignKey("tables.Player", on_delete=models.CASCADE, related_name="chip_requests")
    kind = models.CharField(max_length=12, choices=EntryKind.choices[:3])
    chips = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    entry = models.OneToOneField(
        LedgerEntry, on_delete=models.RESTRICT, null=True, blank=True, related_name="request"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(chips__gte=1), name="chip_request_chips_positive"),
            models.CheckConstraint(
                condition=models.Q(status__in=RequestStatus.values), name="chip_request_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} asks for {self.chips} chips ({self.status})"


class TransferPaid(models.Model):
    """A settle-up transfer marked paid, by one of its two people (or the host). A side with no
    player is the bank. Marked unpaid again, the row stays (`undone_at`). Transfers are worked out
    from the ledger each time: a mark counts for the transfer with the same payer, payee and amount."""

    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="transfers_paid")
    payer = models.ForeignKey(
        "tables.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    payee = models.ForeignKey(
        "tables.Player", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    amount = models.PositiveBigIntegerField(help_text="In the currency's minor unit (cents).")
    marked_by = models.CharField(max_length=150, help_text="Who marked it, as the log names them.")
    marked_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["marked_at", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="transferpaid_amount_positive"),
            models.CheckConstraint(
                condition=models.Q(payer__isnull=False) | models.Q(payee__isnull=False),
                name="transferpaid_not_bank_to_bank",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer or 'the bank'} paid {self.payee or 'the bank'} {self.amount}"


class HostCallLine(AppendOnlyModel):
    """One call a host made: who, when, what exactly and why. The night's log (`AuditEntry`) and
    a season's log (`tables.models.seasons.SeasonAuditEntry`) are both made of these lines."""

    who = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    who_label = models.CharField(max_length=150, help_text="The name shown, kept if the account changes.")
    when = models.DateTimeField(auto_now_add=True)
    # Long enough for a complete sentence: seat, player, amounts before and after.
    what = models.CharField(max_length=500)
    why = models.CharField(max_length=300, blank=True)
    payload = models.JSONField(default=dict, blank=True)

    class Meta:
        abstract = True
        ordering = ["when", "id"]

    def __str__(self) -> str:
        return f"{self.when:%H:%M} {self.who_label}: {self.what}"


class AuditEntry(HostCallLine):
    """One call the host made (a ruling, a seating change, a ledger entry) during a night.
    Players can read these: the host's call is final, and open."""

    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="audit_entries")
    table = models.ForeignKey(
        "tables.Table", on_delete=models.SET_NULL, null=True, blank=True, related_name="audit_entries"
    )

    class Meta(HostCallLine.Meta):
        verbose_name_plural = "audit entries"


class CoHost(models.Model):
    """A user the night's host named to run the night with them (panel and host commands)."""

    night = models.ForeignKey("tables.Night", on_delete=models.CASCADE, related_name="co_hosts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="co_hosted")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["night", "user"], name="cohost_once_per_night")]

    def __str__(self) -> str:
        return f"{self.user} co-hosts {self.night}"
