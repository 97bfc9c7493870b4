"""The host's one-time link moves a player to another device only while they hold no cards, and
the old phone is told and let go.

tables/services/ledger/transfers.py: "An identity dealt in to the hand being played does not
move, neither when the link is made nor when it is used: its cards are its player's, and a link
the host holds must never open them on another device." And docs/protocol.md: a socket of that
player's old browser gets the error `moved` and is closed with 4403.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Table
from tables.services.ledger import transfers
from tables.tests.live_helpers import (
    SEED,
    Phone,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
)
from tables.tests.test_table_page import phone_of

HOLDS_CARDS = "Ann holds cards in the hand being played: move them to another device once it is over."


def _deal(table: Table) -> None:
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    assert load_state(table.pk).hand_in_progress


def _fold_to_the_end(table: Table) -> None:
    while (state := load_state(table.pk)).hand_in_progress:
        assert state.hand is not None
        apply_intent(
            table.pk, "system", {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        )


async def _first_not_a_view(phone: Phone) -> dict[str, Any]:
    """The first message that is not a view (a view of a change made meanwhile may come first)."""
    while (message := await phone.receive())["type"] == "view":
        pass
    return message


@pytest.mark.django_db
def test_no_link_is_made_for_a_player_dealt_in_to_the_hand_being_played(
    host_client: Client, night: Night, table: Table
) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    _deal(table)
    page = host_client.post(f"/host/nights/{night.pk}/players/{ann.pk}/transfer/", follow=True)
    assert HOLDS_CARDS in page.content.decode()
    assert Player.objects.get(pk=ann.pk).transfer_token is None
    _fold_to_the_end(table)
    page = host_client.post(f"/host/nights/{night.pk}/players/{ann.pk}/transfer/")
    assert page.status_code == 200 and re.search(r"/continue/[^\"]+/", page.content.decode())


@pytest.mark.django_db
def test_a_link_made_between_hands_is_not_used_while_its_player_holds_cards(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    token = transfers.create_transfer_link_token(ann)
    before = Player.objects.get(pk=ann.pk).session_token
    _deal(table)
    with pytest.raises(ActionRefused, match="holds cards in the hand being played"):
        transfers.take_over_identity(token)
    refused = Client().post(f"/continue/{token}/", follow=True)
    assert HOLDS_CARDS in refused.content.decode()
    assert Player.objects.get(pk=ann.pk).session_token == before, "nothing changed"
    _fold_to_the_end(table)
    assert transfers.take_over_identity(token).pk == ann.pk


@pytest.mark.django_db
def test_the_old_phone_s_page_says_the_identity_moved(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    old = phone_of(ann)
    assert 'id="moved-away"' not in old.get("/play/").content.decode()
    Client().post(f"/continue/{transfers.create_transfer_link_token(ann)}/")
    page = old.get("/play/").content.decode()
    assert 'id="moved-away"' in page and "You now play on another device" in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_channel_layer")
async def test_the_old_phone_s_socket_is_told_and_closed_when_the_link_is_used(table: Table) -> None:
    ann, _ = await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    old = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    assert (await old.connect())[0]
    token = await database_sync_to_async(transfers.create_transfer_link_token)(ann)
    new_phone = Client()
    await database_sync_to_async(new_phone.post)(f"/continue/{token}/")
    told = await _first_not_a_view(old)
    assert told["type"] == "error" and told["code"] == "moved"
    assert "You now play on another device" in told["message"]
    closed = await old.communicator.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": 4403}
    # The new phone is Ann at the table.
    moved = await database_sync_to_async(Player.objects.get)(pk=ann.pk)
    new = Phone(table.pk, await database_sync_to_async(player_cookie)(moved))
    assert (await new.connect())[0]
    pledge = {
        "type": "act",
        "client_id": "p1",
        "version": new.version,
        "action": {"type": "shuffle_pledge", "pledge": "ab" * 32},
    }
    assert (await new.request(pledge))["type"] == "ack", "only Ann's seat may pledge"
    await new.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_channel_layer")
async def test_an_old_socket_that_missed_the_message_is_closed_at_its_next_ping(table: Table) -> None:
    ann, _ = await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    old = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    assert (await old.connect())[0]
    # The move written without its message (as if the channel layer lost it).
    ann.session_token = "moved-elsewhere"
    await database_sync_to_async(ann.save)(update_fields=["session_token"])
    await old.send({"type": "ping", "t": 1})
    told = await _first_not_a_view(old)
    assert told["type"] == "error" and told["code"] == "moved"
    assert await old.communicator.receive_output(timeout=10) == {"type": "websocket.close", "code": 4403}
