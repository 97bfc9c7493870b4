"""What the intent handlers share: reading an intent's fields and the seat it is for, who a
seat's player was in the hand on show, a change between hands, whether the table can deal,
and closing a finished hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine import table as tables
from engine.errors import EngineError, IllegalActionError
from engine.live.base import Actor, Events, ForbiddenError, LiveTable, role_of
from engine.table_state import TableState


def can_deal(table: TableState) -> bool:
    try:
        tables.plan_next_hand(table)
    except EngineError:
        return False
    return True


def intent_field(intent: Mapping[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    value = intent.get(name, default)
    if value is ...:
        raise IllegalActionError(f"Missing {name}")
    if value is default and default is not ...:
        return value
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        wanted = "a whole number" if kind is int else f"a {kind.__name__}"
        raise IllegalActionError(f"{name} must be {wanted}")
    return value


def target_seat(actor: Actor, intent: Mapping[str, Any]) -> int:
    """A player acts on their own seat; the host and the system name one."""
    if role_of(actor) == "player":
        if "seat" in intent and intent["seat"] != actor:
            raise ForbiddenError("You can only do that for your own seat")
        return int(actor)
    return intent_field(intent, "seat", int)


def seat_in_hand(state: LiveTable, seat: int) -> int | None:
    """The seat that the player sitting in table seat `seat` now had in the hand on show, or
    None when they were not dealt in (or nobody sits there). The finished hand stays on the
    table while seats change between hands: whatever a seat asks of that hand is asked by its
    player, never by whoever held that seat's cards."""
    hand, occupant = state.hand, state.table.seat(seat)
    if hand is None or occupant is None:
        return None
    return next((s.seat for s in hand.seats if s.player == occupant.player), None)


def between_hands(state: LiveTable, change: Callable[[TableState], TableState]) -> LiveTable:
    return replace(state, table=change(state.table))


def finish_if_over(state: LiveTable, events: Events) -> tuple[LiveTable, Events]:
    """When the hand is over: stacks back to the table, and the deck's root published."""
    hand = state.hand
    if hand is None or not hand.finished:
        return state, events
    final = {s.seat: s.stack for s in hand.seats}
    table = tables.finish_hand(state.table, final)
    revealed = {
        "hand_number": hand.config.hand_number,
        "commitment": state.commitment,
        "deck_root": state.deck_root,
    }
    # The seed goes to the app's record of the hand (revealed when the night closes), never
    # into a view: it gives the whole deck, and so every folded hand.
    finished = {"type": "table.hand_finished", "final_stacks": final, **revealed, "seed": state.seed}
    return replace(state, table=table, seed=None, revealed=revealed), [*events, finished]
