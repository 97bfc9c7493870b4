"""The straddle: "Only the player immediately to the left of the big blind ... may straddle,
and it must be exactly double the big blind. It plays as a third, larger blind, and in
return the straddler gets to act last pre-flop." """

import pytest

from engine.cards import STANDARD_DECK
from engine.config import HandConfig, Post, PostKind, Stakes
from engine.errors import ConfigurationError, IllegalActionError
from engine.hand import Hand
from engine.tests.hand_helpers import make_hand, play, seats_with


def test_the_straddle_is_posted_by_the_player_left_of_the_big_blind_for_two_big_blinds():
    hand = make_hand("nlhe", [1000] * 5, button=1, straddle=True)
    straddle = hand.config.posts[-1]
    assert (straddle.seat, straddle.kind, straddle.amount, straddle.live) == (4, PostKind.STRADDLE, 200, True)
    assert hand.seat(4).bet == 200


def test_preflop_action_starts_left_of_the_straddle_and_the_straddler_acts_last():
    hand = make_hand("nlhe", [1000] * 5, button=1, straddle=True)
    assert hand.to_act == 5
    play(hand, "5 call", "1 call", "2 call", "3 call")
    assert hand.to_act == 4
    assert hand.legal_actions(4)["actions"]["check"] == {"allowed": True}


def test_the_straddle_plays_as_a_blind_so_the_minimum_raise_is_to_two_straddles():
    hand = make_hand("nlhe", [1000] * 4, button=1, straddle=True)
    with pytest.raises(IllegalActionError, match="The minimum raise is to 400"):
        hand.bet_or_raise(1, 300)


def _config(straddle: Post) -> HandConfig:
    return HandConfig(
        game="nlhe",
        seats=tuple(seats_with([1000] * 4)),
        button=1,
        stakes=Stakes(small_blind=50, big_blind=100),
        posts=(Post(2, PostKind.SMALL_BLIND, 50, True), Post(3, PostKind.BIG_BLIND, 100, True), straddle),
        big_blind_seat=3,
        straddle_seat=straddle.seat,
    )


def test_only_the_player_left_of_the_big_blind_may_straddle():
    with pytest.raises(ConfigurationError, match="immediately left of the big blind"):
        Hand(_config(Post(1, PostKind.STRADDLE, 200, True)), STANDARD_DECK)


def test_the_straddle_must_be_exactly_two_big_blinds():
    with pytest.raises(ConfigurationError, match="exactly two big blinds"):
        Hand(_config(Post(4, PostKind.STRADDLE, 300, True)), STANDARD_DECK)
