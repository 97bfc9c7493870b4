"""Seating as `engine.live` intents (imported by engine.live): sitting down, leaving, sitting
out and in, changing seats, the host's stack and button changes, and who is away.
Everything but presence happens between hands (`engine.table` refuses it during one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine import table as tables
from engine.errors import IllegalActionError, TableError
from engine.live import (
    HOST,
    SYSTEM,
    Actor,
    Events,
    Intent,
    LiveTable,
    Result,
    _between_hands,
    _field,
    _target_seat,
    register_intent,
)
from engine.table_state import Entry


def _entry(intent: Mapping[str, Any]) -> Entry:
    try:
        return Entry(intent.get("entry", Entry.WAIT))
    except ValueError:
        raise TableError("Choose to post now or wait for the big blind") from None


@register_intent("sit", {HOST})
def _sit(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat, player = _field(intent, "seat", int), _field(intent, "player", str)
    stack, name = _field(intent, "stack", int), _field(intent, "name", str, "")
    new = _between_hands(state, lambda t: tables.sit(t, seat, player, stack, name, _entry(intent)))
    return new, [{"type": "table.sit", "seat": seat, "player": player, "stack": stack, "name": name}]


@register_intent("leave", {"player", HOST})
def _leave(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat = _target_seat(actor, intent)
    return _between_hands(state, lambda t: tables.leave(t, seat)), [{"type": "table.leave", "seat": seat}]


@register_intent("sit_out", {"player", HOST})
def _sit_out(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat = _target_seat(actor, intent)
    return _between_hands(state, lambda t: tables.sit_out(t, seat)), [{"type": "table.sit_out", "seat": seat}]


@register_intent("sit_in", {"player", HOST})
def _sit_in(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat, entry = _target_seat(actor, intent), _entry(intent)
    new = _between_hands(state, lambda t: tables.sit_in(t, seat, entry))
    return new, [{"type": "table.sit_in", "seat": seat, "entry": entry.value}]


@register_intent("change_seat", {HOST})
def _change_seat(
    state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float
) -> tuple[LiveTable, Events]:
    seat, to = _field(intent, "seat", int), _field(intent, "to", int)
    new = _between_hands(state, lambda t: tables.change_seat(t, seat, to, _entry(intent)))
    return new, [{"type": "table.change_seat", "seat": seat, "to": to}]


@register_intent("set_stack", {HOST})
def _set_stack(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat, stack = _field(intent, "seat", int), _field(intent, "stack", int)
    new = _between_hands(state, lambda t: tables.set_stack(t, seat, stack))
    return new, [{"type": "table.set_stack", "seat": seat, "stack": stack}]


@register_intent("move_button", {HOST})
def _move_button(
    state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float
) -> tuple[LiveTable, Events]:
    seat = _field(intent, "seat", int)
    new = _between_hands(state, lambda t: tables.move_button(t, seat))
    return new, [{"type": "table.move_button", "seat": seat}]


@register_intent("presence", {SYSTEM}, passive=True)
def _presence(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """Which seated players have no open connection (shown as away; they keep seat and chips)."""
    away = intent.get("away")
    if not isinstance(away, list | tuple) or not all(isinstance(p, str) for p in away):
        raise IllegalActionError("away is a list of player ids")
    seated = {s.player for s in state.table.seats}
    new_away = tuple(sorted(p for p in set(away) if p in seated))
    if new_away == state.away:
        return state, []
    return replace(state, away=new_away), [{"type": "table.presence", "away": list(new_away)}]
