"""Shared set-up for the live table tests: seated players, their sessions, websocket phones."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from engine.live import LiveTable
from tables.identity import SESSION_KEY
from tables.live import load_state
from tables.models import Player, Table
from tables.services.ledger import ledger
from tables.services.seating import joining, seating

SEED = "5e" * 32


def reset_channel_layer() -> None:
    """A new channel layer for the next event loop: a Redis layer's locks belong to the loop
    that made them, and every async test (and Hypothesis example) runs in a loop of its own."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


@pytest.fixture
def fresh_channel_layer() -> Any:
    reset_channel_layer()
    yield
    reset_channel_layer()


def seat_players(table: Table, names: list[str]) -> list[Player]:
    """Guests join the night and the host seats them in seats 1, 2, 3..."""
    players = [joining.join_night(table.night, name) for name in names]
    for number, player in enumerate(players, start=1):
        seating.move_player(player, table, number)
    return players


def seat_guest(table: Table, name: str, number: int, bought: int | None) -> Player:
    """A guest joins and is seated in seat `number`: after a buy-in of `bought` chips, or, with
    None, before any (sitting with the table's default stack, which no buy-in backs)."""
    player = joining.join_night(table.night, name)
    if bought is not None:
        ledger.record_chips_in(player, "buy_in", bought, None)
    seating.move_player(player, table, number)
    return player


def player_cookie(player: Player) -> str:
    session = SessionStore()
    session[SESSION_KEY] = player.session_token
    session.create()
    return f"sessionid={session.session_key}"


def host_cookie(host: User) -> str:
    client = Client()
    client.force_login(host)
    return f"sessionid={client.cookies['sessionid'].value}"


def random_action(state: LiveTable, rnd: random.Random) -> tuple[int, dict[str, Any]]:
    """A random legal decision for whoever must decide now: (seat, action)."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    seat = hand.to_act
    actions = hand.legal_actions(seat)["actions"]
    allowed = [name for name, info in actions.items() if info.get("allowed")]
    name = rnd.choice(allowed)
    action: dict[str, Any] = {"type": name}
    if name in ("bet", "raise"):
        info = actions[name]
        action["to"] = rnd.choice([info["min_to"], info["max_to"]])
    if "cards" in actions[name]:  # Crazy Blind Man's removal, Blind Hold'em's staged reveal
        action["index"] = rnd.choice(actions[name]["cards"])
    return seat, action


class Phone:
    """One websocket client of a table, keeping the last view it rendered (like socket.js)."""

    def __init__(self, table_id: int, cookie: str | None = None) -> None:
        from homegame.asgi import application

        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
        if cookie:
            headers.append((b"cookie", cookie.encode()))
        self.communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
        self.version = -1
        self.view: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []
        self.gaps = 0

    async def connect(self) -> tuple[bool, int | None]:
        connected, _ = await self.communicator.connect()
        if not connected:
            return False, None
        first = await self.communicator.receive_output(timeout=10)
        if first["type"] == "websocket.close":
            return False, first.get("code")
        self._take(json.loads(first["text"]))
        return True, None

    def _take(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        if message.get("type") == "view" and message["version"] > self.version:
            if self.version >= 0 and message["version"] > self.version + 1:
                self.gaps += 1
            self.version = message["version"]
            self.view = message["view"]

    async def send(self, message: Mapping[str, Any] | str) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        await self.communicator.send_to(text_data=text)

    async def receive(self, timeout: float = 10) -> dict[str, Any]:
        message = await self.communicator.receive_json_from(timeout=timeout)
        self._take(message)
        return message

    async def drain(self, quiet: float = 0.2) -> list[dict[str, Any]]:
        """Every message that arrives until none has for `quiet` seconds."""
        got = []
        while not await self.communicator.receive_nothing(timeout=quiet):
            got.append(await self.receive())
        return got

    async def until(self, condition: Any, timeout: float = 10) -> dict[str, Any]:
        """Read messages until the rendered view satisfies `condition` (a hint may be in flight)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.view is None or not condition(self.view):
            await self.receive(timeout=max(0.01, deadline - loop.time()))
        return self.view

    async def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Send and return the first reply that is not a view (ack, error or pong)."""
        await self.send(message)
        while True:
            reply = await self.receive()
            if reply["type"] != "view":
                return reply

    async def close(self) -> None:
        await self.communicator.disconnect()


async def settle(phones: list[Phone], quiet: float = 0.2) -> None:
    await asyncio.gather(*(phone.drain(quiet) for phone in phones))


def committed(table_id: int) -> LiveTable:
    return load_state(table_id)
