"""Auto-muck: a player's setting that mucks their hand at the showdown once a hand already
shown beats it, so a six-way check-down does not need six taps.

House rules: "The player who made the last bet or raise on the river shows first; if the river
was checked around, the first player left of the button shows first. To win, you have to table
your hand." "Mucked cards are dead, and there is no saving them, ever."

The setting is the player's own (an ``auto_muck`` intent from the phone, kept with the live
table): only their own view says it is on, and a hand it mucks is never shown to anyone.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.hand import Hand
from engine.live import LiveTable, apply, new_live_table, view
from engine.live.base import ForbiddenError
from engine.table import new_table
from engine.tests.hand_helpers import stacked_deck

SEED = "ab" * 32
# Button 1: seat 2 (left of the button) shows first after a checked-down river.
HOLES = {1: "2c3d", 2: "AhAd", 3: "7c8d", 4: "Jh3c"}
BOARD = "KsQs9h 5c 4d"


def _table() -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in range(1, 5):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "move_button", "seat": 1}, now=0)
    return state


def _dealt(state: LiveTable) -> LiveTable:
    state, _ = apply(state, "host", {"type": "start_hand", "seed": SEED}, now=1)
    assert state.hand is not None
    config = state.hand.config
    return replace(state, hand=Hand.deal(config, stacked_deck(config, HOLES, [BOARD])))


def _check_down(state: LiveTable) -> LiveTable:
    """Everyone calls or checks to the river's end (no one shows yet)."""
    while state.hand is not None and not state.hand.showdown_order:
        seat = state.hand.to_act
        actions = state.hand.legal_actions(seat)["actions"]
        move = "check" if actions.get("check", {}).get("allowed") else "call"
        state, _ = apply(state, seat, {"type": "act", "action": {"type": move}}, now=2)
    return state


def _auto_muck(state: LiveTable, seat: int, on: bool = True) -> tuple[LiveTable, list]:
    return apply(state, seat, {"type": "auto_muck", "on": on}, now=2)


def test_beaten_hands_of_players_with_auto_muck_are_mucked_when_their_turn_to_show_comes():
    state = _table()
    for seat in (1, 3, 4):
        state, _ = _auto_muck(state, seat)
    state = _check_down(_dealt(state))
    assert state.hand is not None and state.hand.to_act == 2, "left of the button shows first"
    state, events = apply(state, 2, {"type": "act", "action": {"type": "show"}}, now=3)
    hand = state.hand
    assert hand is not None and hand.finished, "one tap for the whole check-down"
    assert [s.seat for s in hand.seats if s.mucked] == [1, 3, 4]
    assert [e["seat"] for e in events if e["type"] == "table.auto_mucked"] == [3, 4, 1]
    assert hand.seat(2).won == 8
    # "Mucked cards are dead": nobody else sees an auto-mucked hand, in any view.
    for viewer in (1, 2, 3, 4, "public", "host"):
        for shown in view(state, viewer)["hand"]["seats"]:
            if shown["seat"] != viewer and shown["seat"] in (1, 3, 4):
                assert shown["cards"] is None
    # No event of the auto-muck names a card.
    assert all(
        "cards" not in e and "hole" not in e for e in events if e["type"] in ("muck", "table.auto_mucked")
    )


def test_a_hand_that_is_not_beaten_waits_for_its_player():
    state = _table()
    state, _ = _auto_muck(state, 2)  # the aces: nothing beats them
    state, _ = _auto_muck(state, 3)
    state = _check_down(_dealt(state))
    state, _ = apply(state, 2, {"type": "act", "action": {"type": "show"}}, now=3)
    assert state.hand is not None and state.hand.seat(3).mucked
    assert state.hand.to_act == 4, "seat 4 did not ask for auto-muck: it decides"


def test_without_the_setting_every_player_still_decides():
    state = _check_down(_dealt(_table()))
    state, _ = apply(state, 2, {"type": "act", "action": {"type": "show"}}, now=3)
    assert state.hand is not None and state.hand.to_act == 3 and not state.hand.seat(3).mucked


def test_turning_it_on_when_the_turn_has_come_mucks_at_once():
    state = _check_down(_dealt(_table()))
    state, _ = apply(state, 2, {"type": "act", "action": {"type": "show"}}, now=3)
    state, events = _auto_muck(state, 3)
    assert state.hand is not None and state.hand.seat(3).mucked and state.hand.to_act == 4
    assert [e["type"] for e in events][:2] == ["table.auto_muck", "table.auto_mucked"]


def test_the_setting_is_in_its_players_view_only_and_kept_with_the_table():
    state, _ = _auto_muck(_table(), 3)
    assert view(state, 3)["auto_muck"] is True
    assert view(state, 2)["auto_muck"] is False
    assert "auto_muck" not in view(state, "public") and "auto_muck" not in view(state, "host")
    assert LiveTable.from_json(state.to_json()).auto_muck == ("p3",)
    off, _ = _auto_muck(state, 3, on=False)
    assert off.auto_muck == ()


def test_bad_input_is_refused_and_changes_nothing():
    state = _table()
    with pytest.raises(IllegalActionError, match="on must be"):
        apply(state, 3, {"type": "auto_muck", "on": "yes"}, now=2)
    with pytest.raises(ForbiddenError):
        apply(state, 3, {"type": "auto_muck", "on": True, "seat": 2}, now=2)
    with pytest.raises(ForbiddenError):
        apply(state, "host", {"type": "auto_muck", "on": True, "seat": 2}, now=2)
    assert state.auto_muck == ()
