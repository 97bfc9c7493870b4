"""Small helpers for the table tests: seat players, deal, and finish a hand with chosen busts."""

from __future__ import annotations

from collections.abc import Iterable

from engine.config import HandConfig, PostKind, Stakes
from engine.table import GameMode, TableOptions, TableState, finish_hand, new_table, sit, start_hand

STAKES = Stakes(small_blind=1, big_blind=2)


def table_with(
    seats: Iterable[int],
    *,
    max_seats: int = 9,
    mode: GameMode = GameMode.CASH,
    stakes: Stakes = STAKES,
    options: TableOptions | None = None,
    stack: int = 100,
    game: str = "nlhe",
) -> TableState:
    """A table with player "p<seat>" in each of `seats`, all with `stack` chips."""
    state = new_table(max_seats=max_seats, mode=mode, stakes=stakes, options=options, game=game)
    for seat in seats:
        state = sit(state, seat, f"p{seat}", stack)
    return state


def finish(state: TableState, busts: Iterable[int] = ()) -> TableState:
    """Finish the hand: every stack unchanged except `busts`, whose chips go to the first survivor."""
    hand = state.current_hand
    assert hand is not None
    final = {s.seat: s.stack for s in hand.seats}
    busts = set(busts)
    survivor = next(seat for seat in final if seat not in busts)
    for seat in busts:
        final[survivor] += final[seat]
        final[seat] = 0
    return finish_hand(state, final)


def play(
    state: TableState, busts: Iterable[int] = (), stakes: Stakes | None = None
) -> tuple[TableState, HandConfig]:
    """Deal a hand and finish it (see `finish`)."""
    state, config = start_hand(state, stakes)
    return finish(state, busts), config


def posts(config: HandConfig) -> list[tuple[int, str]]:
    return [(p.seat, p.kind.value) for p in config.posts if p.kind is not PostKind.ANTE]


def small_blind(config: HandConfig) -> int | None:
    return next((p.seat for p in config.posts if p.kind is PostKind.SMALL_BLIND), None)


def positions(config: HandConfig) -> tuple[int, int | None, int | None]:
    """(button, small blind poster or None if dead, big blind)."""
    return config.button, small_blind(config), config.big_blind_seat


def dealt(config: HandConfig) -> list[int]:
    return [s.seat for s in config.seats]
