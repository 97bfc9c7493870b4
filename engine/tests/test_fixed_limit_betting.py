"""Fixed-Limit Hold'em betting (the second game of the variants text)."""

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.tests.hand_helpers import make_hand, play

STAKES = Stakes(small_blind=50, big_blind=100)


def _hand(stacks, **options):
    return make_hand("flhe", stacks, button=1, stakes=STAKES, **options)


def test_every_bet_and_raise_is_a_set_size():
    """ "Every bet and raise is a set size. You never choose an amount." """
    hand = _hand([5000] * 3)
    raise_ = hand.legal_actions(1)["actions"]["raise"]
    assert (raise_["min_to"], raise_["max_to"], raise_["fixed"]) == (200, 200, True)
    with pytest.raises(IllegalActionError, match="fixed-limit: you can only raise to 200"):
        hand.bet_or_raise(1, 300)


def test_small_bet_preflop_and_flop_big_bet_on_turn_and_river():
    """ "Preflop and on the flop, bets and raises are the small bet. On the turn and river
    they are the big bet." """
    hand = _hand([5000] * 3)
    play(hand, "1 call", "2 call", "3 check")
    assert hand.legal_actions(2)["actions"]["bet"]["min_to"] == 100
    play(hand, "2 check", "3 check", "1 check")
    assert hand.street == 2
    assert hand.legal_actions(2)["actions"]["bet"]["min_to"] == 200
    play(hand, "2 bet 200", "3 raise 400")
    assert hand.legal_actions(1)["actions"]["raise"]["min_to"] == 600


def test_a_bet_and_four_raises_per_round_the_big_blind_counting_as_the_bet():
    """ "Each betting round allows a bet and up to four raises. Before the flop, the big blind
    counts as the bet." """
    hand = _hand([5000] * 3)
    play(hand, "1 raise 200", "2 raise 300", "3 raise 400", "1 raise 500")
    assert hand.legal_actions(2)["actions"]["raise"] == {
        "allowed": False,
        "reason": "The betting is capped: a bet and four raises have been made",
    }
    play(hand, "2 call", "3 call")
    assert hand.street == 1


def test_no_cap_in_a_cash_game_when_only_two_players_start_the_round():
    """ "In cash games, if only two players are in the hand when a betting round starts,
    there is no limit on raises in that round." """
    hand = make_hand("flhe", [5000] * 2, button=1, stakes=STAKES, cash_game=True)
    play(hand, "1 raise 200", "2 raise 300", "1 raise 400", "2 raise 500")
    assert hand.legal_actions(1)["actions"]["raise"]["min_to"] == 600


def test_heads_up_tournament_hands_keep_the_cap():
    hand = make_hand("flhe", [5000] * 2, button=1, stakes=STAKES, cash_game=False)
    play(hand, "1 raise 200", "2 raise 300", "1 raise 400", "2 raise 500")
    assert not hand.legal_actions(1)["actions"]["raise"]["allowed"]


def test_all_in_for_at_least_half_a_bet_opens_as_a_full_bet():
    """ "if a player goes all-in for at least half a bet to open the betting, it counts as a
    full bet. The next player can call it or raise a full bet on top." """
    hand = _hand([5000, 160, 5000])
    play(hand, "1 call", "2 call", "3 check")
    play(hand, "2 bet 60")  # 60 of a 100 bet
    assert hand.seat(2).all_in
    raise_ = hand.legal_actions(3)["actions"]["raise"]
    assert raise_["min_to"] == 160
    assert hand.legal_actions(3)["actions"]["call"]["amount"] == 60


def test_all_in_for_less_than_half_a_bet_lets_the_next_player_raise_to_one_full_bet():
    """ "If it is less than half a bet, the most the next player can raise to is one full bet." """
    hand = _hand([5000, 140, 5000])
    play(hand, "1 call", "2 call", "3 check")
    play(hand, "2 bet 40")
    raise_ = hand.legal_actions(3)["actions"]["raise"]
    assert (raise_["min_to"], raise_["max_to"]) == (100, 100)


def test_a_short_all_in_after_two_checks_lets_the_next_player_complete_to_one_full_bet():
    """ "If it is less than half a bet, the most the next player can raise to is one full bet."
    The Fixed-Limit text has no "already acted" exception: a player who checked may complete."""
    hand = make_hand("flhe", [29, 5000, 5000], button=1, stakes=Stakes(small_blind=10, big_blind=20))
    play(hand, "1 call", "2 call", "3 check")
    play(hand, "2 check", "3 check", "1 bet 9")  # small bet 20: all-in for less than half of it
    assert hand.seat(1).all_in
    raise_ = hand.legal_actions(2)["actions"]["raise"]
    assert raise_["allowed"], raise_
    assert (raise_["min_to"], raise_["max_to"]) == (20, 20)
    play(hand, "2 raise 20")
    assert hand.legal_actions(3)["actions"]["call"]["amount"] == 20


def test_a_hand_built_without_saying_cash_game_keeps_the_cap():
    """ "In cash games, if only two players are in the hand when a betting round starts, there
    is no limit on raises": a hand says it is a cash game (the table does); by default the
    usual cap of a bet and four raises applies."""
    hand = make_hand("flhe", [5000] * 2, button=1, stakes=STAKES)
    assert hand.config.cash_game is False
    play(hand, "1 raise 200", "2 raise 300", "1 raise 400", "2 raise 500")
    assert not hand.legal_actions(1)["actions"]["raise"]["allowed"]
