"""Omaha hi-lo eight or better: each pot split between the best high hand and the best low.

The rule (rules/beyond-holdem.md, which the issue's wording agrees with): "A hand uses exactly two
hole cards and exactly three board cards." "A low is five cards of different ranks, all eight or
lower, aces low; straights and flushes do not count against a low (5-4-3-2-A is the best low)."
"For the low too the hand uses exactly two hole cards and three board cards. If no hand
qualifies for low, the high hand wins the whole pot. One player may win both halves. Tied hands
split their half; an odd chip from splitting the pot into halves goes to the high half." With
two boards: "each board's half of each pot split high and low".
"""

from __future__ import annotations

from engine.config import Stakes
from engine.events import Award, PotsAwarded
from engine.hand import Hand
from engine.phh import hand_from_phh, hand_to_phh, replay
from engine.tests.hand_helpers import make_hand, play
from engine.views import view

BLINDS = Stakes(small_blind=5, big_blind=10)


def _check_down_and_show(hand: Hand) -> Hand:
    while not hand.finished:
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        if "show" in actions:
            hand.show(seat)
        else:
            hand.act(seat, "check")
    return hand


def _heads_up(holes: dict[int, str], board: str, game: str = "plo8") -> Hand:
    """Seats 1 and 2, button 1 (the small blind), a pot of 20 checked down."""
    hand = make_hand(game, [1000, 1000], button=1, stakes=BLINDS, holes=holes, boards=[board])
    return _check_down_and_show(play(hand, "1 call", "2 check"))


def _won(hand: Hand) -> dict[int, int]:
    return {s.seat: s.won for s in hand.seats}


def test_the_pot_is_split_between_the_best_high_hand_and_the_best_low_hand():
    """ "the pot is split between the best high hand and the best low hand" """
    hand = _heads_up({1: "KhKdQcJc", 2: "Ac2cTs9s"}, "3d5h8sKs7c")
    high, low = hand.awards
    assert (high.half, high.shares, high.hand) == ("high", ((1, 10),), "Three of a kind, kings")
    assert (low.half, low.shares, low.hand) == ("low", ((2, 10),), "7-5-3-2-A")
    assert _won(hand) == {1: 10, 2: 10}


def test_with_no_qualifying_low_the_high_hand_scoops():
    """ "If no hand qualifies for low, the high hand wins the whole pot." (a board of two low
    cards makes no low for anyone)"""
    hand = _heads_up({1: "KhKdQcJc", 2: "Ac2c3s4s"}, "9dTh8sKs7c")
    (award,) = hand.awards
    assert (award.half, award.scoop, award.amount, award.shares) == ("high", True, 20, ((1, 20),))


def test_the_low_uses_exactly_two_hole_cards_and_three_board_cards():
    """ "For the low too the hand uses exactly two hole cards and three board cards": A-2-3-4 in
    the hand and a 5 and a 6 on the board make no low (it would take four hole cards); a single
    low card in the hand makes none either, with a low board."""
    no_board_low = _heads_up({1: "KhKdQcJc", 2: "Ac2d3s4h"}, "5d6hKsQsJd")
    assert [a.half for a in no_board_low.awards] == ["high"] and no_board_low.awards[0].scoop
    one_hole_low = _heads_up({1: "KhKdQcJc", 2: "AcKcQsQh"}, "2d3h4s9sTd")
    assert [a.half for a in one_hole_low.awards] == ["high"] and one_hole_low.awards[0].scoop


def test_the_high_uses_exactly_two_hole_cards_too():
    """ "A hand uses exactly two hole cards and exactly three board cards": four hearts in the hand
    and one on the board make no flush."""
    hand = _heads_up({1: "AhKhQhJh", 2: "9c9dTsTc"}, "2h7c9s3dKd")
    (award,) = hand.awards  # 8 high cards: no low
    assert award.shares == ((2, 20),) and award.hand == "Three of a kind, nines"


def test_straights_do_not_count_against_a_low_and_one_player_may_win_both_halves():
    """ "straights and flushes do not count against a low (5-4-3-2-A is the best low)" and "One
    player may win both halves." The wheel is a straight for the high and the best low."""
    hand = _heads_up({1: "KhKdJcJs", 2: "Ac2dQsQh"}, "3c4h5dJh9s")
    high, low = hand.awards
    assert (high.shares, high.hand) == (((2, 10),), "Straight, five high")
    assert (low.shares, low.hand) == (((2, 10),), "5-4-3-2-A")
    assert _won(hand) == {1: 0, 2: 20}


def test_tied_lows_split_their_half_and_the_odd_chip_of_the_halves_goes_to_the_high():
    """ "Tied hands split their half; an odd chip from splitting the pot into halves goes to the
    high half." A pot of 35: 18 to the high, 17 to the low, which two tied lows split 9 and 8
    (the odd chip of a tie to the first winner left of the button)."""
    holes = {1: "KhKd9c9d", 2: "QcQdJsTs", 3: "Ac3cJhJd", 4: "Ad3dThTd"}
    hand = make_hand("plo8", [1000] * 4, button=1, stakes=BLINDS, holes=holes, boards=["2c4d7hKsQs"])
    play(hand, "4 call", "1 call", "2 fold", "3 check")
    _check_down_and_show(hand)
    high, low = hand.awards
    assert (high.amount, high.shares) == (18, ((1, 18),))
    assert (low.amount, low.shares, low.hand) == (17, ((3, 9), (4, 8)), "7-4-3-2-A")


def test_with_two_boards_each_boards_half_is_split_high_and_low():
    """ "with two boards (bomb pots), each board's half of each pot split high and low": a bomb
    pot of 30 is 15 a board; the first board has a low (8 high, 7 low), the second none (15)."""
    holes = {1: "KhKd4c4h", 2: "Ac2c5s5d", 3: "QhQd6s6h"}
    hand = make_hand(
        "plo8_bomb_double",
        [1000] * 3,
        button=1,
        stakes=Stakes(bomb_ante=10),
        holes=holes,
        boards=["3d5h8sKs7c", "9dTh8dQsJd"],
    )
    _check_down_and_show(hand)
    summary = [(a.board, a.half, a.amount, a.shares) for a in hand.awards]
    assert summary == [
        (0, "high", 8, ((1, 8),)),
        (0, "low", 7, ((2, 7),)),
        (1, "high", 15, ((3, 15),)),
    ]
    assert hand.awards[2].scoop


def test_side_pots_are_each_split_high_and_low():
    """Each pot on its own: a side pot the short stack is not in goes high and low between the
    two who made it, whatever the main pot's low was."""
    holes = {1: "Ac2dKsKh", 2: "QcQdJsTs", 3: "3c4d9h9c"}
    hand = make_hand("plo8", [20, 1000, 1000], button=1, stakes=BLINDS, holes=holes, boards=["5h6h8cQhJd"])
    play(hand, "1 raise 20", "2 raise 70", "3 call")
    _check_down_and_show(hand)
    side = [a for a in hand.awards if a.pot == 1]
    main = [a for a in hand.awards if a.pot == 0]
    # Main pot 60: seat 2's queens high; seat 1's 6-5-2-A... low (8-6-5-2-A) beats 8-6-5-4-3.
    assert [(a.half, a.shares) for a in main] == [("high", ((2, 30),)), ("low", ((1, 30),))]
    # Side pot 100 between seats 2 and 3: queens high, seat 3's 8-6-5-4-3 low.
    assert [(a.half, a.shares) for a in side] == [("high", ((2, 50),)), ("low", ((3, 50),))]


def test_a_tabled_hand_reads_its_high_and_its_low():
    """What every viewer reads of a tabled hi-lo hand: the high, then the low or "no low"."""
    hand = _heads_up({1: "KhKdQcJc", 2: "Ac2cTs9s"}, "3d5h8sKs7c")
    seats = {s["seat"]: s for s in view(hand, "public")["seats"]}
    assert seats[1]["hand"] == ["Three of a kind, kings; no low"]
    assert seats[2]["hand"] == ["High card, ace; low 7-5-3-2-A"]


def test_an_award_of_the_old_shape_still_loads_and_a_high_only_award_keeps_it():
    """A stored award from before halves (no "half") reads as one played for one hand, and an
    award of a high-only game is written as it always was."""
    winners = [{"seat": 1, "amount": 20}]
    old = {"pot": 0, "board": None, "amount": 20, "winners": winners, "hand": "Pair of aces"}
    award = Award.from_json(old)
    assert (award.half, award.scoop) == (None, False)
    assert award.to_json() == old
    low = Award(0, None, 10, ((2, 10),), "7-5-3-2-A", "low")
    assert Award.from_json(low.to_json()) == low
    assert PotsAwarded.from_json(PotsAwarded((low,)).to_json()) == PotsAwarded((low,))


def test_the_results_name_each_half_and_the_low_with_its_five_cards():
    """Everyone's results say which half each award is, and the low's words are its cards."""
    hand = _heads_up({1: "KhKdQcJc", 2: "Ac2cTs9s"}, "3d5h8sKs7c")
    high, low = view(hand, "public")["results"]
    assert (high["half"], high["decided"]["winner_words"]) == ("high", "three kings")
    assert (low["half"], low["decided"]["winner_words"]) == ("low", "7-5-3-2-A")
    assert low["decided"]["winner_cards"] == {"2": ["7c", "5h", "3d", "2c", "Ac"]}


def test_a_pot_limit_hi_lo_hand_is_written_as_po_with_its_game_and_replays():
    """PHH has a code for fixed-limit Omaha hi-lo (`FO/8`) and none for pot-limit hi-lo: that one
    is written as `PO` with `_game = "plo8"`, and read back as the same game."""
    hand = _heads_up({1: "KhKdQcJc", 2: "Ac2cTs9s"}, "3d5h8sKs7c")
    text = hand_to_phh(hand)
    assert 'variant = "PO"' in text and '_game = "plo8"' in text
    assert replay(text) == [s.stack for s in hand.clockwise_from_button()]
    fixed = _heads_up({1: "KhKdQcJc", 2: "Ac2cTs9s"}, "3d5h8sKs7c", game="flo8")
    assert 'variant = "FO/8"' in hand_to_phh(fixed) and "\n_game =" not in hand_to_phh(fixed)
    assert hand_from_phh(hand_to_phh(fixed)).awards == fixed.awards
