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


def hand_writes(row: Hand) -> list[list[Any]]:
    """The hand's own events grouped by the write that made them (one intent's events share a
    version): each group ends where the table had a committed state, a live frame."""
    rows = row.events.exclude(kind="intent").exclude(kind__startswith="table.").order_by("seq")
    writes: list[list[Any]] = []
    last_version: int | None = None
    for version, payload in rows.values_list("version", "payload"):
        if version != last_version or not writes:
            writes.append([])
            last_version = version
        writes[-1].append(event_from_json(payload))
    return writes


def new_hand(row: Hand) -> EngineHand:
    """The hand as dealt, before its first event."""
    return EngineHand(HandConfig.from_json(row.config), list(hand_deck(row)))


def replayed_hand(row: Hand) -> EngineHand:
    """The finished hand, replayed from its stored deck and events."""
    hand = new_hand(row)
    for event in hand_events(row):
        hand.apply(event)
    return hand
