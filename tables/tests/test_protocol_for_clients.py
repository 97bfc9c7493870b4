"""What a client author needs from docs/protocol.md without scraping the table page: where the
socket is, who they are, and host commands that can be used as documented."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from tables.consumers import Identity, render
from tables.live import apply_intent, player_actor
from tables.models import Night, Player, Table
from tables.services.seating import seating
from tables.tests.conftest import join_from_phone
from tables.tests.live_helpers import (
    SEED,
    Phone,
    committed,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    host_cookie,
    seat_players,
    settle,
)


def _host(client_id: str, phone: Phone, command: dict) -> dict:
    return {"type": "host", "client_id": client_id, "version": phone.version, "command": command}


@pytest.mark.django_db
def test_play_status_gives_a_seated_player_the_table_id_socket_path_and_player_id(
    night: Night, table: Table
) -> None:
    phone = join_from_phone(night, "Ann")
    ann = Player.objects.get()
    seating.move_player(ann, table, 3)
    status = phone.get("/play/status.json").json()
    assert status["table_id"] == table.pk
    assert status["socket_path"] == f"/ws/tables/{table.pk}/"
    # The id the table's view names the player by (`view.table.seats[].player`).
    assert status["player_id"] == str(ann.pk)
    assert committed(table.pk).table.seat_of(status["player_id"]).seat == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_channel_layer")
async def test_set_game_over_the_socket_takes_a_stakes_object(table, host) -> None:
    """docs/protocol.md lists `set_game` among the host's commands: it must be usable."""
    await database_sync_to_async(seat_players)(table, ["Ann", "Bo"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    await settle([phone])
    command = {"type": "set_game", "game": "nlhe", "stakes": {"small_blind": 5, "big_blind": 10}}
    reply = await phone.request(
        {"type": "host", "client_id": "g1", "version": phone.version, "command": command}
    )
    assert reply["type"] == "ack", reply
    stakes = (await database_sync_to_async(committed)(table.pk)).table.stakes
    assert (stakes.small_blind, stakes.big_blind) == (5, 10)
    nested = {"type": "set_game", "stakes": {"big_blind": {"x": 1}}}
    reply = await phone.request(
        {"type": "host", "client_id": "g2", "version": phone.version, "command": nested}
    )
    assert (reply["type"], reply["code"], reply["client_id"]) == ("error", "malformed", "g2")
    await phone.close()


@pytest.mark.django_db
def test_a_seated_player_not_dealt_in_is_viewer_role_of_their_seat_number(table: Table) -> None:
    """docs/protocol.md: a player seated but not dealt into this hand gets
    `{"seat": null, "role": "<their seat number>"}` and the public's view of the hand."""
    ann, _bo, cy = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, player_actor(cy.pk), {"type": "sit_out"})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    night_id = table.night_id
    hand = render(table.pk, Identity(cy.pk, False, night_id))["hand"]
    assert hand["viewer"] == {"seat": None, "role": "3"}
    assert hand["your_cards"] is None and hand["legal_actions"] is None
    assert render(table.pk, Identity(ann.pk, False, night_id))["hand"]["viewer"] == {
        "seat": 1,
        "role": "seat",
    }
    assert render(table.pk, Identity(None, True, night_id))["hand"]["viewer"] == {
        "seat": None,
        "role": "host",
    }
