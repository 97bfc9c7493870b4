"""Words for the hands of the lowball games and for a draw, as the table says them.

Each hand is worded two ways, as `engine.evaluator.describe` words a high hand: as a label
("7-5 low", "Three-card badugi, 5-3-A") and inside a sentence ("Ann wins with a 7-5 low", "...
with a three-card badugi, 5-3-A"). Low hands are read from the top card down, so the words name
the cards that decide: a 2-7 low by its two top cards, as players call it ("seven-five"), a razz
low and a badugi by all their cards ("8-6-4-3-A"), as `engine.low.LowValue` names an Omaha low.

>>> from engine.cards import parse_cards
>>> from engine.lowball import ace_five_low, deuce_seven_low
>>> from engine.badugi import badugi
>>> deuce_seven_words(deuce_seven_low(parse_cards("7c5d4h3s2c")))
'7-5 low'
>>> deuce_seven_words(deuce_seven_low(parse_cards("8c6d4h3s2c")), in_a_sentence=True)
'an 8-6 low'
>>> ace_five_words(ace_five_low(parse_cards("8c6d4h3sAcKdKh")))
'8-6-4-3-A'
>>> badugi_words(badugi(parse_cards("5c3dAhAs")), in_a_sentence=True)
'a three-card badugi, 5-3-A'
>>> draw_words(0), draw_words(1), draw_words(3)
('stands pat', 'draws one', 'draws three')
"""

from __future__ import annotations

from engine.badugi import BadugiValue
from engine.cards import RANK_PLURALS
from engine.evaluator import describe
from engine.evaluator_tables import HandCategory
from engine.lowball import AceFiveCategory, AceFiveValue, DeuceSevenValue

__all__ = ["ace_five_words", "badugi_words", "deuce_seven_words", "draw_words", "low_ranks_text"]

# A rank as a low is written, as cards are (engine.cards.RANK_TEXT): the ace "A" whether low
# (rank 1) or high (14), a ten "10".
_RANK_LETTERS = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def low_ranks_text(ranks: tuple[int, ...]) -> str:
    """Ranks, highest first, as a low is written: (8, 6, 4, 3, 1) is "8-6-4-3-A"."""
    return "-".join(_RANK_LETTERS.get(rank, str(rank)) for rank in ranks)


def _with_article(words: str) -> str:
    """ "a 7-5 low", but "an 8-6 low" and "an A-5 low": the article follows the first sound."""
    return ("an " if words[0] in "8A" else "a ") + words


def deuce_seven_words(value: DeuceSevenValue, in_a_sentence: bool = False) -> str:
    """A 2-7 hand: a hand without a pair, straight or flush by its two top cards ("7-5 low",
    "K-Q low", and "A-5 low" for A-5-4-3-2, which is no straight: "aces are high"); anything
    else as the high hand it is ("Pair of threes"), since there it is what counts against it."""
    if value.category is HandCategory.HIGH_CARD:
        words = f"{low_ranks_text(value.ranks[:2])} low"
        return _with_article(words) if in_a_sentence else words
    return describe(value, in_a_sentence)


def ace_five_words(value: AceFiveValue, in_a_sentence: bool = False) -> str:
    """A razz hand: five different ranks are written out in full ("8-6-4-3-A", the same label
    and sentence, as an Omaha low is named); a paired hand by what pairs and then the rest ("Pair
    of twos, 8-6-4"), since the pair is what decides first."""
    ranks = value.ranks
    category = value.category
    if category == AceFiveCategory.NO_PAIR:
        return low_ranks_text(ranks)
    first, rest = RANK_PLURALS[_high(ranks[0])], low_ranks_text(ranks[1:])
    label, sentence = {
        AceFiveCategory.PAIR: (f"Pair of {first}, {rest}", f"a pair of {first}, {rest}"),
        AceFiveCategory.TWO_PAIR: (
            f"Two pair, {first} and {RANK_PLURALS[_high(ranks[1])]}",
            f"two pair, {first} and {RANK_PLURALS[_high(ranks[1])]}",
        ),
        AceFiveCategory.THREE_OF_A_KIND: (f"Three of a kind, {first}", f"three {first}"),
        AceFiveCategory.FULL_HOUSE: (
            f"Full house, {first} full of {RANK_PLURALS[_high(ranks[1])]}",
            f"a full house, {first} full of {RANK_PLURALS[_high(ranks[1])]}",
        ),
        AceFiveCategory.FOUR_OF_A_KIND: (f"Four of a kind, {first}", f"four {first}"),
    }[category]
    return sentence if in_a_sentence else label


def _high(rank: int) -> int:
    """An aces-low rank as the names table spells it (the ace is 14 there)."""
    return 14 if rank == 1 else rank


def badugi_words(value: BadugiValue, in_a_sentence: bool = False) -> str:
    """A badugi hand by its size and every card that plays: "Four-card badugi, 7-4-3-A", "a
    three-card badugi, 5-3-A" (the size first: "a three-card hand loses to any four-card
    badugi")."""
    words = f"{_COUNT_WORDS[value.size]}-card badugi, {low_ranks_text(value.ranks)}"
    return f"a {words}" if in_a_sentence else words[0].upper() + words[1:]


def draw_words(count: int) -> str:
    """What everyone is told of one player's draw: how many cards, never which ("stands pat",
    "draws one", "draws three"; "standing pat is drawing none")."""
    if not 0 <= count <= 5:
        raise ValueError(f"A draw is none to five cards, not {count}")
    return "stands pat" if count == 0 else f"draws {_COUNT_WORDS[count]}"
