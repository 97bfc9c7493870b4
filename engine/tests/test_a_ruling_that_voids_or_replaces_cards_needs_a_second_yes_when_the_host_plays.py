"""When the host holds cards in the hand, a ruling that voids or replaces cards waits for a
second person's yes: another seated player on their phone, or a co-host.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
and "That card is set aside and treated as a burn ... they take the card that would otherwise
have been the burn before the flop." Neither is a redraw the host may give himself: a host who
plays and reads the live deck would know what each one brings him.
"""

from __future__ import annotations

import pytest

from engine.errors import EngineError, IllegalActionError
from engine.live import LiveTable, apply, view
from engine.live.second_yes import SECOND_YES_SECONDS
from engine.tests.test_live_fairness import _table

HOST_PLAYER = "p1"  # the host sits in seat 1
MISDEAL = {"type": "misdeal", "reason": "two cards flipped", "holders": [HOST_PLAYER], "user": "7"}


def _dealt() -> LiveTable:
    state, _ = apply(_table(), "host", {"type": "start_hand"}, now=2)
    assert state.hand is not None and not state.hand.finished
    return state


def _asked(intent: dict = MISDEAL) -> LiveTable:
    state, events = apply(_dealt(), "host", intent, now=10)
    assert [event["type"] for event in events] == ["table.ruling_proposed"]
    return state


def test_a_misdeal_by_a_host_dealt_in_waits_and_changes_no_card():
    before = _dealt()
    state, _ = apply(before, "host", MISDEAL, now=10)
    assert state.hand is not None and not state.hand.finished
    assert [s.hole for s in state.hand.seats] == [s.hole for s in before.hand.seats]
    assert state.commitment == before.commitment and state.table.redeal is None


def test_the_host_who_is_not_dealt_in_rules_at_once():
    state, events = apply(_dealt(), "host", {**MISDEAL, "holders": ["someone-else"]}, now=10)
    assert state.hand is not None and state.hand.finished
    assert {"type": "table.misdeal", "hand_number": 1, "redealt": True} in events


def test_another_seated_player_confirms_it_on_their_phone_and_the_hand_is_void():
    state = _asked()
    pending = view(state, 2)["pending_ruling"]
    assert pending["may_answer"] and pending["words"].startswith("Misdeal")
    assert view(state, 1)["pending_ruling"]["may_answer"] is False  # the host's own seat
    state, events = apply(state, 2, {"type": "answer_ruling", "id": pending["id"], "answer": "yes"}, now=20)
    assert events[0]["type"] == "table.ruling_confirmed" and events[0]["seat"] == 2
    assert state.hand is not None and state.hand.finished and state.table.redeal is not None
    assert state.pending_ruling is None


def test_the_host_cannot_confirm_his_own_ruling_from_his_seat_or_his_panel():
    state = _asked()
    pending_id = state.pending_ruling["id"]
    with pytest.raises(IllegalActionError, match="A second person confirms"):
        apply(state, 1, {"type": "answer_ruling", "id": pending_id, "answer": "yes"}, now=20)
    with pytest.raises(IllegalActionError, match="A second person confirms"):
        apply(
            state, "host", {"type": "answer_ruling", "id": pending_id, "answer": "yes", "user": "7"}, now=20
        )


def test_a_co_host_confirms_it():
    state = _asked()
    answer = {
        "type": "answer_ruling",
        "id": state.pending_ruling["id"],
        "answer": "yes",
        "user": "8",
        "by": "cy",
    }
    state, events = apply(state, "host", answer, now=20)
    assert events[0]["by"] == "cy" and state.hand.finished


def test_a_no_drops_it_and_the_hand_plays_on():
    state = _asked()
    cards = [s.hole for s in state.hand.seats]
    state, events = apply(
        state, 3, {"type": "answer_ruling", "id": state.pending_ruling["id"], "answer": "no"}, now=20
    )
    assert events == [
        {
            "type": "table.ruling_declined",
            "id": events[0]["id"],
            "words": events[0]["words"],
            "host": "host",
            "seat": 3,
            "by": "P3",
        }
    ]
    assert state.pending_ruling is None and not state.hand.finished
    assert [s.hole for s in state.hand.seats] == cards


def test_an_answer_after_it_expired_is_refused_and_changes_nothing():
    state = _asked()
    late = {"type": "answer_ruling", "id": state.pending_ruling["id"], "answer": "yes"}
    with pytest.raises(IllegalActionError, match="waited too long"):
        apply(state, 2, late, now=10 + SECOND_YES_SECONDS)


def test_a_confirmation_once_play_has_started_is_refused_as_the_ruling_would_be():
    """ "Once there's been real action (a bet or a fold), the hand usually stands"."""
    state = _asked()
    state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}}, now=12)
    with pytest.raises(EngineError, match="real action"):
        apply(state, 2, {"type": "answer_ruling", "id": state.pending_ruling["id"], "answer": "yes"}, now=20)


def test_an_exposed_card_during_the_deal_waits_too_but_one_seen_later_does_not():
    exposed = {"type": "exposed_card", "seat": 2, "card_number": 1, "holders": [HOST_PLAYER], "user": "7"}
    _asked({**exposed, "during_deal": True})
    state, _ = apply(_dealt(), "host", {**exposed, "during_deal": False}, now=10)
    assert state.hand.extras["exposed"] and state.pending_ruling is None


def test_a_ruling_the_engine_refuses_is_refused_at_once_not_kept():
    state = _dealt()
    state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}}, now=5)
    with pytest.raises(EngineError, match="real action"):
        apply(state, "host", MISDEAL, now=10)
