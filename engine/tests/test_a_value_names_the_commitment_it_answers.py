"""A phone's value names the commitment it answers; one naming another is refused.

docs/shuffle.md, "Values": "Each phone whose pledge closed sees the cut-off and sends its value
with the commitment it was shown; a value that does not hash to its pledge, or that names
another commitment, is refused." and "The deal publishes the commitment, every pledge and value
under the seat its player was dealt, the commitment each value answered, and a root".
"""

from __future__ import annotations

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.live import LiveTable, apply, new_live_table, view
from engine.live.fairness import pledge_of
from engine.shuffle import commitment
from engine.table import new_table

PHONE = {1: "11" * 32, 2: "22" * 32}
SERVER = "5a" * 32


def _cut_off() -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in (1, 2):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
        pledge = {"type": "shuffle_pledge", "pledge": pledge_of(PHONE[seat])}
        state, _ = apply(state, seat, pledge, now=1)
    state, _ = apply(state, "host", {"type": "start_hand", "seed": SERVER}, now=2)
    return state


def test_a_value_naming_another_commitment_is_refused_and_changes_nothing() -> None:
    state = _cut_off()
    shown = view(state, 1)["fairness"]["shuffle_commitment"]
    assert shown == commitment(bytes.fromhex(SERVER))
    other = commitment(bytes.fromhex("77" * 32))
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=f"answers the commitment {other[:12]}.*nothing was added"):
        apply(state, 1, {"type": "shuffle_value", "value": PHONE[1], "commitment": other}, now=3)
    assert state.to_json() == before


@pytest.mark.parametrize("named", [None, "", "ab", "ZZ" * 32, 5])
def test_a_value_naming_no_commitment_is_refused(named: object) -> None:
    state = _cut_off()
    with pytest.raises(IllegalActionError, match="commitment is 64 lowercase hex digits"):
        apply(state, 1, {"type": "shuffle_value", "value": PHONE[1], "commitment": named}, now=3)


def test_the_deal_publishes_the_commitment_each_value_answered_to_every_viewer() -> None:
    state = _cut_off()
    shown = view(state, "public")["fairness"]
    assert shown["shuffle_hand_number"] == 1
    for seat in (1, 2):
        sent = {"type": "shuffle_value", "value": PHONE[seat], "commitment": shown["shuffle_commitment"]}
        state, events = apply(state, seat, sent, now=3)
    started = next(event for event in events if event["type"] == "table.hand_started")
    assert started["answered"] == {"1": shown["shuffle_commitment"], "2": shown["shuffle_commitment"]}
    for viewer in (1, 2, "public", "host"):
        deal = view(state, viewer)["fairness"]["deal"]
        assert deal["hand_number"] == 1 and deal["commitment"] == shown["shuffle_commitment"]
        assert deal["contributions"] == {"1": PHONE[1], "2": PHONE[2]}
        assert deal["pledges"] == {"1": pledge_of(PHONE[1]), "2": pledge_of(PHONE[2])}
        assert deal["deck_root"] == state.deck_root
