"""Showdown: order of showing, tabling, mucking, cards speak, all-in reveal."""

import pytest

from engine.errors import IllegalActionError
from engine.events import HandsTabled
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

HOLES = {1: "AsAd", 2: "KsKd", 3: "QsQd"}
BOARD = ["2c7d9hJc3s"]


def _to_river(**kwargs):
    hand = make_hand("nlhe", [1000] * 3, button=1, holes=HOLES, boards=BOARD, **kwargs)
    return play(hand, "1 call", "2 call", "3 check", *["2 check", "3 check", "1 check"] * 2)


def test_the_last_player_to_bet_or_raise_on_the_river_shows_first():
    """ "The player who made the last bet or raise on the river shows first" """
    hand = play(_to_river(), "2 check", "3 bet 100", "1 call", "2 call")
    assert hand.showdown_order == (3, 1, 2)
    assert hand.to_act == 3


def test_if_the_river_was_checked_around_the_first_player_left_of_the_button_shows_first():
    """ "if the river was checked around, the first player left of the button shows first." """
    hand = play(_to_river(), "2 check", "3 check", "1 check")
    assert hand.showdown_order == (2, 3, 1)
    with pytest.raises(IllegalActionError, match="It is not your turn to show"):
        hand.show(1)


def test_a_hand_that_is_never_tabled_cannot_win():
    """ "To win, you have to table your hand ... A hand that is never tabled cannot win the pot." """
    hand = play(_to_river(), "2 check", "3 check", "1 check")
    play(hand, "2 show", "3 show", "1 muck")  # aces mucked
    assert hand.awards[0].shares == ((2, 300),)


def test_a_mucked_hand_is_dead_and_can_never_come_back():
    """ "Mucked cards are dead, and there is no saving them, ever." """
    hand = play(_to_river(), "2 check", "3 check", "1 check")
    play(hand, "2 muck")
    with pytest.raises(IllegalActionError):
        hand.show(2)
    play(hand, "3 show", "1 show")
    assert hand.awards[0].shares == ((1, 300),)
    assert view(hand, "public")["seats"][1]["cards"] is None


def test_the_last_live_hand_must_be_tabled_to_win():
    hand = play(_to_river(), "2 check", "3 check", "1 check")
    play(hand, "2 muck", "3 muck")
    assert hand.legal_actions(1)["actions"]["muck"]["allowed"] is False
    with pytest.raises(IllegalActionError, match="table your cards to win it"):
        hand.muck(1)
    play(hand, "1 show")
    assert hand.seat(1).won == 300


def test_a_hand_that_cannot_win_may_still_choose_to_show():
    hand = play(_to_river(), "2 check", "3 check", "1 check")
    play(hand, "2 show")
    assert hand.legal_actions(3)["actions"] == {"show": {"allowed": True}, "muck": {"allowed": True}}


def test_cards_speak():
    """ "the cards speak for themselves ... the best true five-card hand wins" """
    hand = play(_to_river(), "2 check", "3 check", "1 check", "2 show", "3 show", "1 show")
    assert hand.awards[0].shares == ((1, 300),)
    assert hand.awards[0].hand == "Pair of aces"


def test_all_live_hands_are_turned_face_up_before_the_rest_of_the_board_when_all_in():
    """ "When no more betting is possible because players are all-in, all live hands are
    turned face up before the rest of the board is dealt." """
    hand = make_hand("nlhe", [1000] * 3, button=1, holes=HOLES, boards=BOARD)
    play(hand, "1 raise 1000", "2 fold", "3 call")
    types = [e.type for e in hand.events]
    assert types.index(HandsTabled.type) < types.index("burn")
    public = view(hand, "public")
    assert public["seats"][0]["cards"] == ["As", "Ad"]
    assert public["seats"][2]["cards"] == ["Qs", "Qd"]
    # Both hands are already face up: the showdown needs no decision and the pot is pushed.
    assert hand.finished
    assert hand.awards[0].shares == ((1, 2050),)


def test_if_everyone_else_folds_the_last_player_wins_without_showing():
    """ "If everyone folds to a bet, the last player standing wins without showing." """
    hand = make_hand("nlhe", [1000] * 3, button=1, holes=HOLES)
    play(hand, "1 raise 300", "2 fold", "3 fold")
    assert hand.finished
    assert view(hand, "public")["seats"][0]["cards"] is None
    assert hand.awards[0].hand == ""
