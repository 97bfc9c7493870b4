"""Poker hand values: the best five cards of 5, 6 or 7 (Hold'em) or Omaha's two plus three.

>>> from engine.cards import parse_cards
>>> best = evaluate(parse_cards("KsKhKd7c7s2d3h"))
>>> best.description
'Full house, kings full of sevens'
>>> best > evaluate(parse_cards("AsKsQsJs9s"))
True
>>> evaluate(parse_cards("AsKsQsJs9s"), "short_deck") > evaluate(parse_cards("KsKhKd7c7s"), "short_deck")
True

A `HandValue` is an int (bigger is stronger, equal hands equal, suits never break
ties), so comparing, sorting and `max` cost no more than for ints. The best five
cards and the description are worked out only when asked for. Values from the two
rankings are never compared with each other.

Speed: a card's key (engine.evaluator_tables.CARD_KEYS) packs its rank and suit so the
sum of a hand's keys tells at once whether a flush is possible and which multiset of
ranks it holds; one dict lookup then gives the value.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from itertools import combinations
from operator import attrgetter

from engine.cards import RANK_NAMES, RANK_PLURALS, Card
from engine.errors import ConfigurationError, InvalidCardError
from engine.evaluator_tables import (
    CARD_KEYS,
    CATEGORY_OF_STRENGTH,
    FLUSH_SUIT_OF_BIT,
    FLUSH_TEST_ADD,
    FLUSH_TEST_BITS,
    LOWEST_SHORT_DECK_INDEX,
    SHORT_DECK_FLAG,
    HandCategory,
    Ranking,
    RankingTables,
    build_tables,
    decode_ranks,
)

__all__ = ["HandCategory", "HandValue", "Ranking", "evaluate", "evaluate_omaha"]

_card_index = attrgetter("index")
_new_int = int.__new__


class HandValue(int):
    """How strong a poker hand is. Compare with <, ==, max(); read `.category`,
    `.cards` (the best five) and `.description` ("Full house, kings full of sevens").

    Made by `evaluate` and `evaluate_omaha`, not directly.
    """

    # The cards the value was made from; Omaha values also remember which were hole cards.
    _hand: tuple[Card, ...] = ()
    _omaha_hole: int = 0

    @property
    def ranking(self) -> Ranking:
        return Ranking.SHORT_DECK if self & SHORT_DECK_FLAG else Ranking.STANDARD

    @property
    def category(self) -> HandCategory:
        return CATEGORY_OF_STRENGTH[(self >> 20) & 0xF]

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """The best five cards, the ones that matter most first (K K K 7 7; 5 4 3 2 A)."""
        tables = _tables(self.ranking)
        if self._omaha_hole:
            hole, board = self._hand[: self._omaha_hole], self._hand[self._omaha_hole :]
            candidates: Iterable[tuple[Card, ...]] = (
                pair + three for pair in combinations(hole, 2) for three in combinations(board, 3)
            )
        else:
            candidates = combinations(self._hand, 5)
        for five in candidates:
            if _value_of_indices([c.index for c in five], tables) == self:
                return _in_reading_order(five, self)
        raise AssertionError("no five cards make this value")  # unreachable for made values

    @cached_property
    def description(self) -> str:
        return describe(self)

    def __str__(self) -> str:
        return self.description

    def __repr__(self) -> str:
        return f"<HandValue {int(self)}: {self.description}>"


def evaluate(cards: Iterable[Card], ranking: Ranking | str = Ranking.STANDARD) -> HandValue:
    """The value of the best five of these 5, 6 or 7 cards."""
    hand = tuple(cards)
    tables = _STANDARD if ranking == "standard" else _tables(ranking)
    try:
        indices = list(map(_card_index, hand))
        if len(set(indices)) != len(indices) or not 5 <= len(indices) <= 7:
            _refuse(hand, "A hand is 5, 6 or 7 different cards")
        if tables is not _STANDARD and min(indices) < LOWEST_SHORT_DECK_INDEX:
            raise InvalidCardError("Short deck has no 2s, 3s, 4s or 5s")
        raw = _value_of_indices(indices, tables)
    except (AttributeError, TypeError, IndexError):
        raise InvalidCardError(f"{hand!r} are not cards (parse them with engine.cards.parse_cards)") from None
    value = _new_int(HandValue, raw)
    value._hand = hand
    return value


def evaluate_omaha(
    hole: Iterable[Card], board: Iterable[Card], ranking: Ranking | str = Ranking.STANDARD
) -> HandValue:
    """The best Omaha hand: exactly two of the 4, 5 or 6 hole cards and exactly three of
    the 3, 4 or 5 board cards."""
    hole, board = tuple(hole), tuple(board)
    tables = _tables(ranking)
    if not all(isinstance(c, Card) for c in hole + board):
        raise InvalidCardError("Omaha hole cards and board must be cards")
    hole_indices = [c.index for c in hole]
    board_indices = [c.index for c in board]
    if not 4 <= len(hole_indices) <= 6:
        raise InvalidCardError(f"An Omaha hand has 4, 5 or 6 hole cards, not {len(hole_indices)}")
    if not 3 <= len(board_indices) <= 5:
        raise InvalidCardError(f"An Omaha board has 3, 4 or 5 cards, not {len(board_indices)}")
    _refuse_duplicates_and_wrong_deck(hole + board, tables)
    value = _new_int(HandValue, omaha_value_of_indices(hole_indices, board_indices, tables))
    value._hand = hole + board
    value._omaha_hole = len(hole)
    return value


def value_of_indices(indices: list[int], ranking: Ranking | str = Ranking.STANDARD) -> int:
    """Fast entry point for exhaustive checks and equity: the int value of the best five
    of 5 to 7 distinct valid card indices (not checked)."""
    return _value_of_indices(indices, _tables(ranking))


def omaha_value_of_indices(hole: list[int], board: list[int], tables: RankingTables) -> int:
    """The int value of the best Omaha hand from valid hole and board card indices."""
    keys = CARD_KEYS
    plain, flush = tables.plain, tables.flush
    best = 0
    for first, second in combinations(hole, 2):
        pair_key = keys[first] + keys[second]
        for three in combinations(board, 3):
            total = pair_key + keys[three[0]] + keys[three[1]] + keys[three[2]]
            if (total + FLUSH_TEST_ADD) & FLUSH_TEST_BITS:
                mask = (1 << (first >> 2)) | (1 << (second >> 2))
                mask |= (1 << (three[0] >> 2)) | (1 << (three[1] >> 2)) | (1 << (three[2] >> 2))
                value = flush[mask]
            else:
                value = plain[total >> 16]
            if value > best:
                best = value
    return best


def _value_of_indices(indices: list[int], tables: RankingTables) -> int:
    total = sum(map(CARD_KEYS.__getitem__, indices))
    flush_bits = (total + FLUSH_TEST_ADD) & FLUSH_TEST_BITS
    if not flush_bits:
        return tables.plain[total >> 16]
    # With at most 7 cards only one suit can hold five, and no full house or quads can
    # sit beside it, so the best hand is made in that suit.
    suit = FLUSH_SUIT_OF_BIT[flush_bits]
    mask = 0
    for index in indices:
        if index & 3 == suit:
            mask |= 1 << (index >> 2)
    return tables.flush[mask]


def _tables(ranking: Ranking | str) -> RankingTables:
    try:
        return _TABLES[ranking]
    except KeyError:
        pass
    try:
        known = Ranking(ranking)
    except ValueError:
        choices = ", ".join(repr(r.value) for r in Ranking)
        raise ConfigurationError(f"Unknown hand ranking {ranking!r} (one of {choices})") from None
    _TABLES[known.value] = _TABLES[known] = build_tables(known)
    return _TABLES[known]


def _refuse_duplicates_and_wrong_deck(hand: tuple[Card, ...], tables: RankingTables) -> None:
    indices = [c.index for c in hand]
    if len(set(indices)) != len(indices):
        _refuse(hand, "A card cannot be used twice")
    if tables.ranking is Ranking.SHORT_DECK and min(indices) < LOWEST_SHORT_DECK_INDEX:
        raise InvalidCardError("Short deck has no 2s, 3s, 4s or 5s")


def _refuse(hand: tuple[Card, ...], reason: str) -> None:
    seen: set[Card] = set()
    for c in hand:
        if c in seen:
            raise InvalidCardError(f"{c} appears twice")
        seen.add(c)
    raise InvalidCardError(f"{reason}, not {len(hand)}")


def _in_reading_order(five: tuple[Card, ...], value: HandValue) -> tuple[Card, ...]:
    """Cards in the order the value's tie-break ranks name them (a wheel ends with its ace)."""
    order = decode_ranks(value)
    if value.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH, HandCategory.ROYAL_FLUSH):
        top = order[0]
        ranks = [top - step for step in range(5)]
        if top in (5, 9) and min(c.rank for c in five) != top - 4:
            ranks = [*ranks[:4], 14]  # the ace plays low: 5-4-3-2-A or 9-8-7-6-A
    else:
        ranks = [r for r in order for c in five if c.rank == r]
    remaining = sorted(five, key=lambda c: c.index, reverse=True)
    ordered = []
    for rank in ranks:
        chosen = next(c for c in remaining if c.rank == rank)
        remaining.remove(chosen)
        ordered.append(chosen)
    return tuple(ordered)


def describe(value: int) -> str:
    """Plain words for a value: "Full house, kings full of sevens", "Pair of jacks"."""
    category = CATEGORY_OF_STRENGTH[(value >> 20) & 0xF]
    ranks = decode_ranks(value)
    name, plural = RANK_NAMES, RANK_PLURALS
    match category:
        case HandCategory.ROYAL_FLUSH:
            return "Royal flush"
        case HandCategory.STRAIGHT_FLUSH | HandCategory.STRAIGHT | HandCategory.FLUSH:
            return f"{category.value}, {name[ranks[0]]} high"
        case HandCategory.FOUR_OF_A_KIND | HandCategory.THREE_OF_A_KIND:
            return f"{category.value}, {plural[ranks[0]]}"
        case HandCategory.FULL_HOUSE:
            return f"Full house, {plural[ranks[0]]} full of {plural[ranks[1]]}"
        case HandCategory.TWO_PAIR:
            return f"Two pair, {plural[ranks[0]]} and {plural[ranks[1]]}"
        case HandCategory.PAIR:
            return f"Pair of {plural[ranks[0]]}"
        case _:
            return f"High card, {name[ranks[0]]}"


_TABLES: dict[Ranking | str, RankingTables] = {}
_STANDARD = _tables(Ranking.STANDARD)  # built at import (~0.1-0.3 s); short deck on first use
