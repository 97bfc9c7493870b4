"""The table websocket: who may connect, and each viewer receives only what it may see
(docs/design.md, "Visibility"; docs/protocol.md)."""

from __future__ import annotations

import json
import re

import pytest
from channels.db import database_sync_to_async

from engine.cards import STANDARD_DECK
from tables.live import apply_intent, group_name
from tables.live import presence as live_presence
from tables.models import Night, Table
from tables.services.hosting import hosting
from tables.tests.live_helpers import (
    SEED,
    Phone,
    committed,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    host_cookie,
    player_cookie,
    seat_players,
    settle,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]
CARDS = {str(c) for c in STANDARD_DECK}


def _cards_in(data: object) -> set[str]:
    """Every card named anywhere in the data."""
    return set(re.findall(r'"([2-9TJQKA][cdhs])"', json.dumps(data))) & CARDS


@pytest.fixture
def seated(table: Table) -> dict:
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    return {"table": table, "players": players}


async def test_each_seat_sees_its_own_cards_and_nobody_elses(seated, host):
    """ "Normal games: own hole cards; others' only when tabled or exposed." """
    table = seated["table"]
    state = await database_sync_to_async(committed)(table.pk)
    phones = [Phone(table.pk, await database_sync_to_async(player_cookie)(p)) for p in seated["players"]]
    for phone in phones:
        assert (await phone.connect())[0]
    assert state.hand is not None
    for number, phone in enumerate(phones, start=1):
        own = {str(c) for c in state.hand.seat(number).hole}
        assert phone.view is not None
        assert phone.view["hand"]["your_cards"] == [str(c) for c in state.hand.seat(number).hole]
        assert _cards_in(phone.view) == own
    for phone in phones:
        await phone.close()


async def test_the_host_and_the_public_see_no_hidden_card_and_never_the_seed(seated, host):
    """ "The host view of a live hand shows no hidden cards" and "No view ever contains the
    deck, the shuffle seed, or a burn card." """
    table = seated["table"]
    host_phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    public = Phone(table.pk)
    for phone in (host_phone, public):
        assert (await phone.connect())[0]
        assert _cards_in(phone.view) == set()
        assert SEED not in json.dumps(phone.view)
        assert phone.view["commitment"]
    assert host_phone.view["hand"]["viewer"]["role"] == "host"
    await host_phone.close()
    await public.close()


async def test_an_action_reaches_every_seat_as_its_own_view(seated):
    table = seated["table"]
    phones = [Phone(table.pk, await database_sync_to_async(player_cookie)(p)) for p in seated["players"]]
    for phone in phones:
        await phone.connect()
    await settle(phones)
    version = phones[0].version
    to_act = phones[0].view["hand"]["to_act"]
    reply = await phones[to_act - 1].request(
        {"type": "act", "client_id": "c1", "version": version, "action": {"type": "call"}}
    )
    assert reply == {"type": "ack", "client_id": "c1", "version": version + 1}
    await settle(phones)
    state = await database_sync_to_async(committed)(table.pk)
    for number, phone in enumerate(phones, start=1):
        assert phone.version == version + 1
        assert phone.view["hand"]["seats"][to_act - 1]["last_action"].startswith("call")
        assert _cards_in(phone.view) == {str(c) for c in state.hand.seat(number).hole}
    for phone in phones:
        await phone.close()


async def test_a_stranger_gets_the_public_view_of_an_open_nights_table(table):
    phone = Phone(table.pk)
    assert (await phone.connect())[0]
    assert phone.view["hand"] is None
    await phone.close()


async def test_a_stranger_is_refused_once_the_night_is_closed(table):
    await database_sync_to_async(hosting.set_night_status)(table.night, Night.Status.CLOSED)
    assert await Phone(table.pk).connect() == (False, 4403)


async def test_a_player_of_another_table_is_refused(make_table):
    main = await database_sync_to_async(make_table)("Main")
    other = await database_sync_to_async(make_table)("Other")
    [player] = await database_sync_to_async(seat_players)(other, ["Dee"])
    phone = Phone(main.pk, await database_sync_to_async(player_cookie)(player))
    assert await phone.connect() == (False, 4403)


async def test_an_unknown_identity_claiming_a_seat_is_refused(seated):
    player = seated["players"][0]
    cookie = await database_sync_to_async(player_cookie)(player)
    player.session_token = "replaced-by-a-transfer"
    await database_sync_to_async(player.save)(update_fields=["session_token"])
    assert await Phone(seated["table"].pk, cookie).connect() == (False, 4403)


async def test_hints_on_the_channel_layer_carry_a_version_and_no_card(seated):
    from channels.layers import get_channel_layer

    table = seated["table"]
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(group_name(table.pk), channel)
    state = await database_sync_to_async(committed)(table.pk)
    actor = f"player:{seated['players'][state.hand.to_act - 1].pk}"
    await database_sync_to_async(apply_intent)(table.pk, actor, {"type": "act", "action": {"type": "fold"}})
    hint = await layer.receive(channel)
    assert hint == {"type": "table.changed", "version": state.version + 1}
    await layer.group_discard(group_name(table.pk), channel)


async def test_a_disconnected_player_keeps_the_seat_and_chips_and_shows_as_away(seated, monkeypatch):
    # The grace before "away" is not what this test checks (test_presence_flapping does): a
    # short one spares it seconds of waiting.
    monkeypatch.setattr(live_presence, "AWAY_AFTER_SECONDS", 0.5)
    table = seated["table"]
    phones = [Phone(table.pk, await database_sync_to_async(player_cookie)(p)) for p in seated["players"]]
    for phone in phones:
        await phone.connect()
    await settle(phones)
    await phones[1].close()
    seats = (await phones[0].until(lambda view: view["table"]["seats"][1]["away"]))["table"]["seats"]
    assert [s["away"] for s in seats] == [False, True, False]
    assert [s["stack"] for s in seats] == [200, 200, 200]
    again = Phone(table.pk, await database_sync_to_async(player_cookie)(seated["players"][1]))
    await again.connect()
    assert again.view["hand"]["your_cards"]
    back = await phones[0].until(lambda view: not view["table"]["seats"][1]["away"])
    assert [s["away"] for s in back["table"]["seats"]] == [False, False, False]
    for phone in (phones[0], phones[2], again):
        await phone.close()


async def test_a_player_sits_out_from_the_phone_and_a_pong_names_the_tables_version(table):
    [ann, _bo] = await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    await phone.connect()
    await settle([phone])
    sit_out = {"type": "act", "client_id": "out", "version": phone.version, "action": {"type": "sit_out"}}
    reply = await phone.request(sit_out)
    assert reply["type"] == "ack"
    await phone.until(lambda view: view["version"] >= reply["version"])
    assert phone.view["table"]["seats"][0]["status"] == "sitting_out"
    pong = await phone.request({"type": "ping", "t": 42})
    assert pong == {"type": "pong", "t": 42, "version": reply["version"]}
    await phone.close()
