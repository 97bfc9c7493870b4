"""Pot-limit (Omaha bomb pots): the largest raise is to the size of the pot after calling."""

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.tests.hand_helpers import make_hand, play

STAKES = Stakes(bomb_ante=100)


def test_the_largest_bet_is_the_pot():
    hand = make_hand("plo_bomb", [5000] * 3, button=1, stakes=STAKES)
    assert hand.pot == 300
    assert hand.legal_actions(2)["actions"]["bet"]["max_to"] == 300
    with pytest.raises(IllegalActionError, match="This is pot-limit: the most you can bet to is 300"):
        hand.bet_or_raise(2, 301)


def test_the_largest_raise_is_to_the_pot_after_calling():
    """300 in the middle, a bet of 300: calling makes 900, so the raise is to 300 + 900."""
    hand = make_hand("plo_bomb", [5000] * 3, button=1, stakes=STAKES)
    play(hand, "2 bet 300")
    raise_ = hand.legal_actions(3)["actions"]["raise"]
    assert (raise_["min_to"], raise_["max_to"]) == (600, 1200)
    play(hand, "3 raise 1200")
    # 300 + 300 + 1200 = 1800; seat 1 calls 1200 -> 3000; raise to 1200 + 3000.
    assert hand.legal_actions(1)["actions"]["raise"]["max_to"] == 4200


def test_a_short_stack_can_still_go_all_in_under_the_pot():
    hand = make_hand("plo_bomb", [5000, 250, 5000], button=1, stakes=STAKES)
    bet = hand.legal_actions(2)["actions"]["bet"]
    assert (bet["min_to"], bet["max_to"]) == (100, 150)
