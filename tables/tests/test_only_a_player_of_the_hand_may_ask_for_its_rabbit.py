"""The rabbit of a finished hand is asked for by a player of that hand, whatever seat they have now.

docs/protocol.md: "`rabbit_hunt` (at tables with the option, after a hand of yours ended before
the river) shows everyone the board cards that would have come". The finished hand stays on
the table until the next deal and seats change meanwhile: the seat a phone asks from names the
player sitting there now, who may have had another seat in that hand, or none. A player who
sat down after the hand is refused with words and nothing changes; a player who moved since
asks as the seat they had in the hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from engine.records import non_zero
from tables.live import apply_intent, load_state
from tables.models import Player, Table
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.live_helpers import Phone, player_cookie, seat_players


def _hand_ended_before_the_flop(table: Table, host: User) -> list[Player]:
    """Three players at a table with the rabbit hunt; everyone folds to the big blind."""
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 300, host)
    state = load_state(table.pk)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    stakes = non_zero(state.table.stakes)
    rabbit = {
        "type": "set_game",
        "game": state.table.game,
        "stakes": stakes,
        "options": {"rabbit_hunt": True},
    }
    apply_intent(table.pk, "host", rabbit)
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": "5e" * 32})
    while (state := load_state(table.pk)).hand_in_progress:
        apply_intent(
            table.pk, "system", {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        )
    return players


def _folded_seat(table: Table) -> int:
    hand = load_state(table.pk).hand
    assert hand is not None and hand.finished
    return next(s.seat for s in hand.seats if s.folded)


def _newcomer_in_a_folded_seat(table: Table, host: User) -> tuple[Player, int]:
    """The player of a folded seat moves to seat 7; a newcomer sits down in the seat left."""
    players = _hand_ended_before_the_flop(table, host)
    seat = _folded_seat(table)
    seating.move_player(players[seat - 1], table, 7)
    newcomer = joining.join_night(table.night, "Dee")
    ledger.record_chips_in(newcomer, "buy_in", 300, host)
    seating.move_player(newcomer, table, seat)
    return newcomer, seat


def _mover_out_of_a_folded_seat(table: Table, host: User) -> tuple[Player, int]:
    """The player of a folded seat moves to seat 7 after the hand."""
    players = _hand_ended_before_the_flop(table, host)
    seat = _folded_seat(table)
    seating.move_player(players[seat - 1], table, 7)
    return players[seat - 1], seat


async def _ask_for_the_rabbit(table: Table, player: Player) -> tuple[dict[str, Any], dict[str, Any]]:
    """The player's phone asks for the rabbit: the reply, and the view it shows after."""
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(player))
    connected, _ = await phone.connect()
    assert connected and phone.view is not None
    message = {
        "type": "act",
        "client_id": "rabbit",
        "version": phone.version,
        "action": {"type": "rabbit_hunt"},
    }
    reply = await phone.request(message)
    await phone.drain()
    await phone.close()
    assert phone.view is not None
    return reply, phone.view


@pytest.mark.django_db(transaction=True)
async def test_a_player_who_sat_down_after_the_hand_is_refused_its_rabbit(table: Table, host: User) -> None:
    newcomer, seat = await database_sync_to_async(_newcomer_in_a_folded_seat)(table, host)
    before = await database_sync_to_async(load_state)(table.pk)
    reply, view = await _ask_for_the_rabbit(table, newcomer)
    assert reply["type"] == "error", f"a newcomer in seat {seat} was given the last hand's rabbit"
    assert "rabbit" in reply["message"] and "hand" in reply["message"]
    after = await database_sync_to_async(load_state)(table.pk)
    # Only the phone's own presence came and went meanwhile: nothing a decision depends on.
    assert after.changed_at == before.changed_at and after.hand.to_json() == before.hand.to_json()
    assert "rabbit_hunt" not in after.hand.extras and after.rabbit_until == before.rabbit_until
    assert view["hand"].get("rabbit") is None


@pytest.mark.django_db(transaction=True)
async def test_a_player_who_moved_after_the_hand_asks_as_the_seat_they_had_in_it(
    table: Table, host: User
) -> None:
    mover, seat = await database_sync_to_async(_mover_out_of_a_folded_seat)(table, host)
    reply, view = await _ask_for_the_rabbit(table, mover)
    assert reply["type"] == "ack", reply
    assert view["hand"]["rabbit"]["by"] == seat
