"""A straddle asked from a phone: "Straddle next hand", offered to the player under the gun.

House rules: "Only the player immediately to the left of the big blind (the first to act before
the flop) may straddle, and it must be exactly double the big blind. It plays as a third, larger
blind, and in return the straddler gets to act last pre-flop."
"""

from __future__ import annotations

import pytest

from engine.config import PostKind, Stakes
from engine.errors import TableError
from engine.live import LiveTable, apply, new_live_table, view
from engine.live.base import LiveOptions
from engine.phh import hand_from_phh, hand_to_phh, replay
from engine.table import new_table

SEED = "cd" * 32


def _table(players: int = 4) -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)), LiveOptions())
    for seat in range(1, players + 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "move_button", "seat": 1}, now=0)
    return state


def _straddle(state: LiveTable, seat: int, on: bool = True) -> LiveTable:
    state, _ = apply(state, seat, {"type": "straddle", "on": on}, now=1)
    return state


def _passive(state: LiveTable) -> LiveTable:
    """Whoever must decide checks if they can, else calls; at the showdown, shows."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    actions = hand.legal_actions(hand.to_act)["actions"]
    move = next(name for name in ("check", "call", "show") if actions.get(name, {}).get("allowed"))
    state, _ = apply(state, hand.to_act, {"type": "act", "action": {"type": move}}, now=3)
    return state


def _deal(state: LiveTable) -> LiveTable:
    state, _ = apply(state, "host", {"type": "start_hand", "seed": SEED}, now=2)
    return state


def test_the_view_names_the_seat_under_the_gun_and_the_straddle_of_two_big_blinds():
    """Button 1, blinds 2 and 3: seat 4 is first to act before the flop."""
    table = view(_table(), 4)["table"]
    assert table["next_hand"] == {"straddle_seat": 4, "straddle": 4, "straddle_refusal": None}


def test_the_player_under_the_gun_straddles_and_acts_last_preflop():
    state = _deal(_straddle(_table(), 4))
    hand = state.hand
    assert hand is not None
    assert [(p.seat, p.kind, p.amount) for p in hand.config.posts][-1] == (4, PostKind.STRADDLE, 4)
    # Shown to everyone: every view lists the straddle among the posts.
    for viewer in (1, 2, 3, 4, "public"):
        posts = view(state, viewer)["hand"]["posts"]
        assert {"seat": 4, "kind": "straddle", "amount": 4} in [
            {k: p[k] for k in ("seat", "kind", "amount")} for p in posts
        ]
    order = []
    while hand.street == 0 and hand.to_act is not None:
        order.append(hand.to_act)
        state = _passive(state)
        hand = state.hand
        assert hand is not None
    assert order == [1, 2, 3, 4], "everyone calls the straddle, and the straddler acts last"


def test_only_the_player_under_the_gun_may_ask_and_nothing_changes_when_refused():
    state = _table()
    for seat in (1, 2, 3):
        with pytest.raises(TableError, match="left of the big blind"):
            _straddle(state, seat)
    assert not any(s.straddle for s in state.table.seats)


def test_no_straddle_where_the_table_does_not_allow_it():
    """ "6. No live 'straddle' bets are allowed." (the casino rule: a table option here)."""
    state = _table()
    stakes = {"small_blind": 1, "big_blind": 2}
    no_straddles = {"type": "set_game", "stakes": stakes, "straddle_allowed": False}
    state, _ = apply(state, "host", no_straddles, now=0)
    assert view(state, 4)["table"]["next_hand"]["straddle_seat"] is None
    with pytest.raises(TableError, match="does not allow"):
        _straddle(state, 4)


def test_no_straddle_heads_up():
    state = _table(players=2)
    assert view(state, 1)["table"]["next_hand"]["straddle_seat"] is None


def test_a_straddle_is_for_the_next_hand_only_and_can_be_taken_back():
    state = _straddle(_table(), 4)
    table = view(state, 1)["table"]
    assert table["seats"][3]["straddle"] is True
    assert table["next_hand"]["straddle_seat"] == 4, "still theirs to take back"
    taken_back = _straddle(state, 4, on=False)
    assert _deal(taken_back).hand.config.straddle_seat is None
    dealt = _deal(state)
    assert not any(s.straddle for s in dealt.table.seats), "the deal clears the request"


def test_the_next_hands_player_under_the_gun_may_ask_during_this_hand():
    """Asked while a hand is played, the request is for the hand after it (button 2, blinds 3
    and 4: seat 1 is under the gun then)."""
    state = _deal(_table())
    assert view(state, 1)["table"]["next_hand"]["straddle_seat"] == 1
    state = _straddle(state, 1)
    assert state.table.occupant(1).straddle


def test_a_straddled_hand_round_trips_through_phh():
    state = _deal(_straddle(_table(), 4))
    while state.hand is not None and not state.hand.finished:
        state = _passive(state)
    assert state.hand is not None
    text = hand_to_phh(state.hand)
    assert "blinds_or_straddles = [1, 2, 4, 0]" in text
    assert replay(text) == [s.stack for s in state.hand.clockwise_from_button()]
    again = hand_from_phh(text)
    assert again.config.straddle_seat is not None
    assert hand_to_phh(again) == text
