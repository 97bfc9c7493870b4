"""Bomb pots (the fourth game of the variants text), double board, and Omaha bomb pots."""

import pytest

from engine.config import PostKind, Stakes
from engine.errors import IllegalActionError
from engine.games import GAMES
from engine.tests.hand_helpers import make_hand, play

ANTE = Stakes(bomb_ante=33)


def _check_down(hand, seats):
    for _ in range(3):
        play(hand, *[f"{seat} check" for seat in seats])
    return hand


def test_every_player_posts_the_same_ante_and_there_are_no_blinds():
    """ "Every player dealt in posts the same ante. There are no blinds." """
    hand = make_hand("bomb_pot", [1000] * 4, button=2, stakes=ANTE)
    assert {(p.kind, p.amount, p.live) for p in hand.config.posts} == {(PostKind.BOMB_ANTE, 33, False)}
    assert sorted(p.seat for p in hand.config.posts) == [1, 2, 3, 4]
    assert hand.pot == 132


def test_there_is_no_betting_before_the_flop_and_the_first_player_left_of_the_button_acts_first():
    """ "There is no betting before the flop. The flop is dealt and the first betting round
    begins with the first player still in to the left of the button." """
    hand = make_hand("bomb_pot", [1000] * 4, button=2, stakes=ANTE)
    assert [e.type for e in hand.events] == ["posts", "hole_cards", "burn", "board", "round_started"]
    assert len(hand.boards[0]) == 3
    assert hand.to_act == 3


def test_the_smallest_bet_is_the_ante_unless_the_table_says_otherwise():
    hand = make_hand("bomb_pot", [1000] * 3, button=1, stakes=ANTE)
    assert hand.legal_actions(2)["actions"]["bet"]["min_to"] == 33
    with pytest.raises(IllegalActionError, match="The minimum bet is to 33"):
        hand.bet_or_raise(2, 20)
    table_minimum = make_hand("bomb_pot", [1000] * 3, button=1, stakes=Stakes(bomb_ante=33, min_bet=50))
    assert table_minimum.legal_actions(2)["actions"]["bet"]["min_to"] == 50


def test_bomb_pot_betting_is_no_limit_from_the_flop():
    hand = make_hand("bomb_pot", [1000] * 3, button=1, stakes=ANTE)
    assert hand.legal_actions(2)["actions"]["bet"]["max_to"] == 967


def test_double_board_each_street_adds_cards_to_both_boards_with_one_betting_round():
    """ "two separate boards are dealt. Each street adds cards to both boards, and there is
    one betting round per street, not one per board." """
    hand = make_hand("bomb_pot_double", [1000] * 3, button=1, stakes=ANTE)
    assert [len(board) for board in hand.boards] == [3, 3]
    play(hand, "2 check", "3 check", "1 check")
    assert [len(board) for board in hand.boards] == [4, 4]
    assert [e.type for e in hand.events].count("round_started") == 2


def test_double_board_halves_go_to_each_boards_best_hand_and_the_odd_chip_to_the_first_board():
    """ "At showdown the pot is split in half. Each half goes to the best hand on its board."
    "If a pot cannot be split exactly, the extra smallest unit goes to the first board." """
    hand = make_hand(
        "bomb_pot_double",
        [1000] * 3,
        button=1,
        stakes=ANTE,
        holes={1: "2s3s", 2: "JhTh", 3: "8d8s"},
        boards=["AhKhQh4c3d", "7c7d7s8c9d"],
    )
    _check_down(hand, [2, 3, 1])
    play(hand, "2 show", "3 show", "1 show")
    assert [(a.board, a.amount, a.shares) for a in hand.awards] == [(0, 50, ((2, 50),)), (1, 49, ((3, 49),))]


def test_a_tie_on_a_board_splits_that_boards_half():
    """ "If hands tie on a board, they split that board's half." """
    hand = make_hand(
        "bomb_pot_double",
        [1000] * 3,
        button=1,
        stakes=ANTE,
        holes={1: "5c6c", 2: "JhTh", 3: "8d8s"},
        boards=["AhKhQh4c3d", "9c9d9s9hKd"],
    )
    _check_down(hand, [2, 3, 1])
    play(hand, "2 show", "3 show", "1 show")
    board_two = hand.awards[1]
    # 49 chips three ways, the odd chip to the first winner left of the button (seat 2).
    assert board_two.shares == ((2, 17), (3, 16), (1, 16))
    assert hand.seat(2).won == 50 + 17


def test_each_board_is_a_separate_hand_never_mixing_the_boards():
    """ "You make a separate hand on each board ... never mixing the two boards." """
    hand = make_hand(
        "bomb_pot_double",
        [1000] * 2,
        button=1,
        stakes=ANTE,
        holes={1: "AsAd", 2: "KsKd"},
        boards=["Ac2h5c8dJh", "Kc3h6c9dQh"],
    )
    _check_down(hand, [2, 1])
    play(hand, "2 show", "1 show")
    assert [a.shares for a in hand.awards] == [((1, 33),), ((2, 33),)]


@pytest.mark.parametrize(("game", "hole_cards"), [("plo_bomb", 4), ("plo5_bomb_double", 5), ("plo6_bomb", 6)])
def test_omaha_bomb_pots_deal_their_hole_cards_and_play_pot_limit(game, hole_cards):
    hand = make_hand(game, [1000] * 3, button=1, stakes=ANTE)
    assert GAMES[game].structure.value == "pot_limit"
    assert all(len(s.hole) == hole_cards for s in hand.seats)


def test_omaha_uses_exactly_two_hole_cards_and_three_board_cards():
    """Four hearts on the board and one in the hand is no flush in Omaha."""
    hand = make_hand(
        "plo_bomb",
        [1000] * 2,
        button=1,
        stakes=ANTE,
        holes={1: "3h4s5s6s", 2: "2d2s7c8c"},
        boards=["AhKhQhJh2c"],
    )
    _check_down(hand, [2, 1])
    play(hand, "2 show", "1 show")
    assert hand.awards[0].shares == ((2, 66),)
    assert hand.awards[0].hand.startswith("Three of a kind")
