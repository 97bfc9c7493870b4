"""Pots: uncalled bets, side pots, splits, odd chips, and every chip accounted for."""

from engine.config import Stakes
from engine.events import PotsAwarded
from engine.pots import Pot, build_pots, split_evenly, uncalled_bet
from engine.tests.hand_helpers import make_hand, play

ROYAL_BOARD = ["AhKhQhJhTh"]


def test_uncalled_chips_are_returned_when_the_round_ends():
    """ "Chips that nobody can call are returned to you when the betting round ends." """
    hand = make_hand("nlhe", [1000] * 3, button=1)
    play(hand, "1 raise 600", "2 fold", "3 fold")
    assert hand.finished
    assert hand.seat(1).stack == 1000 + 50 + 100
    assert uncalled_bet({1: 600, 2: 50, 3: 100}) == (1, 500)
    assert uncalled_bet({1: 100, 2: 100}) is None


def test_a_short_stack_can_only_win_what_it_matched():
    """ "When a player is all-in for less than the bets around them, they can only win the
    chips they actually matched. Everything above that goes into a side pot, contested
    only by the players who put it in." """
    assert build_pots({1: 100, 2: 300, 3: 300}, live={1, 2, 3}, all_in={1}) == [
        Pot(300, (1, 2, 3)),
        Pot(400, (2, 3)),
    ]


def test_folded_chips_stay_in_the_pots_they_reached():
    pots = build_pots({1: 100, 2: 300, 3: 300, 4: 200}, live={1, 2, 3}, all_in={1})
    assert pots == [Pot(400, (1, 2, 3)), Pot(500, (2, 3))]


def test_the_short_stack_wins_the_main_pot_and_the_side_pot_goes_to_the_best_of_the_rest():
    hand = make_hand(
        "nlhe",
        [300, 1000, 1000],
        button=1,
        holes={1: "AsAd", 2: "KsKd", 3: "QsQd"},
        boards=["2c7d9hJc3s"],
    )
    play(hand, "1 raise 300", "2 call", "3 call")  # seat 1 all-in
    play(hand, "2 bet 200", "3 call")
    play(hand, "2 check", "3 check", "2 check", "3 check")
    play(hand, "2 show", "3 show", "1 show")
    assert [(a.pot, a.shares) for a in hand.awards] == [(1, ((2, 400),)), (0, ((1, 900),))]
    assert [s.stack for s in hand.seats] == [900, 900, 500]


def test_side_pots_are_settled_before_the_main_pot():
    hand = make_hand("nlhe", [200, 500, 1000], button=1, holes={1: "AsAd", 2: "KsKd", 3: "QsQd"})
    play(hand, "1 raise 200", "2 raise 500", "3 call")
    awarded = next(e for e in hand.events if isinstance(e, PotsAwarded))
    assert [a.pot for a in awarded.awards] == [1, 0]


def test_ties_split_the_pot_equally():
    """ "Ties split the pot equally." """
    hand = make_hand("nlhe", [1000] * 2, button=1, boards=ROYAL_BOARD)
    play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3, "2 show", "1 show")
    assert [s.stack for s in hand.seats] == [1000, 1000]


def test_an_odd_chip_goes_to_the_first_winner_left_of_the_button():
    stakes = Stakes(small_blind=5, big_blind=10)
    hand = make_hand("nlhe", [1000] * 3, button=1, stakes=stakes, boards=ROYAL_BOARD)
    play(hand, "1 call", "2 fold", "3 check", *["3 check", "1 check"] * 3, "3 show", "1 show")
    assert hand.pot == 0
    # 25 in the pot: seat 3 is the first winner left of the button (seat 2 folded).
    assert hand.awards[0].shares == ((3, 13), (1, 12))
    assert split_evenly(25, [3, 1]) == {3: 13, 1: 12}


def test_chips_on_the_table_are_constant():
    hand = make_hand("nlhe", [300, 1000, 700], button=1)
    total = hand.chips_total
    for action in ("1 raise 300", "2 raise 900", "3 call"):
        play(hand, action)
        assert hand.chips_on_table() == total
    assert hand.finished
    assert sum(s.stack for s in hand.seats) == 2000
