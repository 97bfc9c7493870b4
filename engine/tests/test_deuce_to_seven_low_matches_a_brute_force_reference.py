"""The deuce-to-seven evaluator (engine.lowball) against the rule, written out the slow way.

"Lowest hand wins, deuce to seven: aces are high, straights and flushes count against you; the
best hand is 7-5-4-3-2 of more than one suit." (rules/beyond-holdem.md)
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise

import pytest

from engine.cards import STANDARD_DECK, parse_cards
from engine.errors import InvalidCardError
from engine.lowball import deuce_seven_low


def _reference(cards) -> tuple:
    """A five-card hand's place as a high hand with aces only high: a bigger tuple is a
    stronger high hand, so the *smaller* is the better 2-7 low."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4  # no wheel: the ace is high only
    if straight and flush:
        return (8, ranks[0])
    if shape == [4, 1]:
        return (7, *by_count)
    if shape == [3, 2]:
        return (6, *by_count)
    if flush:
        return (5, *ranks)
    if straight:
        return (4, ranks[0])
    if shape == [3, 1, 1]:
        return (3, *by_count)
    if shape == [2, 2, 1]:
        return (2, *by_count)
    if shape == [2, 1, 1, 1]:
        return (1, *by_count)
    return (0, *ranks)


def _hands_of_every_kind():
    """One hand for every rank multiset (suits mixed), and one flush for every five ranks: every
    2-7 hand there is, up to suits that do not matter."""
    for ranks in combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        used: Counter = Counter()
        cards = []
        for rank in ranks:
            cards.append(next(c for c in STANDARD_DECK if c.rank == rank and c.suit == "cdhs"[used[rank]]))
            used[rank] += 1
        if len({c.suit for c in cards}) == 1:  # five different ranks all landed in clubs: mix one
            cards[0] = next(c for c in STANDARD_DECK if c.rank == cards[0].rank and c.suit == "d")
        yield tuple(cards)
    for ranks in combinations(range(2, 15), 5):
        yield tuple(next(c for c in STANDARD_DECK if c.rank == rank and c.suit == "h") for rank in ranks)


def _assert_same_order(hands) -> int:
    """Ours and the reference put the hands in the same order, with the same ties."""
    pairs = sorted((deuce_seven_low(hand), _reference(hand)) for hand in hands)
    for (value, reference), (next_value, next_reference) in pairwise(pairs):
        assert (value == next_value) == (reference == next_reference), (value, next_value)
        assert reference <= next_reference, (value, next_value)
    return len(pairs)


def test_every_kind_of_hand_is_ordered_as_the_reference_orders_it():
    assert _assert_same_order(list(_hands_of_every_kind())) == 6175 + 1287


def test_random_hands_are_ordered_as_the_reference_orders_them():
    rng = random.Random(27)
    assert _assert_same_order([tuple(rng.sample(STANDARD_DECK, 5)) for _ in range(20_000)]) == 20_000


def low(text: str):
    return deuce_seven_low(parse_cards(text))


def test_seven_five_of_more_than_one_suit_is_the_best_hand():
    """ "the best hand is 7-5-4-3-2 of more than one suit" """
    best = low("7c5d4h3s2c")
    every_kind = [deuce_seven_low(hand) for hand in _hands_of_every_kind()]
    assert best == min(every_kind)
    assert all(value > best for value in every_kind if value.ranks != (7, 5, 4, 3, 2))
    assert low("7c5c4c3c2c") > low("Kc Qd Jh 9s 8c")  # a flush: the same ranks suited lose


def test_aces_are_high_and_a_five_high_run_with_an_ace_is_not_a_straight():
    """ "aces are high" """
    assert low("Ac5d4h3s2c").ranks == (14, 5, 4, 3, 2)
    assert low("Ac5d4h3s2c").category.value == "High card"
    assert low("Kc Qd Jh Ts 8c") < low("Ac5d4h3s2c")
    assert low("Ac5d4h3s2c") < low("2c2d3h4s5c")  # still no pair: beats any pair


def test_straights_and_flushes_count_against_you():
    """ "straights and flushes count against you" """
    assert low("8c7d6h5s4c") > low("Ac Ad Kh Qs Jc")  # a straight loses to a pair of aces
    assert low("8h6h4h3h2h") > low("Ac Kd Kh Ks Jc")  # a flush loses to three kings
    assert low("7c6d5h4s3c").category.value == "Straight"


def test_lower_hands_compare_from_the_top_card_down():
    assert low("8c5d4h3s2c") < low("8c6d4h3s2c") < low("8c6d5h3s2c") < low("9c5d4h3s2c")


@pytest.mark.parametrize("text", ["7c5d4h3s", "7c5d4h3s2c9d", "7c7c4h3s2c"])
def test_anything_but_five_different_cards_is_refused(text):
    with pytest.raises(InvalidCardError):
        deuce_seven_low(parse_cards(text, distinct=False))
