"""Forced bets as the table hands them over: live and dead posts, short stacks."""

from engine.cards import STANDARD_DECK
from engine.config import HandConfig, Post, PostKind, Stakes
from engine.hand import Hand
from engine.tests.hand_helpers import make_hand, play, seats_with

STAKES = Stakes(small_blind=50, big_blind=100)


def _returning_player_hand() -> Hand:
    """Seat 4 comes back and posts the big blind plus a dead small blind."""
    config = HandConfig(
        game="nlhe",
        seats=tuple(seats_with([1000] * 4)),
        button=1,
        stakes=STAKES,
        posts=(
            Post(2, PostKind.SMALL_BLIND, 50, True),
            Post(3, PostKind.BIG_BLIND, 100, True),
            Post(4, PostKind.NEW_PLAYER_BLIND, 100, True),
            Post(4, PostKind.DEAD_SMALL_BLIND, 50, False),
        ),
        big_blind_seat=3,
    )
    return Hand.deal(config, STANDARD_DECK)


def test_a_dead_small_blind_goes_to_the_pot_and_is_not_part_of_the_bet():
    """ "an amount up to the size of the minimum opening bet is live, and the remainder is
    placed in the pot as "dead money." """
    hand = _returning_player_hand()
    returning = hand.seat(4)
    assert (returning.bet, returning.committed, returning.stack) == (100, 150, 850)
    assert hand.pot == 50


def test_a_posted_big_blind_is_live_and_its_poster_may_call_or_raise_in_turn():
    """ "When it becomes your turn to act, you may either call the action or you may raise." """
    hand = _returning_player_hand()
    assert hand.to_act == 4
    actions = hand.legal_actions(4)["actions"]
    assert actions["check"] == {"allowed": True}
    assert actions["raise"]["min_to"] == 200


def test_a_short_stack_posts_what_it_has_and_is_all_in():
    hand = make_hand("nlhe", [1000, 30, 1000], button=1, stakes=STAKES)
    assert hand.seat(2).bet == 30
    assert hand.seat(2).all_in
    play(hand, "1 call", "3 check")
    assert hand.chips_on_table() == hand.chips_total


def test_calling_a_big_blind_that_is_all_in_for_less_costs_only_what_it_posted():
    hand = make_hand("nlhe", {1: 1000, 2: 60}, button=1, stakes=STAKES)
    # Heads-up: the button (seat 1) posts 50, seat 2 is all-in for 60 as the big blind.
    play(hand, "1 call")
    assert hand.seat(1).committed == 60
    assert hand.finished
    assert sum(s.stack for s in hand.seats) == 1060
