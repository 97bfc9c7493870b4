"""Who acts when in the stud games, from the cards showing: the bring-in, the first to act on
later streets, the open pair on fourth street, and the common card when the deck runs short.

Pure functions of the up cards, so the dealing procedure can ask them at each street and the
tests can quote the rules line by line (rules/beyond-holdem.md):

- "The lowest up card must bring in (a forced bet of the bring-in amount) or may complete to the
  small bet; between equal ranks the lower suit brings in, suits ranking clubs (lowest),
  diamonds, hearts, spades (highest)."
- Razz: "The highest up card brings in (a king is the highest, an ace the lowest); between equal
  ranks the higher suit brings in. From fourth street on, the lowest hand showing acts first."
- "From fourth street on, the player whose face-up cards make the best poker hand acts first;
  between equal hands showing, the one nearest the dealer's left acts first."
- "On fourth street, if any player shows an open pair, any player may bet or raise the big
  bet." Stud hi-lo: "the open-pair rule does not apply"; Razz: "No open-pair rule."
- "With eight players the deck may run short for seventh street: then one card is dealt face up
  in the middle as a common card for everyone."

Seats are ints; "nearest the dealer's left" is counted from the seat after the button (the
rule's "A dealer button still marks where the deal starts").

>>> from engine.cards import parse_cards
>>> up = {1: parse_cards("Kc"), 3: parse_cards("2d"), 5: parse_cards("2c")}
>>> bring_in_seat(up, StudGame.STUD), bring_in_seat(up, StudGame.RAZZ)
(5, 1)
>>> showing = {1: parse_cards("Kc9d"), 3: parse_cards("2d2h"), 5: parse_cards("Ac7s")}
>>> first_to_act(showing, button=5, game=StudGame.STUD), first_to_act(showing, button=5, game=StudGame.RAZZ)
(3, 5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.cards import SUITS, Card
from engine.errors import ConfigurationError, InvalidCardError
from engine.seating import clockwise_after

__all__ = [
    "SeventhStreet",
    "StudGame",
    "big_bet_allowed_on_fourth_street",
    "bring_in_seat",
    "first_to_act",
    "seventh_street",
    "showing_value",
]


class StudGame(StrEnum):
    """The three stud games: they differ in who brings in, who acts first and the open pair."""

    STUD = "stud"
    STUD_HI_LO = "stud_hi_lo"
    RAZZ = "razz"


def _razz_rank(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def bring_in_seat(up_cards: Mapping[int, Sequence[Card]], game: StudGame) -> int:
    """The seat that must bring in on third street, from each seat's one up card.

    Stud and stud hi-lo ("as stud"): the lowest up card, aces high, and between equal ranks the
    lowest suit (clubs). Razz: the highest, a king highest and an ace lowest, and between equal
    ranks the highest suit (spades). Suits decide only here: no two cards are equal in both.
    """
    cards = _one_up_card_each(up_cards)
    if game is StudGame.RAZZ:
        return max(cards, key=lambda seat: (_razz_rank(cards[seat]), SUITS.index(cards[seat].suit)))
    return min(cards, key=lambda seat: (cards[seat].rank, SUITS.index(cards[seat].suit)))


def _one_up_card_each(up_cards: Mapping[int, Sequence[Card]]) -> dict[int, Card]:
    if not up_cards:
        raise ConfigurationError("Nobody is dealt in to bring in")
    cards: dict[int, Card] = {}
    for seat, up in up_cards.items():
        if len(up) != 1 or not isinstance(up[0], Card):
            raise InvalidCardError(f"Seat {seat} shows {len(up)} up cards on third street, not one")
        cards[seat] = up[0]
    if len({c.index for c in cards.values()}) != len(cards):
        raise InvalidCardError("One card is showing at two seats")
    return cards


# Categories of the cards showing (at most four up cards, so no straight, flush or full house
# can show: PokerKit and card rooms read them the same way), weakest first.
_HIGH_CARD, _PAIR, _TWO_PAIR, _TRIPS, _QUADS = range(5)
_CATEGORY_OF_SHAPE = {
    (): _HIGH_CARD,
    (1,): _HIGH_CARD,
    (1, 1): _HIGH_CARD,
    (1, 1, 1): _HIGH_CARD,
    (1, 1, 1, 1): _HIGH_CARD,
    (2,): _PAIR,
    (2, 1): _PAIR,
    (2, 1, 1): _PAIR,
    (2, 2): _TWO_PAIR,
    (3,): _TRIPS,
    (3, 1): _TRIPS,
    (4,): _QUADS,
}


def showing_value(up: Sequence[Card], game: StudGame) -> tuple[int, ...]:
    """How good the up cards look, as a tuple where bigger is better *for acting first*.

    Stud and stud hi-lo: the best poker hand showing (a pair beats any high cards, then the
    ranks by how often they come, aces high). Razz: the lowest hand showing, aces low, pairs
    counting against it, so its tuple is the ranks negated: the lowest hand has the biggest.
    """
    if len(up) > 4:
        raise InvalidCardError(f"A stud hand shows at most four up cards, not {len(up)}")
    ranks = [_razz_rank(c) for c in up] if game is StudGame.RAZZ else [c.rank for c in up]
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    category = _CATEGORY_OF_SHAPE[tuple(sorted(counts.values(), reverse=True))]
    if game is StudGame.RAZZ:
        return (-category, *(-rank for rank in order))
    return (category, *order)


def first_to_act(up_cards: Mapping[int, Sequence[Card]], button: int, game: StudGame) -> int:
    """The seat that acts first from fourth street on: best hand showing (lowest in Razz),
    between equal hands the one nearest the dealer's left. `up_cards` holds only the seats still
    in the hand."""
    if not up_cards:
        raise ConfigurationError("Nobody is left in the hand to act")
    ascending = sorted(up_cards)
    seats = [ascending[i] for i in clockwise_after(ascending, button)]
    best = seats[0]
    best_value = showing_value(up_cards[best], game)
    for seat in seats[1:]:
        value = showing_value(up_cards[seat], game)
        if value > best_value:  # strictly: the earlier seat keeps a tie
            best, best_value = seat, value
    return best


def big_bet_allowed_on_fourth_street(up_cards: Mapping[int, Sequence[Card]], game: StudGame) -> bool:
    """Whether a bet or raise of the big bet is allowed on fourth street: in Seven Card Stud
    only, when a player still in shows an open pair (two up cards of one rank)."""
    if game is not StudGame.STUD:
        return False
    return any(len({c.rank for c in up}) < len(up) for up in up_cards.values())


@dataclass(frozen=True, slots=True)
class SeventhStreet:
    """How seventh street is dealt: `common` is True for one card face up in the middle for
    everyone, `burn` whether a card is burnt first."""

    common: bool
    burn: bool


def seventh_street(cards_left: int, players_in: int, burns: bool) -> SeventhStreet:
    """How seventh street is dealt from a stub of `cards_left` to `players_in` players, in a
    game that burns before each street (`burns`) or not.

    Each player gets a down card when the stub holds one for everyone (after the burn). When it
    does not, "one card is dealt face up in the middle as a common card for everyone". The rule
    says nothing of the burn then; a burn that would leave no card for the common card is left
    out, since the card everyone plays matters more than the burn (house reading, said here and
    in the tests). Raises ConfigurationError when not even a common card is left.
    """
    if players_in < 1 or cards_left < 0:
        raise ConfigurationError("Seventh street needs a player and a stub")
    burn = 1 if burns else 0
    if cards_left >= players_in + burn:
        return SeventhStreet(common=False, burn=burns)
    if cards_left >= 1 + burn:
        return SeventhStreet(common=True, burn=burns)
    if cards_left >= 1:
        return SeventhStreet(common=True, burn=False)
    raise ConfigurationError("No card is left for seventh street, not even a common card")
