"""Making a hand does not deal it: `Hand(config, deck)` checks the set-up, `start()` deals (or
`advance()` one dealer step at a time), and `Hand.deal(config, deck)` does both. So a hand
with no decisions in it (Blind Hold'em dealt all at once) can be ruled on before it is over."""

from __future__ import annotations

import pytest

from engine.cards import STANDARD_DECK
from engine.config import SeatInHand, Stakes
from engine.errors import ConfigurationError, IllegalActionError
from engine.forced_bets import standard_config
from engine.hand import Hand
from engine.house.rulings import apply_ruling, is_void

SEATS = [SeatInHand(1, "ann", 100), SeatInHand(2, "bo", 100), SeatInHand(3, "cy", 100)]
AT = "2026-11-29T22:30:00Z"


def all_at_once() -> Hand:
    config = standard_config(
        "blind_holdem", SEATS, button=1, stakes=Stakes(fixed_stake=10), options={"reveal": "all_at_once"}
    )
    return Hand(config, STANDARD_DECK)


def test_a_new_hand_has_dealt_nothing_and_moved_no_chips():
    hand = Hand(standard_config("nlhe", SEATS, button=1, stakes=Stakes(1, 2)), STANDARD_DECK)
    assert hand.phase == "ready" and not hand.started
    assert hand.events == [] and hand.pot == 0
    assert [(s.stack, s.hole) for s in hand.seats] == [(100, ())] * 3


def test_a_set_up_that_cannot_be_played_is_refused_when_the_hand_is_made():
    config = standard_config("nlhe", SEATS, button=1, stakes=Stakes(1, 2))
    with pytest.raises(ConfigurationError, match="The deck has 5 cards"):
        Hand(config, STANDARD_DECK[:5])


def test_start_deals_up_to_the_first_decision_once_and_matches_hand_deal():
    config = standard_config("nlhe", SEATS, button=1, stakes=Stakes(1, 2))
    hand = Hand(config, STANDARD_DECK)
    assert [e.type for e in hand.start()] == ["posts", "hole_cards", "round_started"]
    assert hand.phase == "betting" and hand.to_act == 1
    assert hand.to_json() == Hand.deal(config, STANDARD_DECK).to_json()
    with pytest.raises(IllegalActionError, match="already been dealt"):
        hand.start()


def test_an_all_at_once_blind_holdem_hand_can_be_ruled_a_misdeal_before_it_is_over():
    """ "Some dealing errors void the hand and it's re-dealt from scratch." Stepping the dealer,
    the host can rule on the deal once the hole cards are out, before the board and showdown."""
    hand = all_at_once()
    assert hand.advance().type == "posts"
    assert hand.advance().type == "hole_cards"
    assert not hand.finished and not hand.awards
    apply_ruling(hand, {"type": "misdeal"}, "host", "a card was dealt face up", AT)
    assert is_void(hand) and not hand.awards
    assert [s.stack for s in hand.seats] == [100, 100, 100]


def test_started_at_once_an_all_at_once_hand_plays_itself_to_the_end():
    hand = all_at_once()
    hand.start()
    assert hand.finished and hand.advance() is None
