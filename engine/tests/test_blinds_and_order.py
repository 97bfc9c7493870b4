"""Button, blinds and the order of action."""

import pytest

from engine.config import PostKind, Stakes
from engine.errors import IllegalActionError
from engine.forced_bets import standard_posts
from engine.tests.hand_helpers import make_hand, play


def test_small_blind_is_left_of_the_button_and_big_blind_two_left():
    """ "Small Blind: one seat left of the button ... Big Blind: two seats left." """
    posts, big_blind_seat, _ = standard_posts("nlhe", [2, 4, 7, 9], 4, Stakes(small_blind=50, big_blind=100))
    assert [(p.seat, p.kind, p.amount, p.live) for p in posts] == [
        (7, PostKind.SMALL_BLIND, 50, True),
        (9, PostKind.BIG_BLIND, 100, True),
    ]
    assert big_blind_seat == 9


def test_blinds_wrap_around_the_table():
    posts, big_blind_seat, _ = standard_posts("nlhe", [2, 4, 7, 9], 9, Stakes(small_blind=50, big_blind=100))
    assert [p.seat for p in posts] == [2, 4]
    assert big_blind_seat == 4


def test_heads_up_the_button_posts_the_small_blind():
    """ "Heads-up, the button posts the small blind and acts first before the flop." """
    posts, big_blind_seat, _ = standard_posts("nlhe", [3, 8], 8, Stakes(small_blind=50, big_blind=100))
    assert [(p.seat, p.kind) for p in posts] == [(8, PostKind.SMALL_BLIND), (3, PostKind.BIG_BLIND)]
    assert big_blind_seat == 3


def test_heads_up_the_button_acts_first_before_the_flop_and_last_after():
    """ "In heads-up play, the small blind is on the button." and acts first preflop."""
    hand = make_hand("nlhe", {3: 1000, 8: 1000}, button=8)
    assert hand.to_act == 8
    play(hand, "8 call", "3 check")
    assert hand.street == 1
    assert hand.to_act == 3  # after the flop the button acts last


def test_preflop_action_starts_left_of_the_big_blind():
    """ "Preflop betting starts with the player to the left of the big blind." """
    hand = make_hand("nlhe", [1000] * 5, button=2)
    assert hand.to_act == 5  # SB 3, BB 4


def test_the_big_blind_gets_the_option_when_everyone_calls():
    hand = make_hand("nlhe", [1000] * 3, button=1)
    play(hand, "1 call", "2 call")
    assert hand.to_act == 3
    assert hand.legal_actions(3)["actions"]["check"] == {"allowed": True}


def test_after_the_flop_action_starts_with_the_first_active_player_left_of_the_button():
    """ "On all subsequent betting rounds, the action begins with the first active player
    to the left of the button." """
    hand = make_hand("nlhe", [1000] * 4, button=1)
    play(hand, "4 call", "1 call", "2 fold", "3 check")
    assert hand.street == 1
    assert hand.to_act == 3  # seat 2 (left of the button) folded


def test_dead_button_still_orders_from_the_button_seat():
    hand = make_hand("nlhe", {1: 1000, 4: 1000, 6: 1000}, button=3)
    # Left of seat 3 is seat 4 (small blind), then 6 (big blind), then 1 acts first.
    posts = [(p.seat, p.kind) for p in hand.config.posts]
    assert posts == [(4, PostKind.SMALL_BLIND), (6, PostKind.BIG_BLIND)]
    assert hand.to_act == 1


def test_a_player_cannot_act_out_of_turn():
    hand = make_hand("nlhe", [1000] * 4, button=1)
    assert not hand.can_call(2)
    with pytest.raises(IllegalActionError, match=r"It is not your turn: waiting for seat 4 \(P4\)"):
        hand.call(2)
