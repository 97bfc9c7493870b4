"""Bad, late and repeated client messages: always an error, never a crash, nothing changes
(docs/protocol.md: "anything malformed gets an `error` and changes nothing")."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from tables import consumers
from tables.live import apply_intent
from tables.models.live import HandEvent
from tables.tests.live_helpers import (
    SEED,
    Phone,
    committed,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    host_cookie,
    player_cookie,
    reset_channel_layer,
    seat_players,
    settle,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]


@pytest.fixture
def seated(table):
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    return {"table": table, "players": players}


async def _phone_to_act(seated) -> tuple[Phone, int]:
    table = seated["table"]
    state = await database_sync_to_async(committed)(table.pk)
    player = seated["players"][state.hand.to_act - 1]
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(player))
    await phone.connect()
    await settle([phone])
    return phone, phone.version


async def test_an_action_at_a_stale_version_is_refused_and_the_player_gets_a_fresh_view(seated):
    """ "An `act` made at a version older than the table's last change is refused with
    `stale_version` (the client then gets a fresh `view`; the player decides again)." """
    phone, version = await _phone_to_act(seated)
    dealt_at = (await database_sync_to_async(committed)(seated["table"].pk)).changed_at
    late = {"type": "act", "client_id": "late", "version": dealt_at - 1, "action": {"type": "fold"}}
    reply = await phone.request(late)
    assert reply["code"] == "stale_version" and reply["client_id"] == "late"
    fresh = await phone.receive()
    assert fresh["type"] == "view" and fresh["version"] == version
    assert (await database_sync_to_async(committed)(seated["table"].pk)).version == version
    await phone.close()


async def test_a_repeated_client_id_is_acked_again_and_applied_once(seated):
    """ "A repeated `client_id` is acked again, never applied twice." """
    phone, version = await _phone_to_act(seated)
    message = {"type": "act", "client_id": "once", "version": version, "action": {"type": "call"}}
    first = await phone.request(message)
    again = await phone.request(message)  # resent after a reconnect: its version is now stale
    assert first == again == {"type": "ack", "client_id": "once", "version": version + 1}
    count = await database_sync_to_async(HandEvent.objects.filter(client_action_id="once").count)()
    assert count == 1
    assert (await database_sync_to_async(committed)(seated["table"].pk)).version == version + 1
    await phone.close()


async def test_a_spectator_cannot_act_and_a_player_cannot_send_host_commands(seated):
    table = seated["table"]
    public = Phone(table.pk)
    await public.connect()
    fold = {"type": "act", "client_id": "x", "version": public.version, "action": {"type": "fold"}}
    reply = await public.request(fold)
    assert reply["code"] == "forbidden"
    phone, version = await _phone_to_act(seated)
    deal = {"type": "host", "client_id": "y", "version": version, "command": {"type": "deal"}}
    reply = await phone.request(deal)
    assert reply["code"] == "forbidden"
    assert (await database_sync_to_async(committed)(table.pk)).version == version
    await public.close()
    await phone.close()


async def test_the_host_cannot_choose_the_deck_or_seat_players_over_the_socket(table, host):
    await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    await settle([phone])
    sit = {"type": "sit", "seat": 5, "player": "zed", "stack": 100}
    reply = await phone.request({"type": "host", "client_id": "s", "version": phone.version, "command": sit})
    assert reply["code"] == "forbidden"
    deal = {"type": "deal", "seed": SEED}
    reply = await phone.request({"type": "host", "client_id": "d", "version": phone.version, "command": deal})
    assert reply["type"] == "ack"
    state = await database_sync_to_async(committed)(table.pk)
    assert state.seed != SEED and state.hand is not None
    await phone.close()


async def test_more_than_twenty_messages_a_second_sustained_is_throttled_then_closed(table):
    """ "More than 20 messages per second sustained: `throttled`, then the socket is closed
    with code 4429." """
    phone = Phone(table.pk)
    await phone.connect()
    for _ in range(60):
        await phone.send("not json")  # refused at once, so 60 arrive well within a second
    codes = []
    while True:
        output = await phone.communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
        codes.append(json.loads(output["text"]).get("code"))
    assert "throttled" in codes and set(codes) == {"malformed", "throttled"}
    assert output["code"] == 4429


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
near_misses = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "host", "bogus", 7])},
    optional={
        "client_id": st.one_of(st.text(max_size=80), st.integers()),
        "version": st.one_of(st.integers(), st.floats(), st.text(max_size=3), st.booleans()),
        "action": json_values,
        "command": json_values,
    },
)
messages = st.one_of(
    json_values.map(json.dumps),
    near_misses.map(json.dumps),
    st.text(min_size=1, max_size=50),
    st.just("x" * 5000),
).filter(lambda text: not _is_valid_ping_or_resync(text))


def _is_valid_ping_or_resync(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("type") in ("ping", "resync")


@settings(
    max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(batch=st.lists(messages, min_size=1, max_size=15))
def test_malformed_messages_get_an_error_and_change_nothing(seated, monkeypatch, batch):
    monkeypatch.setattr(consumers, "BURST", 1000.0)
    table = seated["table"]
    before = committed(table.pk).version
    player = seated["players"][committed(table.pk).hand.to_act - 1]
    cookie = player_cookie(player)

    async def send_all() -> list[dict]:
        phone = Phone(table.pk, cookie)
        assert (await phone.connect())[0]
        # No waiting for the views to settle: a view that arrives meanwhile is skipped below.
        replies = []
        for text in batch:
            await phone.send(text)
            reply = await phone.receive()
            while reply["type"] == "view":
                reply = await phone.receive()
            replies.append(reply)
        await phone.close()
        return replies

    reset_channel_layer()
    replies = async_to_sync(send_all)()
    assert [reply["type"] for reply in replies] == ["error"] * len(batch)
    assert all(reply["message"] for reply in replies)
    after = committed(table.pk)
    assert after.changed_at <= before <= after.version  # at most presence moved on


well_formed_acts = st.fixed_dictionaries(
    {
        "type": st.one_of(
            st.sampled_from(["fold", "check", "call", "bet", "raise", "show", "muck", "remove", "reveal"]),
            st.from_regex(r"[a-z][a-z0-9_]{0,20}", fullmatch=True).filter(lambda t: not t.startswith("sit_")),
        )
    },
    optional={
        "to": st.one_of(
            st.integers(-10, 10**6), st.floats(allow_nan=False, allow_infinity=False), st.booleans()
        ),
        "seat": st.integers(-3, 12),
        "card": st.text(alphabet="23456789TJQKAcdhs", max_size=3),
    },
)


@settings(
    max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=st.lists(well_formed_acts, min_size=1, max_size=12))
def test_well_formed_actions_out_of_turn_are_refused_and_change_nothing(seated, monkeypatch, actions):
    """A player who is not to act: whatever they send is refused, with a reason, and nothing changes."""
    monkeypatch.setattr(consumers, "BURST", 1000.0)
    table = seated["table"]
    state = committed(table.pk)
    waiting = next(s.seat for s in state.hand.seats if s.seat != state.hand.to_act)
    cookie = player_cookie(seated["players"][waiting - 1])

    async def send_all() -> list[dict]:
        phone = Phone(table.pk, cookie)
        assert (await phone.connect())[0]
        await settle([phone])
        replies = []
        for n, action in enumerate(actions):
            replies.append(
                await phone.request(
                    {"type": "act", "client_id": f"w{n}", "version": phone.version, "action": action}
                )
            )
        await phone.close()
        return replies

    reset_channel_layer()
    replies = async_to_sync(send_all)()
    assert all(reply["type"] == "error" and reply["message"] for reply in replies), replies
    after = committed(table.pk)
    assert after.changed_at == state.changed_at and after.hand.to_json() == state.hand.to_json()


@pytest.mark.parametrize(
    "command", [{"type": "leave", "seat": 5}, {"type": "set_stack", "seat": 5, "stack": 50}]
)
async def test_a_hosts_chip_command_for_an_empty_seat_is_refused_in_words(table, host, command):
    """Before: the host's `leave` or `set_stack` naming an empty seat crashed in the ledger's
    look-up of the seat's player, and the host read "That could not be done; nothing changed."."""
    await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    version = phone.version
    reply = await phone.request({"type": "host", "client_id": "c", "version": version, "command": command})
    assert (reply["type"], reply["code"], reply["message"]) == ("error", "illegal", "Seat 5 is empty.")
    assert (await database_sync_to_async(committed)(table.pk)).version == version
    await phone.close()
