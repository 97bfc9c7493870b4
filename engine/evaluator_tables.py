"""Lookup tables and the integer encoding behind `engine.evaluator`.

A hand's value is one int, bigger is stronger:

    bit 24       1 for short-deck values (values of the two rankings never meet)
    bits 20-23   strength: the category's place in the ranking (see STRENGTHS)
    bits 0-19    five rank nibbles (2..14), most significant first, that break ties
                 inside the category: a pair of jacks with A-9-4 is J, A, 9, 4, 0.

Each card has a key (CARD_KEYS, by Card.index). Summing the keys of up to 7 cards gives
in one addition chain:

    bits 48-99   one bit per card (Card.index): fewer bits than cards means a duplicate
    bits 16-47   sum of 5**rank_index: unique to the multiset of ranks (a rank appears
                 at most 4 times, so the base-5 digits never carry)
    bits 0-15    the number of cards of each suit, one nibble per suit

The tables are built from first principles the first time a ranking is used (about 0.2 s
for the standard ranking; `engine.evaluator` keeps them):

- ``plain``: rank-multiset key -> value of the best five cards when no flush is
  possible, for every multiset of 5, 6 or 7 ranks.
- ``flush``: the card bits of one suit shifted down to bit 0 (rank r at bit 4r, 5 to 7
  ranks) -> value of the best straight flush or flush in that suit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum, StrEnum
from itertools import combinations, combinations_with_replacement


class Ranking(StrEnum):
    """Which hand ranking applies."""

    STANDARD = "standard"
    SHORT_DECK = "short_deck"


class HandCategory(Enum):
    """The kind of five-card hand. Which beats which depends on the `Ranking`."""

    HIGH_CARD = "High card"
    PAIR = "Pair"
    TWO_PAIR = "Two pair"
    THREE_OF_A_KIND = "Three of a kind"
    STRAIGHT = "Straight"
    FLUSH = "Flush"
    FULL_HOUSE = "Full house"
    FOUR_OF_A_KIND = "Four of a kind"
    STRAIGHT_FLUSH = "Straight flush"
    ROYAL_FLUSH = "Royal flush"

    def __str__(self) -> str:
        return self.value


# Strength of each category per ranking. Short deck moves the flush above the full
# house; both flush strengths exist so a value alone names its category.
STRENGTHS: dict[Ranking, dict[HandCategory, int]] = {
    ranking: {
        HandCategory.HIGH_CARD: 1,
        HandCategory.PAIR: 2,
        HandCategory.TWO_PAIR: 3,
        HandCategory.THREE_OF_A_KIND: 4,
        HandCategory.STRAIGHT: 5,
        HandCategory.FLUSH: 8 if ranking is Ranking.SHORT_DECK else 6,
        HandCategory.FULL_HOUSE: 7,
        HandCategory.FOUR_OF_A_KIND: 9,
        HandCategory.STRAIGHT_FLUSH: 10,
        HandCategory.ROYAL_FLUSH: 11,
    }
    for ranking in Ranking
}
CATEGORY_OF_STRENGTH: dict[int, HandCategory] = {
    strength: category for table in STRENGTHS.values() for category, strength in table.items()
}
SHORT_DECK_FLAG = 1 << 24
ACE = 14
LOWEST_SHORT_DECK_INDEX = 16  # Card.index of 6c: the short deck has no 2s to 5s

FLUSH_TEST_ADD = 0x3333  # a suit nibble of 5 or more plus 3 reaches 8 ...
FLUSH_TEST_BITS = 0x8888  # ... and sets that nibble's top bit
FLUSH_SUIT_OF_BIT = {0x8: 0, 0x80: 1, 0x800: 2, 0x8000: 3}
RANK_KEY_SHIFT = 16
RANK_KEY_MASK = (1 << 32) - 1
CARD_BITS_SHIFT = 48
SUIT_SPREAD = sum(1 << 4 * rank_index for rank_index in range(13))  # one suit's bits in card order
SHORT_DECK_MISSING_CARDS = (1 << LOWEST_SHORT_DECK_INDEX) - 1

CARD_KEYS: tuple[int, ...] = tuple(
    (1 << CARD_BITS_SHIFT + index) | (5 ** (index >> 2) << RANK_KEY_SHIFT) | (1 << 4 * (index & 3))
    for index in range(52)
)
RANK_KEYS: tuple[int, ...] = tuple(5**rank_index for rank_index in range(13))


def encode(ranking: Ranking, category: HandCategory, ranks: tuple[int, ...]) -> int:
    """The value of a hand of this category whose tie-breaking ranks are `ranks`."""
    value = STRENGTHS[ranking][category]
    for position in range(5):
        value = value << 4 | (ranks[position] if position < len(ranks) else 0)
    return value | (SHORT_DECK_FLAG if ranking is Ranking.SHORT_DECK else 0)


def decode_ranks(value: int) -> tuple[int, ...]:
    """The tie-breaking rank nibbles of a value, without the trailing zeros."""
    nibbles = [(value >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    return tuple(rank for rank in nibbles if rank)


def straight_top(ranks: set[int] | frozenset[int], ranking: Ranking) -> int:
    """The top rank of the best straight among these ranks (5 for the wheel), or 0."""
    for top in range(ACE, 5, -1):
        if all(rank in ranks for rank in range(top - 4, top + 1)):
            return top
    if ACE in ranks:
        low_run = (6, 7, 8, 9) if ranking is Ranking.SHORT_DECK else (2, 3, 4, 5)
        if all(rank in ranks for rank in low_run):
            return low_run[-1]
    return 0


def classify_five_ranks(ranks: tuple[int, ...], ranking: Ranking) -> int:
    """Value of five cards of these ranks when they are not all one suit."""
    counts = Counter(ranks)
    # Most copies first, then highest rank: the order in which ranks break ties.
    order = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        return encode(ranking, HandCategory.FOUR_OF_A_KIND, order)
    if shape == [3, 2]:
        return encode(ranking, HandCategory.FULL_HOUSE, order)
    if shape[0] == 3:
        return encode(ranking, HandCategory.THREE_OF_A_KIND, order)
    if shape[:2] == [2, 2]:
        return encode(ranking, HandCategory.TWO_PAIR, order)
    if shape[0] == 2:
        return encode(ranking, HandCategory.PAIR, order)
    top = straight_top(frozenset(ranks), ranking)
    if top:
        return encode(ranking, HandCategory.STRAIGHT, (top,))
    return encode(ranking, HandCategory.HIGH_CARD, order)


def classify_flush(ranks: frozenset[int], ranking: Ranking) -> int:
    """Value of the best five of these (5 to 7) ranks, all in one suit."""
    top = straight_top(ranks, ranking)
    if top == ACE:
        return encode(ranking, HandCategory.ROYAL_FLUSH, (top,))
    if top:
        return encode(ranking, HandCategory.STRAIGHT_FLUSH, (top,))
    return encode(ranking, HandCategory.FLUSH, tuple(sorted(ranks, reverse=True)[:5]))


@dataclass(frozen=True, slots=True)
class RankingTables:
    ranking: Ranking
    plain: dict[int, int]
    flush: dict[int, int]
    missing_cards: int  # card bits of cards not in this ranking's deck


def build_tables(ranking: Ranking) -> RankingTables:
    ranks = tuple(range(6 if ranking is Ranking.SHORT_DECK else 2, ACE + 1))
    key_of_rank = [0, 0, *RANK_KEYS]  # by rank 2..14
    plain: dict[int, int] = {}
    for size in (5, 6, 7):
        # Hands come sorted, so a rank held 5 times shows as equal cards 4 places apart
        # (which needs a fifth suit); with 7 cards those places start at 0, 1 or 2.
        middle, last = size // 2 - 2, size - 5
        for hand in combinations_with_replacement(ranks, size):
            if hand[0] == hand[4] or hand[middle] == hand[middle + 4] or hand[last] == hand[last + 4]:
                continue
            key = sum(map(key_of_rank.__getitem__, hand))
            if size == 5:
                plain[key] = classify_five_ranks(hand, ranking)
            else:
                # The best five of n cards are the best five of some n - 1 of them.
                plain[key] = max(map(plain.__getitem__, [key - key_of_rank[r] for r in set(hand)]))
    flush: dict[int, int] = {}
    for size in (5, 6, 7):
        for suited in combinations(ranks, size):
            flush[sum(1 << 4 * (r - 2) for r in suited)] = classify_flush(frozenset(suited), ranking)
    missing = SHORT_DECK_MISSING_CARDS if ranking is Ranking.SHORT_DECK else 0
    return RankingTables(ranking, plain, flush, missing)
