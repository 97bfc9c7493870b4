"""The ace-to-five evaluator for Razz (engine.lowball) against the rule, written out the slow way.

"Seven Card Stud played for the lowest hand, ace to five: aces low, straights and flushes
ignored, no qualifier; the best hand is 5-4-3-2-A." (rules/beyond-holdem.md)
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.errors import InvalidCardError
from engine.lowball import ace_five_low, ace_five_of_ranks


def _reference_five(ranks: tuple[int, ...]) -> tuple:
    """Five aces-low ranks as a low: (how much it pairs, then its ranks by how often they come
    and then highest first); the smaller tuple is the better hand."""
    counts = Counter(ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    badness = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)].index(shape)
    return (badness, *sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def _reference(ranks: tuple[int, ...]) -> tuple:
    """The best of every five of the cards: the slow way the rule reads."""
    return min(_reference_five(five) for five in combinations(ranks, 5))


def _as_tuple(value: int) -> tuple:
    nibbles = [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    return (value >> 20, *(rank for rank in nibbles if rank))


def _rank_multisets(size: int):
    for ranks in combinations_with_replacement(range(1, 14), size):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


@pytest.mark.parametrize("size", [5, 6, pytest.param(7, marks=pytest.mark.slow)])
def test_every_rank_deal_of_five_to_seven_cards_matches_the_reference(size):
    """Suits never matter in Razz, so every multiset of ranks covers every hand there is."""
    checked = 0
    for ranks in _rank_multisets(size):
        assert _as_tuple(ace_five_of_ranks(ranks)) == _reference(ranks), ranks
        checked += 1
    assert checked > {5: 6000, 6: 18000, 7: 49000}[size]


def test_random_seven_card_hands_match_the_reference_and_name_the_five_that_play():
    rng = random.Random(57)
    for _ in range(5_000):
        cards = rng.sample(STANDARD_DECK, 7)
        value = ace_five_low(cards)
        ranks = tuple(1 if c.rank == 14 else c.rank for c in cards)
        assert _as_tuple(value) == _reference(ranks)
        assert len(value.cards) == 5 and set(value.cards) <= set(cards)
        assert ace_five_low(value.cards) == value


def low(text: str):
    return ace_five_low(parse_cards(text))


def test_the_wheel_is_the_best_hand_and_straights_and_flushes_are_ignored():
    """ "aces low, straights and flushes ignored ... the best hand is 5-4-3-2-A" """
    wheel = low("5h4h3h2hAh")
    assert wheel.ranks == (5, 4, 3, 2, 1)
    assert all(wheel <= ace_five_of_ranks(ranks) for ranks in _rank_multisets(5))
    assert low("6c5d4h3s2c") < low("7c5d4h3s2c")


def test_there_is_no_qualifier_and_pairs_count():
    """ "no qualifier": a king-high hand, or a pair, still plays; a pair loses to any no pair"""
    assert low("KcQdJhTs9c").ranks == (13, 12, 11, 10, 9)
    assert low("KcQdJhTs9c") < low("AcAd2h3s4c")
    assert low("AcAd2h3s4c") < low("2c2d3h4s5c")  # a pair of aces is the lowest pair
    assert low("2c2d3h3s4c") > low("KcKdQhJsTc")  # two pair loses to one pair


def test_the_best_five_of_seven_play():
    assert low("8c6d4h3sAcKdKh").ranks == (8, 6, 4, 3, 1)
    # Seven cards of four ranks make a pair at best: the lowest pair, with the other three.
    assert low("2c2d3h3s4c4dKh").ranks == (2, 13, 4, 3)
    assert low("2c2d3h3s4c4dKh").category == 1


@pytest.mark.parametrize("text", ["5h4h3h2h", "5h4h3h2hAhKcQcJc", "5h5h3h2hAh"])
def test_anything_but_five_to_seven_different_cards_is_refused(text):
    with pytest.raises(InvalidCardError):
        ace_five_low(parse_cards(text, distinct=False))
