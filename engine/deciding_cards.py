"""What decided a showdown between two hands, in words, and which of each hand's cards did it.

"If two or more players remain after the final bet, cards are revealed and the best five-card
hand takes the pot." Of two five-card hands of the same kind, the higher cards of the kind win
(three nines beat three sevens); when those are equal the other cards of the five, the kickers,
decide from the highest down; when all five are equal the hands tie and "Ties split the pot
equally". This module names that difference for people: the winner "three nines, ace kicker",
the loser "three nines, king kicker", and what played, "ace kicker".

>>> from engine.cards import parse_cards
>>> from engine.evaluator import evaluate
>>> alice = evaluate(parse_cards("9s9h9dAc4s2h3c"))
>>> bob = evaluate(parse_cards("9s9h9dKc4s2h3c"))
>>> d = decide(alice, bob)
>>> d.winner_words, d.loser_words, d.plays, d.by_kicker
('three nines, ace kicker', 'three nines, king kicker', 'ace kicker', True)
>>> [str(c) for c in d.winner_cards]
['9s', '9h', '9d', 'Ac']
>>> hand_words(evaluate(parse_cards("KsKhKd7c7s")))
'a full house, kings full of sevens'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import RANK_NAMES, Card
from engine.evaluator import HandCategory, HandValue, describe
from engine.evaluator_tables import decode_ranks

# How many of a kind's tie-break ranks (engine.evaluator_tables.decode_ranks) name the kind
# itself; the ranks after them are kickers. A flush and a high-card hand have no kickers apart
# from their own five cards: they are compared card by card.
_MADE_RANKS = {
    HandCategory.HIGH_CARD: 1,
    HandCategory.PAIR: 1,
    HandCategory.TWO_PAIR: 2,
    HandCategory.THREE_OF_A_KIND: 1,
    HandCategory.STRAIGHT: 1,
    HandCategory.FLUSH: 1,
    HandCategory.FULL_HOUSE: 2,
    HandCategory.FOUR_OF_A_KIND: 1,
    HandCategory.STRAIGHT_FLUSH: 1,
    HandCategory.ROYAL_FLUSH: 0,
}
# Kinds whose every card is part of the kind: all five play whatever decided.
_ALL_FIVE = {
    HandCategory.STRAIGHT,
    HandCategory.FLUSH,
    HandCategory.FULL_HOUSE,
    HandCategory.STRAIGHT_FLUSH,
    HandCategory.ROYAL_FLUSH,
}
# Kinds compared card by card from the top ("ace-king-queen high").
_CARD_BY_CARD = {HandCategory.HIGH_CARD, HandCategory.FLUSH}


def hand_words(value: HandValue) -> str:
    """A hand as a sentence names it: "three nines", "a pair of kings", "ace high"."""
    return describe(value, in_a_sentence=True)


@dataclass(frozen=True, slots=True)
class Decision:
    """How `winner` beat `loser`.

    `winner_words` and `loser_words` name each hand as far as it takes to tell them apart;
    `plays` is what of the winner's hand made the difference ("ace kicker", "three nines");
    `by_kicker` says it was a kicker (or, for a flush or high card, a lower card), not the
    kind of hand or its rank. `winner_cards` and `loser_cards` are the cards of each best
    five that take part in the comparison, down to the one that decided it.
    """

    winner_words: str
    loser_words: str
    plays: str
    by_kicker: bool
    winner_cards: tuple[Card, ...]
    loser_cards: tuple[Card, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "winner_words": self.winner_words,
            "loser_words": self.loser_words,
            "plays": self.plays,
            "by_kicker": self.by_kicker,
            "winner_cards": [str(c) for c in self.winner_cards],
            "loser_cards": [str(c) for c in self.loser_cards],
        }


def decide(winner: HandValue, loser: HandValue) -> Decision:
    """What made `winner` the better hand. ValueError unless it is strictly better."""
    if not winner > loser:
        raise ValueError("the winner's hand must beat the loser's")
    if winner.category is not loser.category:
        return Decision(
            hand_words(winner),
            hand_words(loser),
            hand_words(winner),
            False,
            _made_cards(winner),
            _made_cards(loser),
        )
    mine, theirs = decode_ranks(winner), decode_ranks(loser)
    first = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
    category = winner.category
    if category in _CARD_BY_CARD and first > 0:
        return Decision(
            _top_cards_words(winner, first),
            _top_cards_words(loser, first),
            RANK_NAMES[mine[first]],
            True,
            _cards_down_to(winner, first),
            _cards_down_to(loser, first),
        )
    made = _MADE_RANKS[category]
    if first < made:  # the kind's own ranks decided: three nines beat three sevens
        return Decision(
            hand_words(winner),
            hand_words(loser),
            hand_words(winner),
            False,
            _made_cards(winner),
            _made_cards(loser),
        )
    return Decision(
        f"{hand_words(winner)}, {_kicker_words(mine, made, first)}",
        f"{hand_words(loser)}, {_kicker_words(theirs, made, first)}",
        f"{RANK_NAMES[mine[first]]} kicker",
        True,
        _cards_down_to(winner, first),
        _cards_down_to(loser, first),
    )


def _kicker_words(ranks: tuple[int, ...], made: int, first: int) -> str:
    """ "ace kicker", or the kickers down to the deciding one: "ace-queen kickers"."""
    kickers = [RANK_NAMES[rank] for rank in ranks[made : first + 1]]
    return f"{kickers[0]} kicker" if len(kickers) == 1 else f"{'-'.join(kickers)} kickers"


def _top_cards_words(value: HandValue, first: int) -> str:
    """A flush or high-card hand named by its cards down to the deciding one."""
    ranks = "-".join(RANK_NAMES[rank] for rank in decode_ranks(value)[: first + 1])
    return f"a flush, {ranks} high" if value.category is HandCategory.FLUSH else f"{ranks} high"


def _cards_with_ranks(value: HandValue, ranks: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(card for card in value.cards if card.rank in ranks)


def _made_cards(value: HandValue) -> tuple[Card, ...]:
    """The cards that make the kind: the pair, both pairs, the trips, or all five."""
    if value.category in _ALL_FIVE:
        return value.cards
    if value.category is HandCategory.HIGH_CARD:
        return value.cards[:1]
    return _cards_with_ranks(value, decode_ranks(value)[: _MADE_RANKS[value.category]])


def _cards_down_to(value: HandValue, first: int) -> tuple[Card, ...]:
    """The cards of the kind and every card down to the deciding one (`first`, a rank index)."""
    if value.category in _ALL_FIVE - _CARD_BY_CARD:
        return value.cards
    return _cards_with_ranks(value, decode_ranks(value)[: first + 1])
