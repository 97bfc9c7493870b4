"""Stud hi-lo's low half (engine.low.any_five_low) against the rule, written out the slow way.

"Stud hi-lo eight or better: as stud, the pot split high and low as in Omaha hi-lo, any five of
the seven cards for each half"; "A low is five cards of different ranks, all eight or lower,
aces low; straights and flushes do not count against a low" (rules/beyond-holdem.md).
"""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.errors import InvalidCardError
from engine.low import any_five_low, any_five_low_of_ranks, low_of_five


def _reference(ranks: tuple[int, ...]) -> tuple[int, ...] | None:
    lows = [
        tuple(sorted(five, reverse=True))
        for five in combinations(ranks, 5)
        if len(set(five)) == 5 and max(five) <= 8
    ]
    return min(lows, default=None)


def _ranks_of_mask(mask: int) -> tuple[int, ...] | None:
    return tuple(rank for rank in range(8, 0, -1) if mask >> (rank - 1) & 1) or None


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_rank_deal_matches_the_reference(size):
    """Ranks 9 and up never play, so A, 2..8 and one symbol for "nine or higher" cover every hand."""
    for ranks in combinations_with_replacement(range(1, 10), size):
        if any(ranks.count(rank) > 4 for rank in range(1, 9)):
            continue
        assert _ranks_of_mask(any_five_low_of_ranks(ranks)) == _reference(ranks), ranks


def test_cards_name_five_that_make_the_low():
    rng = random.Random(78)
    for _ in range(5_000):
        cards = rng.sample(STANDARD_DECK, 7)
        low = any_five_low(cards)
        ranks = tuple(1 if c.rank == 14 else c.rank for c in cards)
        assert (low.ranks if low else None) == _reference(ranks)
        if low:
            assert set(low.cards) <= set(cards) and low_of_five(low.cards) == low


def test_a_seven_card_hand_without_five_low_ranks_has_no_low():
    assert any_five_low(parse_cards("AcAd2h2s3c9dKh")) is None
    assert any_five_low(parse_cards("8c7d6h5s4cKdKh")).description == "8-7-6-5-4"


def test_a_card_given_twice_or_too_many_cards_are_refused():
    with pytest.raises(InvalidCardError):
        any_five_low(parse_cards("AcAc2h3s4c", distinct=False))
    with pytest.raises(InvalidCardError):
        any_five_low(parse_cards("Ac2d3h4s5c6d7h8s"))
