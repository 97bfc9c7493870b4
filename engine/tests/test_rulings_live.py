"""Host rulings through the live table facade (engine.live intents from engine.live.rulings)."""

import pytest

from engine import live
from engine.config import Stakes
from engine.errors import EngineError
from engine.table import new_table


def four_players() -> live.LiveTable:
    state = live.new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in (1, 2, 3, 4):
        intent = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100}
        state, _ = live.apply(state, "system", intent, now=0)
    state, _ = live.apply(state, "host", {"type": "start_hand"}, now=0)
    return state


def test_the_host_panels_rulings_are_intents_of_the_table():
    for name in ("misdeal", "exposed_card", "award_pot", "kill_hand", "undo", "fold_away", "ruling"):
        assert live.INTENTS[name].roles == frozenset({"host"})


def test_a_misdeal_is_re_dealt_with_the_same_button_and_blinds():
    """ "Some dealing errors void the hand and it's re-dealt from scratch." """
    state = four_players()
    first = state.hand.config
    state, events = live.apply(state, "host", {"type": "misdeal", "reason": "Bo was dealt in"}, now=60)
    assert [e["type"] for e in events] == ["ruling_misdeal", "table.hand_finished", "table.misdeal"]
    assert events[0]["reason"] == "Bo was dealt in" and events[0]["at"] == "1970-01-01T00:01:00+00:00"
    assert [s.stack for s in state.table.seats] == [100] * 4
    state, _ = live.apply(state, "host", {"type": "start_hand"}, now=61)
    again = state.hand.config
    assert (again.button, again.posts) == (first.button, first.posts)


def test_a_ruling_through_the_table_changes_the_hand_and_a_refused_one_changes_nothing():
    state = four_players()
    seat = state.hand.to_act
    state, events = live.apply(state, "host", {"type": "kill_hand", "seat": seat}, now=5)
    assert events[0]["type"] == "ruling_kill" and state.hand.seat(seat).folded
    before = state.to_json()
    with pytest.raises(EngineError):
        live.apply(state, "host", {"type": "kill_hand", "seat": seat}, now=6)
    with pytest.raises(EngineError):
        live.apply(state, 1, {"type": "undo"}, now=6)
    assert state.to_json() == before


def test_any_ruling_can_be_sent_by_name():
    state = four_players()
    intent = {"type": "ruling", "ruling": {"type": "pause"}, "reason": "pizza", "host": "ann"}
    state, events = live.apply(state, "host", intent, now=9)
    assert events[0]["host"] == "ann" and state.hand.phase == "paused"


def test_a_player_who_runs_out_of_time_in_the_removal_loses_their_first_choice():
    """The action clock also covers Crazy Blind Man's removal: the first card goes."""
    state = live.new_live_table(
        new_table(max_seats=6, game="crazy_blind_man", stakes=Stakes(small_blind=1, big_blind=2)),
        live.LiveOptions(action_seconds=30),
    )
    for seat in (1, 2):
        intent = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100}
        state, _ = live.apply(state, "system", intent, now=0)
    state, _ = live.apply(state, "host", {"type": "start_hand"}, now=0)
    for action in ("call", "check"):
        state, _ = live.apply(state, state.hand.to_act, {"type": "act", "action": {"type": action}}, now=1)
    assert state.hand.phase == "removal"
    chooser, target = state.hand.to_act, next(s for s in state.hand.seat_numbers if s != state.hand.to_act)
    first = state.hand.seat(target).hole[0]
    state, events = live.apply(state, "system", {"type": "timeout", "version": state.version}, now=100)
    assert events[0] == {"type": "table.timed_out", "seat": chooser, "action": "remove_first"}
    assert first not in state.hand.seat(target).hole
