"""A pledge changes the table, so every socket at it is sent a view: alternating pledge and
withdraw must not make a phone a megaphone that sends the whole table a frame each time. A
socket takes twenty pledges a minute; past that a pledge is refused, clearly, and changes nothing
(no version, no fan-out), while a withdraw is always taken (docs/shuffle.md: a phone that goes
to the background takes its pledge back, so the deal does not deal its player a dead hand)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from engine.live.fairness import pledge_of
from tables.consumers import PLEDGES_PER_MINUTE
from tables.live import apply_intent, load_state
from tables.models import Player, Table
from tables.services.ledger import ledger
from tables.tests.live_helpers import Phone, player_cookie, seat_players


def _value(n: int) -> str:
    return f"{n:064x}"


@pytest.mark.django_db(transaction=True)
async def test_pledge_and_withdraw_over_and_over_are_refused_past_twenty_a_minute(
    table: Table, host: User
) -> None:
    def seat_two() -> list[Player]:
        players = seat_players(table, ["Ann", "Bo"])
        for player in players:
            ledger.record_chips_in(player, "buy_in", 300, host)
        apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
        return players

    ann, _ = await database_sync_to_async(seat_two)()
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    assert (await phone.connect())[0]
    replies = []
    for n in range(PLEDGES_PER_MINUTE + 3):
        pledge = {"type": "shuffle_pledge", "pledge": pledge_of(_value(n + 1))}
        replies.append(
            await phone.request({"type": "act", "client_id": f"p{n}", "version": 0, "action": pledge})
        )
    # A withdraw is always taken (the socket's own limit of 40 messages in a burst aside).
    withdraw = {"type": "act", "client_id": "w", "version": 0, "action": {"type": "shuffle_withdraw"}}
    assert (await phone.request(withdraw))["type"] == "ack"
    version = (await database_sync_to_async(load_state)(table.pk)).version
    assert [reply["type"] for reply in replies] == ["ack"] * PLEDGES_PER_MINUTE + ["error"] * 3
    assert replies[-1]["code"] == "throttled" and "Too many pledges" in replies[-1]["message"]
    # A refused pledge changed nothing: one more try leaves the table at the same version.
    refused = await phone.request(
        {
            "type": "act",
            "client_id": "again",
            "version": 0,
            "action": {"type": "shuffle_pledge", "pledge": pledge_of(_value(99))},
        }
    )
    assert refused["type"] == "error"
    state = await database_sync_to_async(load_state)(table.pk)
    assert state.version == version and str(ann.pk) not in state.pledges
    await phone.close()
