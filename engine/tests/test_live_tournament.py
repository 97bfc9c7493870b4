"""The dealer waiting for a tournament's clock ("No hands are dealt during a break")."""

from __future__ import annotations

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.live import ForbiddenError, LiveTable, apply, new_live_table
from engine.table import GameMode, new_table


def _dealing_table() -> LiveTable:
    table = new_table(max_seats=6, mode=GameMode.TOURNAMENT, stakes=Stakes(small_blind=25, big_blind=50))
    state = new_live_table(table)
    for seat, player in ((1, "a"), (2, "b"), (3, "c")):
        state, _ = apply(state, "system", {"type": "sit", "seat": seat, "player": player, "stack": 5000}, 0)
    state, _ = apply(state, "host", {"type": "start_hand"}, now=0)
    while state.hand_in_progress:  # everyone folds to the big blind
        state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}}, now=1)
    assert not state.hand_in_progress and state.next_deal_at is not None
    return state


def test_no_hands_are_dealt_during_a_break_the_next_deal_waits() -> None:
    """ "No hands are dealt during a break": the deal is put off until the break ends."""
    state = _dealing_table()
    waited, events = apply(state, "system", {"type": "deal_waits", "until": 600, "reason": "break"}, now=10)
    assert waited.next_deal_at == 600 and waited.dealing
    assert events == [{"type": "table.deal_waits", "until": 600.0, "reason": "break"}]
    with pytest.raises(Exception, match="not due yet"):
        apply(waited, "system", {"type": "start_hand"}, now=20)


def test_only_the_system_can_make_the_deal_wait() -> None:
    state = _dealing_table()
    with pytest.raises(ForbiddenError):
        apply(state, "host", {"type": "deal_waits", "until": 600}, now=10)
    with pytest.raises(IllegalActionError, match="later moment"):
        apply(state, "system", {"type": "deal_waits", "until": 5}, now=10)
