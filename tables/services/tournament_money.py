"""A night's tournaments in its money: entries, rebuys and add-ons paid in, prizes paid out.

Tournament chips are not cash chips (docs/chips-and-money.md): they are never counted at the
night's chip value. What counts is money: each entrant pays the buy-in, and the price of each
rebuy and add-on, into the prize pool; the pool is paid out to the places when the tournament
is over (`tournaments.results`), all of it. So a finished tournament adds as much money out as
in, and settling up gives each entrant their prize minus what they paid.

A tournament still running holds its pool: the night cannot be closed until it is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tables.models import Night, Player
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.tournaments import results


@dataclass(frozen=True, slots=True)
class TournamentMoney:
    """The money of a night's tournaments, in the night's currency."""

    paid_in: Decimal  # buy-ins, rebuys and add-ons of every tournament
    paid_out: Decimal  # prizes of the finished ones
    pool_held: Decimal  # prize pools of the tournaments still running
    running: tuple[str, ...]  # their names


def paid_in(entry: TournamentEntry) -> int:
    """What an entrant paid: the buy-in, and the price of each rebuy and add-on they took."""
    tournament = entry.tournament
    return tournament.buy_in + entry.rebuys * tournament.rebuy_price + entry.add_ons * tournament.add_on_price


def _prizes(tournament: Tournament) -> dict[int, int]:
    return {row.entry.player_id: row.prize for row in results(tournament)}


def night_money(night: Night) -> TournamentMoney:
    money_in = money_out = held = Decimal(0)
    running = []
    for tournament in night.tournaments.prefetch_related("entries"):
        entries = list(tournament.entries.all())
        if not entries:
            continue
        paid = sum(paid_in(entry) for entry in entries)
        money_in += paid
        if tournament.status == Tournament.Status.FINISHED:
            money_out += sum(_prizes(tournament).values())
        else:
            held += paid
            running.append(tournament.name)
    return TournamentMoney(money_in, money_out, held, tuple(running))


def balances(night: Night) -> dict[int, Decimal]:
    """Each entrant's prize minus what they paid, by player id, for the finished tournaments."""
    result: dict[int, Decimal] = {}
    for tournament in night.tournaments.filter(status=Tournament.Status.FINISHED):
        prizes = _prizes(tournament)
        for entry in tournament.entries.select_related("tournament"):
            change = Decimal(prizes.get(entry.player_id, 0) - paid_in(entry))
            result[entry.player_id] = result.get(entry.player_id, Decimal(0)) + change
    return result


def plays_only_tournaments(player: Player) -> bool:
    """A player who entered a tournament and bought no cash chips: what they hold at a table
    is tournament chips."""
    return player.tournament_entries.exists() and not player.ledger_entries.exists()
