"""Joins with the right code and table sockets opened are limited, like wrong codes are.

tables/rate_limits.py: a night is not flooded with players from one address (a join gives the
phone a new session, so the address is what counts), and a phone reconnecting in a loop is
refused with `throttled` and 4429 before the socket is served, not only after it was closed
for flooding.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from tables import consumers, rate_limits
from tables.models import Night, Player, Table
from tables.tests.live_helpers import (
    Phone,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
)


@pytest.mark.django_db
def test_players_joining_from_one_address_are_limited_and_a_refused_join_makes_nobody(night: Night) -> None:
    allowed = rate_limits.JOINS_PER_ADDRESS.attempts
    for number in range(allowed):
        response = Client().post(f"/join/{night.join_code}/", {"display_name": f"Guest {number}"})
        assert response.status_code == 302
    response = Client().post(f"/join/{night.join_code}/", {"display_name": "One more"})
    assert response.status_code == 429
    assert "Too many players joined from this address" in response.content.decode()
    assert night.players.count() == allowed
    # Another address joins as before.
    other = Client(REMOTE_ADDR="10.0.0.9").post(f"/join/{night.join_code}/", {"display_name": "Elsewhere"})
    assert other.status_code == 302
    assert Player.objects.filter(display_name="Elsewhere").exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_channel_layer")
async def test_a_phone_reconnecting_in_a_loop_is_refused_before_it_floods(table: Table) -> None:
    (ann,) = await database_sync_to_async(seat_players)(table, ["Ann"])
    cookie = await database_sync_to_async(player_cookie)(ann)
    for _ in range(rate_limits.CONNECTS_PER_SESSION.attempts):
        phone = Phone(table.pk, cookie)
        assert (await phone.connect())[0]
        await phone.close()
    again = Phone(table.pk, cookie)
    await again.connect()
    while (output := await again.communicator.receive_output(timeout=10))["type"] != "websocket.close":
        again._take(json.loads(output["text"]))
    assert output["code"] == consumers.CLOSE_THROTTLED
    assert again.view is None  # not a single view
    assert [m["code"] for m in again.messages] == ["throttled"]
    # A watcher of the table is not held back by Ann's loop.
    watcher = Phone(table.pk)
    assert (await watcher.connect())[0]
    await watcher.close()
