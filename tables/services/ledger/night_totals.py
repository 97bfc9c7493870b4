"""The night's totals and the cross-check: money in against money out and what is still in play,
chips bought against chips on the tables, in players' hands and cashed out. A night closes only
when they balance (tables.services.ledger.closing).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tables import live
from tables.models import Night
from tables.models.ledger import CASH, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.ledger.ledger import chips_in_hand, entries, money_for


@dataclass(frozen=True, slots=True)
class NightTotals:
    """The night's money and chips. `difference` is money in minus (money out, the tables at chip
    value and the prize pools of tournaments still running): 0 when the night balances."""

    currency: str
    money_in: Decimal  # every entry in: cash and tournament money
    money_out: Decimal
    chips_bought: int  # cash chips only: tournament chips are not cash chips
    chips_cashed_out: int
    chips_on_tables: int
    chips_in_play_money: Decimal
    chips_in_hand: int  # bought by players not seated (yet)
    unbacked_chips: int  # on tables for players the ledger never saw (seated before any buy-in)
    # The night's tournaments' entries (tables.services.tournament.tournament_money), included above.
    tournament_paid_in: Decimal = Decimal(0)
    tournament_paid_out: Decimal = Decimal(0)
    tournament_pools_held: Decimal = Decimal(0)  # paid into tournaments still running
    tournaments_running: tuple[str, ...] = ()
    # Chips a host's ruling made appear (+) or disappear (-) with nobody paying: the bank's
    # difference (`EntryKind.BANK`), at chip value. Never money in or out: the settle-up settles it.
    bank_chips: int = 0
    bank_money: Decimal = Decimal(0)

    @property
    def chips_in_play(self) -> int:
        return self.chips_on_tables + self.chips_in_hand

    @property
    def difference(self) -> Decimal:
        held = self.chips_in_play_money + self.tournament_pools_held
        return self.money_in + self.bank_money - self.money_out - held

    @property
    def chip_difference(self) -> int:
        """Chips bought and the bank's (chips that appeared, less those that disappeared) minus
        (chips on tables plus chips cashed out): 0 at every moment."""
        return self.chips_bought + self.bank_chips - self.chips_in_play - self.chips_cashed_out

    @property
    def cash_box(self) -> Decimal:
        """The money the host should hold: every payment taken in, less every payment made
        (cash-outs, money given back, prizes). The bank's difference is not in it: nobody paid it."""
        return self.money_in - self.money_out

    @property
    def balanced(self) -> bool:
        return self.difference == 0 and self.chip_difference == 0


def cash_stacks(night: Night) -> tuple[dict[int, int], int]:
    """({player id: their stack} for the cash chips on the night's live tables, and the chips on
    them no buy-in backs). A player still in a tournament holds its chips, which are not cash.
    (A tournament's end takes its winner's chips out of play; a winner seated with them from
    before that was so is left out of the cash count too, unless they bought cash chips.)"""
    known = set(LedgerEntry.objects.filter(CASH, night=night).values_list("player_id", flat=True))
    entrants = set(night.players.filter(tournament_entries__isnull=False).values_list("pk", flat=True))
    playing = set(
        night.players.filter(
            tournament_entries__place__isnull=True,
            tournament_entries__tournament__status__in=[Tournament.Status.SETUP, Tournament.Status.RUNNING],
        ).values_list("pk", flat=True)
    )
    backed: dict[int, int] = {}
    unbacked = 0
    for table in night.tables.all():
        for seat in live.load_state(table.pk).table.seats:
            player = int(seat.player) if seat.player.isdigit() else None
            if player in playing:
                continue
            if player is not None and player in known:
                backed[player] = backed.get(player, 0) + seat.stack
            elif player not in entrants:
                unbacked += seat.stack
    return backed, unbacked


def chips_on_tables(night: Night) -> tuple[int, int]:
    """(cash chips on the night's live tables for players with cash entries, chips of the others)."""
    backed, unbacked = cash_stacks(night)
    return sum(backed.values()), unbacked


def totals(night: Night) -> NightTotals:
    money_in = money_out = Decimal(0)
    chips_in = chips_out = 0
    paid_in = paid_out = held = Decimal(0)
    running: set[str] = set()
    bank_chips, bank_money = 0, Decimal(0)
    for entry in entries(night):
        if entry.is_bank:
            bank_chips += entry.chips
            bank_money += entry.money
            continue
        signed = entry.money if entry.is_in else -entry.money
        if entry.is_in:
            money_in += entry.money
            chips_in += entry.chips
        else:
            money_out += entry.money
            chips_out += entry.chips
        if entry.tournament is not None:
            paid_in += entry.money if entry.is_in else 0
            paid_out += 0 if entry.is_in else entry.money
            if entry.tournament.status != Tournament.Status.FINISHED:
                held += signed
                running.add(entry.tournament.name)
    backed, unbacked = chips_on_tables(night)
    in_hand = 0
    unseated = night.players.filter(ledger_entries__tournament__isnull=True, seats__isnull=True)
    for player in unseated.filter(ledger_entries__isnull=False).distinct():
        in_hand += chips_in_hand(player) or 0
    return NightTotals(
        tournament_paid_in=paid_in,
        tournament_paid_out=paid_out,
        tournament_pools_held=held,
        tournaments_running=tuple(sorted(running)),
        currency=night.currency,
        money_in=money_in,
        money_out=money_out,
        chips_bought=chips_in,
        chips_cashed_out=chips_out,
        chips_on_tables=backed,
        chips_in_play_money=money_for(night, backed + in_hand),
        chips_in_hand=in_hand,
        unbacked_chips=unbacked,
        bank_chips=bank_chips,
        bank_money=bank_money,
    )
