"""No-limit betting (house rules, "Bet & Raise Sizing", and the variants text)."""

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.tests.hand_helpers import make_hand, play


def _to_flop(stacks, **kwargs):
    """Three players see a flop for 100 each; seat 2 acts first after the flop."""
    hand = make_hand("nlhe", stacks, button=1, **kwargs)
    return play(hand, "1 call", "2 call", "3 check")


def test_an_opening_bet_must_be_at_least_the_big_blind():
    """ "Minimum bet. If no one has bet yet, an opening bet must be at least the big blind." """
    hand = _to_flop([1000] * 3)
    with pytest.raises(IllegalActionError, match="The minimum bet is to 100"):
        hand.bet_or_raise(2, 99)
    play(hand, "2 bet 100")
    assert hand.current_bet == 100


def test_a_raise_must_grow_the_bet_by_the_last_bet_or_raise():
    """ "if the bet in front of you is 100, you must raise to at least 200 (a raise of 100).
    If someone then makes it 300, that's a raise of 100, so the next raise must be to at
    least 400." (Here the bet is 100 after the flop.)"""
    hand = _to_flop([5000] * 3)
    play(hand, "2 bet 100")
    with pytest.raises(IllegalActionError, match="The minimum raise is to 200"):
        hand.bet_or_raise(3, 199)
    play(hand, "3 raise 200", "1 raise 300")
    assert hand.legal_actions(2)["actions"]["raise"]["min_to"] == 400
    with pytest.raises(IllegalActionError, match="The minimum raise is to 400"):
        hand.bet_or_raise(2, 399)


def test_a_raise_is_at_least_the_biggest_bet_or_raise_so_far_in_the_round():
    """ "A raise must be at least the size of the biggest bet or raise so far in that round." """
    hand = _to_flop([5000] * 3)
    play(hand, "2 bet 500")
    assert hand.legal_actions(3)["actions"]["raise"]["min_to"] == 1000


def test_a_player_can_always_move_all_in():
    """ "No maximum. Any time it's your turn you can move all the chips in front of you." """
    hand = _to_flop([1000, 1000, 150])
    play(hand, "2 bet 400")
    actions = hand.legal_actions(3)["actions"]
    assert actions["call"] == {"allowed": True, "amount": 50, "all_in": True}
    assert actions["raise"]["allowed"] is False
    play(hand, "3 call")
    assert hand.seat(3).all_in


def test_an_all_in_short_of_a_full_raise_is_allowed():
    """ "If your whole stack is less than that, your only raise is all-in." """
    hand = _to_flop([1000, 1000, 350])
    play(hand, "2 bet 200")
    assert hand.legal_actions(3)["actions"]["raise"] == {
        "allowed": True,
        "min_to": 250,
        "max_to": 250,
        "fixed": False,
        "all_in_to": 250,
    }
    play(hand, "3 raise 250")
    assert hand.current_bet == 250


def test_short_all_in_does_not_reopen_betting():
    """ "that undersized all-in doesn't reopen the betting for players who have already acted." """
    hand = _to_flop([1000, 1000, 350])
    play(hand, "2 bet 200", "3 raise 250", "1 call")
    actions = hand.legal_actions(2)["actions"]
    assert actions["call"]["amount"] == 50
    assert actions["raise"] == {
        "allowed": False,
        "reason": "The betting was not reopened by a full raise: you may only call or fold",
    }
    with pytest.raises(IllegalActionError, match="not reopened"):
        hand.bet_or_raise(2, 500)


def test_short_all_in_still_lets_a_player_who_has_not_acted_raise():
    hand = _to_flop([1000, 1000, 350])
    play(hand, "2 bet 200", "3 raise 250")
    # Seat 1 has not acted on the flop: the short all-in does not take their raise away.
    assert hand.legal_actions(1)["actions"]["raise"]["min_to"] == 450


def test_a_full_raise_after_a_short_all_in_reopens_the_betting():
    hand = make_hand("nlhe", [5000, 5000, 5000, 330], button=1)
    play(hand, "4 call", "1 call", "2 call", "3 check")  # flop: 2, 3, 4, 1
    play(hand, "2 bet 200", "3 call", "4 raise 230", "1 raise 600")
    assert hand.legal_actions(2)["actions"]["raise"]["allowed"]


def test_table_stakes_a_bet_cannot_exceed_the_chips_in_front():
    """ "Table stakes. You can only wager the chips you have on the table." """
    hand = _to_flop([1000] * 3)
    with pytest.raises(IllegalActionError, match="You only have 900 chips"):
        hand.bet_or_raise(2, 901)


def test_raises_are_to_amounts_including_the_blind():
    hand = make_hand("nlhe", [1000] * 3, button=1)
    play(hand, "1 raise 300", "2 call")
    assert hand.seat(2).bet == 300
    assert hand.seat(2).stack == 700


def test_capped_table_a_player_who_puts_in_the_cap_is_all_in_and_keeps_the_rest():
    """ "Capped tables: ... Once you have put that much into the pot in a hand, you are
    all-in for that hand. The rest of your stack stays yours." """
    stakes = Stakes(small_blind=50, big_blind=100, cap=4000)
    hand = make_hand("nlhe", [10000, 10000, 10000], button=1, stakes=stakes)
    assert hand.legal_actions(1)["actions"]["raise"]["max_to"] == 4000
    play(hand, "1 raise 4000")
    assert hand.seat(1).all_in
    assert hand.seat(1).stack == 6000
    play(hand, "2 fold", "3 call")
    assert hand.phase in ("showdown", "complete")
    assert sum(s.stack for s in hand.seats) == 30000


def test_a_check_is_refused_when_there_is_a_bet():
    hand = make_hand("nlhe", [1000] * 3, button=1)
    with pytest.raises(IllegalActionError, match="You cannot check: it is 100 to call"):
        hand.check(1)


def test_raise_is_refused_with_a_reason_when_there_is_no_bet_yet():
    hand = _to_flop([1000] * 3)
    assert hand.legal_actions(2)["actions"]["raise"]["reason"] == "There is no bet yet: bet instead"


def test_nobody_may_raise_when_everyone_else_is_all_in():
    """Table stakes: a raise nobody can call would only come straight back."""
    hand = make_hand("nlhe", {1: 900, 2: 175}, button=2)
    play(hand, "2 raise 175")
    actions = hand.legal_actions(1)["actions"]
    assert actions["call"]["amount"] == 75
    reason = "Everyone else is all-in: nobody could call a raise"
    assert actions["raise"] == {"allowed": False, "reason": reason}
    with pytest.raises(IllegalActionError, match="Everyone else is all-in"):
        hand.bet_or_raise(1, 275)


def test_nobody_may_raise_when_every_other_player_is_covered_by_the_current_bet():
    hand = make_hand("nlhe", [300, 750, 75, 425, 600], button=5)
    play(hand, "3 call", "4 raise 200", "5 raise 600", "1 call")
    # Seat 4 is still in with 425 chips: it can call at most 425, so a raise by seat 2 is pointless.
    assert not hand.legal_actions(2)["actions"]["raise"]["allowed"]
    play(hand, "2 call", "4 call")
    assert hand.finished


def test_legal_actions_name_the_one_wager_that_applies():
    """Before anyone bets, the wager is a bet; facing a bet, a raise: callers read "wager"
    instead of working it out from the current bet."""
    hand = _to_flop([1000] * 3)
    options = hand.legal_actions(2)
    assert options["wager"] == "bet" and options["actions"]["bet"]["allowed"]
    hand.act(2, options["wager"], 100)
    options = hand.legal_actions(3)
    assert options["wager"] == "raise" and options["actions"]["raise"]["min_to"] == 200
