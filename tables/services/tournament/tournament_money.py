"""A night's tournaments in its ledger: entries, rebuys and add-ons paid in, prizes and deals paid out.

Tournament chips are not cash chips (docs/chips-and-money.md): they are never counted at the
night's chip value, and these ledger entries move none (their `chips` is 0). What they record
is money: each entrant pays the buy-in, and the price of each rebuy and add-on, into the prize
pool as it happens; when the tournament ends its whole pool is paid out, to the places or as
the players still in agreed (a deal). So a finished tournament has as much money out as in,
and the settle-up pays each entrant their prize minus what they paid.

Each write here is part of the tournament write that causes it (its transaction); that write's
one line in the night's open log says what was paid and names the entries (`Paid`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from tables.models import Night
from tables.models.ledger import TOURNAMENT_KINDS_OUT, EntryKind, LedgerEntry
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.ledger.money_words import format_money
from tables.services.tournament.tournament_results import results

PRICES = {
    EntryKind.TOURNAMENT_ENTRY: "buy_in",
    EntryKind.TOURNAMENT_REBUY: "rebuy_price",
    EntryKind.TOURNAMENT_ADD_ON: "add_on_price",
}


def _by(user: AbstractBaseUser | None) -> AbstractBaseUser | None:
    return user if user is not None and user.is_authenticated else None


def _write(
    tournament: Tournament,
    player_id: int,
    kind: str,
    money: Decimal,
    by: AbstractBaseUser | None,
    reason: str,
    corrects: LedgerEntry | None = None,
) -> LedgerEntry:
    return LedgerEntry.objects.create(
        night_id=tournament.night_id,
        player_id=player_id,
        kind=kind,
        chips=0,
        money=money,
        tournament=tournament,
        corrects=corrects,
        reason=reason[:200],
        recorded_by=_by(by),
    )


@dataclass(frozen=True, slots=True)
class Paid:
    """Ledger entries a tournament write made, and the words its log line adds about them."""

    rows: list[LedgerEntry] = field(default_factory=list)
    words: str = ""

    @property
    def payload(self) -> dict[str, Any]:
        return {"ledger_entries": [row.pk for row in self.rows]} if self.rows else {}

    def then(self, line: str) -> str:
        """`line` with these words after it, if any."""
        return f"{line}; {self.words}" if self.words else line


def _money(tournament: Tournament, amount: Decimal) -> str:
    return format_money(amount, tournament.night.currency)


def pay_in(
    tournament: Tournament, entries: Sequence[TournamentEntry], kind: str, by: AbstractBaseUser | None
) -> Paid:
    """Entries (buy-ins), a rebuy or an add-on paid into the prize pool, at today's price."""
    price = Decimal(getattr(tournament, PRICES[kind]))
    what = EntryKind(kind).label.lower()
    rows = [
        _write(tournament, entry.player_id, kind, price, by, f"{tournament.name}: {what}")
        for entry in entries
    ]
    return Paid(rows, f"{_money(tournament, price * len(rows))} into the prize pool")


def _net(rows: Sequence[LedgerEntry]) -> Decimal:
    return sum((row.money for row in rows), Decimal(0))


def reprice(tournament: Tournament, by: AbstractBaseUser | None) -> Paid:
    """The host changed a price after players paid: each payment is corrected to the new price
    (a correction entry each), so the pool and the ledger keep saying the same."""
    written: list[LedgerEntry] = []
    changes = []
    for kind, price_field in PRICES.items():
        price = Decimal(getattr(tournament, price_field))
        what = EntryKind(kind).label.lower()
        for row in LedgerEntry.objects.filter(tournament=tournament, kind=kind):
            now = row.money + _net(list(row.corrections.all()))
            if now == price:
                continue
            reason = f"{tournament.name}: {what} is now {_money(tournament, price)}"
            written.append(
                _write(tournament, row.player_id, EntryKind.CORRECTION, price - now, by, reason, row)
            )
            changes.append(f"{what} {_money(tournament, now)} -> {_money(tournament, price)}")
    if not written:
        return Paid()
    return Paid(written, f"payments corrected to the new prices ({', '.join(sorted(set(changes)))})")


def pay_out(tournament: Tournament, by: AbstractBaseUser | None) -> Paid:
    """The tournament is over: its whole pool, paid to the finishers (`tournament_results`)."""
    rows = []
    parts = []
    for result in results(tournament):
        if result.prize <= 0:
            continue
        kind = EntryKind.DEAL if result.dealt else EntryKind.PRIZE
        how = "deal" if result.dealt else result.label
        prize = Decimal(result.prize)
        rows.append(_write(tournament, result.entry.player_id, kind, prize, by, f"{tournament.name}: {how}"))
        parts.append(f"{result.entry.player.display_name} {_money(tournament, prize)} ({how})")
    return Paid(rows, f"paid out: {', '.join(parts)}") if rows else Paid()


def take_back_prizes(tournament: Tournament, by: AbstractBaseUser | None) -> Paid:
    """The tournament runs again (its last bust undone): each prize paid is taken back with a
    correction; it is paid again when the tournament ends."""
    rows = []
    for paid in LedgerEntry.objects.filter(tournament=tournament, kind__in=TOURNAMENT_KINDS_OUT):
        net = paid.money + _net(list(paid.corrections.all()))
        if net:
            reason = f"{tournament.name}: prize taken back, the tournament runs again"
            rows.append(_write(tournament, paid.player_id, EntryKind.CORRECTION, -net, by, reason, paid))
    return Paid(rows, f"prizes taken back ({_money(tournament, -_net(rows))})") if rows else Paid()


def pool_in_ledger(tournament: Tournament) -> Decimal:
    """What the ledger holds for the tournament: money paid in minus money paid out."""
    rows = LedgerEntry.objects.filter(tournament=tournament).select_related("corrects")
    return sum((row.money if row.is_in else -row.money for row in rows), Decimal(0))


def paid_in_and_out(night: Night) -> dict[int, tuple[Decimal, Decimal]]:
    """Each entrant's (money paid in: entries, rebuys, add-ons; money paid out to them: prizes,
    deal shares), by player id, for the night's finished tournaments, from the ledger (one still
    running holds its pool until it ends)."""
    paid_in: dict[int, Decimal] = {}
    paid_out: dict[int, Decimal] = {}
    rows = LedgerEntry.objects.filter(night=night, tournament__status=Tournament.Status.FINISHED)
    for row in rows.select_related("corrects"):
        side = paid_in if row.is_in else paid_out
        side[row.player_id] = side.get(row.player_id, Decimal(0)) + row.money
    zero = Decimal(0)
    return {pk: (paid_in.get(pk, zero), paid_out.get(pk, zero)) for pk in paid_in.keys() | paid_out.keys()}


def balances(night: Night) -> dict[int, Decimal]:
    """Each entrant's prizes minus what they paid, by player id, for the night's finished
    tournaments (`paid_in_and_out`)."""
    return {pk: paid_out - paid_in for pk, (paid_in, paid_out) in paid_in_and_out(night).items()}
