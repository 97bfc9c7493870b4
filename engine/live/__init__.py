"""A live table: the table between hands, the hand being played, its shuffle seed and its clocks.

This is the engine facade the app calls. `apply(state, actor, intent, now)` is the only
way a live table changes; it returns the new state and the events to append to the log.
`view(state, viewer)` is what one viewer may see of it. Both are pure: `now` (epoch
seconds) is passed in, and every clock is a stored deadline, never a ticking counter.

An actor is a seat number (a seated player acting for themselves), ``"host"`` or
``"system"`` (the dealer's timers, the app's seating). An intent is a dict with a
``type``; the intents and who may send them are listed in ``INTENTS``
(`engine.live.intents`); player actions go to `Hand.act` by name, so a game's new actions
need nothing here.

>>> from engine.config import Stakes
>>> from engine.table import new_table
>>> state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
>>> state, _ = apply(state, "system", {"type": "sit", "seat": 1, "player": "a", "stack": 100}, now=0)
>>> state, _ = apply(state, "system", {"type": "sit", "seat": 2, "player": "b", "stack": 100}, now=0)
>>> state, events = apply(state, "host", {"type": "start_hand"}, now=0)
>>> state.version, state.hand is not None, events[0]["type"]
(3, True, 'table.hand_started')
>>> "seed" in view(state, 1)["table"]
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine import next_hand, views
from engine.errors import IllegalActionError
from engine.forced_bets import straddle_amount, straddle_refusal
from engine.games import GAMES
from engine.house import blind_holdem, run_it_twice, showdown_clock
from engine.live import fairness, second_yes
from engine.live.base import (
    HOST,
    SYSTEM,
    Actor,
    Events,
    ForbiddenError,
    Handler,
    Intent,
    IntentKind,
    LiveOptions,
    LiveTable,
    Result,
    StaleIntentError,
    new_live_table,
    role_of,
)
from engine.live.common import can_deal, seat_in_hand
from engine.live.dealing import TIMEOUT_ACTIONS, pause_after, rabbit_window_end
from engine.live.intents import INTENTS
from engine.live.preview import until_unseen_cards
from engine.records import non_zero
from engine.table import chosen_entry
from engine.table_state import TableState

__all__ = [
    "HOST",
    "INTENTS",
    "SYSTEM",
    "TIMEOUT_ACTIONS",
    "Actor",
    "Events",
    "ForbiddenError",
    "Handler",
    "Intent",
    "IntentKind",
    "LiveOptions",
    "LiveTable",
    "Projector",
    "Result",
    "StaleIntentError",
    "apply",
    "is_stale",
    "new_live_table",
    "preview",
    "role_of",
    "view",
]


def apply(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """Apply one intent. Returns the new state (version + 1) and its events, or raises an
    EngineError saying why not, with nothing changed. An intent that changes nothing (a
    presence update that is already known) returns the same state and no events."""
    if not isinstance(intent, Mapping) or not isinstance(intent.get("type"), str):
        raise IllegalActionError("An intent is an object with a type")
    kind = INTENTS.get(intent["type"])
    if kind is None:
        raise IllegalActionError(f"{intent['type']!r} is not something a table can do")
    role = role_of(actor)
    if role not in kind.roles and role != SYSTEM:
        raise ForbiddenError(f"Only {' or '.join(sorted(kind.roles))} may {intent['type'].replace('_', ' ')}")
    new, events = kind.handler(state, actor, intent, now)
    if new is state:
        return state, []
    if kind.changes_hand:
        new = _restart_clocks(state, new, now)
    passive = kind.passive and new.hand is state.hand
    if not passive:
        new = _schedule_deal(new, now)
    version = state.version + 1
    return replace(new, version=version, changed_at=state.changed_at if passive else version), events


def _schedule_deal(state: LiveTable, now: float) -> LiveTable:
    """While the dealer is dealing, a table that can deal again (a player sat down or came
    back) gets its next deal scheduled; one that cannot waits without polling."""
    if not state.dealing or not state.options.auto_deal or state.hand_in_progress:
        return state
    if state.next_deal_at is not None:
        return state
    if not can_deal(state.table):
        return state
    return replace(state, next_deal_at=now + state.options.deal_delay)


def preview(state: LiveTable, actor: Actor, intent: Intent, now: float) -> tuple[LiveTable, Events, bool]:
    """What `apply` would make of the intent, as far as it may be told before it is made: the
    state and its events, cut short before the first card the table has not seen
    (`engine.live.preview`), and whether they were cut. Raises the same EngineError as `apply`."""
    after, events = apply(state, actor, intent, now)
    told, cut = until_unseen_cards(state, after)
    if cut:
        assert state.hand is not None and told.hand is not None
        events = [event.to_json() for event in told.hand.events[len(state.hand.events) :]]
    return told, events, cut


def is_stale(state: LiveTable, seen_version: int, intent_type: object = None) -> bool:
    """Whether an intent made by someone who saw `seen_version` comes too late: something a
    decision depends on has changed since (a presence change alone does not count). An intent
    that decides nothing (a phone's shuffle pledge or value) is never late."""
    kind = INTENTS.get(intent_type) if isinstance(intent_type, str) else None
    if kind is not None and kind.any_version:
        return False
    return not state.changed_at <= seen_version <= state.version


def _restart_clocks(before: LiveTable, state: LiveTable, now: float) -> LiveTable:
    """A fresh action clock for whoever must decide now; the next deal when a hand ends (later
    after a hand whose rabbit may be hunted: engine.live.dealing.pause_after). The
    question whether to run it twice has one short timer for everyone asked, from the moment
    it is asked: an answer does not restart it."""
    hand = state.hand
    deadline = None
    if state.shuffling is not None:
        deadline = state.shuffling.deadline  # the phones' time to send their pledged values
    elif hand is not None and run_it_twice.asking(hand):
        asked_before = before.hand is not None and run_it_twice.asking(before.hand)
        deadline = before.deadline if asked_before else now + state.options.run_it_twice_seconds
    elif hand is not None and showdown_clock.waiting_to_show(hand) is not None:
        # The turn to show or muck has its own short clock, action clock or not (the cards speak).
        deadline = now + showdown_clock.SHOWDOWN_SECONDS
    elif hand is not None and not hand.finished and hand.to_act is not None and state.options.action_seconds:
        deadline = now + state.options.action_seconds
    elif hand is not None and blind_holdem.waiting_for_stage(hand) is not None:
        # The pause between the stages of a staged reveal: the timer deals the next stage
        # (engine.live.dealing.timeout); a stored deadline, so a restart resumes it.
        deadline = now + blind_holdem.stage_seconds(hand)
    next_deal_at, rabbit_until = state.next_deal_at, state.rabbit_until
    if before.hand_in_progress and hand is not None and hand.finished:
        auto = state.dealing and state.options.auto_deal
        next_deal_at = now + pause_after(hand, state.options) if auto else None
        rabbit_until = rabbit_window_end(hand, state.options, now)
    return replace(state, deadline=deadline, next_deal_at=next_deal_at, rabbit_until=rabbit_until)


# Views ------------------------------------------------------------------------------------------


def view(state: LiveTable, viewer: views.Viewer) -> dict[str, Any]:
    """What `viewer` (a seat number, "host" or "public") may see: the hand through
    engine.views, plus the table around it. Never the seed of a hand being played."""
    return Projector(state).view(viewer)


class Projector:
    """The views of one table state for any number of viewers (`view` for each).

    Everything around the hand is the same for every viewer and the hand's shared parts are
    worked out once (engine.views.HandProjector): a change is sent to every phone at the
    table, and this is most of the cost of each. Views of one projector share those parts:
    treat them as read-only.
    """

    def __init__(self, state: LiveTable) -> None:
        self.state = state
        self._hand = views.HandProjector(state.hand) if state.hand else None
        self._table: dict[str, Any] | None = None
        self._openings = fairness.Openings(state)

    def view(self, viewer: views.Viewer) -> dict[str, Any]:
        state = self.state
        hand = self._hand.view(hand_viewer(state, viewer)) if self._hand else None
        return {
            "version": state.version,
            "table": self._table_part(),
            "hand": hand,
            "commitment": state.commitment,
            "revealed": state.revealed,
            "deadline": state.deadline,
            "fairness": self._openings.view(viewer, hand),
            "pending_ruling": second_yes.view(state, viewer),
            **self._own_settings(viewer),
        }

    def _own_settings(self, viewer: views.Viewer) -> dict[str, Any]:
        """A seat's own settings, in its own view only (engine.live.player_settings)."""
        if not isinstance(viewer, int) or isinstance(viewer, bool):
            return {}
        occupant = self.state.table.seat(viewer)
        return {"auto_muck": occupant is not None and occupant.player in self.state.auto_muck}

    def _table_part(self) -> dict[str, Any]:
        if self._table is None:
            state = self.state
            table = state.table
            in_hand = {s.seat for s in state.hand.seats} if state.hand_in_progress and state.hand else set()
            coming = next_hand.for_every_seat(table)
            seats = [
                {
                    "seat": s.seat,
                    "player": s.player,
                    "name": s.name,
                    "stack": s.stack,
                    "status": s.status.value,
                    "in_hand": s.seat in in_hand,
                    "away": s.player in state.away,
                    "leaving": s.leaving,
                    "straddle": s.straddle,
                    **_entry_part(table, s.seat, coming),
                }
                for s in table.seats
            ]
            self._table = {
                "max_seats": table.max_seats,
                "game": table.game,
                "game_name": GAMES[table.game].name if table.game in GAMES else table.game,
                "stakes": non_zero(table.stakes),
                "seats": seats,
                "button": table.button,
                "hand_count": table.hand_count,
                "dealing": state.dealing,
                "next_deal_at": state.next_deal_at,
                "options": state.options.to_json(),
                "next_hand": _next_hand_part(table, coming),
            }
        return self._table


def hand_viewer(state: LiveTable, viewer: views.Viewer) -> views.Viewer:
    """Who a table viewer is in the hand on show. A seat number names the player sitting there
    now; the finished hand stays on screen while seats change between hands, so that player may
    have had another seat in it, or none: they see it as that seat, or as the public does (named
    by their seat number, as text), never as whoever held their seat's cards.

    >>> from engine.config import Stakes
    >>> from engine.table import new_table
    >>> state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    >>> for seat, player in ((1, "a"), (2, "b")):
    ...     sit = {"type": "sit", "seat": seat, "player": player, "stack": 100}
    ...     state, _ = apply(state, "system", sit, now=0)
    >>> state, _ = apply(state, "host", {"type": "start_hand"}, now=0)
    >>> hand_viewer(state, 2), hand_viewer(state, 3)
    (2, '3')
    """
    if state.hand is None or not isinstance(viewer, int) or isinstance(viewer, bool):
        return viewer
    seat = seat_in_hand(state, viewer)
    # Not dealt in: the public's view, still named by the seat's number (docs/protocol.md).
    return str(viewer) if seat is None else seat


def _entry_part(table: TableState, seat: int, coming: next_hand.NextHand) -> dict[str, Any]:
    """A returning cash player's two ways back in, with the hand each deals them (if they owe),
    and which of them they chose if already back in."""
    choices = coming.entry_choices.get(seat)
    if not choices:
        return {}
    chosen = chosen_entry(table.occupant(seat))
    return {"entry_choices": [c.to_json() for c in choices], "entry_chosen": chosen.value if chosen else None}


def _next_hand_part(table: TableState, coming: next_hand.NextHand) -> dict[str, Any]:
    """Who may straddle the next hand, and for how much ("exactly double the big blind")."""
    seat = coming.straddle_seat
    if seat is None:
        return {"straddle_seat": None, "straddle": 0, "straddle_refusal": None}
    # Stacks are public: saying why the player under the gun cannot straddle tells nobody a card.
    refusal = straddle_refusal(table.stakes, table.occupant(seat).stack - table.stakes.ante)
    return {"straddle_seat": seat, "straddle": straddle_amount(table.stakes), "straddle_refusal": refusal}
