"""What each player did in one night: hands, stacks, pots, money and tournament places.

Read from the stored hands (each replayed through the engine, `hand_replay`), the night's
settle-up (`settle_up.settle`, the one account of who owes what) and its tournaments. These
are figures about chips and money only: no card leaves this module, so whoever reads them
learns nothing a hand hid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from engine.config import HandConfig, Stakes
from engine.season import Finish, HandPlayed, seconds_at_tables
from tables.errors import ActionRefused
from tables.models import Night, Player
from tables.models.live import Hand
from tables.models.tournaments import Tournament
from tables.services.hands.hand_replay import replayed_hand
from tables.services.ledger import settle_up
from tables.services.tournament import tournament_money, tournament_results


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: its pot, and each dealt-in player's stack before and after."""

    table_id: int
    table_name: str
    number: int
    cash_game: bool
    big_blind: int
    started_at: float
    finished_at: float
    pot: int
    before: dict[int, int]  # player id -> chips at the start of the hand
    after: dict[int, int]  # player id -> chips at the end
    won: dict[int, int]  # player id -> chips won (winners only)


@dataclass
class PlayerNight:
    """One player's night, added up."""

    player_id: int
    name: str
    hands_played: int = 0
    hands_won: int = 0
    net_chips: int = 0  # at the cash tables
    big_blinds_won: float = 0.0  # at the cash tables
    biggest_pot: int = 0  # chips won in one hand, anywhere
    biggest_pot_big_blinds: float = 0.0
    cash_hands: list[HandPlayed] = field(default_factory=list)
    money_net: int | None = None  # minor units; None when the ledger does not balance
    cash_net: int | None = None
    finishes: list[Finish] = field(default_factory=list)
    places: list[str] = field(default_factory=list)  # "2nd in Main event" for people
    prizes: int = 0  # in whole units of the currency
    knockouts: float = 0.0

    @property
    def seconds_played(self) -> float:
        return seconds_at_tables(self.cash_hands)


@dataclass(frozen=True, slots=True)
class NightResults:
    night: Night
    hands: list[HandResult]
    players: dict[int, PlayerNight]  # players who played a hand, entered a tournament or settled
    settlement: settle_up.Settlement | None  # None when the ledger does not balance
    refusal: str = ""  # why there is no settlement


def _epoch(moment: object) -> float:
    return moment.timestamp() if moment is not None else 0.0  # type: ignore[attr-defined]


def _big_blind(stakes: Stakes) -> int:
    """The unit a hand's chips are counted in: its big blind, or the stake of a game without one."""
    return stakes.big_blind or stakes.fixed_stake or stakes.bomb_ante or 1


def hand_results(night: Night) -> list[HandResult]:
    """Every finished hand of the night, in the order they started."""
    rows = (
        Hand.objects.filter(table__night=night, status=Hand.Status.FINISHED)
        .exclude(seed="")
        .select_related("table")
        .order_by("started_at", "table_id", "number")
    )
    results = []
    for row in rows:
        config = HandConfig.from_json(row.config)
        hand = replayed_hand(row)
        before = {int(s.player): s.stack for s in config.seats if s.player.isdigit()}
        after = {int(s.player): s.stack for s in hand.seats if s.player.isdigit()}
        won = {int(s.player): s.won for s in hand.seats if s.player.isdigit() and s.won > 0}
        results.append(
            HandResult(
                table_id=row.table_id,
                table_name=row.table.name,
                number=row.number,
                cash_game=config.cash_game,
                big_blind=_big_blind(config.stakes),
                started_at=_epoch(row.started_at),
                finished_at=_epoch(row.finished_at or row.started_at),
                pot=sum(s.committed for s in hand.seats),
                before=before,
                after=after,
                won=won,
            )
        )
    return results


def _add_hand(players: dict[int, PlayerNight], names: dict[int, str], hand: HandResult) -> None:
    for player_id, start in hand.before.items():
        row = players.setdefault(player_id, PlayerNight(player_id, names.get(player_id, "?")))
        row.hands_played += 1
        won = hand.won.get(player_id, 0)
        row.hands_won += won > 0
        if won > row.biggest_pot:
            row.biggest_pot, row.biggest_pot_big_blinds = won, won / hand.big_blind
        if hand.cash_game:
            change = hand.after.get(player_id, 0) - start
            row.net_chips += change
            row.big_blinds_won += change / hand.big_blind
            row.cash_hands.append(HandPlayed(hand.table_id, hand.started_at, hand.finished_at))


def _knockouts(hands: list[HandResult], busted: int) -> dict[int, float]:
    """Who knocked `busted` out: the winners of the last hand they were dealt in, where they
    ended with nothing (shared equally). None found (a bust the host recorded by hand): nobody."""
    for hand in reversed(hands):
        if busted in hand.before:
            if hand.cash_game or hand.after.get(busted, 0) > 0:
                return {}
            winners = [player for player in hand.won if player != busted]
            return {player: 1 / len(winners) for player in winners}
    return {}


def night_results(night: Night) -> NightResults:
    """The night added up, player by player."""
    names = settle_up.payee_names(night)
    hands = hand_results(night)
    players: dict[int, PlayerNight] = {}
    for hand in hands:
        _add_hand(players, names, hand)
    for tournament in night.tournaments.filter(status=Tournament.Status.FINISHED):
        entrants = tournament.entries.count()
        for result in tournament_results.results(tournament):
            entry = result.entry
            row = players.setdefault(entry.player_id, PlayerNight(entry.player_id, names[entry.player_id]))
            row.finishes.append(Finish(entry.place, entrants, float(tournament.buy_in), entry.shared_by))
            row.places.append(f"{result.label} in {tournament.name}")
            row.prizes += result.prize
            if entry.place != 1:
                for winner, share in _knockouts(hands, entry.player_id).items():
                    players.setdefault(winner, PlayerNight(winner, names.get(winner, "?"))).knockouts += share
    settlement, refusal = None, ""
    try:
        settlement = settle_up.settle(night)
    except ActionRefused as refused:
        refusal = str(refused)
    if settlement is not None:
        by_name = {name: pk for pk, name in names.items()}
        in_tournaments = tournament_money.balances(night)
        for name, amount in settlement.balances.items():
            if name not in by_name:
                continue  # the bank (`settle_up.BANK`), settling a bank's difference: no player
            pk = by_name[name]
            row = players.setdefault(pk, PlayerNight(pk, name))
            row.money_net = amount
            row.cash_net = amount - settle_up.to_minor(in_tournaments.get(pk, Decimal(0)), night.currency)
    return NightResults(night, hands, players, settlement, refusal)


def players_of(results: NightResults) -> list[Player]:
    return list(Player.objects.filter(pk__in=results.players))
