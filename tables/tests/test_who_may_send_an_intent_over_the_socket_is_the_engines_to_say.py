"""Who may send which intent over a table's socket is read from the engine's one list
(`engine.live.intents.INTENTS`): the socket adds only that seats are taken and given up through
the pages that keep the seat records and the ledger.

docs/design.md, "The one write path": every change goes through one door, and the rules of who
may send what are the engine's.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from engine.live.intents import INTENTS, PLAYER
from tables.live import load_state
from tables.models import Table
from tables.tests.live_helpers import Phone, host_cookie, player_cookie, seat_players

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_phone_leaving_is_told_to_ask_for_a_cash_out_and_nothing_changes(table: Table) -> None:
    ann, _ = await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    await phone.connect()
    before = await database_sync_to_async(load_state)(table.pk)
    reply = await phone.request(
        {"type": "act", "client_id": "go", "version": phone.version, "action": {"type": "leave"}}
    )
    await phone.close()
    assert reply["type"] == "error" and reply["code"] == "forbidden", reply
    assert "cash you out" in reply["message"]
    after = await database_sync_to_async(load_state)(table.pk)
    assert after.version == before.version and len(after.table.seats) == 2


async def test_the_host_deals_with_the_engines_own_start_hand(table: Table, host: User) -> None:
    await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    reply = await phone.request(
        {"type": "host", "client_id": "deal", "version": phone.version, "command": {"type": "start_hand"}}
    )
    await phone.close()
    assert reply["type"] == "ack", reply
    state = await database_sync_to_async(load_state)(table.pk)
    assert state.hand_in_progress or state.shuffling is not None


async def test_the_host_cannot_send_what_the_engine_keeps_for_the_dealer(table: Table, host: User) -> None:
    await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    version = phone.version
    replies = [
        await phone.request(
            {"type": "host", "client_id": kind, "version": version, "command": {"type": kind}}
        )
        for kind in sorted(name for name, intent in INTENTS.items() if intent.roles == {"system"})
    ]
    await phone.close()
    assert replies and all(r["type"] == "error" and r["code"] == "forbidden" for r in replies), replies
    assert (await database_sync_to_async(load_state)(table.pk)).version == version


def test_every_intent_a_player_may_send_of_its_own_reaches_the_engine_as_itself() -> None:
    """The phone's own intents (sit out, straddle, the shuffle's pledge and value, the rabbit)
    are the engine's player intents, not a second list kept beside it."""
    own = {name for name, intent in INTENTS.items() if PLAYER in intent.roles} - {"act"}
    assert {"sit_out", "sit_in", "straddle", "shuffle_pledge", "shuffle_value", "rabbit_hunt"} <= own
