"""A phone's random value for the next shuffle is its player's, whatever seat they have.

docs/shuffle.md: "Until the deal, each seated phone may send a contribution: 32 random bytes
made in the browser with `crypto.getRandomValues` and shown back to the player. The deck comes
from the server seed and every contribution of a player dealt in, together." Seats change
between hands: a player who sits down where another sat is shown no value but their own, and
the value of the player who moved goes into the deck with them, under the seat they are dealt.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.utils import timezone

from engine.live import view
from engine.shuffle import deck_seed, seed_from_hex, shuffled_deck
from tables.live import apply_intent, load_state, player_actor
from tables.models import Player, Table
from tables.models.live import Hand, TableSnapshot
from tables.services import joining, ledger, seating
from tables.tests.live_helpers import Phone, player_cookie, seat_players

ANN, DEE = "a1" * 32, "d4" * 32
SERVER = "5e" * 32


def _contribute(table: Table, player: Player, value: str) -> None:
    seen = load_state(table.pk).next_commitment
    apply_intent(
        table.pk, player_actor(player.pk), {"type": "contribute", "value": value, "commitment": seen}
    )


def _ann_contributes_then_dee_takes_her_seat(table: Table, host: User) -> tuple[Player, Player]:
    """Ann (seat 1) sends her value, then moves to seat 7; Dee sits down in seat 1."""
    ann, bo = seat_players(table, ["Ann", "Bo"])
    for player in (ann, bo):
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    _contribute(table, ann, ANN)
    seating.move_player(ann, table, 7)
    dee = joining.join_night(table.night, "Dee")
    ledger.record_chips_in(dee, "buy_in", 300, host)
    seating.move_player(dee, table, 1)
    return ann, dee


async def _shown_value(table: Table, player: Player) -> Any:
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(player))
    connected, _ = await phone.connect()
    await phone.close()
    assert connected and phone.view is not None
    return phone.view["fairness"]["your_contribution"]


@pytest.mark.django_db(transaction=True)
async def test_a_player_who_sits_down_where_another_contributed_is_shown_no_value_of_theirs(
    table: Table, host: User
) -> None:
    ann, dee = await database_sync_to_async(_ann_contributes_then_dee_takes_her_seat)(table, host)
    assert await _shown_value(table, dee) is None, "Dee's phone shows the value Ann's phone made"
    assert await _shown_value(table, ann) == ANN  # Ann's value moved with her


def _dealt_after_both_contribute(table: Table, host: User) -> tuple[Hand, dict[int, str]]:
    """Dee sends her own value too; the host deals. The hand's row, and each player's seat in it."""
    ann, dee = _ann_contributes_then_dee_takes_her_seat(table, host)
    _contribute(table, dee, DEE)
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SERVER})
    hand = load_state(table.pk).hand
    assert hand is not None
    seat_of = {s.player: s.seat for s in hand.seats}
    values = {seat_of[str(p.pk)]: value for p, value in ((ann, ANN), (dee, DEE)) if str(p.pk) in seat_of}
    return Hand.objects.get(table=table, number=hand.config.hand_number), values


@pytest.mark.django_db
def test_each_value_goes_into_the_deck_under_the_seat_its_own_player_is_dealt(
    table: Table, host: User
) -> None:
    row, values = _dealt_after_both_contribute(table, host)
    assert row.contributions == {str(seat): value for seat, value in values.items()}
    mixed = deck_seed(seed_from_hex(SERVER), [seed_from_hex(v) for v in values.values()])
    assert load_state(table.pk).hand.deck == shuffled_deck(mixed)


@pytest.mark.django_db
def test_a_table_stored_with_values_by_seat_still_reads_them_back(table: Table, host: User) -> None:
    """A snapshot written before values were kept by player names each by its seat: the player
    in that seat is shown it and deals with it."""
    for player in seat_players(table, ["Ann", "Bo"]):
        ledger.record_chips_in(player, "buy_in", 300, host)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    stored = {k: v for k, v in load_state(table.pk).to_json().items() if k != "player_contributions"}
    stored["contributions"] = {"2": ANN}
    TableSnapshot.objects.filter(table=table).update(state=stored, updated_at=timezone.now())
    state = load_state(table.pk)
    assert [view(state, seat)["fairness"]["your_contribution"] for seat in (1, 2)] == [None, ANN]
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SERVER})
    assert Hand.objects.get(table=table, number=1).contributions == {"2": ANN}
