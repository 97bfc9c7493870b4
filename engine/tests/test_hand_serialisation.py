"""A hand is a plain record: JSON round trip, and replaying its events gives it again."""

import json

import pytest

from engine.errors import IllegalActionError
from engine.event_types import event_from_json
from engine.hand import Hand
from engine.tests.hand_helpers import make_hand, play


def _played():
    hand = make_hand("nlhe", [300, 1000, 1000], button=1, holes={1: "AsAd", 2: "KsKd", 3: "QsQd"})
    return play(hand, "1 raise 300", "2 call", "3 call", "2 bet 200", "3 call")


def test_a_state_serialises_to_json_and_back():
    hand = _played()
    data = json.loads(json.dumps(hand.to_json()))
    again = Hand.from_json(data)
    assert again.to_json() == hand.to_json()
    play(again, "2 check", "3 check")
    assert again.street == 3


def test_replaying_the_events_gives_the_same_state():
    hand = _played()
    events = [event_from_json(json.loads(json.dumps(e.to_json()))) for e in hand.events]
    assert Hand.replay(hand.config, hand.deck, events).to_json() == hand.to_json()


def test_dealer_steps_are_recorded_as_events():
    hand = _played()
    assert [e.type for e in hand.events][:3] == ["posts", "hole_cards", "round_started"]
    assert {"burn", "board", "round_ended"} <= {e.type for e in hand.events}


def test_an_illegal_action_changes_nothing():
    hand = _played()
    before = hand.to_json()
    with pytest.raises(IllegalActionError):
        hand.bet_or_raise(2, 10)
    with pytest.raises(IllegalActionError):
        hand.act(3, "check")
    with pytest.raises(IllegalActionError):
        hand.act(2, "dance")
    assert hand.to_json() == before


def test_each_operation_returns_the_events_it_caused():
    hand = make_hand("nlhe", [1000] * 2, button=1)
    new = hand.call(1)
    assert [e.type for e in new] == ["call"]
    new = hand.check(2)
    assert [e.type for e in new] == ["check", "round_ended", "burn", "board", "round_started"]
