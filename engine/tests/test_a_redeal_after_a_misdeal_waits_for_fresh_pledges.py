"""A misdeal's re-deal is shuffled again from fresh pledges, not from the server's seed alone.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
The house text allows a misdeal to void the hand; it gives the host no free redraw. A host who
could deal the re-deal at once would have it shuffled from a seed the server alone drew, as
often as he calls a misdeal.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import TableError
from engine.live import LiveTable, apply
from engine.live.fairness import pledge_of
from engine.live.redeal import REDEAL_PLEDGE_SECONDS
from engine.tests.test_live_fairness import PHONE, _table

VOID_AT = 10.0


def _pledge(state: LiveTable, seat: int, value: str, now: float) -> LiveTable:
    return apply(state, seat, {"type": "shuffle_pledge", "pledge": pledge_of(value)}, now=now)[0]


def _dealt_with_every_phone() -> LiveTable:
    state = _table()
    for seat in (1, 2, 3):
        state = _pledge(state, seat, PHONE[seat], now=1)
    state, _ = apply(state, "host", {"type": "start_hand"}, now=2)
    for seat in (1, 2, 3):
        state, _ = apply(
            state,
            seat,
            {"type": "shuffle_value", "value": PHONE[seat], "commitment": state.shuffling.commitment},
            now=3,
        )
    assert state.hand is not None and not state.hand.finished
    return state


def _void(state: LiveTable) -> LiveTable:
    return apply(state, "host", {"type": "misdeal", "reason": "two cards flipped"}, now=VOID_AT)[0]


def _started(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(event for event in events if event["type"] == "table.hand_started")


def test_the_host_cannot_deal_the_re_deal_before_the_phones_pledge_again():
    state = _void(_dealt_with_every_phone())
    with pytest.raises(TableError, match="fresh pledges: waiting for 3 phones"):
        apply(state, "host", {"type": "start_hand"}, now=VOID_AT + 1)
    state = _pledge(state, 1, "44" * 32, now=VOID_AT + 1)
    with pytest.raises(TableError, match="waiting for 2 phones"):
        apply(state, "host", {"type": "start_hand"}, now=VOID_AT + 1)


def test_once_every_phone_pledged_again_the_re_deal_is_cut_off_and_waits_for_their_values():
    state = _void(_dealt_with_every_phone())
    fresh = {1: "44" * 32, 2: "55" * 32, 3: "66" * 32}
    for seat in (1, 2, 3):
        state = _pledge(state, seat, fresh[seat], now=VOID_AT + 1)
    state, events = apply(state, "host", {"type": "start_hand"}, now=VOID_AT + 2)
    assert state.shuffling is not None and state.shuffling.redeal
    assert set(state.shuffling.pledges.values()) == {pledge_of(value) for value in fresh.values()}
    for seat in (1, 2, 3):
        state, events = apply(
            state,
            seat,
            {"type": "shuffle_value", "value": fresh[seat], "commitment": state.shuffling.commitment},
            now=VOID_AT + 3,
        )
    started = _started(events)
    assert started["redeal"] is True
    assert set(started["contributions"].values()) == set(fresh.values())


def test_the_dealers_timer_waits_for_the_pledges_then_deals_with_those_that_came():
    """A phone that never pledges again (locked, gone) holds the re-deal up for a while only."""
    state = _void(_dealt_with_every_phone())
    state = _pledge(state, 2, "55" * 32, now=VOID_AT + 1)
    early = state.next_deal_at
    assert early is not None and early < VOID_AT + REDEAL_PLEDGE_SECONDS
    state, events = apply(state, "system", {"type": "start_hand"}, now=early)
    assert state.shuffling is None and state.hand is not None and state.hand.finished  # not dealt yet
    assert state.next_deal_at == VOID_AT + REDEAL_PLEDGE_SECONDS
    assert events == [{"type": "table.waiting_for_pledges", "players": 2, "until": state.next_deal_at}]
    state, events = apply(state, "system", {"type": "start_hand"}, now=VOID_AT + REDEAL_PLEDGE_SECONDS)
    assert state.shuffling is not None and list(state.shuffling.pledges.values()) == [pledge_of("55" * 32)]


def test_a_void_deal_no_phone_pledged_for_is_dealt_again_at_once():
    """Nothing to wait for: the void deal came from the server's seed alone (no phone pledged)."""
    state, _ = apply(_table(), "host", {"type": "start_hand"}, now=2)
    state = _void(state)
    state, events = apply(state, "host", {"type": "start_hand"}, now=VOID_AT + 1)
    assert _started(events)["redeal"] is True
