"""Low hands, eight or better, aces low (the low half of Omaha hi-lo and of Stud hi-lo).

"A low is five cards of different ranks, all eight or lower, aces low; straights and flushes
do not count against a low (5-4-3-2-A is the best low). Low hands compare from the highest
card down: 7-5-4-3-2 beats 8-4-3-2-A, and 8-6-4-3-2 beats 8-7-3-2-A."

>>> from engine.cards import parse_cards
>>> low = omaha_low(parse_cards("As2dKhKs"), parse_cards("4c6h8dQsJc"))
>>> low.description
'8-6-4-2-A'
>>> omaha_low(parse_cards("As2dKhKs"), parse_cards("4c6h9dQsJc")) is None
True
>>> low < omaha_low(parse_cards("As2dKhKs"), parse_cards("4c7h8dQsJc"))  # 8-6-... beats 8-7-...
True
>>> any_five_low(parse_cards("As2dKhKs4c6h8d")).description  # stud: any five of the seven
'8-6-4-2-A'

A `LowValue` is an int, and the *smaller* one is the better low: bit r - 1 stands for rank r
(the ace is 1), so five different ranks make a five-bit mask, and comparing two masks as ints
compares the two hands from their highest card down (the highest rank where they differ is in
one mask and not the other). No hand means no qualifying low: `None`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.cards import Card, checked_hand
from engine.errors import InvalidCardError

__all__ = [
    "LowValue",
    "any_five_low",
    "any_five_low_of_ranks",
    "low_of_five",
    "low_rank",
    "omaha_low",
    "omaha_low_of_ranks",
]

EIGHT = 8
_RANK_TEXT = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8"}


def low_rank(card: Card) -> int:
    """The card's rank for a low: the ace is 1, the others as printed (in an eight-or-better low
    9 and up never play; ace-to-five lows play them all)."""
    return 1 if card.rank == 14 else card.rank


class LowValue(int):
    """A qualifying low: smaller is better. `.ranks` high to low (8, 6, 4, 3, 1); `.description`
    as a player reads it ("8-6-4-3-A"); `.cards` the five cards, when made from cards."""

    cards: tuple[Card, ...] = ()

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(rank for rank in range(EIGHT, 0, -1) if self >> (rank - 1) & 1)

    @property
    def description(self) -> str:
        return "-".join(_RANK_TEXT[rank] for rank in self.ranks)

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        return f"<LowValue {self.description}>"


def _mask_of_ranks(ranks: Iterable[int]) -> int:
    mask = 0
    for rank in ranks:
        if rank <= EIGHT:
            mask |= 1 << (rank - 1)
    return mask


def _lowest_bits(mask: int, count: int) -> int:
    """The `count` lowest set bits of `mask` (0 if it has fewer)."""
    chosen = 0
    for _ in range(count):
        if not mask:
            return 0
        bit = mask & -mask
        chosen |= bit
        mask ^= bit
    return chosen


def omaha_low_of_ranks(hole: Sequence[int], board: Sequence[int]) -> int:
    """The best low mask of exactly two of the `hole` ranks and three of the `board` ranks (aces
    as 1), 0 when none qualifies: the fast entry point (ranks are not checked).

    The best three board ranks to add to a pair of hole ranks are always the three lowest left
    once the pair's ranks are taken out: each of them is at most the rank it replaces, so the
    five cards are lower or equal from the top down.
    """
    board_mask = _mask_of_ranks(board)
    if board_mask.bit_count() < 3:
        return 0
    hole_mask = _mask_of_ranks(hole)
    best = 0
    pair_bits = [1 << bit for bit in range(EIGHT) if hole_mask >> bit & 1]
    for first, second in combinations(pair_bits, 2):
        pair = first | second
        three = _lowest_bits(board_mask & ~pair, 3)
        if three and (not best or pair | three < best):
            best = pair | three
    return best


def low_of_five(cards: Sequence[Card]) -> LowValue | None:
    """The low five cards make, None unless they are five different ranks, eight or lower."""
    mask = _mask_of_ranks(low_rank(card) for card in cards)
    if len(cards) != 5 or mask.bit_count() != 5:
        return None
    value = LowValue(mask)
    value.cards = tuple(sorted(cards, key=low_rank, reverse=True))
    return value


def omaha_low(hole: Iterable[Card], board: Iterable[Card]) -> LowValue | None:
    """The best eight-or-better low of exactly two of the hole cards and three of the board
    cards, None when no such five qualify. "For the low too the hand uses exactly two hole
    cards and three board cards." Raises InvalidCardError for a card given twice."""
    hole, board = tuple(hole), tuple(board)
    if not all(isinstance(c, Card) for c in hole + board):
        raise InvalidCardError("Omaha hole cards and board must be cards")
    if len({c.index for c in hole + board}) != len(hole + board):
        raise InvalidCardError("A card appears twice in an Omaha hand")
    mask = omaha_low_of_ranks([low_rank(c) for c in hole], [low_rank(c) for c in board])
    if not mask:
        return None
    value = LowValue(mask)
    value.cards = _cards_for(mask, hole, board)
    return value


def _cards_for(mask: int, hole: tuple[Card, ...], board: tuple[Card, ...]) -> tuple[Card, ...]:
    """Two hole cards and three board cards whose ranks are the mask's, highest first."""
    for pair in combinations(hole, 2):
        for three in combinations(board, 3):
            five = pair + three
            if _mask_of_ranks(low_rank(c) for c in five) == mask:
                return tuple(sorted(five, key=low_rank, reverse=True))
    raise AssertionError("no five cards make this low")  # unreachable for a made mask


def any_five_low_of_ranks(ranks: Sequence[int]) -> int:
    """The best low mask of any five of these ranks (aces as 1), 0 when none qualifies: the
    fast entry point for Stud hi-lo ("any five of the seven cards for each half"). With any five
    allowed, the best low is simply the five lowest different ranks, eight or lower."""
    return _lowest_bits(_mask_of_ranks(ranks), 5)


def any_five_low(cards: Iterable[Card]) -> LowValue | None:
    """The best eight-or-better low of any five of 5 to 7 cards (Stud hi-lo's low half), None
    when no five qualify. Raises InvalidCardError for a card given twice or a wrong count."""
    hand = checked_hand(cards, 5, 7, "A stud hand is 5 to 7 different cards")
    mask = any_five_low_of_ranks([low_rank(c) for c in hand])
    if not mask:
        return None
    value = LowValue(mask)
    chosen: dict[int, Card] = {}
    for card in sorted(hand, key=lambda c: c.index, reverse=True):
        rank = low_rank(card)
        if mask >> (rank - 1) & 1:
            chosen.setdefault(rank, card)
    value.cards = tuple(chosen[rank] for rank in value.ranks)
    return value
