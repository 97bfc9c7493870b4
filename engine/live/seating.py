"""Seating as `engine.live` intents (listed in engine.live.intents): sitting down, leaving, sitting
out and in, changing seats, the host's stack and button changes, and who is away.
Everything but presence happens between hands (`engine.table` refuses it during one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine import table as tables
from engine.errors import IllegalActionError, TableError
from engine.live.base import Actor, Events, Intent, LiveTable, Result
from engine.live.common import between_hands, intent_field, target_seat
from engine.next_hand import verify_straddle_request
from engine.table_state import Entry


def _entry(intent: Mapping[str, Any]) -> Entry:
    try:
        return Entry(intent.get("entry", Entry.WAIT))
    except ValueError:
        raise TableError("Choose to post now or wait for the big blind") from None


def sit(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat, player = intent_field(intent, "seat", int), intent_field(intent, "player", str)
    stack, name = intent_field(intent, "stack", int), intent_field(intent, "name", str, "")
    new = between_hands(state, lambda t: tables.sit(t, seat, player, stack, name, _entry(intent)))
    return new, [{"type": "table.sit", "seat": seat, "player": player, "stack": stack, "name": name}]


def leave(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat = target_seat(actor, intent)
    return between_hands(state, lambda t: tables.leave(t, seat)), [{"type": "table.leave", "seat": seat}]


def sit_out(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat = target_seat(actor, intent)
    return between_hands(state, lambda t: tables.sit_out(t, seat)), [{"type": "table.sit_out", "seat": seat}]


def sit_in(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat, entry = target_seat(actor, intent), _entry(intent)
    new = between_hands(state, lambda t: tables.sit_in(t, seat, entry))
    return new, [{"type": "table.sit_in", "seat": seat, "entry": entry.value}]


def change_seat(
    state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float
) -> tuple[LiveTable, Events]:
    seat, to = intent_field(intent, "seat", int), intent_field(intent, "to", int)
    new = between_hands(state, lambda t: tables.change_seat(t, seat, to, _entry(intent)))
    return new, [{"type": "table.change_seat", "seat": seat, "to": to}]


def set_stack(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat, stack = intent_field(intent, "seat", int), intent_field(intent, "stack", int)
    new = between_hands(state, lambda t: tables.set_stack(t, seat, stack))
    return new, [{"type": "table.set_stack", "seat": seat, "stack": stack}]


def move_chips(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """The host moves chips from one seat to another: both stacks change in one write, each said
    as the stack it is set to."""
    source, target = intent_field(intent, "from", int), intent_field(intent, "to", int)
    chips = intent_field(intent, "chips", int)
    new = between_hands(state, lambda t: tables.move_chips(t, source, target, chips))
    events: Events = [
        {"type": "table.set_stack", "seat": seat, "stack": new.table.occupant(seat).stack}
        for seat in (source, target)
    ]
    return new, events


def move_button(
    state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float
) -> tuple[LiveTable, Events]:
    seat = intent_field(intent, "seat", int)
    new = between_hands(state, lambda t: tables.move_button(t, seat))
    return new, [{"type": "table.move_button", "seat": seat}]


def presence(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """Which seated players have no open connection (shown as away; they keep seat and chips)."""
    away = intent.get("away")
    if not isinstance(away, list | tuple) or not all(isinstance(p, str) for p in away):
        raise IllegalActionError("away is a list of player ids")
    seated = {s.player for s in state.table.seats}
    new_away = tuple(sorted(p for p in set(away) if p in seated))
    if new_away == state.away:
        return state, []
    return replace(state, away=new_away), [{"type": "table.presence", "away": list(new_away)}]


def straddle(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """ "Straddle next hand": the player under the gun asks to post two big blinds before the
    deal (or takes it back). The deal posts it and clears the request."""
    seat, wanted = target_seat(actor, intent), intent_field(intent, "on", bool)
    verify_straddle_request(state.table, seat, wanted)
    if state.table.occupant(seat).straddle == wanted:
        return state, []
    new = between_hands(state, lambda t: tables.set_straddle(t, seat, wanted))
    return new, [{"type": "table.straddle", "seat": seat, "on": wanted}]
