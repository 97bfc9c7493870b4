"""The line each ledger entry writes in the night's open log: who, what, how much, and what it
did to a seated player's stack, in the words players and host read."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser

from tables.models.ledger import EntryKind, LedgerEntry
from tables.services.hosting import audit
from tables.services.ledger.money_words import format_money


@dataclass(frozen=True, slots=True)
class StackChange:
    """A seated player's stack before and after an entry (None after: they left the table)."""

    table: str
    seat: int
    before: int
    after: int | None
    replaces_unbacked: bool = False  # the stack was seated before any buy-in, now bought

    @property
    def words(self) -> str:
        """
        >>> StackChange("Main", 2, 198, 250).words
        'stack at Main seat 2: 198 → 250 chips'
        >>> StackChange("Main", 2, 198, None).words
        'left Main seat 2 with 198 chips'
        >>> StackChange("Main", 2, 200, 200, replaces_unbacked=True).words
        'stack at Main seat 2: 200 chips seated before a buy-in, now 200 chips bought'
        """
        if self.after is None:
            return f"left {self.table} seat {self.seat} with {self.before} chips"
        if self.replaces_unbacked:
            return (
                f"stack at {self.table} seat {self.seat}: {self.before} chips seated before a buy-in, "
                f"now {self.after} chips bought"
            )
        return f"stack at {self.table} seat {self.seat}: {self.before} → {self.after} chips"


def log_entry(
    entry: LedgerEntry, by: AbstractBaseUser | None, stack: StackChange | None = None, ruling: str = ""
) -> None:
    """The entry's one line in the open log; `ruling` names the host's ruling that wrote it."""
    night = entry.night
    label = "Void" if entry.is_void else entry.get_kind_display()
    what = f"{ruling}: " if ruling else ""
    what += (
        f"{label}: {entry.player.display_name}, {entry.chips:+d} chips"
        if entry.kind in (EntryKind.CORRECTION, EntryKind.BANK)
        else f"{label}: {entry.player.display_name}, {entry.chips} chips"
    )
    if entry.kind == EntryKind.CORRECTION and entry.corrects is not None:
        verb = "voids" if entry.is_void else "corrects"
        money_only = ", money only" if entry.money_only else ""
        what += f" ({verb} #{entry.corrects.pk}, {entry.corrects.get_kind_display().lower()}{money_only})"
    what += f" = {format_money(entry.money, night.currency)}"
    if stack is not None:
        what += f"; {stack.words}"
    audit.record(
        night,
        by,
        what,
        entry.reason,
        table=entry.table,
        payload={
            "ledger_entry": entry.pk,
            "kind": entry.kind,
            "player": entry.player_id,
            "chips": entry.chips,
            "money": str(entry.money),
        },
    )
