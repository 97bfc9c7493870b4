"""Plumbing shared by the home-game events (rulings, out-of-turn actions, Blind Hold'em,
Crazy Blind Man): JSON for nested tuples and cards, and the fields every host ruling has.

Every host ruling is an event carrying who made it, why and when, so it appears in
the hand's history: "the host makes the call, and that ruling is final for the night."

>>> from engine.cards import card
>>> @dataclass(frozen=True, slots=True)
... class Example(HouseEvent):
...     type: ClassVar[str] = "example"
...     card_fields: ClassVar[frozenset[str]] = frozenset({"cards"})
...     cards: tuple[tuple[int, Card], ...]
>>> Example(((3, card("As")),)).to_json()
{'type': 'example', 'cards': [[3, 'As']]}
>>> Example.from_json({'type': 'example', 'cards': [[3, 'As']]}) == Example(((3, card("As")),))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engine.cards import Card, card
from engine.events import Event


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _frozen(value: Any, cards: bool) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(item, cards) for item in value)
    if cards and isinstance(value, str):
        return card(value)
    return value


@dataclass(frozen=True, slots=True)
class HouseEvent(Event):
    """An event whose fields may be cards (named in `card_fields`) or nested tuples."""

    card_fields: ClassVar[frozenset[str]] = frozenset()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for item in fields(self):
            data[item.name] = _plain(getattr(self, item.name))
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        values = {
            item.name: _frozen(data[item.name], item.name in cls.card_fields)
            for item in fields(cls)
            if item.name in data
        }
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Ruling(HouseEvent):
    """A host ruling: `host` (who made it), `reason` (in their words), `at` (ISO time)."""

    host: str
    reason: str
    at: str
