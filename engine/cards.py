"""Cards and decks.

>>> parse_cards("AsKd7h")
(Card('As'), Card('Kd'), Card('7h'))
>>> str(parse_cards(["Tc"])[0])
'Tc'

There are exactly 52 `Card` objects; parsing always returns the same instances,
so cards compare and hash cheaply and the evaluator can key tables on `index`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.errors import InvalidCardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
RANK_PLURALS = {rank: ("sixes" if rank == 6 else name + "s") for rank, name in RANK_NAMES.items()}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_SYMBOLS = "♣♦♥♠"
# Cards as people write them, once spaces and punctuation are gone: a rank (2 to 10, T, J, Q, K,
# A) then a suit (a letter or its symbol), in any case, one card after another.
_WRITTEN_CARDS = re.compile(r"(?:(?:10|[2-9TJQKA])[CDHS♣♦♥♠])+", re.IGNORECASE)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card. `rank` is 2..14 (ace high), `suit` one of "cdhs".

    `index` is 0..51 (rank-major: 2c=0, 2d=1, ... As=51) and is the card's identity.
    """

    rank: int
    suit: str
    index: int = field(repr=False)

    def __str__(self) -> str:
        return RANKS[self.rank - 2] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @property
    def name(self) -> str:
        """Readable name for screen readers: "ace of spades"."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


ALL_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit, (rank - 2) * 4 + suit_index)
    for rank in range(2, 15)
    for suit_index, suit in enumerate(SUITS)
)
_BY_TEXT: dict[str, Card] = {str(card): card for card in ALL_CARDS}

STANDARD_DECK: tuple[Card, ...] = ALL_CARDS
"""The 52-card deck, in index order (2c 2d 2h 2s 3c ... As)."""

SHORT_DECK: tuple[Card, ...] = tuple(card for card in ALL_CARDS if card.rank >= 6)
"""The 36-card short deck: 6 through A in each suit."""


def card(text: str) -> Card:
    """The card named by two characters, rank then suit: "As", "Td", "7c"."""
    # Stored hands spell every card as str(card) does, so most are found as they are.
    found = _BY_TEXT.get(text) if type(text) is str else None
    if found is None:
        found = _BY_TEXT.get(text[:1].upper() + text[1:].lower()) if len(text) == 2 else None
    if found is None:
        raise InvalidCardError(f"{text!r} is not a card (rank one of {RANKS}, suit one of {SUITS})")
    return found


def cards_of(texts: Sequence[str]) -> tuple[Card, ...]:
    """`card` of each text: a stored hand holds a deck and more, nearly all spelled as str(card)
    spells them, so those are looked up in one pass and only the rest go through `card`."""
    try:
        return tuple(map(_BY_TEXT.__getitem__, texts))
    except (KeyError, TypeError):  # another spelling, or not a card at all: `card` says which
        return tuple(card(text) for text in texts)


def parse_cards(cards: str | Iterable[str | Card], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse "AsKd7h" or ["As", "Kd"] (spaces and commas allowed in text) into cards.

    With `distinct` (the default) a card named twice is an error, since a set of
    cards from one deck never holds the same card twice.
    """
    if isinstance(cards, str):
        text = cards.replace(" ", "").replace(",", "")
        if len(text) % 2:
            raise InvalidCardError(f"{cards!r} is not a list of cards (two characters each)")
        parsed = tuple(card(text[i : i + 2]) for i in range(0, len(text), 2))
    else:
        parsed = tuple(item if isinstance(item, Card) else card(item) for item in cards)
    if distinct:
        _refuse_a_repeated_card(parsed)
    return parsed


def checked_hand(cards: Iterable[Card], fewest: int, most: int, rule: str) -> tuple[Card, ...]:
    """`cards` as a tuple, refused with InvalidCardError unless they are `fewest` to `most`
    different cards; `rule` says the count in words ("A razz hand is 5 to 7 different cards")."""
    hand = tuple(cards)
    if not all(isinstance(c, Card) for c in hand):
        raise InvalidCardError(f"{hand!r} are not cards (parse them with engine.cards.parse_cards)")
    _refuse_a_repeated_card(hand)
    if not fewest <= len(hand) <= most:
        raise InvalidCardError(f"{rule}, not {len(hand)}")
    return hand


def _refuse_a_repeated_card(cards: tuple[Card, ...]) -> None:
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        duplicate = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise InvalidCardError(f"{duplicate} appears twice")


def reads_as_cards(text: str) -> bool:
    """Whether `text` reads as a card or a list of cards, whatever its case, spaces and
    punctuation: a player's name like that would be taken for cards at the table.

    >>> [reads_as_cards(text) for text in ("As", "a s", "Ah, Kd", "10h", "AsKs", "7♥ 2♣")]
    [True, True, True, True, True, True]
    >>> [reads_as_cards(text) for text in ("Ash", "Ted", "Jack", "Kc2", "2", "")]
    [False, False, False, False, False, False]
    """
    written = "".join(ch for ch in text if ch.isalnum() or ch in SUIT_SYMBOLS)
    return _WRITTEN_CARDS.fullmatch(written) is not None


def format_cards(cards: Iterable[Card]) -> str:
    """ "AsKd" style text, the inverse of `parse_cards`."""
    return "".join(str(c) for c in cards)


# A rank as people write it on a card: 10 for a ten, the letter or figure otherwise.
RANK_TEXT = {letter: "10" if letter == "T" else letter for letter in RANKS}


def card_text(code: str) -> str:
    """A card for people, as every page and phone draws it: the rank, 10 for a ten, and the
    suit's symbol.

    >>> card_text("7h"), card_text("Ts")
    ('7♥', '10♠')
    """
    rank, suit = code[0], code[1]
    return RANK_TEXT[rank] + SUIT_SYMBOLS[SUITS.index(suit)]


def card_words() -> dict[str, dict[str, str]]:
    """How cards are written, by rank and suit letter, for pages that draw cards themselves (the
    phones' module, static/js/table/cards.js, imports them from the app: one table, one truth).

    >>> words = card_words()
    >>> words["rankNames"]["T"], words["rankText"]["T"], words["suitSymbols"]["s"]
    ('Ten', '10', '♠')
    """
    return {
        "rankNames": {RANKS[rank - 2]: name.capitalize() for rank, name in RANK_NAMES.items()},
        "rankText": dict(RANK_TEXT),
        "suitNames": dict(SUIT_NAMES),
        "suitSymbols": {suit: SUIT_SYMBOLS[index] for index, suit in enumerate(SUITS)},
    }


def is_red(code: str) -> bool:
    return code[1] in "dh"
