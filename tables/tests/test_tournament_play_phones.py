"""A player moved to another table by a balancing move: their phone follows the seat."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from tables.models import Night, Table
from tables.services.seating import seating
from tables.services.tournament import tournament_seating
from tables.tests.live_helpers import Phone, fresh_channel_layer, player_cookie  # noqa: F401
from tables.tests.tournament_helpers import make_tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]


def _seven_at_one_table(night: Night, host: User, kitchen: Table, lounge: Table) -> tuple[int, str, str]:
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")
    tournament, players = make_tournament(night, host, names=names)
    for number, player in enumerate(players[:6], 1):
        seating.move_player(player, kitchen, number)
    seating.move_player(players[6], lounge, 1)
    move = tournament_seating.propose_moves(tournament)[0]
    mover = next(p for p in players if str(p.pk) == move.player)
    return tournament.pk, player_cookie(mover), move.player


async def test_a_moved_players_phone_is_sent_on_to_their_new_table(night, host, make_table) -> None:
    """Balancing moves move the player's seat; the old table's socket closes with 4403 (the page
    then goes to the seat page, which forwards to the new table)."""
    kitchen = await database_sync_to_async(make_table)("Kitchen", max_seats=6)
    lounge = await database_sync_to_async(make_table)("Lounge", max_seats=6)
    tournament_id, cookie, player = await database_sync_to_async(_seven_at_one_table)(
        night, host, kitchen, lounge
    )
    phone = Phone(kitchen.pk, cookie)
    assert (await phone.connect())[0]
    moves = await database_sync_to_async(tournament_seating.propose_moves)(
        await database_sync_to_async(lambda: night.tournaments.get(pk=tournament_id))()
    )
    await database_sync_to_async(tournament_seating.confirm_moves)(tournament_id, host, list(moves))
    closed = None
    while closed is None:
        message = await phone.communicator.receive_output(timeout=10)
        if message["type"] == "websocket.close":
            closed = message.get("code")
    assert closed == 4403
    at_new_table = Phone(lounge.pk, cookie)
    assert (await at_new_table.connect())[0]
    assert any(s["player"] == player for s in at_new_table.view["table"]["seats"])
    await at_new_table.communicator.disconnect()
