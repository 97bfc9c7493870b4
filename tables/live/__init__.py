"""The one write path of a live table (docs/design.md, "The one write path").

Every change to a table, whether a player action, a host command, a timeout, the next
deal or a seating change, goes through `apply_intent`: lock the snapshot row, return the
stored result for a client action id already applied, refuse a stale version, run the checks
registered for the intent, let the engine apply it, append its events to the log, save the
snapshot, run what is registered for its events (`tables.live.consequences`: a tournament's
busts, the seat records), and after the commit send the table's group a hint
``{"type": "table.changed", "version": v}`` that carries no state (so no card ever passes
through the channel layer).

It is the bottom of the app: services call it, never the other way round, and what a change
means for them they register by event type rather than pass in. What a deal at a tournament's
table depends on (its mode, the level's stakes, a wait or a refusal) is decided by
`engine.live.tournament` from the tournament's stored clock (read by `tables.live.tournament`).
A refusal is `tables.errors.ActionRefused`, with the protocol's code.

Actors: ``"host"``, ``"system"``, or ``"player:<Player pk>"``; a player's seat is looked
up in the locked snapshot, so a seat change can never race an action.
"""

from __future__ import annotations

import datetime
import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import live
from engine.cards import Card
from engine.config import HandConfig, Stakes
from engine.errors import EngineError
from engine.event_types import event_from_json
from engine.games import GAMES
from engine.hand import Hand as EngineHand
from engine.live import LiveTable, Projector
from engine.live import tournament as tournament_rules
from engine.shuffle import deck_seed, seed_from_hex, shuffled_deck
from engine.table import new_table
from tables.errors import ActionRefused
from tables.live import consequences
from tables.live import rows as live_rows
from tables.live import tournament as stored_tournament
from tables.live.applied import Applied
from tables.models import Seat, Table
from tables.models.ledger import chips_to_sit_with
from tables.models.live import Hand, HandEvent, TableSnapshot

logger = logging.getLogger(__name__)

# A player seated by the host starts with this many big blinds (the table has no buy-in field yet).
DEFAULT_BUY_IN_BIG_BLINDS = 100
PLAYER_PREFIX = "player:"
# The snapshot row also keeps where the log stands (last seq, the current hand's row), so the
# write path need not look them up; LiveTable.from_json ignores the key.
LOG_KEY = "log"


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def player_actor(player_id: int) -> str:
    return f"{PLAYER_PREFIX}{player_id}"


def open_table(table: Table, game: str, stakes: Stakes) -> LiveTable:
    """The live state of a table just made, with nobody seated yet: the one place its game and
    stakes are stored from then on (the host's settings and a tournament's levels change them
    through the write path). Raises ActionRefused when the engine refuses the game or stakes."""
    try:
        state = live.new_live_table(new_table(max_seats=table.max_seats, game=game, stakes=stakes))
    except EngineError as error:
        raise ActionRefused(str(error), code="illegal") from None
    TableSnapshot.objects.create(table=table, state=state.to_json(), version=0)
    return state


def starting_stack(seat: Seat) -> int:
    """Chips a player sits down with: a tournament entrant the tournament's starting stack, anyone
    else what the ledger says they hold, or the default stack (in big blinds of the table's cash
    game) for a player with no ledger entries."""
    in_tournament = stored_tournament.starting_stack(seat.player_id)
    if in_tournament is not None:
        return in_tournament
    chips = chips_to_sit_with(seat.player)
    if chips is not None:
        return chips
    return DEFAULT_BUY_IN_BIG_BLINDS * load_state(seat.table_id).table.cash_stakes.unit


def locked_snapshot(table_id: int) -> live_rows.SnapshotRow:
    """The table's snapshot row, locked until the transaction ends (every table has one from
    its making: `open_table`)."""
    row = live_rows.lock_snapshot(table_id)
    if row is None:
        raise ActionRefused("This table does not exist.", code="not_found")
    return row


@dataclass(frozen=True, slots=True)
class Locked:
    """A table's snapshot row, locked, with the state it holds and where its log stands."""

    row: live_rows.SnapshotRow
    state: LiveTable
    log: dict[str, Any] | None


def locked_table(table_id: int) -> Locked:
    """The table locked until the transaction ends, with its committed state.

    The state comes from memory when this process committed or read that very version (the
    usual case: the last action at a table was written here too), so the row's JSON is read
    and parsed only when another process wrote it."""
    row = locked_snapshot(table_id)
    known = _recent.get(table_id)
    if known is not None and known.names(row):
        return Locked(row, known.state, known.log)
    stored = row.state()
    return Locked(row, LiveTable.from_json(stored), stored.get(LOG_KEY))


def _engine_actor(actor: str, state: LiveTable) -> live.Actor:
    if actor.startswith(PLAYER_PREFIX):
        seat = state.seat_of(actor.removeprefix(PLAYER_PREFIX))
        if seat is None:
            raise ActionRefused("You are not seated at this table.", code="forbidden")
        return seat
    if actor in (live.HOST, live.SYSTEM):
        return actor
    raise ActionRefused("Unknown actor.", code="forbidden")


Decide = Callable[[LiveTable], Mapping[str, Any] | None]


def apply_intent(
    table_id: int,
    actor: str,
    intent: Mapping[str, Any] | Decide,
    client_id: str = "",
    expected_version: int | None = None,
    now: float | None = None,
) -> Applied:
    """Apply one intent to a table, or raise ActionRefused with nothing changed.

    `intent` may instead be a function of the locked table that returns the intent to apply,
    or None for nothing to do: for a change decided from the table as it stands under its
    lock (who is away, a deal the tournament's clock brings forward)."""
    try:
        with transaction.atomic():
            locked = locked_table(table_id)
            version = locked.row.version
            if callable(intent):
                decided = intent(locked.state)
                if decided is None:
                    return Applied(version, table_id=table_id)
                intent = decided
            # A repeated id is acked whatever version it names (docs/protocol.md), and ids are
            # the sender's own, so every look-up is by sender. A resent intent was applied at an
            # older version: checked before the version. One that names the current version
            # is usually new, so it is looked up only if it is refused (below), or if the log's
            # unique constraint refuses its second write.
            if client_id and expected_version != version:
                done = _applied_version(table_id, actor, client_id)
                if done is not None:
                    return Applied(done, duplicate=True, table_id=table_id)
            refuse_if_stale(locked.state, expected_version, intent.get("type"))
            moment = time.time() if now is None else now
            applied = _apply_locked(locked, actor, intent, client_id, moment)
            if applied.changed:
                consequences.follow(applied)
            return applied
    except (IntegrityError, ActionRefused):
        done = _applied_version(table_id, actor, client_id) if client_id else None
        if done is None:
            raise
        return Applied(done, duplicate=True, table_id=table_id)


def refuse_if_stale(state: LiveTable, expected_version: int | None, intent_type: object = None) -> None:
    """Refuse an intent made on a version of the table something has changed since (the
    engine's `is_stale`); an intent that names no version is taken as it comes."""
    if expected_version is not None and live.is_stale(state, expected_version, intent_type):
        raise ActionRefused(
            f"The table has moved on (version {state.version}); decide again.", code="stale_version"
        )


def _applied_version(table_id: int, actor: str, client_id: str) -> int | None:
    """The version an intent of `actor` with this client id produced, if it was applied."""
    # No ordering: the model's default one joins the table row for nothing.
    done = HandEvent.objects.filter(table_id=table_id, actor=actor, client_action_id=client_id).order_by()
    return done.values_list("version", flat=True).first()


def _apply_locked(
    locked: Locked, actor: str, intent: Mapping[str, Any], client_id: str, now: float
) -> Applied:
    row, state = locked.row, locked.state
    table_id = row.table_id
    try:
        engine_actor = _engine_actor(actor, state)
        # A tournament's table: its mode, and the stakes of the level in force when a hand is dealt.
        state, intent = _with_tournament(table_id, state, engine_actor, intent, now)
        consequences.check(table_id, state, intent)
        new, events = live.apply(state, engine_actor, intent, now)
    except live.ForbiddenError as error:
        raise ActionRefused(str(error), code="forbidden") from None
    except live.StaleIntentError as error:
        raise ActionRefused(str(error), code="stale_version") from None
    except EngineError as error:
        raise ActionRefused(str(error), code="illegal") from None
    if new is state:
        return Applied(row.version, table_id=table_id)
    log = _append_events(table_id, locked.log, state, new, actor, intent, client_id, events)
    live_rows.save_snapshot(row, {**new.to_json(), LOG_KEY: log}, new.version, _as_datetime(new.due_at))
    committed = Committed(new, log, row.updated_at)
    transaction.on_commit(lambda: _committed(table_id, committed))
    return Applied(
        new.version, table_id=table_id, before=locked.state, state=new, events=tuple(events), now=now
    )


def _with_tournament(
    table_id: int, state: LiveTable, actor: live.Actor, intent: Mapping[str, Any], now: float
) -> tuple[LiveTable, Mapping[str, Any]]:
    """The state and intent the engine applies, given what is stored of a tournament at the table
    (read only for a sit or a deal between hands)."""
    if not tournament_rules.depends_on_tournament(state, intent):
        return state, intent
    return tournament_rules.prepare(state, actor, intent, now, stored_tournament.play_at(table_id))


def _as_datetime(epoch: float | None) -> datetime.datetime | None:
    return None if epoch is None else datetime.datetime.fromtimestamp(epoch, tz=datetime.UTC)


def _append_events(
    table_id: int,
    log: dict[str, Any] | None,
    before: LiveTable,
    after: LiveTable,
    actor: str,
    intent: Mapping[str, Any],
    client_id: str,
    events: list[dict[str, Any]],
) -> dict[str, Any]:
    """Append the intent and its events to the log; returns where the log now stands."""
    if log is None:  # a snapshot written before the log position was kept with it
        last = HandEvent.objects.filter(table_id=table_id).order_by("-seq").values_list("seq", flat=True)
        row = _hand_row(table_id, before) if before.hand_in_progress else None
        log = {"seq": last.first() or 0, "hand_id": row.pk if row else None}
    seq = log["seq"]
    hand_id = log["hand_id"] if before.hand_in_progress else None
    if hand_id is None and any(event["type"] == "table.rabbit_hunt" for event in events):
        row = _hand_row(table_id, before)  # the rabbit belongs to the finished hand's history
        hand_id = row.pk if row else None
    # A seed given for a test deal stays secret like any other until the hand ends.
    recorded = {key: value for key, value in intent.items() if key != "seed"}
    rows = [
        live_rows.EventRow(table_id, hand_id, seq + 1, after.version, actor, "intent", recorded, client_id)
    ]
    for event in events:
        kind = event["type"]
        if kind == "table.hand_started":
            hand_id = _start_hand_row(table_id, after, event).pk
        rows.append(
            live_rows.EventRow(table_id, hand_id, seq + len(rows) + 1, after.version, actor, kind, event)
        )
        if kind == "table.hand_finished" and hand_id is not None:
            Hand.objects.filter(pk=hand_id).update(
                seed=event["seed"], status=Hand.Status.FINISHED, finished_at=timezone.now()
            )
    live_rows.append(rows)
    return {"seq": seq + len(rows), "hand_id": hand_id}


def _hand_row(table_id: int, state: LiveTable) -> Hand | None:
    assert state.hand is not None
    return Hand.objects.filter(table_id=table_id, number=state.hand.config.hand_number).first()


def _start_hand_row(table_id: int, state: LiveTable, started: Mapping[str, Any]) -> Hand:
    """The hand's row. A re-deal after a misdeal is the same hand: its row is dealt again (the
    void deal's commitment and seed stay in the log, with its start and end events)."""
    assert state.hand is not None and state.commitment is not None
    config = state.hand.config
    fields = {
        "game": config.game,
        "stakes": config.to_json()["stakes"],
        "button": config.button,
        "config": config.to_json(),
        "commitment": state.commitment,
        "deck_root": state.deck_root or "",
        "contributions": dict(started.get("contributions") or {}),
        "seed": "",
        "status": Hand.Status.PLAYING,
        "started_at": timezone.now(),
        "finished_at": None,
    }
    if started.get("redeal"):
        row, _ = Hand.objects.update_or_create(table_id=table_id, number=config.hand_number, defaults=fields)
        return row
    return Hand.objects.create(table_id=table_id, number=config.hand_number, **fields)


# Hints of this thread's writes held for the caller to send (tables.live.threads.write).
_held = threading.local()


@contextmanager
def hints_held() -> Iterator[list[tuple[int, int]]]:
    """Hold the hints of the changes committed in this block, as (table id, version), instead
    of sending them: an async caller sends them from its event loop."""
    outer = getattr(_held, "hints", None)
    _held.hints = hints = []
    try:
        yield hints
    finally:
        _held.hints = outer


def _committed(table_id: int, committed: Committed) -> None:
    remember(table_id, committed)
    version = committed.state.version
    held = getattr(_held, "hints", None)
    if held is not None:
        held.append((table_id, version))
    else:
        send_hint(table_id, version)


def send_hint(table_id: int, version: int) -> None:
    """`send_hint_async` from synchronous code (a write made outside the event loop)."""
    try:
        async_to_sync(send_hint_async)(table_id, version)
    except RuntimeError:  # called on a thread that runs an event loop: the hint is lost, harmlessly
        logger.exception("Could not send the hint for table %s version %s", table_id, version)


async def send_hint_async(table_id: int, version: int) -> None:
    """Tell the table's consumers that `version` exists. Losing it is harmless (clients resync)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        await layer.group_send(group_name(table_id), {"type": "table.changed", "version": version})
    except Exception:  # the change is committed; a lost hint is repaired by the next one or a resync
        logger.exception("Could not send the hint for table %s version %s", table_id, version)


# Reading ----------------------------------------------------------------------------------------


def load_state(table_id: int) -> LiveTable:
    """The committed state of a table (a fresh one if nothing has happened there yet)."""
    return _load(table_id).state


def _load(table_id: int) -> Committed:
    snapshot = TableSnapshot.objects.filter(table_id=table_id).only("state", "version", "updated_at").first()
    if snapshot is None:
        raise ActionRefused("This table does not exist.", code="not_found")
    return Committed(LiveTable.from_json(snapshot.state), snapshot.state.get(LOG_KEY), snapshot.updated_at)


def games_dealt(table_ids: Iterable[int]) -> dict[int, str]:
    """The game each table deals next, as its live state says (one query, no state read whole)."""
    rows = TableSnapshot.objects.filter(table_id__in=list(table_ids)).values_list(
        "table_id", "state__table__game"
    )
    return dict(rows)


@dataclass(frozen=True, slots=True)
class Committed:
    """A table's state as committed, with where its log stood, and the row's `updated_at`.

    The version and the time of the write together name one write, so a state kept in memory
    is never taken for a different row that reached the same version number (a database
    restored from a backup, a test's rolled-back transaction)."""

    state: LiveTable
    log: dict[str, Any] | None
    saved_at: datetime.datetime | None

    def replaces(self, known: Committed | None) -> bool:
        """Whether to keep this instead of `known`: the later write wins (a table id can name a
        new row after a test's rollback, whose versions start again), then the higher version."""
        if known is None:
            return True
        if self.saved_at is not None and known.saved_at is not None and self.saved_at != known.saved_at:
            return self.saved_at > known.saved_at
        return self.state.version >= known.state.version

    def names(self, row: live_rows.SnapshotRow) -> bool:
        """Whether this is the state the (locked) row holds."""
        return (
            self.saved_at is not None
            and self.state.version == row.version
            and self.saved_at == row.updated_at
        )


# The newest committed state each table has had in this process: its consumers share it, so
# that one change is parsed once, not once per viewer, and the next write starts from it
# instead of reading the row's JSON again. Engine states are never changed in place
# (engine.live.apply leaves the state it is given untouched), so sharing them is safe.
_recent: dict[int, Committed] = {}
# Writes of different tables commit on several threads (tables.live.threads).
_recent_lock = threading.Lock()


def remember(table_id: int, committed: Committed) -> None:
    with _recent_lock:
        if committed.replaces(_recent.get(table_id)):
            _recent[table_id] = committed


def recent_state(table_id: int, at_least: int) -> LiveTable | None:
    """A committed state of at least version `at_least` if this process has one (read only)."""
    known = _recent.get(table_id)
    return known.state if known is not None and known.state.version >= at_least else None


# The views of each table's newest state in this process, worked out together for all its
# sockets here (engine.live.Projector), so a change costs each further socket little.
_projectors: dict[int, Projector] = {}


def projector_of(table_id: int, state: LiveTable) -> Projector:
    """The views of `state`, shared by the sockets of the table that send it (read only)."""
    projector = _projectors.get(table_id)
    if projector is None or projector.state is not state:
        projector = _projectors[table_id] = Projector(state)
    return projector


def fresh_state(table_id: int) -> LiveTable:
    """`load_state`, remembered for `recent_state` (read only: it may be shared)."""
    committed = _load(table_id)
    remember(table_id, committed)
    return recent_state(table_id, committed.state.version) or committed.state


def current_version(table_id: int) -> int:
    return TableSnapshot.objects.filter(table_id=table_id).values_list("version", flat=True).first() or 0


def hand_deck_seed(hand: Hand) -> bytes:
    """The seed a finished hand's deck came from: its server seed mixed with the phones' values."""
    contributions = [seed_from_hex(value) for value in hand.contributions.values()]
    return deck_seed(seed_from_hex(hand.seed), contributions)


def hand_deck(hand: Hand) -> tuple[Card, ...]:
    """The deck a finished hand was dealt from: its server seed mixed with the phones' values."""
    game = GAMES.get(hand.game)
    return shuffled_deck(hand_deck_seed(hand), short_deck=bool(game and game.short_deck))


def replay_hand(hand: Hand) -> EngineHand:
    """The hand its logged events give, dealt from its config and its seeds."""
    if not hand.seed:
        raise ValueError("The seed of a hand is only known once it is over.")
    config = HandConfig.from_json(hand.config)
    deck = hand_deck(hand)
    rows = hand.events.exclude(kind="intent").exclude(kind__startswith="table.").order_by("seq")
    return EngineHand.replay(config, deck, [event_from_json(row.payload) for row in rows])
