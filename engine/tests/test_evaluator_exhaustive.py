"""Golden tests: every five-card hand of both decks, counted by category.

The expected counts come from combinatorics (computed below from the number of ranks
and of straights), never from the evaluator itself.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

from engine.cards import SHORT_DECK, STANDARD_DECK
from engine.evaluator import HandCategory, Ranking, tables_for, value_of_indices
from engine.evaluator_tables import CATEGORY_OF_STRENGTH, STRENGTHS

C = HandCategory


def expected_counts(ranks: int, straights: int) -> dict[HandCategory, int]:
    """Five-card hands of each category from `ranks` ranks in 4 suits with `straights`
    straight sequences (10 in the standard deck; 6 in the short deck, A-6-7-8-9 to T-A)."""
    rank_sets = comb(ranks, 5)
    return {
        C.ROYAL_FLUSH: 4,
        C.STRAIGHT_FLUSH: 4 * straights - 4,
        C.FOUR_OF_A_KIND: ranks * (ranks - 1) * 4,
        C.FULL_HOUSE: ranks * 4 * (ranks - 1) * 6,
        C.FLUSH: 4 * (rank_sets - straights),
        C.STRAIGHT: straights * (4**5 - 4),
        C.THREE_OF_A_KIND: ranks * 4 * comb(ranks - 1, 2) * 4**2,
        C.TWO_PAIR: comb(ranks, 2) * 6**2 * (ranks - 2) * 4,
        C.PAIR: ranks * 6 * comb(ranks - 1, 3) * 4**3,
        C.HIGH_CARD: (rank_sets - straights) * (4**5 - 4),
    }


def expected_distinct_values(ranks: int, straights: int) -> int:
    """Hands that differ only in suits are equal, so count rank patterns."""
    return (
        straights  # straight flushes, royal included
        + ranks * (ranks - 1) * 2  # four of a kind + kicker; full house
        + (comb(ranks, 5) - straights) * 2  # flush; high card
        + straights
        + ranks * comb(ranks - 1, 2)
        + comb(ranks, 2) * (ranks - 2)
        + ranks * comb(ranks - 1, 3)
    )


def test_the_expected_counts_are_the_published_ones():
    """Sanity check of the formulas against the well-known 52-card table."""
    counts = expected_counts(13, 10)
    assert counts[C.STRAIGHT_FLUSH] + counts[C.ROYAL_FLUSH] == 40
    assert counts[C.FULL_HOUSE] == 3744 and counts[C.HIGH_CARD] == 1302540
    assert sum(counts.values()) == comb(52, 5) == 2598960
    assert expected_distinct_values(13, 10) == 7462
    assert sum(expected_counts(9, 6).values()) == comb(36, 5) == 376992


@pytest.mark.slow
@pytest.mark.parametrize(
    ("ranking", "deck", "ranks", "straights"),
    [(Ranking.STANDARD, STANDARD_DECK, 13, 10), (Ranking.SHORT_DECK, SHORT_DECK, 9, 6)],
)
def test_every_five_card_hand_is_counted_in_the_right_category(ranking, deck, ranks, straights):
    indices, tables = [c.index for c in deck], tables_for(ranking)
    values = Counter(value_of_indices(hand, tables) for hand in combinations(indices, 5))
    assert len(values) == expected_distinct_values(ranks, straights)
    by_category: Counter[HandCategory] = Counter()
    for found, times in values.items():
        by_category[CATEGORY_OF_STRENGTH[(found >> 20) & 0xF]] += times
    assert dict(by_category) == expected_counts(ranks, straights)
    # Sorted by value, the categories come in the ranking's order, each in one block.
    blocks = [CATEGORY_OF_STRENGTH[(v >> 20) & 0xF] for v in sorted(values)]
    order = [c for i, c in enumerate(blocks) if i == 0 or blocks[i - 1] is not c]
    assert order == sorted(STRENGTHS[ranking], key=STRENGTHS[ranking].__getitem__)
