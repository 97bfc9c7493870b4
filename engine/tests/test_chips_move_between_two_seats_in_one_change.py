"""The host moves chips from one seat to another between hands: a pot pushed to the wrong seat,
put right. Both stacks change in one change; no chip is made or lost, and nothing moves during a
hand or from a seat that does not hold the chips."""

from __future__ import annotations

import pytest

from engine import live
from engine.config import Stakes
from engine.errors import EngineError, TableError
from engine.table import GameMode, move_chips, start_hand
from engine.tests.table_helpers import table_with


def test_chips_leave_one_seat_for_the_other_and_the_total_stays() -> None:
    state = move_chips(table_with([1, 2, 3]), 2, 1, 40)
    assert [s.stack for s in state.seats] == [140, 60, 100]


def test_a_seat_cannot_give_more_than_it_holds_or_nothing_or_to_itself() -> None:
    state = table_with([1, 2])
    with pytest.raises(TableError, match="has only 100 chips"):
        move_chips(state, 1, 2, 101)
    for chips in (0, -5, True):
        with pytest.raises(TableError, match="one or more"):
            move_chips(state, 1, 2, chips)  # type: ignore[arg-type]
    with pytest.raises(TableError, match="another seat"):
        move_chips(state, 1, 1, 5)
    with pytest.raises(TableError, match="Seat 4 is empty"):
        move_chips(state, 4, 1, 5)


def test_nothing_moves_while_a_seat_is_in_the_hand_being_played() -> None:
    state, _ = start_hand(table_with([1, 2]), Stakes(small_blind=1, big_blind=2))
    with pytest.raises(TableError, match="in the hand being played"):
        move_chips(state, 1, 2, 5)


def test_a_tournament_stack_is_never_moved_down_to_nothing() -> None:
    with pytest.raises(TableError, match="record it as a bust"):
        move_chips(table_with([1, 2], mode=GameMode.TOURNAMENT), 1, 2, 100)


def test_the_live_intent_says_each_seat_set_to_its_new_stack_in_one_write() -> None:
    state = live.new_live_table(table_with([1, 2]))
    after, events = live.apply(state, live.HOST, {"type": "move_chips", "from": 1, "to": 2, "chips": 30}, 0)
    assert events == [
        {"type": "table.set_stack", "seat": 1, "stack": 70},
        {"type": "table.set_stack", "seat": 2, "stack": 130},
    ]
    assert after.version == state.version + 1
    with pytest.raises(EngineError):
        live.apply(state, "player", {"type": "move_chips", "from": 1, "to": 2, "chips": 30}, 0)
