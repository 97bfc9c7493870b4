"""A live table: the table between hands, the hand being played, its shuffle seed and its clocks.

This is the engine facade the app calls. `apply(state, actor, intent, now)` is the only
way a live table changes; it returns the new state and the events to append to the log.
`view(state, viewer)` is what one viewer may see of it. Both are pure: `now` (epoch
seconds) is passed in, and every clock is a stored deadline, never a ticking counter.

An actor is a seat number (a seated player acting for themselves), ``"host"`` or
``"system"`` (the dealer's timers, the app's seating). An intent is a dict with a
``type``; the intents and who may send them are listed in ``INTENTS``. Modules that add
intents (host rulings, variants) call `register_intent`; player actions go to
`Hand.act` by name, so a game's new actions need nothing here.

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

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine import table as tables
from engine import views
from engine.config import Stakes
from engine.errors import EngineError, IllegalActionError, TableError
from engine.games import GAMES
from engine.hand import Hand
from engine.records import as_dict, non_zero
from engine.shuffle import commitment, new_seed, seed_from_hex, shuffled_deck
from engine.table_state import TableState

Actor = int | str
HOST = "host"
SYSTEM = "system"
# Tried in order when the action clock runs out: check if possible, else fold; at showdown
# a hand that may be mucked is mucked, otherwise shown. A game whose decisions are
# different can register its own default with `TIMEOUT_ACTIONS`.
TIMEOUT_ACTIONS: list[str] = ["check", "fold", "muck", "show"]


class StaleIntentError(EngineError):
    """An intent made for an earlier state of the table (a timeout someone already answered)."""


class ForbiddenError(EngineError):
    """The actor may not send this intent (a player acting for another seat, a player dealing)."""


@dataclass(frozen=True, slots=True)
class LiveOptions:
    """Table options the live layer itself uses. `action_seconds` 0 means no action clock."""

    action_seconds: int = 0
    deal_delay: float = 5.0  # seconds between the end of a hand and the next deal
    auto_deal: bool = True  # keep dealing once the host has dealt the first hand
    bomb_pot_every: int = 0  # every Nth hand is a bomb pot; 0: never
    bomb_pot_game: str = "bomb_pot"  # which bomb pot (single or double board, Hold'em or PLO)
    bomb_ante: int = 0  # each player's ante in it; 0: one big blind
    # Game options announced before each deal (Blind Hold'em's reveal...), for the table's game.
    game_options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return as_dict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveOptions:
        return cls(**data)


@dataclass(frozen=True)
class LiveTable:
    """One table as the app stores it.

    `seed` is the current hand's shuffle seed (hex): secret until the hand ends, never in
    a view. `commitment` is its SHA-256, published at the deal. `revealed` is the last
    finished hand's {hand_number, seed, commitment}. `deadline` is when the player to act
    runs out of time; `next_deal_at` when the next hand is dealt automatically; both are
    epoch seconds or None. `dealing` says the host has started the game (auto-deal is on).
    `away` lists players with no open connection: they keep their seat and chips.
    `changed_at` is the last version that changed anything a decision depends on: a
    presence change alone does not make a player's pending action stale.
    """

    table: TableState
    hand: Hand | None = None
    seed: str | None = None
    commitment: str | None = None
    revealed: dict[str, Any] | None = None
    options: LiveOptions = field(default_factory=LiveOptions)
    dealing: bool = False
    deadline: float | None = None
    next_deal_at: float | None = None
    away: tuple[str, ...] = ()
    version: int = 0
    changed_at: int = 0

    @property
    def hand_in_progress(self) -> bool:
        return self.hand is not None and not self.hand.finished

    @property
    def due_at(self) -> float | None:
        """The earliest stored deadline: when a timer process should look at this table."""
        times = [t for t in (self.deadline, self.next_deal_at) if t is not None]
        return min(times) if times else None

    def seat_of(self, player: str) -> int | None:
        s = self.table.seat_of(player)
        return s.seat if s else None

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table.to_json(),
            "hand": self.hand.to_json() if self.hand else None,
            "seed": self.seed,
            "commitment": self.commitment,
            "revealed": self.revealed,
            "options": self.options.to_json(),
            "dealing": self.dealing,
            "deadline": self.deadline,
            "next_deal_at": self.next_deal_at,
            "away": list(self.away),
            "version": self.version,
            "changed_at": self.changed_at,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LiveTable:
        table = TableState.from_json(data["table"])
        hand = None
        if data.get("hand"):
            # The hand being played is stored twice, as the table's current hand and as the
            # hand's own config: read once, it is one record, as when the hand was dealt.
            same = table.current_hand is not None and data["hand"]["config"] == data["table"]["current_hand"]
            hand = Hand.from_json(data["hand"], config=table.current_hand if same else None)
        return cls(
            table=table,
            hand=hand,
            seed=data.get("seed"),
            commitment=data.get("commitment"),
            revealed=data.get("revealed"),
            options=LiveOptions.from_json(data.get("options", {})),
            dealing=data.get("dealing", False),
            deadline=data.get("deadline"),
            next_deal_at=data.get("next_deal_at"),
            away=tuple(data.get("away", ())),
            version=data.get("version", 0),
            changed_at=data.get("changed_at", 0),
        )


def new_live_table(table: TableState, options: LiveOptions | None = None) -> LiveTable:
    return LiveTable(table=table, options=options or LiveOptions())


# Intents ----------------------------------------------------------------------------------------

Events = list[dict[str, Any]]
Intent = Mapping[str, Any]
Result = tuple[LiveTable, Events]
Handler = Callable[[LiveTable, Actor, Intent, float], Result]


@dataclass(frozen=True, slots=True)
class IntentKind:
    handler: Handler
    roles: frozenset[str]  # "player", "host", "system"
    changes_hand: bool = False  # restart the action clock after it
    passive: bool = False  # shown to everyone, but changes no decision (presence)


INTENTS: dict[str, IntentKind] = {}


def register_intent(
    name: str, roles: set[str], *, changes_hand: bool = False, passive: bool = False
) -> Callable[[Handler], Handler]:
    """Add an intent (e.g. a host ruling). The handler gets a state it may not mutate."""

    def register(handler: Handler) -> Handler:
        INTENTS[name] = IntentKind(handler, frozenset(roles), changes_hand, passive)
        return handler

    return register


def role_of(actor: Actor) -> str:
    if isinstance(actor, int) and not isinstance(actor, bool):
        return "player"
    if actor in (HOST, SYSTEM):
        return str(actor)
    raise ForbiddenError(f"Unknown actor {actor!r}")


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
    if not kind.passive:
        new = _schedule_deal(new, now)
    version = state.version + 1
    return replace(new, version=version, changed_at=state.changed_at if kind.passive else version), events


def _schedule_deal(state: LiveTable, now: float) -> LiveTable:
    """While the dealer is dealing, a table that can deal again (a player sat down or came
    back) gets its next deal scheduled; one that cannot waits without polling."""
    if not state.dealing or not state.options.auto_deal or state.hand_in_progress:
        return state
    if state.next_deal_at is not None:
        return state
    if not _can_deal(state.table):
        return state
    return replace(state, next_deal_at=now + state.options.deal_delay)


def _can_deal(table: TableState) -> bool:
    try:
        tables.plan_next_hand(table)
    except EngineError:
        return False
    return True


def is_stale(state: LiveTable, seen_version: int) -> bool:
    """Whether an intent made by someone who saw `seen_version` comes too late: something a
    decision depends on has changed since (a presence change alone does not count)."""
    return not state.changed_at <= seen_version <= state.version


def _restart_clocks(before: LiveTable, state: LiveTable, now: float) -> LiveTable:
    """A fresh action clock for whoever must decide now; the next deal when a hand ends."""
    hand = state.hand
    deadline = None
    if hand is not None and not hand.finished and hand.to_act is not None and state.options.action_seconds:
        deadline = now + state.options.action_seconds
    next_deal_at = state.next_deal_at
    if before.hand_in_progress and hand is not None and hand.finished:
        next_deal_at = now + state.options.deal_delay if state.dealing and state.options.auto_deal else None
    return replace(state, deadline=deadline, next_deal_at=next_deal_at)


def _field(intent: Mapping[str, Any], name: str, kind: type, default: Any = ...) -> Any:
    value = intent.get(name, default)
    if value is ...:
        raise IllegalActionError(f"Missing {name}")
    if value is default and default is not ...:
        return value
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        wanted = "a whole number" if kind is int else f"a {kind.__name__}"
        raise IllegalActionError(f"{name} must be {wanted}")
    return value


def _target_seat(actor: Actor, intent: Mapping[str, Any]) -> int:
    """A player acts on their own seat; the host and the system name one."""
    if role_of(actor) == "player":
        if "seat" in intent and intent["seat"] != actor:
            raise ForbiddenError("You can only do that for your own seat")
        return int(actor)
    return _field(intent, "seat", int)


@functools.cache
def _action_parameters(act: Callable[..., object]) -> frozenset[str]:
    """The parameters a client may send with an action, read once per `Hand.act` function."""
    parameters = list(inspect.signature(act).parameters)[1:]  # the first is the hand itself
    # `seat` and `action` are the hand's own arguments, never a client's field.
    return frozenset(parameters) - {"seat", "action"}


def _between_hands(state: LiveTable, change: Callable[[TableState], TableState]) -> LiveTable:
    return replace(state, table=change(state.table))


# Dealing ----------------------------------------------------------------------------------------


@register_intent("start_hand", {HOST}, changes_hand=True)
def _start_hand(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    if state.hand_in_progress:
        raise TableError("A hand is in progress; finish it first.")
    if actor == SYSTEM and (state.next_deal_at is None or state.next_deal_at > now):
        raise StaleIntentError("The next hand is not due yet")
    if actor == SYSTEM and not _can_deal(state.table):
        # Not enough players: stop the timer; the next seating change schedules a deal again.
        return replace(state, next_deal_at=None), [{"type": "table.waiting_for_players"}]
    seed = seed_from_hex(intent["seed"]) if intent.get("seed") else new_seed()
    # After a misdeal the void hand is dealt again as it was (its game, options and number).
    redeal = tables.redeal_of(state.table) is not None
    bomb_pot = None if redeal else _scheduled_bomb_pot(state)
    table, config = tables.start_hand(bomb_pot or state.table)
    if bomb_pot is not None:
        # One hand of the bomb pot, then the table's own game and stakes again.
        table = replace(table, game=state.table.game, stakes=state.table.stakes)
    elif state.options.game_options and not redeal:
        config = replace(config, options=dict(state.options.game_options))
    game = GAMES.get(config.game)
    deck = shuffled_deck(seed, short_deck=bool(game and game.short_deck))
    hand = Hand(config, deck)
    committed = commitment(seed)
    new = replace(state, table=table, hand=hand, seed=seed.hex(), commitment=committed, dealing=True)
    new = replace(new, next_deal_at=None)
    started: dict[str, Any] = {"type": "table.hand_started", "hand_number": config.hand_number}
    if redeal:
        started["redeal"] = True  # hand N again: the first deal of it was void
    events: Events = [
        {**started, "commitment": committed},
        *(event.to_json() for event in hand.events),
    ]
    return _finish_if_over(new, events)


def _scheduled_bomb_pot(state: LiveTable) -> TableState | None:
    """The table as it deals the next hand when that hand is a scheduled bomb pot, else None."""
    options = state.options
    if not options.bomb_pot_every or (state.table.hand_count + 1) % options.bomb_pot_every:
        return None
    ante = options.bomb_ante or state.table.stakes.big_blind or 1
    stakes = Stakes(bomb_ante=ante, cap=state.table.stakes.cap)
    return tables.set_game(state.table, options.bomb_pot_game, stakes)


@register_intent("pause", {HOST})
def _pause(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """Stop dealing after the current hand (the host deals again to resume)."""
    if not state.dealing and state.next_deal_at is None:
        raise TableError("The dealer is already stopped.")
    return replace(state, dealing=False, next_deal_at=None), [{"type": "table.paused"}]


# Playing ----------------------------------------------------------------------------------------


@register_intent("act", {"player"}, changes_hand=True)
def _act(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat = _target_seat(actor, intent)
    action = intent.get("action")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise IllegalActionError("Say what you do (fold, check, call, bet, raise...)")
    return _play(state, seat, action["type"], {k: v for k, v in action.items() if k != "type"})


@register_intent("timeout", {SYSTEM}, changes_hand=True)
def _timeout(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """The action clock ran out: check if possible, otherwise fold (see TIMEOUT_ACTIONS)."""
    if intent.get("version") != state.version:
        raise StaleIntentError("This timeout is for an earlier state of the table")
    hand = state.hand
    if state.deadline is None or state.deadline > now or hand is None or hand.to_act is None:
        raise StaleIntentError("Nobody's time has run out")
    for name in TIMEOUT_ACTIONS:
        try:
            new, events = _play(state, hand.to_act, name, {})
        except IllegalActionError:
            continue
        return new, [{"type": "table.timed_out", "seat": hand.to_act, "action": name}, *events]
    raise IllegalActionError("No default action is possible for this player")


def _play(state: LiveTable, seat: int, action: str, params: dict[str, Any]) -> tuple[LiveTable, Events]:
    if state.hand is None or state.hand.finished:
        raise IllegalActionError("No hand is being played")
    hand = state.hand.copy()  # hands are mutable records: the state given must stay untouched
    accepted = _action_parameters(type(hand).act)
    unknown = [name for name in params if name not in accepted]
    if unknown:
        raise IllegalActionError(f"{action!r} does not take {', '.join(sorted(unknown))}")
    events = [event.to_json() for event in hand.act(seat, action, **params)]
    return _finish_if_over(replace(state, hand=hand), events)


def _finish_if_over(state: LiveTable, events: Events) -> tuple[LiveTable, Events]:
    """When the hand is over: stacks back to the table, and the seed revealed."""
    hand = state.hand
    if hand is None or not hand.finished:
        return state, events
    final = {s.seat: s.stack for s in hand.seats}
    table = tables.finish_hand(state.table, final)
    revealed = {"hand_number": hand.config.hand_number, "seed": state.seed, "commitment": state.commitment}
    events = [*events, {"type": "table.hand_finished", "final_stacks": final, **revealed}]
    return replace(state, table=table, seed=None, revealed=revealed), events


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

    def view(self, viewer: views.Viewer) -> dict[str, Any]:
        state = self.state
        return {
            "version": state.version,
            "table": self._table_part(),
            "hand": self._hand.view(viewer) if self._hand else None,
            "commitment": state.commitment,
            "revealed": state.revealed,
            "deadline": state.deadline,
        }

    def _table_part(self) -> dict[str, Any]:
        if self._table is None:
            state = self.state
            table = state.table
            in_hand = {s.seat for s in state.hand.seats} if state.hand_in_progress and state.hand else set()
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
            }
        return self._table


# Seating, table settings, host rulings and tournament intents register themselves here
# (they need the names above).
from engine.live import rulings, seating, settings, tournament  # noqa: E402, F401
