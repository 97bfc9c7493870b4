"""A night's tournaments in its ledger: entries, rebuys and add-ons paid in, prizes and deals paid out.

Tournament chips are not cash chips (docs/chips-and-money.md): they are never counted at the
night's chip value, and these ledger entries move none (their `chips` is 0). What they record
is money: each entrant pays the buy-in, and the price of each rebuy and add-on, into the prize
pool as it happens; when the tournament ends its whole pool is paid out, to the places or as
the players still in agreed (a deal). So a finished tournament has as much money out as in,
and the settle-up pays each entrant their prize minus what they paid.

Each write here is part of the tournament write that causes it (its transaction) and adds one
line to the night's open log naming the entries it wrote.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser

from tables.models.ledger import TOURNAMENT_KINDS_OUT, EntryKind, LedgerEntry
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services import audit
from tables.services.ledger import format_money
from tables.services.tournament_results import results

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


def _log(
    tournament: Tournament, by: AbstractBaseUser | None, what: str, rows: Sequence[LedgerEntry], why: str = ""
) -> None:
    audit.record(
        tournament.night,
        by,
        what,
        why,
        payload={"tournament": tournament.pk, "ledger_entries": [row.pk for row in rows]},
    )


def _money(tournament: Tournament, amount: Decimal) -> str:
    return format_money(amount, tournament.night.currency)


def pay_in(
    tournament: Tournament, entries: Sequence[TournamentEntry], kind: str, by: AbstractBaseUser | None
) -> list[LedgerEntry]:
    """Entries (buy-ins), a rebuy or an add-on paid into the prize pool, at today's price."""
    price = Decimal(getattr(tournament, PRICES[kind]))
    label = EntryKind(kind).label
    rows = [
        _write(tournament, entry.player_id, kind, price, by, f"{tournament.name}: {label.lower()}")
        for entry in entries
    ]
    names = ", ".join(entry.player.display_name for entry in entries)
    total = _money(tournament, price * len(rows))
    _log(tournament, by, f"{tournament.name}: {label} of {names}, {total} into the prize pool", rows)
    return rows


def _net(rows: Sequence[LedgerEntry]) -> Decimal:
    return sum((row.money for row in rows), Decimal(0))


def reprice(tournament: Tournament, by: AbstractBaseUser | None) -> list[LedgerEntry]:
    """The host changed a price after players paid: each payment is corrected to the new price
    (a correction entry each), so the pool and the ledger keep saying the same."""
    written: list[LedgerEntry] = []
    changes = []
    for kind, field in PRICES.items():
        price = Decimal(getattr(tournament, field))
        what = EntryKind(kind).label.lower()
        for row in LedgerEntry.objects.filter(tournament=tournament, kind=kind):
            now = row.money + _net(list(row.corrections.all()))
            if now == price:
                continue
            reason = f"{tournament.name}: {what} is now {_money(tournament, price)}"
            correction = _write(tournament, row.player_id, EntryKind.CORRECTION, price - now, by, reason, row)
            written.append(correction)
            changes.append(f"{what} {_money(tournament, now)} -> {_money(tournament, price)}")
    if written:
        summary = ", ".join(sorted(set(changes)))
        _log(tournament, by, f"{tournament.name}: payments corrected to the new prices ({summary})", written)
    return written


def pay_out(
    tournament: Tournament, by: AbstractBaseUser | None, why: str = "", *, log: bool = True
) -> list[LedgerEntry]:
    """The tournament is over: its whole pool, paid to the finishers (`tournament_results`).
    `log=False`: the caller's own line in the open log names the entries."""
    rows = []
    parts = []
    for result in results(tournament):
        if result.prize <= 0:
            continue
        kind = EntryKind.DEAL if result.dealt else EntryKind.PRIZE
        how = "deal" if result.dealt else result.label
        reason = f"{tournament.name}: {how}"
        rows.append(_write(tournament, result.entry.player_id, kind, Decimal(result.prize), by, reason))
        parts.append(
            f"{result.entry.player.display_name} {_money(tournament, Decimal(result.prize))} ({how})"
        )
    if rows and log:
        _log(tournament, by, f"{tournament.name} paid out: {', '.join(parts)}", rows, why)
    return rows


def take_back_prizes(
    tournament: Tournament, by: AbstractBaseUser | None, why: str, *, log: bool = True
) -> list[LedgerEntry]:
    """The tournament runs again (its last bust undone): each prize paid is taken back with a
    correction; it is paid again when the tournament ends. `log=False`: the caller's own line
    in the open log names the entries."""
    rows = []
    for paid in LedgerEntry.objects.filter(tournament=tournament, kind__in=TOURNAMENT_KINDS_OUT):
        net = paid.money + _net(list(paid.corrections.all()))
        if net:
            rows.append(
                _write(
                    tournament,
                    paid.player_id,
                    EntryKind.CORRECTION,
                    -net,
                    by,
                    f"{tournament.name}: prize taken back, the tournament runs again",
                    corrects=paid,
                )
            )
    if rows and log:
        total = _money(tournament, -_net(rows))
        _log(tournament, by, f"{tournament.name}: prizes taken back ({total}), it is not over", rows, why)
    return rows


def pool_in_ledger(tournament: Tournament) -> Decimal:
    """What the ledger holds for the tournament: money paid in minus money paid out."""
    rows = LedgerEntry.objects.filter(tournament=tournament).select_related("corrects")
    return sum((row.money if row.is_in else -row.money for row in rows), Decimal(0))
