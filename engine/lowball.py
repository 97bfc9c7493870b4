"""Low hands for the lowball games: deuce-to-seven (the draw games) and ace-to-five (Razz).

Deuce to seven: "Lowest hand wins, deuce to seven: aces are high, straights and flushes count
against you; the best hand is 7-5-4-3-2 of more than one suit." So a 2-7 hand is the ordinary
poker hand read upside down, except that an ace is only ever high: A-5-4-3-2 is ace high, not a
straight (a straight's ace would be low).

Ace to five: "Seven Card Stud played for the lowest hand, ace to five: aces low, straights and
flushes ignored, no qualifier; the best hand is 5-4-3-2-A." Pairs still count: any no-pair hand
beats any pair, a pair beats two pair, and so on.

>>> from engine.cards import parse_cards
>>> deuce_seven_low(parse_cards("7c5d4h3s2c")) < deuce_seven_low(parse_cards("8c5d4h3s2c"))
True
>>> deuce_seven_low(parse_cards("Ac5d4h3s2c")).ranks   # ace high, not a wheel
(14, 5, 4, 3, 2)
>>> ace_five_low(parse_cards("8c6d4h3sAcKdKh")).ranks
(8, 6, 4, 3, 1)

Both values are ints and the *smaller* one is the better hand, as for `engine.low.LowValue`, so
a showdown takes `min` of the hands in any of the low games. A value is made of a category (how
the hand pairs, and for 2-7 whether it is a straight or flush) above five rank nibbles, most
significant first, so comparing the ints compares the hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import combinations

from engine.cards import Card, checked_hand
from engine.evaluator import tables_for, value_of_indices
from engine.evaluator_tables import CATEGORY_OF_STRENGTH, HandCategory, RankingTables, decode_ranks
from engine.low import low_rank

__all__ = [
    "AceFiveCategory",
    "AceFiveValue",
    "DeuceSevenValue",
    "ace_five_low",
    "ace_five_of_ranks",
    "deuce_seven_low",
    "deuce_seven_of_indices",
]

_new_int = int.__new__

# --- deuce to seven -------------------------------------------------------------------------

# The standard evaluator's encoding: strength in bits 20-23, five rank nibbles below.
_STRAIGHT, _FLUSH, _STRAIGHT_FLUSH, _HIGH_CARD = 5, 6, 10, 1
_WHEEL_TOP = 5
_ACE_FIVE_RANKS = (14 << 16) | (5 << 12) | (4 << 8) | (3 << 4) | 2


class DeuceSevenValue(int):
    """A 2-7 hand: smaller is better. It is the hand's ordinary high-hand value (aces high),
    with A-5-4-3-2 read as ace high instead of a straight; `.category` and `.ranks` (most
    significant first: a pair of threes with K-9-4 is 3, 13, 9, 4) read it back."""

    cards: tuple[Card, ...] = ()

    @property
    def category(self) -> HandCategory:
        return CATEGORY_OF_STRENGTH[(self >> 20) & 0xF]

    @property
    def ranks(self) -> tuple[int, ...]:
        return decode_ranks(self)

    def __repr__(self) -> str:
        return f"<DeuceSevenValue {self.category.value} {self.ranks}>"


def deuce_seven_of_indices(indices: Sequence[int]) -> int:
    """The fast entry point (replays, equity): the 2-7 value of five distinct card indices (not
    checked). One look-up in the standard evaluator's tables, then the one hand where 2-7
    differs from it: "aces are high", so A-5-4-3-2 is no straight."""
    value = value_of_indices(indices, _standard_tables())
    strength = value >> 20 & 0xF
    if (strength in (_STRAIGHT, _STRAIGHT_FLUSH)) and (value >> 16 & 0xF) == _WHEEL_TOP:
        return ((_HIGH_CARD if strength == _STRAIGHT else _FLUSH) << 20) | _ACE_FIVE_RANKS
    return value


def deuce_seven_low(cards: Iterable[Card]) -> DeuceSevenValue:
    """The 2-7 value of a five-card draw hand. A draw hand is always exactly five cards ("five
    cards face down to each player"), so there is no best five to choose. Raises
    InvalidCardError for anything but five different cards."""
    hand = checked_hand(cards, 5, 5, "A deuce-to-seven hand is five different cards")
    value = _new_int(DeuceSevenValue, deuce_seven_of_indices([c.index for c in hand]))
    value.cards = tuple(sorted(hand, key=lambda c: c.index, reverse=True))
    return value


def _standard_tables() -> RankingTables:
    """The standard ranking's tables, fetched once (they are built on first use)."""
    global _TABLES
    if _TABLES is None:
        _TABLES = tables_for("standard")
    return _TABLES


_TABLES: RankingTables | None = None

# --- ace to five ----------------------------------------------------------------------------


class AceFiveCategory:
    """How an ace-to-five hand pairs, best first (the category nibble of an `AceFiveValue`)."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5


class AceFiveValue(int):
    """An ace-to-five hand: smaller is better. `.category` (an `AceFiveCategory` number),
    `.ranks` (aces as 1, most significant first: 8-6-4-3-A is 8, 6, 4, 3, 1; a pair of twos with
    8-6-4 is 2, 8, 6, 4) and, when made from cards, `.cards` the five that play (worked out only
    when asked: a showdown compares values, only its words name cards)."""

    _hand: tuple[Card, ...] = ()

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return _cards_for(self, self._hand) if self._hand else ()

    @property
    def category(self) -> int:
        return self >> 20

    @property
    def ranks(self) -> tuple[int, ...]:
        nibbles = [(self >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
        return tuple(rank for rank in nibbles if rank)

    def __repr__(self) -> str:
        return f"<AceFiveValue {self.category} {self.ranks}>"


def _pack(category: int, ranks: Sequence[int]) -> int:
    value = category
    for position in range(5):
        value = value << 4 | (ranks[position] if position < len(ranks) else 0)
    return value


def ace_five_of_ranks(ranks: Sequence[int]) -> int:
    """The ace-to-five value of the best five of 5 to 7 ranks (aces as 1; not checked).

    Worked out from how often each rank comes, not by trying the 21 fives of seven: the best
    hand pairs as little as it can, so it plays as many different ranks as there are (at most
    five), the lowest of them, and takes the cards it must repeat from the lowest ranks that
    have them; the exhaustive test checks this against trying every five.
    """
    counts = [0] * 14
    for rank in ranks:
        counts[rank] += 1
    distinct = [rank for rank in range(1, 14) if counts[rank]]
    kinds = len(distinct)
    if kinds >= 5:
        return _pack(AceFiveCategory.NO_PAIR, distinct[4::-1])
    if kinds == 4:
        pair = next(rank for rank in distinct if counts[rank] >= 2)
        kickers = [rank for rank in reversed(distinct) if rank != pair]
        return _pack(AceFiveCategory.PAIR, [pair, *kickers])
    if kinds == 3:
        pairs = [rank for rank in distinct if counts[rank] >= 2]
        if len(pairs) >= 2:
            low, high = pairs[0], pairs[1]
            kicker = next(rank for rank in distinct if rank not in (low, high))
            return _pack(AceFiveCategory.TWO_PAIR, [high, low, kicker])
        trips = next(rank for rank in distinct if counts[rank] >= 3)
        kickers = [rank for rank in reversed(distinct) if rank != trips]
        return _pack(AceFiveCategory.THREE_OF_A_KIND, [trips, *kickers])
    # Two ranks among five or more cards: a full house if it can be made, else four of a kind.
    low, high = distinct
    if counts[low] >= 3 and counts[high] >= 2:
        return _pack(AceFiveCategory.FULL_HOUSE, [low, high])
    if counts[high] >= 3 and counts[low] >= 2:
        return _pack(AceFiveCategory.FULL_HOUSE, [high, low])
    quads = low if counts[low] == 4 else high
    return _pack(AceFiveCategory.FOUR_OF_A_KIND, [quads, high if quads == low else low])


def ace_five_low(cards: Iterable[Card]) -> AceFiveValue:
    """The best ace-to-five hand of any five of these 5 to 7 cards (Razz: "aces low, straights
    and flushes ignored, no qualifier"). Raises InvalidCardError for a card given twice or
    fewer than five or more than seven cards."""
    hand = checked_hand(cards, 5, 7, "A razz hand is 5 to 7 different cards")
    value = _new_int(AceFiveValue, ace_five_of_ranks([low_rank(c) for c in hand]))
    value._hand = hand
    return value


def _cards_for(value: int, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """Five of the cards that make the value, in the order its ranks name them."""
    for five in combinations(hand, 5):
        low_ranks = [low_rank(c) for c in five]
        if ace_five_of_ranks(low_ranks) == value:
            return tuple(sorted(five, key=lambda c: (-low_ranks.count(low_rank(c)), -low_rank(c))))
    raise AssertionError("no five cards make this value")  # unreachable for a made value
