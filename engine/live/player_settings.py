"""A player's own settings at a live table, kept with the table (by player, so a change of seat
keeps them): auto-muck of beaten hands at the showdown (engine.house.auto_muck).

The setting is the player's alone: only their own view says it is on, so nobody learns from
it, before the player's turn to show, whether their hand beats the one on the table.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import TableError
from engine.hand import Hand
from engine.house import auto_muck as auto_mucks
from engine.live.base import Actor, Events, Intent, LiveTable, Result
from engine.live.common import finish_if_over, intent_field, target_seat


def auto_muck(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """ "Auto-muck beaten hands" on or off for the player in the seat. Turned on when their turn
    to show has come with a better hand on the table, it mucks at once."""
    seat = target_seat(actor, intent)
    on = intent_field(intent, "on", bool)
    occupant = state.table.seat(seat)
    if occupant is None:
        raise TableError(f"Nobody sits in seat {seat}.")
    if (occupant.player in state.auto_muck) == on:
        return state, []
    wanting = set(state.auto_muck) | {occupant.player} if on else set(state.auto_muck) - {occupant.player}
    new = replace(state, auto_muck=tuple(sorted(wanting)))
    # Said to the log by seat only: the setting names no card and no hand.
    events: Events = [{"type": "table.auto_muck", "seat": seat, "on": on}]
    if state.hand is None or state.hand.finished:
        return new, events
    hand = state.hand.copy()
    mucked = muck_for_players(new, hand)
    if not mucked:
        return new, events
    return finish_if_over(replace(new, hand=hand), [*events, *mucked])


def muck_for_players(state: LiveTable, hand: Hand) -> Events:
    """Mucks `hand` (changed in place) for the players who want auto-muck, as their turns to
    show come with a better hand tabled; the events, each marked as the player's setting."""
    wanting = {s.seat for s in hand.seats if s.player in state.auto_muck}
    if not wanting or not hand.showdown_order:
        return []
    events: Events = []
    for event in auto_mucks.muck_beaten(hand, wanting):
        data = event.to_json()
        if data.get("type") == "muck":
            events.append({"type": "table.auto_mucked", "seat": data.get("seat")})
        events.append(data)
    return events
