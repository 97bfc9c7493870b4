"""The events of a hand: frozen records, appended in order, that fully determine its state.

Player events record a decision (`Folded`, `Called`, `BetOrRaised`, `Showed`...);
dealer events record what the dealer did (`PostsMade`, `HoleCardsDealt`,
`BoardDealt`, `RoundEnded`, `PotsAwarded`...). Each serialises to a plain dict
with a "type" key:

>>> BetOrRaised(seat=3, to=400).to_json()
{'type': 'bet_or_raise', 'seat': 3, 'to': 400}

Reading a logged event back (`event_from_json`) is `engine.event_types`' job, which knows
the house rules' events too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Card, card, cards_of
from engine.config import Post, PostKind
from engine.pots import Pot


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _parse(texts: list[str]) -> tuple[Card, ...]:
    return cards_of(texts)


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = ""
    by_player: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for name in self.__slots__:  # type: ignore[attr-defined]
            data[name] = getattr(self, name)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(**{key: value for key, value in data.items() if key != "type"})


# Player events -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Folded(Event):
    type: ClassVar[str] = "fold"
    by_player: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Checked(Event):
    type: ClassVar[str] = "check"
    by_player: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Called(Event):
    """`amount` is the chips added (less than the bet when the caller is all-in)."""

    type: ClassVar[str] = "call"
    by_player: ClassVar[bool] = True
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BetOrRaised(Event):
    """A bet or raise TO `to` chips in this round (the seat's whole bet, blinds included)."""

    type: ClassVar[str] = "bet_or_raise"
    by_player: ClassVar[bool] = True
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class Showed(Event):
    """The seat tabled its hole cards at showdown."""

    type: ClassVar[str] = "show"
    by_player: ClassVar[bool] = True
    seat: int


@dataclass(frozen=True, slots=True)
class Mucked(Event):
    """The seat threw its hand away at showdown: dead, never to be tabled."""

    type: ClassVar[str] = "muck"
    by_player: ClassVar[bool] = True
    seat: int


# Dealer events -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PostsMade(Event):
    """The forced bets, as actually posted (a short stack posts what it has)."""

    type: ClassVar[str] = "posts"
    posts: tuple[Post, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "posts": [
                {"seat": p.seat, "kind": str(p.kind), "amount": p.amount, "live": p.live} for p in self.posts
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(tuple(Post(p["seat"], PostKind(p["kind"]), p["amount"], p["live"]) for p in data["posts"]))


@dataclass(frozen=True, slots=True)
class HoleCardsDealt(Event):
    """Each seat's hole cards, dealt one at a time clockwise from left of the button."""

    type: ClassVar[str] = "hole_cards"
    hands: tuple[tuple[int, tuple[Card, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "hands": [[seat, _cards(cards)] for seat, cards in self.hands]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(tuple((seat, _parse(cards)) for seat, cards in data["hands"]))


@dataclass(frozen=True, slots=True)
class CardBurned(Event):
    type: ClassVar[str] = "burn"
    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "card": str(self.card)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(card(data["card"]))


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """Cards added to each board (one tuple per board)."""

    type: ClassVar[str] = "board"
    cards: tuple[tuple[Card, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "cards": [_cards(board) for board in self.cards]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(tuple(_parse(board) for board in data["cards"]))


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    street: int


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """Bets go to the middle; `returned` is the uncalled bet given back; `pots` the pots after it."""

    type: ClassVar[str] = "round_ended"
    street: int
    returned: tuple[tuple[int, int], ...]
    pots: tuple[Pot, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "street": self.street,
            "returned": [list(item) for item in self.returned],
            "pots": [pot.to_json() for pot in self.pots],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(
            data["street"],
            tuple((seat, amount) for seat, amount in data["returned"]),
            tuple(Pot.from_json(pot) for pot in data["pots"]),
        )


@dataclass(frozen=True, slots=True)
class HandsTabled(Event):
    """No more betting is possible: all live hands are turned face up before the rest of the board."""

    type: ClassVar[str] = "hands_tabled"
    seats: tuple[int, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(tuple(data["seats"]))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class ShowdownStarted(Event):
    """The order in which live hands choose to show or muck."""

    type: ClassVar[str] = "showdown_started"
    order: tuple[int, ...]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(tuple(data["order"]))

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "order": list(self.order)}


@dataclass(frozen=True, slots=True)
class Award:
    """One pot (or one board's half of it, or its high or low half) and who won how much. `hand`
    names the winning hand; `half` is "high" or "low" in a hi-lo game (None: the pot is played
    for one hand), and a high half that scoops because no low qualified says so with `scoop`."""

    pot: int
    board: int | None
    amount: int
    shares: tuple[tuple[int, int], ...]
    hand: str = ""
    half: str | None = None
    scoop: bool = False

    def to_json(self) -> dict[str, Any]:
        data = {
            "pot": self.pot,
            "board": self.board,
            "amount": self.amount,
            "winners": [{"seat": seat, "amount": amount} for seat, amount in self.shares],
            "hand": self.hand,
        }
        # Written only in hi-lo games, so a high-only award keeps the shape it always had.
        if self.half is not None:
            data["half"] = self.half
        if self.scoop:
            data["scoop"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Award:
        shares = tuple((w["seat"], w["amount"]) for w in data["winners"])
        return cls(
            data["pot"],
            data["board"],
            data["amount"],
            shares,
            data.get("hand", ""),
            data.get("half"),
            bool(data.get("scoop", False)),
        )


@dataclass(frozen=True, slots=True)
class PotsAwarded(Event):
    """Every pot is pushed to its winners (side pots first); the hand is over."""

    type: ClassVar[str] = "pots_awarded"
    awards: tuple[Award, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "awards": [award.to_json() for award in self.awards]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        return cls(tuple(Award.from_json(award) for award in data["awards"]))
