"""The badugi evaluator (engine.badugi) against the rule, written out the slow way.

"The best badugi is four cards of four different suits and four different ranks, aces low; a
hand with a repeated suit or rank plays only its best set of different suits and ranks (a
three-card hand loses to any four-card badugi). Lowest hand wins; 4-3-2-A of four suits is the
best." (rules/beyond-holdem.md)
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import pytest

from engine.badugi import badugi, badugi_of_indices
from engine.cards import STANDARD_DECK, parse_cards
from engine.errors import InvalidCardError


def _reference(cards) -> tuple:
    """Every set of the cards with different suits and different ranks; the best is the one
    with most cards, then the lowest read from its highest card down. Smaller is better."""
    best = None
    for size in (4, 3, 2, 1):
        for chosen in combinations(cards, size):
            if len({c.suit for c in chosen}) == len({c.rank for c in chosen}) == size:
                ranks = sorted((1 if c.rank == 14 else c.rank for c in chosen), reverse=True)
                key = (4 - size, *ranks)
                best = key if best is None or key < best else best
        if best is not None:
            return best
    raise AssertionError("one card is always a set")


def _as_tuple(value) -> tuple:
    return (4 - value.size, *value.ranks)


@pytest.mark.slow
def test_every_four_card_hand_matches_the_reference():
    checked = 0
    for cards in combinations(STANDARD_DECK, 4):
        assert _as_tuple(badugi(cards)) == _reference(cards), cards
        checked += 1
    assert checked == 270_725


def test_random_hands_match_the_reference_in_value_and_order():
    rng = random.Random(4)
    hands = [tuple(rng.sample(STANDARD_DECK, 4)) for _ in range(20_000)]
    pairs = sorted((badugi(hand), _reference(hand)) for hand in hands)
    for value, reference in pairs:
        assert _as_tuple(value) == reference
    for (value, reference), (next_value, next_reference) in pairwise(pairs):
        assert (value < next_value) == (reference < next_reference)


def test_the_cards_that_play_make_the_value():
    rng = random.Random(44)
    for _ in range(3_000):
        cards = rng.sample(STANDARD_DECK, 4)
        value = badugi(cards)
        assert len(value.cards) == value.size
        assert len({c.suit for c in value.cards}) == len({c.rank for c in value.cards}) == value.size
        assert badugi_of_indices([c.index for c in cards]) == value


def hand(text: str):
    return badugi(parse_cards(text))


def test_four_three_two_ace_of_four_suits_is_the_best():
    """ "4-3-2-A of four suits is the best" """
    best = hand("4c3d2hAs")
    assert best.size == 4 and best.ranks == (4, 3, 2, 1)
    assert all(best <= badugi(cards) for cards in combinations(parse_cards("AcAs2c2h3d3h4s4d5c5h"), 4))
    assert hand("4c3d2hAc").size == 3  # a repeated suit: not a badugi


def test_a_three_card_hand_loses_to_any_four_card_badugi():
    """ "a three-card hand loses to any four-card badugi" """
    assert hand("KcQdJhTs") < hand("3c2dAhAs")
    assert hand("3c2dAhKh").ranks == (3, 2, 1)  # the repeated suit: the king does not play


def test_a_repeated_rank_or_suit_plays_only_the_best_set():
    """ "a hand with a repeated suit or rank plays only its best set of different suits and ranks" """
    assert hand("AcAd2c3h").ranks == (3, 2, 1)  # Ad 2c 3h
    assert hand("5c6c7c8c").ranks == (5,)  # one suit: the lowest card alone
    assert hand("AcAdAhAs").ranks == (1,)
    assert hand("2c3c4d5d").ranks == (4, 2)  # two suits: 4d 2c beat 5d 2c and 4d 3c
    assert hand("7c5d4h3h") > hand("7c6d4h3s")


def test_lower_badugis_compare_from_the_top_card_down():
    assert hand("7c4d3h2s") < hand("7c5d3h2s") < hand("8cAd2h3s")


@pytest.mark.parametrize("text", ["4c3d2h", "4c3d2hAsKs", "4c4c2hAs"])
def test_anything_but_four_different_cards_is_refused(text):
    with pytest.raises(InvalidCardError):
        badugi(parse_cards(text, distinct=False))
