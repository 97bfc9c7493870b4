"""Badugi hands: four cards, the lowest hand of different suits and different ranks wins.

"The best badugi is four cards of four different suits and four different ranks, aces low; a
hand with a repeated suit or rank plays only its best set of different suits and ranks (a
three-card hand loses to any four-card badugi). Lowest hand wins; 4-3-2-A of four suits is the
best." (rules/beyond-holdem.md)

>>> from engine.cards import parse_cards
>>> badugi(parse_cards("4c3d2hAs")).ranks
(4, 3, 2, 1)
>>> three = badugi(parse_cards("AcAd2h3s"))   # the two aces: only one of them plays
>>> three.size, three.ranks
(3, (3, 2, 1))
>>> badugi(parse_cards("KcQdJhTs")) < three   # any four-card badugi beats any three-card hand
True

A `BadugiValue` is an int and the *smaller* one is the better hand, as for the other lows: the
number of cards missing from a four-card badugi sits above a mask of the playing ranks (bit
r - 1 for rank r, the ace 1, the king 13), so fewer cards lose first, and between hands of the
same size comparing the masks compares the hands from their highest card down.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property

from engine.cards import Card, checked_hand

__all__ = ["BadugiValue", "badugi", "badugi_of_indices"]

_RANK_BITS = 13
_new_int = int.__new__

# The subsets of four card positions, largest first: the first size with a valid subset wins.
_SUBSETS_BY_SIZE: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((0, 1, 2, 3),),
    ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)),
    ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)),
)


class BadugiValue(int):
    """A badugi hand: smaller is better. `.size` (how many cards play, 1 to 4), `.ranks` (aces
    as 1, highest first) and, when made from cards, `.cards` the cards that play (worked out
    only when asked: a showdown compares values, only its words name cards)."""

    _hand: tuple[Card, ...] = ()

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        return _playing_cards(self, self._hand) if self._hand else ()

    @property
    def size(self) -> int:
        return 4 - (self >> _RANK_BITS)

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(rank for rank in range(13, 0, -1) if self >> (rank - 1) & 1)

    def __repr__(self) -> str:
        return f"<BadugiValue {self.size} cards {self.ranks}>"


def _rank_bit(index: int) -> int:
    """The rank bit of a card index (Card.index is rank-major from the deuce; the ace is 1)."""
    rank = (index >> 2) + 2
    return 1 << (0 if rank == 14 else rank - 1)


_RANK_BIT_OF_INDEX = tuple(_rank_bit(index) for index in range(52))
_SUIT_BIT_OF_INDEX = tuple(1 << (index & 3) for index in range(52))


def badugi_of_indices(indices: Sequence[int]) -> int:
    """The fast entry point (replays, equity): the value of four distinct card indices (not
    checked). The largest set of different suits and ranks plays; among the sets of that size,
    the lowest."""
    ranks = [_RANK_BIT_OF_INDEX[index] for index in indices]
    suits = [_SUIT_BIT_OF_INDEX[index] for index in indices]
    rank_mask = ranks[0] | ranks[1] | ranks[2] | ranks[3]
    if rank_mask.bit_count() == 4 and (suits[0] | suits[1] | suits[2] | suits[3]).bit_count() == 4:
        return rank_mask
    for missing, subsets in enumerate(_SUBSETS_BY_SIZE[1:], start=1):
        size = 4 - missing
        best = 0
        for subset in subsets:
            rank_mask = suit_mask = 0
            for position in subset:
                rank_mask |= ranks[position]
                suit_mask |= suits[position]
            valid = rank_mask.bit_count() == size and suit_mask.bit_count() == size
            if valid and (not best or rank_mask < best):
                best = rank_mask
        if best:
            return missing << _RANK_BITS | best
    # One card always plays: the lowest rank of the four.
    return 3 << _RANK_BITS | min(ranks)


def badugi(cards: Iterable[Card]) -> BadugiValue:
    """The badugi value of a four-card hand ("As triple draw, with four cards each"). Raises
    InvalidCardError for anything but four different cards."""
    hand = checked_hand(cards, 4, 4, "A badugi hand is four different cards")
    value = _new_int(BadugiValue, badugi_of_indices([c.index for c in hand]))
    value._hand = hand
    return value


def _playing_cards(value: int, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards that make the value, highest first (between two cards of a rank that plays,
    one whose suit no other playing card has)."""
    size = 4 - (value >> _RANK_BITS)
    for subsets in (*_SUBSETS_BY_SIZE, ((0,), (1,), (2,), (3,))):
        for subset in subsets:
            chosen = [hand[position] for position in subset]
            if len(chosen) != size:
                break
            ranks = {c.rank for c in chosen}
            suits = {c.suit for c in chosen}
            mask = sum(_RANK_BIT_OF_INDEX[c.index] for c in chosen)
            if len(ranks) == len(suits) == size and mask == value & ((1 << _RANK_BITS) - 1):
                return tuple(sorted(chosen, key=lambda c: _RANK_BIT_OF_INDEX[c.index], reverse=True))
    raise AssertionError("no cards make this value")  # unreachable for a made value
