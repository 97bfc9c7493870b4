"""The table websocket (docs/protocol.md): authenticate, parse, call the write path, push views.

A consumer never decides a poker question and never trusts a hint: on every
``table.changed`` hint it reads the committed snapshot and sends its own viewer's
projection, so hidden cards never pass through the channel layer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings

from engine.live import LiveTable
from engine.live.intents import INTENTS, PLAYER
from tables import fast_json, rate_limits
from tables.access import can_host
from tables.errors import ActionRefused
from tables.identity import SESSION_KEY
from tables.live import (
    apply_intent,
    current_version,
    fresh_state,
    identity_moves,
    load_state,
    player_actor,
    projector_of,
    recent_state,
    timers,
)
from tables.live import fanout as live_fanout
from tables.live import presence as live_presence
from tables.live.protocol import ClientMessage, ProtocolError, parse
from tables.live.threads import read, write
from tables.models import Player, Seat, Table
from tables.services.hosting import host_panel

logger = logging.getLogger(__name__)

CLOSE_FORBIDDEN = 4403
CLOSE_THROTTLED = 4429
# "More than 20 messages per second sustained": a bucket of 40 refilled at 20 a second.
RATE_PER_SECOND = 20.0
BURST = 40.0
# A pledge changes the table, so every socket there is sent a view: a phone pledges once a deal,
# and again when it comes back from the background. Twenty a minute is plenty even for quick
# heads-up hands, and bounds what alternating pledge and withdraw costs the table (a withdraw is
# never refused: it keeps a phone in the background from being dealt a dead hand).
PLEDGES_PER_MINUTE = 20
# Who may send which intent is the engine's to say (engine.live.intents.INTENTS). The socket
# adds one thing: a seat is taken and given up through the pages that keep the seat records and
# the ledger (the host seats players; a player's chips leave the table by a cash-out), so those
# intents are refused here with the way to do them. The host's "leave" goes to the ledger.
THROUGH_THE_PAGES = {
    "sit": "Seat players from the host page; the dealer does the rest.",
    "leave": "Ask the host to cash you out: your chips leave the table through the ledger.",
}


@dataclass(frozen=True, slots=True)
class Identity:
    """Who a connection is: a player seated at this table, the night's host, or the public."""

    player_id: int | None
    is_host: bool
    night_id: int


def identify(scope: dict[str, Any], table_id: int) -> Identity | None:
    """The connection's identity, or None to close it with 4403."""
    table = Table.objects.select_related("night").filter(pk=table_id).first()
    if table is None:
        return None
    night = table.night
    user = scope.get("user")
    is_host = can_host(user, night)
    session = scope.get("session")
    token = session.get(SESSION_KEY) if session is not None else None
    player = Player.objects.filter(session_token=token).first() if token else None
    if token and player is None and not is_host:
        return None  # an identity that moved to another device, or never existed
    if player is not None and player.night_id != night.pk and not is_host:
        return None
    if player is not None and player.night_id == night.pk and player.status == Player.Status.APPROVED:
        seat = Seat.objects.filter(player=player).first()
        if seat is not None and seat.table_id == table.pk:
            return Identity(player.pk, is_host, night.pk)
        if seat is not None and not is_host:
            return None  # a player of another table
    if is_host:
        return Identity(None, True, night.pk)
    return Identity(None, False, night.pk) if night.is_open else None


def render(table_id: int, identity: Identity, state: LiveTable | None = None) -> dict[str, Any]:
    """This viewer's projection of the committed table (`state`, or read now). The views of one
    state are worked out together for the table's sockets in this process: read only."""
    state = state or load_state(table_id)
    seat = state.seat_of(str(identity.player_id)) if identity.player_id is not None else None
    viewer: int | str = seat if seat is not None else ("host" if identity.is_host else "public")
    return projector_of(table_id, state).view(viewer)


def seated_elsewhere(player_id: int, table_id: int) -> bool:
    """The player's seat is now at another table (the host or a balancing move moved them)."""
    return Seat.objects.filter(player_id=player_id).exclude(table_id=table_id).exists()


def ping_seen(table_id: int, player_id: int | None, channel_name: str) -> int:
    """A ping: a seated player's socket is alive. Returns the table's committed version."""
    if player_id is not None:
        live_presence.seen(table_id, player_id, channel_name)
    return current_version(table_id)


# One pending presence check per table: each disconnect there moves it to AWAY_AFTER_SECONDS
# from now, so a run of drops and reconnects ends in one check, after the last of them.
_presence_checks: dict[int, asyncio.Task[None]] = {}


def refresh_presence_later(table_id: int) -> None:
    loop = asyncio.get_running_loop()
    pending = _presence_checks.pop(table_id, None)
    # (A task of another event loop is one a finished test left behind: it will never run.)
    if pending is not None and not pending.done() and pending.get_loop() is loop:
        pending.cancel()
    _presence_checks[table_id] = loop.create_task(_refresh_presence_after_grace(table_id))


async def _refresh_presence_after_grace(table_id: int) -> None:
    await asyncio.sleep(live_presence.AWAY_AFTER_SECONDS)
    if _presence_checks.get(table_id) is asyncio.current_task():
        del _presence_checks[table_id]
    # A table deleted meanwhile has nobody left to mark away.
    with contextlib.suppress(ActionRefused):
        await write(live_presence.refresh, table_id)


class TableConsumer(AsyncJsonWebsocketConsumer):
    """One socket at a table. Channels dispatches its messages unchanged: hints do not pass
    through dispatch (tables.live.fanout hands them over), and every database call runs through
    tables.live.threads, which closes connections on the thread that used them."""

    @classmethod
    async def encode_json(cls, content: dict[str, Any]) -> str:
        # Each change sends every socket a view of a few kilobytes (tables.fast_json).
        return fast_json.dumps(content)

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.sent_version = -1
        self.hints_seen = 0
        self.drop_every = getattr(settings, "HOMEGAME_DROP_EVERY_NTH_HINT", 0)  # tests only
        self.tokens = BURST
        self.refilled_at = time.monotonic()
        self.pledge_times: list[float] = []
        self.identity: Identity | None = None
        self.moved = False  # the player moved to another device (identity_moved)
        # Accept first so the client sees the close code (a refused handshake has none).
        await self.accept()
        keys = rate_limits.scope_keys(self.scope)
        refused = (
            rate_limits.RECONNECTS.message
            if await rate_limits.ablocked(rate_limits.RECONNECTS, keys)
            else None
        )
        refused = refused or await rate_limits.aflooding(
            rate_limits.CONNECTS_PER_SESSION, rate_limits.CONNECTS_PER_ADDRESS, keys
        )
        if refused is not None:
            await self.error("throttled", refused)
            await self.close(code=CLOSE_THROTTLED)
            return
        self.identity = await read(identify, self.scope, self.table_id)
        if self.identity is None:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await live_fanout.listen(self.table_id, self)
        timers.ensure_running()
        self.timer_user = True
        if self.identity.player_id is not None:
            player = Player(pk=self.identity.player_id)
            await write(live_presence.connected, self.table_id, player, self.channel_name)
        await self.send_view(force=True)

    async def disconnect(self, code: int) -> None:
        identity = getattr(self, "identity", None)
        if identity is None:
            return
        await live_fanout.stop_listening(self.table_id, self)
        if getattr(self, "timer_user", False):
            timers.release()
        if identity.player_id is not None:
            await write(live_presence.disconnected, self.channel_name)
            refresh_presence_later(self.table_id)

    # Client messages ---------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.identity is None or self.moved:
            return
        if not self._take_token():
            await self.error("throttled", "Too many messages: slow down.")
            await rate_limits.acount(rate_limits.RECONNECTS, rate_limits.scope_keys(self.scope))
            await self.close(code=CLOSE_THROTTLED)
            return
        try:
            message = parse(text_data)
        except ProtocolError as error:
            await self.error("malformed", str(error), error.client_id)
            return
        if message.type == "ping":
            await self.pong(message.body["t"])
        elif message.type == "resync":
            await self.send_view(force=True)
        else:
            await self.submit(message)

    def _take_token(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refilled_at) * RATE_PER_SECOND)
        self.refilled_at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def _count_pledge(self) -> None:
        now = time.monotonic()
        self.pledge_times = [at for at in self.pledge_times if now - at < 60] + [now]
        if len(self.pledge_times) > PLEDGES_PER_MINUTE:
            self.pledge_times.pop()
            raise ActionRefused(
                "Too many pledges this minute: the next deal shuffles without this phone's value.",
                code="throttled",
            )

    async def pong(self, t: float) -> None:
        # The version lets a client that missed the last hint see it is behind and resync.
        assert self.identity is not None
        if self.identity.player_id is not None and await self._moved_away():
            return
        version = await write(ping_seen, self.table_id, self.identity.player_id, self.channel_name)
        await self.send_json({"type": "pong", "t": t, "version": version})

    async def submit(self, message: ClientMessage) -> None:
        try:
            actor, intent = await self._intent(message)
            if actor == "host":
                user = self.scope.get("user")
                applied = await write(
                    host_panel.socket_command, self.table_id, user, intent, message.client_id, message.version
                )
            else:
                applied = await write(
                    apply_intent, self.table_id, actor, intent, message.client_id, message.version
                )
        except ActionRefused as refused:
            await self.error(refused.code, refused.message, message.client_id)
            if refused.code == "stale_version":
                await self.send_view(force=True)
            return
        except Exception:  # a bug must cost this intent, not the player's connection
            logger.exception("Intent %s on table %s failed", message.client_id, self.table_id)
            await self.error("illegal", "That could not be done; nothing changed.", message.client_id)
            return
        await self.send_json({"type": "ack", "client_id": message.client_id, "version": applied.version})
        await self.send_view(at_least=applied.version)

    async def _intent(self, message: ClientMessage) -> tuple[str, dict[str, Any]]:
        assert self.identity is not None
        # Nobody chooses the deck: a seed is only ever drawn by the engine (an action with one is
        # malformed already; a host command's is dropped).
        body = {key: value for key, value in message.body.items() if key != "seed"}
        if message.type == "act":
            if self.identity.player_id is None:
                raise ActionRefused("Only a player seated at this table can act.", code="forbidden")
            actor = player_actor(self.identity.player_id)
            kind = body["type"]
            if kind in THROUGH_THE_PAGES:
                raise ActionRefused(THROUGH_THE_PAGES[kind], code="forbidden")
            if kind == "shuffle_pledge":
                self._count_pledge()
            if kind != "act" and kind in INTENTS and PLAYER in INTENTS[kind].roles:
                return actor, body  # an intent of its own (sit out, straddle, the shuffle's)
            return actor, {"type": "act", "action": body}  # a betting action
        # Checked on every command: a co-host removed mid-night loses the right at once.
        if not await read(can_host, self.scope.get("user"), self.identity.night_id):
            raise ActionRefused("Only the night's host can do that.", code="forbidden")
        if body["type"] == "deal":
            body = {"type": "start_hand"}
        if body["type"] == "sit":
            raise ActionRefused(THROUGH_THE_PAGES["sit"], code="forbidden")
        return "host", body  # the engine refuses what the host may not send (engine.live.intents)

    async def error(self, code: str, message: str, client_id: str = "") -> None:
        data = {"type": "error", "code": code, "message": message}
        if client_id:
            data["client_id"] = client_id
        await self.send_json(data)

    # Hints from the channel layer -----------------------------------------------------------------

    async def identity_moved(self, event: dict[str, Any]) -> None:
        """The host's one-time link moved a player to another device (tables.live.identity_moves):
        this socket, if it is that player's old browser, says so and closes."""
        if self.identity is not None and self.identity.player_id == event.get("player"):
            await self._moved_away()

    async def _moved_away(self) -> bool:
        assert self.identity is not None and self.identity.player_id is not None
        session = self.scope.get("session")
        token = session.get(SESSION_KEY) if session is not None else None
        if not await read(identity_moves.moved_away, self.identity.player_id, token):
            return False
        await self.error("moved", identity_moves.MOVED_MESSAGE)
        await self.close(code=CLOSE_FORBIDDEN)
        self.moved = True  # nothing more is sent or taken on this socket
        return True

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A hint, handed over by this process's subscription to the table (tables.live.fanout)."""
        version = event.get("version")
        if not isinstance(version, int) or version <= self.sent_version or self.moved:
            return
        self.hints_seen += 1
        if self.drop_every and self.hints_seen % self.drop_every == 0:
            return  # tests only: a lost hint, repaired by the next one or a resync
        await self.send_view(at_least=version)

    async def send_view(self, force: bool = False, at_least: int | None = None) -> None:
        """Send this viewer's projection: of the committed state at least `at_least` that this
        process already holds, or else of the snapshot read now."""
        assert self.identity is not None
        state = recent_state(self.table_id, at_least) if at_least is not None else None
        if state is None:
            state = await read(fresh_state, self.table_id)
        player_id = self.identity.player_id
        player = None if player_id is None or self.identity.is_host else str(player_id)
        unseated = player is not None and state.seat_of(player) is None
        if unseated and await read(seated_elsewhere, player_id, self.table_id):
            # Moved to another table (balancing): the page follows the seat on its refusal.
            await self.close(code=CLOSE_FORBIDDEN)
            return
        data = render(self.table_id, self.identity, state)
        if data["version"] <= self.sent_version and not force:
            return
        self.sent_version = max(self.sent_version, data["version"])
        await self.send_json({"type": "view", "version": data["version"], "view": data})


class EchoConsumer(AsyncJsonWebsocketConsumer):
    """Benchmarks only (routed when HOMEGAME_BENCHMARK_ECHO=1): the raw websocket round trip."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.send(text_data=text_data or "")
