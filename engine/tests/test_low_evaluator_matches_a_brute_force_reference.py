"""The eight-or-better low evaluator (engine.low) against the rule, written out the slow way.

"A low is five cards of different ranks, all eight or lower, aces low; straights and flushes do
not count against a low (5-4-3-2-A is the best low). Low hands compare from the highest card
down: 7-5-4-3-2 beats 8-4-3-2-A, and 8-6-4-3-2 beats 8-7-3-2-A. For the low too the hand uses
exactly two hole cards and three board cards." (rules/beyond-holdem.md)
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.errors import InvalidCardError
from engine.low import low_of_five, omaha_low, omaha_low_of_ranks


def _reference_low(five_ranks: tuple[int, ...]) -> tuple[int, ...] | None:
    """Five aces-low ranks as a low, highest first (comparable: smaller is better), or None."""
    if len(set(five_ranks)) != 5 or max(five_ranks) > 8:
        return None
    return tuple(sorted(five_ranks, reverse=True))


def _reference_omaha(hole: tuple[int, ...], board: tuple[int, ...]) -> tuple[int, ...] | None:
    lows = [
        low
        for pair in combinations(hole, 2)
        for three in combinations(board, 3)
        if (low := _reference_low(pair + three)) is not None
    ]
    return min(lows, default=None)


def _ranks_of_mask(mask: int) -> tuple[int, ...] | None:
    return tuple(rank for rank in range(8, 0, -1) if mask >> (rank - 1) & 1) or None


# Every hand's low depends only on its ranks, with 9 and up all alike (they never play): so
# every hole of 4 to 6 and board of 3 to 5 over the symbols A, 2..8 and "9" (any high card),
# each rank at most four times between them, covers every Omaha hand there is.
SYMBOLS = range(1, 10)


def _multisets(size: int) -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(SYMBOLS, size))


def _fits_a_deck(hole: tuple[int, ...], board: tuple[int, ...]) -> bool:
    counts: dict[int, int] = {}
    for rank in hole + board:
        counts[rank] = counts.get(rank, 0) + 1
    return all(count <= 4 or rank == 9 for rank, count in counts.items())


@pytest.mark.slow
def test_every_four_card_hole_and_five_card_board_of_ranks_matches_the_reference():
    """Exhaustive over ranks for Omaha's usual deal: 4 hole cards, a board of 5."""
    boards = _multisets(5)
    checked = 0
    for hole in _multisets(4):
        for board in boards:
            if not _fits_a_deck(hole, board):
                continue
            expected = _reference_omaha(hole, board)
            assert _ranks_of_mask(omaha_low_of_ranks(hole, board)) == expected, (hole, board)
            checked += 1
    assert checked > 500_000


@pytest.mark.parametrize(("hole_size", "board_size"), [(5, 3), (6, 4), (5, 5), (6, 5)])
def test_bigger_holes_and_shorter_boards_match_the_reference(hole_size, board_size):
    """The 5- and 6-card Omahas, and boards of the flop and turn, on random rank deals."""
    rng = random.Random(hole_size * 10 + board_size)
    for _ in range(5_000):
        ranks = rng.sample([r for r in range(1, 9) for _ in range(4)] + [9] * 20, hole_size + board_size)
        hole, board = tuple(ranks[:hole_size]), tuple(ranks[hole_size:])
        assert _ranks_of_mask(omaha_low_of_ranks(hole, board)) == _reference_omaha(hole, board)


def test_cards_give_the_same_low_as_their_ranks_and_name_five_cards_that_make_it():
    rng = random.Random(8)
    for _ in range(5_000):
        cards = rng.sample(STANDARD_DECK, 9)
        hole, board = cards[:4], cards[4:]
        low = omaha_low(hole, board)
        rank = [1 if c.rank == 14 else c.rank for c in cards]
        assert (low.ranks if low else None) == _reference_omaha(tuple(rank[:4]), tuple(rank[4:]))
        if low:
            assert len(set(low.cards) & set(hole)) == 2 and len(set(low.cards) & set(board)) == 3
            assert low_of_five(low.cards) == low


def test_the_wheel_is_the_best_low_and_lows_compare_from_the_highest_card_down():
    """ "5-4-3-2-A is the best low"; "7-5-4-3-2 beats 8-4-3-2-A, and 8-6-4-3-2 beats 8-7-3-2-A" """

    def low(text: str):
        return low_of_five(parse_cards(text))

    wheel = low("5c4d3h2sAc")
    assert wheel.description == "5-4-3-2-A"
    assert all(wheel <= low_of_five(five) for five in combinations(parse_cards("Ac2d3h4s5c6d7h8s"), 5))
    assert low("7c5d4h3s2c") < low("8c4d3h2sAd")
    assert low("8c6d4h3s2c") < low("8d7c3h2sAd")


def test_straights_and_flushes_do_not_count_against_a_low_and_pairs_or_nines_do_not_qualify():
    """ "five cards of different ranks, all eight or lower, aces low; straights and flushes do not
    count against a low" """
    assert low_of_five(parse_cards("5h4h3h2hAh")).description == "5-4-3-2-A"
    assert low_of_five(parse_cards("8c8d4h3s2c")) is None
    assert low_of_five(parse_cards("9c5d4h3s2c")) is None
    assert low_of_five(parse_cards("Kc5d4h3s2c")) is None


def test_a_card_given_twice_is_refused():
    with pytest.raises(InvalidCardError, match="twice"):
        omaha_low(parse_cards("As2d3c4h"), parse_cards("As5c6d"))
