"""A deliberately simple, slow hand ranker used only to check the fast evaluator.

It shares no code or tables with engine.evaluator: it looks at five cards the way a
person would, and takes the best of every five-card choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from engine.cards import Card

STANDARD_ORDER = [
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
]  # fmt: skip
# "A flush beats a full house." (holdem-variants-nl-fl-shortdeck-bombpot.txt, Short Deck)
SHORT_DECK_ORDER = [
    "high card", "pair", "two pair", "three of a kind", "straight",
    "full house", "flush", "four of a kind", "straight flush",
]  # fmt: skip


def five_card_kind(cards: Sequence[Card], short_deck: bool = False) -> tuple[str, list[int]]:
    """The category name and the ranks that break ties, highest first."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    distinct = sorted(set(ranks), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif not short_deck and distinct == [14, 5, 4, 3, 2]:
            top = 5
        elif short_deck and distinct == [14, 9, 8, 7, 6]:
            top = 9
    groups = sorted(((ranks.count(r), r) for r in distinct), reverse=True)
    shape = [count for count, _ in groups]
    order = [rank for _, rank in groups]
    if top and flush:
        return "straight flush", [top]
    if shape[0] == 4:
        return "four of a kind", order
    if shape == [3, 2]:
        return "full house", order
    if flush:
        return "flush", order
    if top:
        return "straight", [top]
    if shape[0] == 3:
        return "three of a kind", order
    if shape[:2] == [2, 2]:
        return "two pair", order
    if shape[0] == 2:
        return "pair", order
    return "high card", order


def reference_key(cards: Sequence[Card], short_deck: bool = False) -> tuple[int, list[int]]:
    """A comparable key for the best five of these cards (bigger is better)."""
    order = SHORT_DECK_ORDER if short_deck else STANDARD_ORDER
    best = None
    for five in combinations(cards, 5):
        kind, ties = five_card_kind(five, short_deck)
        key = (order.index(kind), ties)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


def reference_omaha_key(hole: Sequence[Card], board: Sequence[Card], short_deck: bool = False):
    """Best key using exactly two hole cards and exactly three board cards."""
    return max(
        reference_key(pair + three, short_deck)
        for pair in combinations(hole, 2)
        for three in combinations(board, 3)
    )
