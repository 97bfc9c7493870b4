"""Every field of a player's action is type-checked and an unknown field is refused: "anything
malformed gets an `error` and changes nothing" (docs/protocol.md), and the error names the
intent's `client_id` so the phone stops resending it."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from tables.live import apply_intent
from tables.live.protocol import ProtocolError, parse
from tables.tests.live_helpers import (
    SEED,
    Phone,
    committed,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
    settle,
)


def _act(action: dict, client_id: str = "c1") -> str:
    import json

    return json.dumps({"type": "act", "client_id": client_id, "version": 3, "action": action})


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fold", "out_of_turn": "no"},
        {"type": "fold", "out_of_turn": 0},
        {"type": "fold", "to": 40},
        {"type": "call", "index": 1},
        {"type": "raise", "to": "40"},
        {"type": "raise", "to": 40.5},
        {"type": "raise", "to": True},
        {"type": "bet"},
        {"type": "remove", "index": "0"},
        {"type": "remove"},
        {"type": "show", "seat": 2},
        {"type": "sit_in", "entry": 1},
        {"type": "sit_in", "entry": "later"},
        {"type": "sit_out", "seat": 3},
        {"type": "fold", "seed": "00"},
    ],
)
def test_a_wrongly_typed_or_unknown_field_is_malformed_and_keeps_its_client_id(action: dict) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(_act(action))
    assert refused.value.client_id == "c1"


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fold"},
        {"type": "fold", "out_of_turn": True},
        {"type": "raise", "to": 40, "out_of_turn": False},
        {"type": "bet", "to": 20},
        {"type": "remove", "index": 0},
        {"type": "reveal", "index": 1},
        {"type": "show"},
        {"type": "sit_in", "entry": "wait_for_big_blind"},
        {"type": "sit_out"},
    ],
)
def test_well_typed_actions_parse(action: dict) -> None:
    assert parse(_act(action)).body == action


def test_a_client_id_that_is_not_valid_is_not_echoed() -> None:
    with pytest.raises(ProtocolError) as refused:
        parse('{"type": "act", "client_id": "no spaces", "version": 1, "action": {"type": "fold"}}')
    assert refused.value.client_id == ""


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_channel_layer")
async def test_out_of_turn_no_is_malformed_not_a_binding_fold(table) -> None:
    """Out of turn, "a binding action before one's turn", is taken only when the phone says true."""
    players = await database_sync_to_async(seat_players)(table, ["Ann", "Bo", "Cy"])
    await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "start_hand", "seed": SEED})
    before = await database_sync_to_async(committed)(table.pk)
    waiting = next(s.seat for s in before.hand.seats if s.seat != before.hand.to_act)
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(players[waiting - 1]))
    await phone.connect()
    await settle([phone])
    action = {"type": "fold", "out_of_turn": "no"}
    reply = await phone.request(
        {"type": "act", "client_id": "early", "version": phone.version, "action": action}
    )
    assert reply["type"] == "error" and reply["code"] == "malformed" and reply["client_id"] == "early"
    after = await database_sync_to_async(committed)(table.pk)
    assert after.hand.to_json() == before.hand.to_json()
    await phone.close()
