"""A phone that drops and reconnects over and over (a lift, a flaky Wi-Fi) must not cost the
table a version, and every phone a full view, each time: "A disconnected player stays seated,
shown as away" once they have stayed away, not at every blip."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from tables.live import presence as live_presence
from tables.tests.live_helpers import (
    Phone,
    committed,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
    settle,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]


async def test_opening_and_closing_one_socket_twenty_times_costs_at_most_two_versions(table, monkeypatch):
    monkeypatch.setattr(live_presence, "AWAY_AFTER_SECONDS", 2.0)
    ann, bo = await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    watcher = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    await watcher.connect()
    bo_cookie = await database_sync_to_async(player_cookie)(bo)
    first = Phone(table.pk, bo_cookie)
    await first.connect()
    await settle([watcher, first])
    await first.close()
    before = (await database_sync_to_async(committed)(table.pk)).version
    views_before = sum(1 for m in watcher.messages if m["type"] == "view")
    for _ in range(20):
        flapping = Phone(table.pk, bo_cookie)
        await flapping.connect()
        await flapping.close()
    # Bo, gone for good now, is marked away once the grace has passed.
    await watcher.until(lambda view: view["table"]["seats"][1]["away"], timeout=20)
    await settle([watcher])
    after = await database_sync_to_async(committed)(table.pk)
    assert after.away == (str(bo.pk),)
    assert after.version - before <= 2
    assert sum(1 for m in watcher.messages if m["type"] == "view") - views_before <= 2
    await watcher.close()
