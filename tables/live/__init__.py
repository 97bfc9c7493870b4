"""The one write path of a live table (DESIGN.md, "The one write path").

Every change to a table, whether a player action, a host command, a timeout, the next
deal or a seating change, goes through `apply_intent`: lock the snapshot row, return the
stored result for a client action id already applied, refuse a stale version, let the
engine apply the intent, append its events to the log, save the snapshot, and after the
commit send the table's group a hint ``{"type": "table.changed", "version": v}`` that
carries no state (so no card ever passes through the channel layer).

Actors: ``"host"``, ``"system"``, or ``"player:<Player pk>"``; a player's seat is looked
up in the locked snapshot, so a seat change can never race an action.
"""

from __future__ import annotations

import datetime
import logging
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import live
from engine.config import HandConfig, Stakes
from engine.errors import EngineError
from engine.events import event_from_json
from engine.games import GAMES
from engine.hand import Hand as EngineHand
from engine.live import LiveOptions, LiveTable, Projector
from engine.shuffle import seed_from_hex, shuffled_deck
from engine.table import new_table, sit
from tables.errors import ActionRefused
from tables.live import rows as live_rows
from tables.models import Seat, Table
from tables.models.live import Hand, HandEvent, TableSnapshot

logger = logging.getLogger(__name__)

# A player seated by the host starts with this many big blinds (the table has no buy-in field yet).
DEFAULT_BUY_IN_BIG_BLINDS = 100
PLAYER_PREFIX = "player:"
# The snapshot row also keeps where the log stands (last seq, the current hand's row), so the
# write path need not look them up; LiveTable.from_json ignores the key.
LOG_KEY = "log"


class IntentRefused(Exception):
    """Refused with nothing changed. `code` is the protocol's error code, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Applied:
    """The table's version after the intent; `duplicate` if this client id was applied before."""

    version: int
    duplicate: bool = False


def group_name(table_id: int) -> str:
    return f"table-{table_id}"


def player_actor(player_id: int) -> str:
    return f"{PLAYER_PREFIX}{player_id}"


def initial_state(table: Table) -> LiveTable:
    """A new live table from the Django table, with the players already seated there."""
    state = new_table(
        max_seats=table.max_seats,
        game=table.game,
        stakes=Stakes(small_blind=table.small_blind, big_blind=table.big_blind),
    )
    for seat in Seat.objects.filter(table=table).select_related("player"):
        stack = starting_stack(seat)
        if stack < 1:
            continue  # nobody sits down without chips: seating them is refused (player_seated)
        state = sit(state, seat.number, str(seat.player_id), stack, seat.player.display_name)
    from tables.services.tournament_play import table_mode  # it reads tournaments, which use this module

    return live.new_live_table(table_mode(table.pk, state), LiveOptions())


def starting_stack(seat: Seat) -> int:
    """Chips a player sits down with: what the ledger says they hold, or the default stack for
    a player with no ledger entries (tables.services.ledger.chips_to_sit_with)."""
    from tables.services.ledger import chips_to_sit_with  # the ledger reads live tables too
    from tables.services.tournament_play import starting_stack as tournament_stack

    in_tournament = tournament_stack(seat)
    if in_tournament is not None:
        return in_tournament
    chips = chips_to_sit_with(seat.player)
    return DEFAULT_BUY_IN_BIG_BLINDS * seat.table.big_blind if chips is None else chips


def locked_snapshot(table_id: int) -> live_rows.SnapshotRow:
    """The table's snapshot row, locked until the transaction ends (created on first use)."""
    row = live_rows.lock_snapshot(table_id)
    if row is not None:
        return row
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise IntentRefused("not_found", "This table does not exist.")
    try:
        with transaction.atomic():
            TableSnapshot.objects.create(table=table, state=initial_state(table).to_json(), version=0)
    except IntegrityError:
        pass  # another request created it first: use theirs
    row = live_rows.lock_snapshot(table_id)
    assert row is not None
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
            raise IntentRefused("forbidden", "You are not seated at this table.")
        return seat
    if actor in (live.HOST, live.SYSTEM):
        return actor
    raise IntentRefused("forbidden", "Unknown actor.")


def apply_intent(
    table_id: int,
    actor: str,
    intent: Mapping[str, Any],
    client_id: str = "",
    expected_version: int | None = None,
    now: float | None = None,
) -> Applied:
    """Apply one intent to a table, or raise IntentRefused with nothing changed."""
    try:
        with transaction.atomic():
            locked = locked_table(table_id)
            version = locked.row.version
            # Checked before the version: a resent intent was applied at an older version. An
            # intent made for the current version cannot have been applied yet (applying one moves
            # the version on), so the usual action needs no look-up; should a client reuse an id
            # anyway, the log's unique constraint refuses the second write (below).
            if client_id and expected_version != version:
                done = _applied_version(table_id, client_id)
                if done is not None:
                    return Applied(done, duplicate=True)
            if expected_version is not None and live.is_stale(locked.state, expected_version):
                raise IntentRefused(
                    "stale_version", f"The table has moved on (version {version}); decide again."
                )
            moment = time.time() if now is None else now
            return apply_locked(locked, actor, intent, client_id, moment)
    except IntegrityError:
        done = _applied_version(table_id, client_id) if client_id else None
        if done is None:
            raise
        return Applied(done, duplicate=True)


def _applied_version(table_id: int, client_id: str) -> int | None:
    """The version an intent with this client id produced, if it was applied."""
    # No ordering: the model's default one joins the table row for nothing.
    done = HandEvent.objects.filter(table_id=table_id, client_action_id=client_id).order_by()
    return done.values_list("version", flat=True).first()


def apply_locked(
    locked: Locked, actor: str, intent: Mapping[str, Any], client_id: str, now: float
) -> Applied:
    """The write path's second half, for callers that already hold the table's lock."""
    row, state = locked.row, locked.state
    from tables.services import tournament_play  # it reads tournaments, whose services use this module

    # A tournament's table: its mode, and the stakes of the level in force when a hand is dealt.
    state, intent = tournament_play.prepare(row.table_id, state, actor, intent, now)
    try:
        new, events = live.apply(state, _engine_actor(actor, state), intent, now)
    except live.ForbiddenError as error:
        raise IntentRefused("forbidden", str(error)) from None
    except live.StaleIntentError as error:
        raise IntentRefused("stale_version", str(error)) from None
    except EngineError as error:
        raise IntentRefused("illegal", str(error)) from None
    if new is state:
        return Applied(row.version)
    log = _append_events(row.table_id, locked.log, state, new, actor, intent, client_id, events)
    live_rows.save_snapshot(row, {**new.to_json(), LOG_KEY: log}, new.version, _as_datetime(new.due_at))
    tournament_play.hand_played(row.table_id, new, events, now)  # busts and rebuys
    committed = Committed(new, log, row.updated_at)
    table_id = row.table_id
    transaction.on_commit(lambda: _committed(table_id, committed))
    return Applied(new.version)


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
    # A seed given for a test deal stays secret like any other until the hand ends.
    recorded = {key: value for key, value in intent.items() if key != "seed"}
    rows = [
        live_rows.EventRow(table_id, hand_id, seq + 1, after.version, actor, "intent", recorded, client_id)
    ]
    for event in events:
        kind = event["type"]
        if kind == "table.hand_started":
            hand_id = _start_hand_row(table_id, after).pk
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


def _start_hand_row(table_id: int, state: LiveTable) -> Hand:
    assert state.hand is not None and state.commitment is not None
    config = state.hand.config
    return Hand.objects.create(
        table_id=table_id,
        number=config.hand_number,
        game=config.game,
        stakes=config.to_json()["stakes"],
        button=config.button,
        config=config.to_json(),
        commitment=state.commitment,
        started_at=timezone.now(),
    )


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
    """Tell the table's consumers that `version` exists. Losing it is harmless (clients resync)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_id), {"type": "table.changed", "version": version})
    except Exception:  # the change is committed; a lost hint is repaired by the next one or a resync
        logger.exception("Could not send the hint for table %s version %s", table_id, version)


# Reading ----------------------------------------------------------------------------------------


def load_state(table_id: int) -> LiveTable:
    """The committed state of a table (a fresh one if nothing has happened there yet)."""
    return _load(table_id).state


def _load(table_id: int) -> Committed:
    snapshot = TableSnapshot.objects.filter(table_id=table_id).only("state", "version", "updated_at").first()
    if snapshot is not None:
        return Committed(
            LiveTable.from_json(snapshot.state), snapshot.state.get(LOG_KEY), snapshot.updated_at
        )
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise IntentRefused("not_found", "This table does not exist.")
    return Committed(initial_state(table), None, None)


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


def replay_hand(hand: Hand) -> EngineHand:
    """The hand its logged events give, dealt from its config and its revealed seed."""
    if not hand.seed:
        raise ValueError("The seed of a hand is only known once it is over.")
    config = HandConfig.from_json(hand.config)
    game = GAMES.get(config.game)
    deck = shuffled_deck(seed_from_hex(hand.seed), short_deck=bool(game and game.short_deck))
    rows = hand.events.exclude(kind="intent").exclude(kind__startswith="table.").order_by("seq")
    return EngineHand.replay(config, deck, [event_from_json(row.payload) for row in rows])


# Seating from the host page ---------------------------------------------------------------------


def player_seated(seat: Seat) -> None:
    """The host seated or moved a player (tables.services.seating): the live tables learn it
    through the write path. Call inside the seating transaction: a refusal undoes the seating."""
    player_id = str(seat.player_id)
    stack = starting_stack(seat)
    carried = False  # whether their chips come from another table
    others = TableSnapshot.objects.filter(table__night_id=seat.table.night_id).exclude(table_id=seat.table_id)
    try:
        for snapshot in others:
            old = LiveTable.from_json(snapshot.state)
            found = old.table.seat_of(player_id)
            if found is None:
                continue
            if old.hand_in_progress and old.hand is not None and found.seat in old.hand.index:
                raise ActionRefused(f"{found.name or 'This player'} is in a hand; move them when it ends.")
            stack, carried = found.stack, True
            apply_intent(snapshot.table_id, live.SYSTEM, {"type": "leave", "seat": found.seat})
        here = load_state(seat.table_id).table.seat_of(player_id)
        if here is None:
            sit_down = {"type": "sit", "seat": seat.number, "player": player_id, "stack": stack}
            apply_intent(seat.table_id, live.SYSTEM, {**sit_down, "name": seat.player.display_name})
        elif here.seat != seat.number:
            move = {"type": "change_seat", "seat": here.seat, "to": seat.number}
            apply_intent(seat.table_id, live.SYSTEM, move)
        if here is not None and carried and here.stack != stack:
            # A table with no snapshot yet seated them with a fresh stack: they bring their own.
            # A move within one table keeps the stack they have (no starting stack again).
            refill = {"type": "set_stack", "seat": seat.number, "stack": stack}
            apply_intent(seat.table_id, live.SYSTEM, refill)
    except IntentRefused as refused:
        raise ActionRefused(refused.message) from None


def player_removed(player_id: int, night_id: int) -> None:
    """The player left the night (tables.services.joining.remove_player): every live table of
    the night that seats them learns it through the write path, with a `leave` intent. Between
    hands they leave at once; dealt in to a hand, the engine marks them leaving and they go when
    it ends. Call inside the removal's transaction."""
    for snapshot in TableSnapshot.objects.filter(table__night_id=night_id).only("table_id", "state"):
        found = LiveTable.from_json(snapshot.state).table.seat_of(str(player_id))
        if found is None or found.leaving:
            continue
        try:
            apply_intent(snapshot.table_id, live.SYSTEM, {"type": "leave", "seat": found.seat})
        except IntentRefused as refused:
            raise ActionRefused(refused.message) from None
