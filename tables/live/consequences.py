"""What the night records of a change to a table, by the engine's event type.

The write path (`tables.live.apply_intent`) is the only door to a table, and it stays the bottom
of the app: it knows nothing of tournaments, the ledger or the seat records. Those layers list,
once, what an event means for them (a hand finished: place its busted players; a seat left: its
record goes) in `tables.services.consequences`, which the app installs here when it is ready
(`tables.apps`). The write path runs them in the same transaction as the change, so the change
and what it means commit together or not at all (docs/design.md, "The one write path").

A check listed for an intent runs before the engine applies it, under the table's lock: its
refusal leaves the table as it was, with nothing dealt and undone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.live import LiveTable
from tables.live.applied import Applied

Consequence = Callable[[Applied], None]
Check = Callable[[int, LiveTable, Mapping[str, Any]], None]

_after_event: Mapping[str, tuple[Consequence, ...]] = {}
_before_intent: Mapping[str, tuple[Check, ...]] = {}


def install(
    after_event: Mapping[str, tuple[Consequence, ...]], before_intent: Mapping[str, tuple[Check, ...]]
) -> None:
    """The app's lists: what runs after each event type, and what checks each intent type."""
    global _after_event, _before_intent
    _after_event, _before_intent = after_event, before_intent


def check(table_id: int, state: LiveTable, intent: Mapping[str, Any]) -> None:
    for registered in _before_intent.get(str(intent.get("type")), ()):
        registered(table_id, state, intent)


def follow(applied: Applied) -> None:
    """Run what is listed for the write's events, each consequence once, in the order the
    events came."""
    done: list[Consequence] = []
    for event in applied.events:
        for consequence in _after_event.get(event["type"], ()):
            if consequence not in done:
                done.append(consequence)
                consequence(applied)
