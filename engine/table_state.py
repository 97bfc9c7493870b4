"""The table between hands, as a frozen record the app stores as JSON.

A `TableState` says who sits in which seat (1..max_seats, clockwise), with how many
chips, whether they are playing, and what they owe: missed blinds, a new player's
blind, a wait for the big blind. It also remembers where the last hand's button,
small blind and big blind were, because the next hand's positions follow from them
(`engine.button`). Operations on it live in `engine.table`.

>>> state = new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2))
>>> state.to_json()["seats"]
[]
>>> TableState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from engine.config import HandConfig, Stakes
from engine.errors import ConfigurationError, TableError
from engine.games import GAMES, ForcedBets
from engine.records import as_dict
from engine.tournament.standings import Finish

MAX_SEATS = 23  # Blind Hold'em deals up to 23 players from one deck


class GameMode(StrEnum):
    CASH = "cash"
    TOURNAMENT = "tournament"


class SeatStatus(StrEnum):
    """ACTIVE players are dealt in. SITTING_OUT (cash) are not, and miss the blinds that pass
    them. AWAY (tournaments) are still dealt in and post; the app folds their hand.
    BUSTED (cash) have no chips left and keep their seat until they top up or leave."""

    ACTIVE = "active"
    SITTING_OUT = "sitting_out"
    AWAY = "away"
    BUSTED = "busted"


class Entry(StrEnum):
    """How a new or returning cash player chooses to come in ("their choice, asked when they sit")."""

    POST = "post"  # post now and be dealt in at once
    WAIT = "wait_for_big_blind"  # be dealt in when the big blind reaches the seat
    BUY_BUTTON = "buy_button"  # higher-limit tables: post both blinds and take the button


@dataclass(frozen=True, slots=True)
class SeatState:
    """One occupied seat and what its player owes."""

    seat: int
    player: str
    stack: int
    name: str = ""
    status: SeatStatus = SeatStatus.ACTIVE
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    waiting_for_big_blind: bool = False
    new_player: bool = False  # owes a new player's blind before being dealt in (cash)
    buy_button: bool = False  # asked to buy the button (higher-limit tables)
    # Cash: the round since this player's last button has not had their big (small) blind yet;
    # what is still due when the button reaches them again is posted then (engine.button).
    due_big_blind: bool = False
    due_small_blind: bool = False
    straddle: bool = False  # asked to straddle the next hand (if first to act preflop then)
    leaving: bool = False  # left during a hand; the seat is freed when that hand finishes

    @property
    def owes_entry(self) -> bool:
        """Must post (or wait for the big blind) before being dealt in again."""
        return self.new_player or self.missed_small_blind or self.missed_big_blind

    def cleared(self) -> SeatState:
        """The same player with nothing owed (the big blind reached them, or they posted)."""
        return replace(
            self,
            missed_small_blind=False,
            missed_big_blind=False,
            waiting_for_big_blind=False,
            new_player=False,
            buy_button=False,
        )


@dataclass(frozen=True, slots=True)
class TableOptions:
    straddle_allowed: bool = True  # the house allows one UTG straddle of exactly two big blinds
    higher_limit: bool = False  # new players may also post in any position or buy the button


@dataclass(frozen=True, slots=True)
class CashGame:
    """A table's own game and stakes, kept aside while a tournament plays at it, and whether its
    own game allows a straddle (a tournament starts with straddles off: engine.live.tournament)."""

    game: str
    stakes: Stakes
    straddle_allowed: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "stakes": as_dict(self.stakes), "straddle_allowed": self.straddle_allowed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CashGame:
        return cls(data["game"], Stakes(**data["stakes"]), data.get("straddle_allowed", True))


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything the engine needs to set up the next hand at one table.

    `button`, `small_blind_position` and `big_blind_position` are the last hand's
    positions (seat numbers; a position may be dead, with nobody dealt in there).
    Before the first hand, or after the host moves the button, `button` is the seat
    that gets the button next and the other two are None.
    `opening_seats_passed` lists the seats a blind has passed since the game started;
    `opening_done` turns true once the blinds have been all the way round.
    `current_hand` is the hand being played, between `start_hand` and `finish_hand`.
    `redeal` is a hand voided by a misdeal: the next hand deals it again.
    `game` and `stakes` are what the next hand is dealt: the one stored place of a table's
    stakes. While a tournament plays at the table they are its level's, and `own_game` keeps
    the table's own cash game and stakes to go back to when the tournament is over
    (engine.live.tournament); at a cash table it is None.
    """

    max_seats: int = 10
    mode: GameMode = GameMode.CASH
    game: str = "nlhe"
    stakes: Stakes = field(default_factory=Stakes)
    options: TableOptions = field(default_factory=TableOptions)
    seats: tuple[SeatState, ...] = ()
    button: int | None = None
    small_blind_position: int | None = None
    big_blind_position: int | None = None
    last_hand_heads_up: bool = False
    hand_count: int = 0
    opening_seats_passed: tuple[int, ...] = ()
    opening_done: bool = False
    current_hand: HandConfig | None = None
    finishes: tuple[Finish, ...] = ()
    redeal: HandConfig | None = None
    own_game: CashGame | None = None

    @property
    def cash_game(self) -> bool:
        return self.mode is GameMode.CASH

    @property
    def hand_in_progress(self) -> bool:
        return self.current_hand is not None

    @property
    def cash_stakes(self) -> Stakes:
        """The stakes of the table's own cash game, also while a tournament deals its levels here."""
        return self.own_game.stakes if self.own_game is not None else self.stakes

    def seat(self, number: int) -> SeatState | None:
        for s in self.seats:
            if s.seat == number:
                return s
        return None

    def occupant(self, number: int) -> SeatState:
        """The player in seat `number`, or a TableError saying the seat is empty."""
        found = self.seat(number)
        if found is None:
            raise TableError(f"Seat {number} is empty.")
        return found

    def seat_of(self, player: str) -> SeatState | None:
        for s in self.seats:
            if s.player == player:
                return s
        return None

    def with_seats(self, seats: Iterable[SeatState]) -> TableState:
        return replace(self, seats=tuple(sorted(seats, key=lambda s: s.seat)))

    def with_seat(self, new: SeatState) -> TableState:
        return self.with_seats([*(s for s in self.seats if s.seat != new.seat), new])

    def without_seat(self, number: int) -> TableState:
        return self.with_seats(s for s in self.seats if s.seat != number)

    def to_json(self) -> dict[str, Any]:
        return {
            "max_seats": self.max_seats,
            "mode": self.mode.value,
            "game": self.game,
            "stakes": as_dict(self.stakes),
            "options": as_dict(self.options),
            "seats": [{**as_dict(s), "status": s.status.value} for s in self.seats],
            "button": self.button,
            "small_blind_position": self.small_blind_position,
            "big_blind_position": self.big_blind_position,
            "last_hand_heads_up": self.last_hand_heads_up,
            "hand_count": self.hand_count,
            "opening_seats_passed": list(self.opening_seats_passed),
            "opening_done": self.opening_done,
            "current_hand": self.current_hand.to_json() if self.current_hand else None,
            "finishes": [f.to_json() for f in self.finishes],
            "redeal": self.redeal.to_json() if self.redeal else None,
            "own_game": self.own_game.to_json() if self.own_game else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableState:
        seats = tuple(
            SeatState(**{**s, "status": SeatStatus(s.get("status", "active"))}) for s in data.get("seats", ())
        )
        current = data.get("current_hand")
        redeal = data.get("redeal")
        own_game = data.get("own_game")
        return cls(
            max_seats=data.get("max_seats", 10),
            mode=GameMode(data.get("mode", "cash")),
            game=data.get("game", "nlhe"),
            stakes=Stakes(**data.get("stakes", {})),
            options=TableOptions(**data.get("options", {})),
            seats=tuple(sorted(seats, key=lambda s: s.seat)),
            button=data.get("button"),
            small_blind_position=data.get("small_blind_position"),
            big_blind_position=data.get("big_blind_position"),
            last_hand_heads_up=data.get("last_hand_heads_up", False),
            hand_count=data.get("hand_count", 0),
            opening_seats_passed=tuple(data.get("opening_seats_passed", ())),
            opening_done=data.get("opening_done", False),
            current_hand=HandConfig.from_json(current) if current else None,
            finishes=tuple(Finish.from_json(f) for f in data.get("finishes", ())),
            redeal=HandConfig.from_json(redeal) if redeal else None,
            own_game=CashGame.from_json(own_game) if own_game else None,
        )


def new_table(
    *,
    max_seats: int = 10,
    mode: GameMode = GameMode.CASH,
    game: str = "nlhe",
    stakes: Stakes,
    options: TableOptions | None = None,
) -> TableState:
    """An empty table, validated. A tournament table starts with straddles off (the host may
    turn them on); the house welcomes them at its cash tables."""
    if not 2 <= max_seats <= MAX_SEATS:
        raise ConfigurationError(f"A table has 2 to {MAX_SEATS} seats, not {max_seats}.")
    verify_stakes(game, stakes)
    mode = GameMode(mode)
    if options is None:
        options = TableOptions(straddle_allowed=mode is not GameMode.TOURNAMENT)
    return TableState(max_seats=max_seats, mode=mode, game=game, stakes=stakes, options=options)


# Games and stakes -------------------------------------------------------------------------


def forced_bets_of(game: str) -> ForcedBets:
    """Which forced bets a game key uses: blinds, a bomb-pot ante for everyone, or a fixed stake.

    >>> forced_bets_of("plo5_bomb_double").value, forced_bets_of("blind_holdem").value
    ('bomb_ante', 'fixed_stake')
    """
    if game not in GAMES:
        raise ConfigurationError(f"Unknown game {game!r}.")
    return GAMES[game].forced_bets


def uses_blinds(game: str) -> bool:
    return forced_bets_of(game) is ForcedBets.BLINDS


def verify_stakes(game: str, stakes: Stakes) -> None:
    """Refuse stakes that cannot start a hand of `game`."""
    amounts = as_dict(stakes)
    negative = [name for name, value in amounts.items() if value < 0]
    if negative:
        raise ConfigurationError(f"Stakes cannot be negative ({', '.join(negative)}).")
    kind = forced_bets_of(game)
    if kind is ForcedBets.BLINDS:
        if stakes.big_blind < 1 or stakes.small_blind < 1:
            raise ConfigurationError("This game needs a small blind and a big blind.")
        if stakes.small_blind > stakes.big_blind:
            raise ConfigurationError("The small blind cannot be bigger than the big blind.")
    elif kind is ForcedBets.BOMB_ANTE and stakes.bomb_ante < 1:
        raise ConfigurationError("A bomb pot table needs an ante.")
    elif kind is ForcedBets.FIXED_STAKE and stakes.fixed_stake < 1:
        raise ConfigurationError("Blind Hold'em needs a fixed stake.")


def stakes_for_game(
    game: str, *, small_blind: int, big_blind: int, ante: int = 0, cap: int = 0, bomb_ante: int = 0
) -> dict[str, int]:
    """The stakes of `game` from the amounts a host types: blinds (and antes), or the big blind as
    everyone's bomb-pot ante (unless one is given) or as Blind Hold'em's fixed stake. An unknown
    game gets blinds here; choosing it is refused by name (`set_game`).

    >>> stakes_for_game("blind_holdem", small_blind=1, big_blind=5)
    {'fixed_stake': 5}
    >>> stakes_for_game("plo_bomb", small_blind=1, big_blind=5, cap=100)
    {'bomb_ante': 5, 'cap': 100}
    >>> stakes_for_game("nlhe", small_blind=1, big_blind=2)
    {'small_blind': 1, 'big_blind': 2, 'ante': 0, 'cap': 0}
    """
    try:
        kind = forced_bets_of(game)
    except ConfigurationError:
        kind = ForcedBets.BLINDS
    if kind is ForcedBets.BOMB_ANTE:
        return {"bomb_ante": bomb_ante or big_blind, "cap": cap}
    if kind is ForcedBets.FIXED_STAKE:
        return {"fixed_stake": big_blind}
    return {"small_blind": small_blind, "big_blind": big_blind, "ante": ante, "cap": cap}


def typed_amounts(stakes: Stakes) -> dict[str, int]:
    """The amounts a host types that give `stakes` back through `stakes_for_game` (what a
    settings form shows): Blind Hold'em's fixed stake is typed as its big blind.

    >>> stakes_for_game("blind_holdem", **typed_amounts(Stakes(fixed_stake=5)))
    {'fixed_stake': 5}
    >>> stakes_for_game("plo_bomb", **typed_amounts(Stakes(bomb_ante=5, cap=100)))
    {'bomb_ante': 5, 'cap': 100}
    """
    return {
        "small_blind": stakes.small_blind,
        "big_blind": stakes.big_blind or stakes.fixed_stake,
        "ante": stakes.ante,
        "cap": stakes.cap,
        "bomb_ante": stakes.bomb_ante,
    }


# Clockwise arithmetic on seat numbers -------------------------------------------------------


def seats_between(max_seats: int, after: int, up_to: int) -> list[int]:
    """Seat numbers going clockwise from just after `after` to `up_to` inclusive.

    >>> seats_between(6, 5, 2)
    [6, 1, 2]
    >>> seats_between(6, 3, 3)
    [4, 5, 6, 1, 2, 3]
    """
    out: list[int] = []
    seat = after
    while True:
        seat = seat % max_seats + 1
        out.append(seat)
        if seat == up_to:
            return out


def strictly_between(max_seats: int, after: int, before: int, seat: int) -> bool:
    """Whether `seat` lies clockwise strictly after `after` and strictly before `before`."""
    return seat != before and seat in seats_between(max_seats, after, before)


def next_in(max_seats: int, after: int, candidates: Iterable[int]) -> int | None:
    """The first of `candidates` clockwise after seat `after` (`after` itself comes last)."""
    pool = set(candidates)
    for seat in seats_between(max_seats, after, after):
        if seat in pool:
            return seat
    return None
