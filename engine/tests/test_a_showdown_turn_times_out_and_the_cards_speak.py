"""A showdown does not wait forever on one tap: after a short time the cards speak.

House rules, The Showdown: "The player who made the last bet or raise on the river shows first;
if the river was checked around, the first player left of the button shows first. To win, you
have to table your hand: turn both hole cards face-up on the table. A hand that is never tabled
cannot win the pot." and "At showdown, the cards speak for themselves." "Mucked cards are dead".

The turn to show has its own clock (`SHOWDOWN_SECONDS`), with or without an action clock. When
it runs out a hand a tabled hand beats is mucked and any other is turned up, so the winner is
never lost to a phone in a pocket; a choice the player made stands.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.config import Stakes
from engine.hand import Hand
from engine.house.showdown_clock import SHOWDOWN_SECONDS
from engine.live import LiveTable, apply, new_live_table
from engine.live.base import StaleIntentError
from engine.table import new_table
from engine.tests.hand_helpers import stacked_deck

SEED = "cd" * 32
BOARD = "KsQs9h 5c 4d"


def _checked_down(holes: dict[int, str]) -> LiveTable:
    """Four players, button 1, no action clock; every street checked: seat 2 is to show first."""
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in range(1, 5):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "move_button", "seat": 1}, now=0)
    assert not state.options.action_seconds
    state, _ = apply(state, "host", {"type": "start_hand", "seed": SEED}, now=1)
    assert state.hand is not None
    config = state.hand.config
    state = replace(state, hand=Hand.deal(config, stacked_deck(config, holes, [BOARD])))
    while state.hand is not None and not state.hand.showdown_order:
        seat = state.hand.to_act
        actions = state.hand.legal_actions(seat)["actions"]
        move = "check" if actions.get("check", {}).get("allowed") else "call"
        state, _ = apply(state, seat, {"type": "act", "action": {"type": move}}, now=2)
    return state


def _time_out(state: LiveTable) -> tuple[LiveTable, list[dict]]:
    assert state.deadline is not None
    return apply(state, "system", {"type": "timeout", "version": state.version}, now=state.deadline)


def test_the_turn_to_show_has_a_short_clock_without_an_action_clock() -> None:
    state = _checked_down({1: "2c3d", 2: "AhAd", 3: "7c8d", 4: "Jh3c"})
    assert state.hand is not None and state.hand.to_act == 2
    assert state.deadline == 2 + SHOWDOWN_SECONDS
    with pytest.raises(StaleIntentError):
        apply(state, "system", {"type": "timeout", "version": state.version}, now=state.deadline - 1)


def test_a_winning_hand_is_turned_up_and_beaten_ones_are_mucked() -> None:
    state = _checked_down({1: "2c3d", 2: "AhAd", 3: "7c8d", 4: "Jh3c"})
    state, events = _time_out(state)
    assert {"type": "table.timed_out", "seat": 2, "action": "show"} in events
    assert state.hand is not None and state.hand.seat(2).shown
    for seat in (3, 4, 1):  # each beaten by the aces on the table
        assert state.hand.to_act == seat
        state, events = _time_out(state)
        assert {"type": "table.timed_out", "seat": seat, "action": "muck"} in events
    assert state.hand.finished and state.hand.seat(2).won == 8
    assert [s.seat for s in state.hand.seats if s.mucked] == [1, 3, 4]


def test_a_better_hand_later_in_the_order_is_turned_up_and_wins() -> None:
    # Seat 2 plays the board, 3 has a nine-eight kicker, 4 a jack, 1 aces: each one beats those shown.
    state = _checked_down({1: "AhAd", 2: "2c3d", 3: "7c8d", 4: "Jh3c"})
    for seat in (2, 3, 4, 1):
        assert state.hand is not None and state.hand.to_act == seat
        state, events = _time_out(state)
        assert {"type": "table.timed_out", "seat": seat, "action": "show"} in events
    assert state.hand is not None and state.hand.finished and state.hand.seat(1).won == 8


def test_a_players_own_choice_stands_and_the_next_turn_gets_a_fresh_clock() -> None:
    state = _checked_down({1: "2c3d", 2: "AhAd", 3: "7c8d", 4: "Jh3c"})
    state, _ = apply(state, 2, {"type": "act", "action": {"type": "show"}}, now=5)
    assert state.deadline == 5 + SHOWDOWN_SECONDS
    state, _ = apply(state, 3, {"type": "act", "action": {"type": "show"}}, now=6)  # beaten, shown anyway
    assert state.hand is not None and state.hand.seat(3).shown and not state.hand.seat(3).mucked
    assert state.deadline == 6 + SHOWDOWN_SECONDS


def test_the_phone_is_told_a_muck_would_throw_away_a_hand_that_may_win() -> None:
    state = _checked_down({1: "2c3d", 2: "AhAd", 3: "7c8d", 4: "Jh3c"})
    assert state.hand is not None
    assert state.hand.legal_actions(2)["actions"]["muck"]["could_win"] is True  # nothing shown yet
    state, _ = apply(state, 2, {"type": "act", "action": {"type": "show"}}, now=5)
    assert state.hand is not None
    assert "could_win" not in state.hand.legal_actions(3)["actions"]["muck"]  # beaten by the aces
