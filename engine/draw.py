"""The draw of the draw games (2-7 triple and single draw, badugi), as pure functions.

"A draw: in turn, from the first player left of the button still in, each player discards none
to five cards face down and is dealt as many replacements; standing pat is drawing none. If the
stub runs out, the discards (not those of the player drawing now) are shuffled to make a new
stub." (rules/beyond-holdem.md; badugi: "As triple draw, with four cards each".)

The cards left out of the hands are a `DrawDeck`: the stub (next card first) and the discards
not yet reshuffled. Folded hands and burns are not discards, so they never come back: the rule
names only the discards. A player's draw is a `Draw` record, and what each viewer learns of it
is `Draw.seen_by`: everyone learns how many cards were drawn, only the player which.

>>> from engine.cards import parse_cards
>>> deck = DrawDeck(stub=parse_cards("2c3c"), discards=parse_cards("Kd"))
>>> hand, deck, record = draw(1, parse_cards("AsKsQsJs9s"), parse_cards("KsQs"), deck, reversed)
>>> [str(c) for c in hand], record.count, [str(c) for c in deck.discards]
(['As', 'Js', '9s', '2c', '3c'], 2, ['Kd', 'Ks', 'Qs'])
>>> record.seen_by(2)
{'seat': 1, 'drew': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import ConfigurationError, IllegalActionError
from engine.seating import clockwise_after

__all__ = ["Draw", "DrawDeck", "Shuffle", "draw", "draw_order", "draw_round"]

Shuffle = Callable[[Sequence[Card]], Iterable[Card]]
"""Puts the discards in a new order for a new stub. The core passes one drawn from the hand's
seeds (engine.shuffle), tests a fixed one; whatever it returns must be the same cards."""

MOST_CARDS_DRAWN = 5  # "discards none to five cards"


@dataclass(frozen=True, slots=True)
class DrawDeck:
    """The cards in no hand during the draws: `stub` to deal from (next card first) and the
    `discards` thrown so far and not yet shuffled into a stub."""

    stub: tuple[Card, ...]
    discards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    """One player's draw: the cards `thrown` face down and those `received` for them, and
    whether the stub ran out and was made again from the discards for it (`reshuffled`)."""

    seat: int
    thrown: tuple[Card, ...]
    received: tuple[Card, ...]
    reshuffled: bool = False

    @property
    def count(self) -> int:
        return len(self.received)

    @property
    def stood_pat(self) -> bool:
        """ "standing pat is drawing none" """
        return not self.received

    def seen_by(self, viewer: int | None) -> dict[str, Any]:
        """What `viewer` (a seat, or None for the host and the public) learns of this draw:
        everyone how many ("the phone shows how many each player drew, to everyone"), the
        drawing player also which cards went and came. Discards are face down: nobody else
        ever sees them."""
        seen: dict[str, Any] = {"seat": self.seat, "drew": self.count}
        if viewer == self.seat:
            seen["thrown"] = [str(c) for c in self.thrown]
            seen["received"] = [str(c) for c in self.received]
        return seen


def draw_order(seats_in: Iterable[int], button: int) -> tuple[int, ...]:
    """The seats still in, in the order they draw: "in turn, from the first player left of the
    button still in"."""
    ascending = sorted(set(seats_in))
    return tuple(ascending[i] for i in clockwise_after(ascending, button)) if ascending else ()


def draw(
    seat: int, hand: Sequence[Card], thrown: Sequence[Card], deck: DrawDeck, shuffle: Shuffle
) -> tuple[tuple[Card, ...], DrawDeck, Draw]:
    """One player's draw: throw `thrown` from `hand` and be dealt as many from the stub.

    Returns the new hand (the kept cards in their order, then the new ones), the deck after,
    and the record. When the stub runs out part way, the player takes what it holds, then the
    discards already thrown (not the ones this player throws now) are shuffled into a new stub
    and the rest comes from it. Raises IllegalActionError for cards not in the hand, a card
    thrown twice or more than five, ConfigurationError when even the reshuffled stub is too
    short or `shuffle` does not return the same cards; nothing changes then.
    """
    hand, thrown = tuple(hand), tuple(thrown)
    _check_throw(hand, thrown)
    count = len(thrown)
    stub, discards, reshuffled = deck.stub, deck.discards, False
    if count > len(stub):
        fresh = tuple(shuffle(discards))
        if sorted(c.index for c in fresh) != sorted(c.index for c in discards):
            raise ConfigurationError("A reshuffle must give back exactly the discards")
        stub, discards, reshuffled = stub + fresh, (), True
        if count > len(stub):
            raise ConfigurationError(f"Only {len(stub)} cards are left to draw, not {count}")
    received, stub = stub[:count], stub[count:]
    kept = tuple(c for c in hand if c not in thrown)
    record = Draw(seat=seat, thrown=thrown, received=received, reshuffled=reshuffled)
    return kept + received, DrawDeck(stub=stub, discards=discards + thrown), record


def _check_throw(hand: tuple[Card, ...], thrown: tuple[Card, ...]) -> None:
    if len(set(thrown)) != len(thrown):
        raise IllegalActionError("A card is thrown twice")
    if not set(thrown) <= set(hand):
        raise IllegalActionError("Only cards in your hand can be thrown")
    if len(thrown) > MOST_CARDS_DRAWN:
        raise IllegalActionError(f"A draw is none to five cards, not {len(thrown)}")


def draw_round(
    hands: Mapping[int, Sequence[Card]],
    throws: Mapping[int, Sequence[Card]],
    button: int,
    deck: DrawDeck,
    shuffle: Shuffle,
) -> tuple[dict[int, tuple[Card, ...]], DrawDeck, tuple[Draw, ...]]:
    """A whole draw of the seats still in (`hands`), each throwing its `throws` entry (none
    given: stands pat), in turn from the button's left. Returns the new hands, the deck after
    and the records in the order drawn. A throw for a seat not in the hand is refused."""
    if not set(throws) <= set(hands):
        raise IllegalActionError("Only players still in the hand draw")
    new_hands = {seat: tuple(cards) for seat, cards in hands.items()}
    records: list[Draw] = []
    for seat in draw_order(hands, button):
        new_hands[seat], deck, record = draw(seat, new_hands[seat], throws.get(seat, ()), deck, shuffle)
        records.append(record)
    return new_hands, deck, tuple(records)
