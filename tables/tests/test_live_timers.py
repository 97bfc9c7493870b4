"""Timers: deadlines stored in the snapshot, fired as ordinary intents carrying the version seen
(docs/design.md: "a stale one is a no-op. A restart loses no timer.")."""

from __future__ import annotations

import time

import pytest
from channels.db import database_sync_to_async

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, timers
from tables.models.live import TableSnapshot
from tables.tests.live_helpers import (
    Phone,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]


@pytest.fixture
def clocked(table):
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "options", "action_seconds": 30, "deal_delay": 5})
    apply_intent(table.pk, "host", {"type": "start_hand"}, now=1000)
    return {"table": table, "players": players}


def test_the_deadline_is_stored_and_indexed_not_counted(clocked):
    snapshot = TableSnapshot.objects.get(table=clocked["table"])
    assert snapshot.state["deadline"] == 1030
    assert snapshot.due_at.timestamp() == 1030


def test_a_due_action_clock_folds_the_player_and_a_second_firing_is_a_no_op(clocked):
    table = clocked["table"]
    before = load_state(table.pk)
    assert timers.fire_due(now=1029) == 0
    assert timers.fire_due(now=1031) == 1
    after = load_state(table.pk)
    assert after.version == before.version + 1
    assert after.hand.seat(before.hand.to_act).folded
    # Another process that saw the old version fires the same timeout: refused as stale.
    with pytest.raises(ActionRefused) as refused:
        apply_intent(table.pk, "system", {"type": "timeout", "version": before.version}, now=1031)
    assert refused.value.code == "stale_version"
    assert load_state(table.pk).version == after.version


def test_the_next_hand_is_dealt_when_its_time_comes(clocked):
    table = clocked["table"]
    now = 1000.0
    while load_state(table.pk).hand_in_progress:
        now += 31
        timers.fire_due(now=now)
    finished = load_state(table.pk)
    assert finished.next_deal_at == now + 5
    assert timers.fire_due(now=now + 4) == 0
    assert timers.fire_due(now=now + 5) == 1
    assert load_state(table.pk).hand.config.hand_number == 2


async def test_the_clock_fires_inside_the_server_process_while_a_client_is_connected(table):
    players = await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "options", "action_seconds": 1})
    await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "start_hand"})
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(players[0]))
    await phone.connect()
    started = time.monotonic()
    view = await phone.until(lambda v: v["hand"]["finished"] or v["hand"]["seats"][0]["status"] == "folded")
    assert time.monotonic() - started < 8
    assert any(s["last_action"] in ("fold", "check") for s in view["hand"]["seats"])
    await phone.close()
