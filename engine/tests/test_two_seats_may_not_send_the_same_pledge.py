"""Two seats may not send the same pledge.

docs/shuffle.md: "each seated phone may add a random value of its own". A pledge copied from
another seat could only be opened by a copy of that seat's value, which adds nothing to the deck,
and would let one phone's value stand for two seats: the copy is refused and changes nothing.
"""

from __future__ import annotations

import pytest

from engine.errors import IllegalActionError
from engine.live import apply
from engine.live.fairness import pledge_of
from engine.tests.test_live_fairness import PHONE, _cut_off, _pledge, _table


def test_a_pledge_another_seat_made_for_this_deal_is_refused_and_changes_nothing() -> None:
    state = _pledge(_table(), 1, PHONE[1])
    copied = {"type": "shuffle_pledge", "pledge": pledge_of(PHONE[1])}
    with pytest.raises(IllegalActionError, match="already another seat's"):
        apply(state, 2, copied, now=1)
    assert state.pledges == {"p1": pledge_of(PHONE[1])}
    # A pledge of its own is taken, and the first seat may send its own again.
    state = _pledge(state, 2, PHONE[2])
    assert apply(state, 1, copied, now=1)[1] == []


def test_a_pledge_of_the_deal_being_shuffled_is_not_taken_for_the_next_one_by_another_seat() -> None:
    state, _ = _cut_off(_pledge(_pledge(_table(), 1, PHONE[1]), 2, PHONE[2]))
    assert state.shuffling is not None
    with pytest.raises(IllegalActionError, match="already another seat's"):
        apply(state, 3, {"type": "shuffle_pledge", "pledge": pledge_of(PHONE[1])}, now=2)
    # Its own seat pledges its next value, however it likes.
    assert _pledge(state, 1, PHONE[3]).pledges == {"p1": pledge_of(PHONE[3])}
