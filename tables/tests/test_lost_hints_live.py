"""Lost hints: "Channel-layer messages are hints ("version N exists"), never state: they can be
dropped. ... a lost message is repaired by the next one or by the client's resync."

Every consumer here ignores every third hint (HOMEGAME_DROP_EVERY_NTH_HINT). Clients behave as
docs/protocol.md says: they render whole views across version gaps, decide again after a
`stale_version`, and resync when a `pong` shows a version newer than theirs.
"""

from __future__ import annotations

import random

import pytest
from channels.db import database_sync_to_async

from tables.consumers import Identity, render
from tables.live import apply_intent
from tables.tests.live_helpers import (
    Phone,
    committed,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    host_cookie,
    player_cookie,
    random_action,
    seat_players,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]


async def _catch_up(phone: Phone) -> None:
    pong = await phone.request({"type": "ping", "t": 1})
    if pong["version"] > phone.version:
        await phone.send({"type": "resync"})
        await phone.until(lambda view: view["version"] >= pong["version"])


async def test_clients_converge_to_the_database_state_when_every_third_hint_is_lost(table, host, settings):
    settings.HOMEGAME_DROP_EVERY_NTH_HINT = 3
    players = await database_sync_to_async(seat_players)(table, ["Ann", "Bo", "Cy"])
    seats = [Phone(table.pk, await database_sync_to_async(player_cookie)(p)) for p in players]
    host_phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    public = Phone(table.pk)
    phones = [*seats, host_phone, public]
    for phone in phones:
        assert (await phone.connect())[0]
    await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "start_hand"})
    rnd = random.Random(3)
    stale_replies = 0
    for hand_number in range(2):
        while (state := await database_sync_to_async(committed)(table.pk)).hand_in_progress:
            seat, action = random_action(state, rnd)
            phone = seats[seat - 1]
            message = {"type": "act", "client_id": f"h{hand_number}v{state.version}", "action": action}
            reply = await phone.request({**message, "version": phone.version})
            if reply["type"] == "error":
                assert reply["code"] == "stale_version"
                stale_replies += 1
                await phone.until(lambda view, v=state.version: view["version"] >= v)
                reply = await phone.request(
                    {**message, "client_id": message["client_id"] + "r", "version": phone.version}
                )
            assert reply["type"] == "ack"
        if hand_number == 0:
            await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "start_hand"})
    for phone in phones:
        await phone.drain(0.1)
        await _catch_up(phone)
    final = await database_sync_to_async(committed)(table.pk)
    identities = [Identity(p.pk, False, table.night_id) for p in players]
    identities += [Identity(None, True, table.night_id), Identity(None, False, table.night_id)]
    for phone, identity in zip(phones, identities, strict=True):
        assert phone.version == final.version
        assert phone.view == await database_sync_to_async(render)(table.pk, identity)
    assert sum(phone.gaps for phone in phones) > 0  # hints really were lost on the way
    for phone in phones:
        await phone.close()
