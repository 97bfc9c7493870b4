"""A phone's pledge for the next shuffle is its player's, whatever seat they have, and its
value deals the cards.

docs/shuffle.md: "Between hands each seated phone sends a pledge: the SHA-256 of 32 random
bytes it keeps to itself [...] The deal is the cut-off [...] the server draws its seed then
[...] Each phone whose pledge closed sends its value; when every value is in, the cards are
dealt." Seats change between hands: a player who sits down where another sat is shown no
pledge but their own, and the value of the player who moved goes into the deck with them,
under the seat they are dealt.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from engine.live.fairness import pledge_of
from engine.shuffle import deck_seed, seed_from_hex, shuffled_deck
from tables.live import apply_intent, load_state, player_actor
from tables.models import Player, Table
from tables.models.live import Hand
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.live_helpers import Phone, player_cookie, seat_players

ANN, DEE = "a1" * 32, "d4" * 32
SERVER = "5e" * 32


def _pledge(table: Table, player: Player, value: str) -> None:
    apply_intent(table.pk, player_actor(player.pk), {"type": "shuffle_pledge", "pledge": pledge_of(value)})


def _ann_pledges_then_dee_takes_her_seat(table: Table, host: User) -> tuple[Player, Player]:
    """Ann (seat 1) sends her pledge, then moves to seat 7; Dee sits down in seat 1."""
    ann, bo = seat_players(table, ["Ann", "Bo"])
    for player in (ann, bo):
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    _pledge(table, ann, ANN)
    seating.move_player(ann, table, 7)
    dee = joining.join_night(table.night, "Dee")
    ledger.record_chips_in(dee, "buy_in", 300, host)
    seating.move_player(dee, table, 1)
    return ann, dee


async def _shown_pledge(table: Table, player: Player) -> Any:
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(player))
    connected, _ = await phone.connect()
    await phone.close()
    assert connected and phone.view is not None
    return phone.view["fairness"]["your_pledge"]


@pytest.mark.django_db(transaction=True)
async def test_a_player_who_sits_down_where_another_pledged_is_shown_no_pledge_of_theirs(
    table: Table, host: User
) -> None:
    ann, dee = await database_sync_to_async(_ann_pledges_then_dee_takes_her_seat)(table, host)
    assert await _shown_pledge(table, dee) is None, "Dee's phone shows the pledge Ann's phone made"
    assert await _shown_pledge(table, ann) == pledge_of(ANN)  # Ann's pledge moved with her


def _dealt_after_both_send_values(table: Table, host: User) -> tuple[Hand, dict[int, str]]:
    """Dee pledges too; the host deals; both values come. The hand's row, and each value by the
    seat its player was dealt."""
    ann, dee = _ann_pledges_then_dee_takes_her_seat(table, host)
    _pledge(table, dee, DEE)
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SERVER})
    assert load_state(table.pk).hand is None, "the cards wait for the pledged values"
    shown = load_state(table.pk).shuffling.commitment  # each value names the cut-off it answers
    for player, value in ((ann, ANN), (dee, DEE)):
        sent = {"type": "shuffle_value", "value": value, "commitment": shown}
        apply_intent(table.pk, player_actor(player.pk), sent)
    hand = load_state(table.pk).hand
    assert hand is not None
    seat_of = {s.player: s.seat for s in hand.seats}
    values = {seat_of[str(p.pk)]: value for p, value in ((ann, ANN), (dee, DEE)) if str(p.pk) in seat_of}
    return Hand.objects.get(table=table, number=hand.config.hand_number), values


@pytest.mark.django_db
def test_each_value_goes_into_the_deck_under_the_seat_its_own_player_is_dealt(
    table: Table, host: User
) -> None:
    row, values = _dealt_after_both_send_values(table, host)
    assert row.contributions == {str(seat): value for seat, value in sorted(values.items())}
    mixed = deck_seed(seed_from_hex(SERVER), [seed_from_hex(v) for v in values.values()])
    assert load_state(table.pk).hand.deck == shuffled_deck(mixed)


@pytest.mark.django_db(transaction=True)
async def test_a_phone_pledges_and_sends_its_value_over_its_socket_and_the_value_deals(
    table: Table, host: User
) -> None:
    """The whole exchange through the real consumer: the pledge between hands, the cut-off by
    the host, the value the phone sends when it sees the cut-off, and the cards dealt by it."""

    def seat_two() -> list[Player]:
        players = seat_players(table, ["Ann", "Bo"])
        for player in players:
            ledger.record_chips_in(player, "buy_in", 300, host)
        apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
        return players

    ann, _ = await database_sync_to_async(seat_two)()
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    assert (await phone.connect())[0]
    pledge = {"type": "act", "client_id": "p1", "version": phone.view["version"]}
    reply = await phone.request({**pledge, "action": {"type": "shuffle_pledge", "pledge": pledge_of(ANN)}})
    assert reply["type"] == "ack", reply
    await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "start_hand"})
    shown = await phone.until(lambda view: view["fairness"]["reveal_due"] == pledge_of(ANN))
    assert shown["hand"] is None
    wrong = {"type": "act", "client_id": "v0", "version": shown["version"]}
    answers = shown["fairness"]["shuffle_commitment"]
    refused = await phone.request(
        {**wrong, "action": {"type": "shuffle_value", "value": DEE, "commitment": answers}}
    )
    assert refused["type"] == "error" and "not the one you pledged" in refused["message"]
    value = {"type": "act", "client_id": "v1", "version": shown["version"]}
    sent = {"type": "shuffle_value", "value": ANN, "commitment": answers}
    assert (await phone.request({**value, "action": sent}))["type"] == "ack"
    dealt = await phone.until(lambda view: view["hand"] is not None)
    await phone.close()
    row = await database_sync_to_async(Hand.objects.get)(table=table, number=dealt["hand"]["hand_number"])
    assert list(row.contributions.values()) == [ANN]
