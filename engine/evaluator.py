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
sum of a hand's keys tells at once whether a card is repeated, whether a flush is
possible and which multiset of ranks it holds; one dict lookup then gives the value.
`value_of_indices` and `omaha_value_of_indices` are the same without the checks and
without making a HandValue, for code that evaluates millions of hands (equity, tests).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from itertools import combinations
from typing import NoReturn

from engine.cards import ALL_CARDS, RANK_NAMES, RANK_PLURALS, Card
from engine.errors import ConfigurationError, InvalidCardError
from engine.evaluator_tables import (
    CARD_BITS_SHIFT,
    CARD_KEYS,
    CATEGORY_OF_STRENGTH,
    FLUSH_SUIT_OF_BIT,
    FLUSH_TEST_ADD,
    FLUSH_TEST_BITS,
    RANK_KEY_MASK,
    RANK_KEY_SHIFT,
    SHORT_DECK_FLAG,
    SUIT_SPREAD,
    HandCategory,
    Ranking,
    RankingTables,
    build_tables,
    decode_ranks,
)

__all__ = [
    "HandCategory",
    "HandValue",
    "Ranking",
    "describe",
    "evaluate",
    "evaluate_omaha",
    "omaha_value_of_indices",
    "tables_for",
    "value_of_indices",
]

_new_int = int.__new__


class HandValue(int):
    """How strong a poker hand is. Compare with <, ==, max(); read `.category`,
    `.cards` (the best five) and `.description` ("Full house, kings full of sevens").

    Made by `evaluate` and `evaluate_omaha`, not directly.
    """

    # The cards the value was made from, as bits by Card.index (an int, not a tuple of
    # cards, keeps fresh values out of the garbage collector's way); for Omaha values,
    # which of them were hole cards.
    _card_bits: int = 0
    _omaha_hole_bits: int = 0

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
        hand = _cards_of_bits(self._card_bits)
        if self._omaha_hole_bits:
            hole = _cards_of_bits(self._omaha_hole_bits)
            board = _cards_of_bits(self._card_bits & ~self._omaha_hole_bits)
            candidates: Iterable[tuple[Card, ...]] = (
                pair + three for pair in combinations(hole, 2) for three in combinations(board, 3)
            )
        else:
            candidates = combinations(hand, 5)
        for five in candidates:
            if value_of_indices([c.index for c in five], tables) == self:
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
    """The value of the best five of these 5, 6 or 7 cards.

    `ranking` is "standard" or "short_deck" (or a `Ranking`). Raises InvalidCardError
    for anything but 5 to 7 different cards of the ranking's deck, ConfigurationError
    for an unknown ranking.
    """
    hand = cards if type(cards) is tuple else tuple(cards)
    tables = _TABLES.get(ranking) or _tables(ranking)
    keys = CARD_KEYS
    size = len(hand)
    try:
        if size == 7:  # the common case, unrolled
            a, b, c, d, e, f, g = hand
            total = (
                keys[a.index] + keys[b.index] + keys[c.index] + keys[d.index]
                + keys[e.index] + keys[f.index] + keys[g.index]
            )  # fmt: skip
        else:
            total = 0
            for card in hand:
                total += keys[card.index]
    except (AttributeError, TypeError, IndexError):
        raise InvalidCardError(f"{hand!r} are not cards (parse them with engine.cards.parse_cards)") from None
    card_bits = total >> CARD_BITS_SHIFT
    # One bit per card: fewer bits than cards means a card was given twice.
    if card_bits.bit_count() != size or card_bits & tables.missing_cards or not 5 <= size <= 7:
        _refuse(hand, tables, "A hand is 5, 6 or 7 different cards")
    flush_bits = (total + FLUSH_TEST_ADD) & FLUSH_TEST_BITS
    if flush_bits:
        # With at most 7 cards only one suit can hold five, and no full house or quads
        # can sit beside it, so the best hand is made in that suit.
        raw = tables.flush[(card_bits >> FLUSH_SUIT_OF_BIT[flush_bits]) & SUIT_SPREAD]
    else:
        raw = tables.plain[(total >> RANK_KEY_SHIFT) & RANK_KEY_MASK]
    value = _new_int(HandValue, raw)
    value._card_bits = card_bits
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
    if not 4 <= len(hole) <= 6:
        raise InvalidCardError(f"An Omaha hand has 4, 5 or 6 hole cards, not {len(hole)}")
    if not 3 <= len(board) <= 5:
        raise InvalidCardError(f"An Omaha board has 3, 4 or 5 cards, not {len(board)}")
    card_bits = sum(CARD_KEYS[c.index] for c in hole + board) >> CARD_BITS_SHIFT
    hole_bits = sum(1 << c.index for c in hole)
    if card_bits.bit_count() != len(hole + board) or card_bits & tables.missing_cards:
        _refuse(hole + board, tables, "An Omaha hand is 7 to 11 different cards")
    raw = omaha_value_of_indices([c.index for c in hole], [c.index for c in board], tables)
    value = _new_int(HandValue, raw)
    value._card_bits = card_bits
    value._omaha_hole_bits = hole_bits
    return value


def value_of_indices(indices: Sequence[int], tables: RankingTables) -> int:
    """Fast entry point for exhaustive checks and equity: the int value of the best five
    of 5 to 7 distinct card indices valid for the ranking (not checked)."""
    total = sum(map(CARD_KEYS.__getitem__, indices))
    flush_bits = (total + FLUSH_TEST_ADD) & FLUSH_TEST_BITS
    if flush_bits:
        return tables.flush[(total >> (CARD_BITS_SHIFT + FLUSH_SUIT_OF_BIT[flush_bits])) & SUIT_SPREAD]
    return tables.plain[(total >> RANK_KEY_SHIFT) & RANK_KEY_MASK]


def omaha_value_of_indices(hole: Sequence[int], board: Sequence[int], tables: RankingTables) -> int:
    """The int value of the best Omaha hand from valid hole and board card indices."""
    keys = CARD_KEYS
    plain, flush = tables.plain, tables.flush
    pairs = [keys[first] + keys[second] for first, second in combinations(hole, 2)]
    threes = [keys[x] + keys[y] + keys[z] for x, y, z in combinations(board, 3)]
    best = 0
    for pair in pairs:
        for three in threes:
            total = pair + three
            flush_bits = (total + FLUSH_TEST_ADD) & FLUSH_TEST_BITS
            if flush_bits:
                value = flush[(total >> (CARD_BITS_SHIFT + FLUSH_SUIT_OF_BIT[flush_bits])) & SUIT_SPREAD]
            else:
                value = plain[(total >> RANK_KEY_SHIFT) & RANK_KEY_MASK]
            if value > best:
                best = value
    return best


def tables_for(ranking: Ranking | str) -> RankingTables:
    """The lookup tables of a ranking, for the fast int entry points."""
    return _tables(ranking)


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


def _refuse(hand: tuple[Card, ...], tables: RankingTables, count_rule: str) -> NoReturn:
    """Raise the clearest error for a hand the fast path found wrong."""
    seen: set[int] = set()
    for c in hand:
        if c.index in seen:
            raise InvalidCardError(f"{c} appears twice")
        seen.add(c.index)
    if tables.ranking is Ranking.SHORT_DECK and any(c.rank < 6 for c in hand):
        raise InvalidCardError("Short deck has no 2s, 3s, 4s or 5s")
    raise InvalidCardError(f"{count_rule}, not {len(hand)}")


def _cards_of_bits(bits: int) -> tuple[Card, ...]:
    return tuple(card for card in ALL_CARDS if bits >> card.index & 1)


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


# Each kind of hand is named once, two ways: as a label ("Full house, kings full of sevens") and
# inside a sentence ("Ann wins with a full house, kings full of sevens"). {high} is the top
# rank's name, {first} and {second} the plurals of the two ranks that make the hand.
_HAND_NAMES: dict[HandCategory, tuple[str, str]] = {
    HandCategory.ROYAL_FLUSH: ("Royal flush", "a royal flush"),
    HandCategory.STRAIGHT_FLUSH: ("Straight flush, {high} high", "a straight flush, {high} high"),
    HandCategory.FOUR_OF_A_KIND: ("Four of a kind, {first}", "four {first}"),
    HandCategory.FULL_HOUSE: (
        "Full house, {first} full of {second}",
        "a full house, {first} full of {second}",
    ),
    HandCategory.FLUSH: ("Flush, {high} high", "a flush, {high} high"),
    HandCategory.STRAIGHT: ("Straight, {high} high", "a straight, {high} high"),
    HandCategory.THREE_OF_A_KIND: ("Three of a kind, {first}", "three {first}"),
    HandCategory.TWO_PAIR: ("Two pair, {first} and {second}", "two pair, {first} and {second}"),
    HandCategory.PAIR: ("Pair of {first}", "a pair of {first}"),
    HandCategory.HIGH_CARD: ("High card, {high}", "{high} high"),
}


def describe(value: int, in_a_sentence: bool = False) -> str:
    """Plain words for a value: "Full house, kings full of sevens", "Pair of jacks"; inside a
    sentence (`in_a_sentence`): "a full house, kings full of sevens", "three nines", "ace high"."""
    category = CATEGORY_OF_STRENGTH[(value >> 20) & 0xF]
    ranks = decode_ranks(value)
    label, sentence = _HAND_NAMES[category]
    second = RANK_PLURALS[ranks[1]] if len(ranks) > 1 else ""
    words = sentence if in_a_sentence else label
    return words.format(high=RANK_NAMES[ranks[0]], first=RANK_PLURALS[ranks[0]], second=second)


# Each ranking's tables are built the first time it is used (about 0.2 s for the standard one),
# not at import: a command that never ranks a hand (`manage.py check`, a migration) does not
# pay for them. The server builds the standard ones as it starts (homegame.asgi).
_TABLES: dict[Ranking | str, RankingTables] = {}
