"""A finished hand, replayed from its stored deck and events: what histories, recaps and
standings read a hand from."""

from __future__ import annotations

from typing import Any

from engine.config import HandConfig
from engine.event_types import event_from_json
from engine.hand import Hand as EngineHand
from tables.live import hand_deck
from tables.models.live import Hand


def hand_events(row: Hand) -> list[Any]:
    """The hand's own events, in order (not the intents, not the table's events)."""
    rows = row.events.exclude(kind="intent").exclude(kind__startswith="table.").order_by("seq")
    return [event_from_json(event.payload) for event in rows]


def new_hand(row: Hand) -> EngineHand:
    """The hand as dealt, before its first event."""
    return EngineHand(HandConfig.from_json(row.config), list(hand_deck(row)))


def replayed_hand(row: Hand) -> EngineHand:
    """The finished hand, replayed from its stored deck and events."""
    hand = new_hand(row)
    for event in hand_events(row):
        hand.apply(event)
    return hand
