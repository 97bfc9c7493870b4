"""A default buy-in per table: a guest the host seats there with nothing bought buys it as they
sit, so every chip on a cash table is backed by money in the ledger ("chips are bought, sit on a
seat, ... and leave through a cash-out", docs/chips-and-money.md). Players who bought already,
tournament entrants and tables without one are seated as before."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables import live
from tables.errors import ActionRefused
from tables.models import AuditEntry, LedgerEntry, Night, Seat, Table
from tables.services.hosting import host_panel
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, table_buy_in


@pytest.fixture
def kitchen(make_table: Callable[..., Table], host: User) -> Table:
    table = make_table("Kitchen", 6)
    table_buy_in.set_default_buy_in(table, host, 200, "everyone's in for 20")
    table.refresh_from_db()
    return table


def _stack(table: Table, name: str, night: Night) -> int:
    player = night.players.get(display_name=name)
    return live.load_state(table.pk).table.seat_of(str(player.pk)).stack


def test_a_guest_seated_by_hand_buys_the_default_and_sits_with_it(
    night: Night, kitchen: Table, host: User
) -> None:
    ann = joining.join_night(night, "Ann")
    host_panel.move_player(ann, kitchen, 3, host)
    entry = LedgerEntry.objects.get(player=ann)
    assert (entry.kind, entry.chips, entry.money) == ("buy_in", 200, Decimal("20.00"))
    assert _stack(kitchen, "Ann", night) == 200
    totals = night_totals.totals(night)
    assert totals.balanced and totals.unbacked_chips == 0
    assert AuditEntry.objects.filter(night=night, what__contains="Kitchen: default buy-in 200 chips").exists()


def test_the_waiting_players_drawn_buy_it_too(night: Night, kitchen: Table, host: User) -> None:
    for name in ("Ann", "Bea", "Cal"):
        joining.join_night(night, name)
    host_panel.seat_waiting(kitchen, host)
    assert sorted(LedgerEntry.objects.values_list("chips", flat=True)) == [200, 200, 200]
    assert night_totals.totals(night).unbacked_chips == 0


def test_a_player_who_bought_in_brings_their_own_chips(night: Night, kitchen: Table, host: User) -> None:
    bea = joining.join_night(night, "Bea")
    ledger.record_chips_in(bea, "buy_in", 500, host)
    host_panel.move_player(bea, kitchen, 1, host)
    assert list(LedgerEntry.objects.values_list("chips", flat=True)) == [500]
    assert _stack(kitchen, "Bea", night) == 500


def test_a_table_without_one_seats_as_before(
    night: Night, make_table: Callable[..., Table], host: User
) -> None:
    lounge = make_table("Lounge", 6)
    host_panel.move_player(joining.join_night(night, "Cal"), lounge, 1, host)
    assert not LedgerEntry.objects.exists()


def test_a_refused_seat_takes_no_money(night: Night, kitchen: Table, host: User) -> None:
    ann, bea = joining.join_night(night, "Ann"), joining.join_night(night, "Bea")
    host_panel.move_player(ann, kitchen, 1, host)
    with pytest.raises(ActionRefused, match="Seat 1 at Kitchen is taken by Ann"):
        host_panel.move_player(bea, kitchen, 1, host)
    assert not LedgerEntry.objects.filter(player=bea).exists()


@pytest.mark.parametrize("chips", [0, -5, 10_000_001])
def test_a_bad_default_is_refused(kitchen: Table, host: User, chips: int) -> None:
    with pytest.raises(ActionRefused, match="Enter a whole number of chips"):
        table_buy_in.set_default_buy_in(kitchen, host, chips)
    kitchen.refresh_from_db()
    assert kitchen.default_buy_in == 200


def test_the_panel_sets_and_clears_it(host_client: Client, night: Night, kitchen: Table) -> None:
    url = f"/host/nights/{night.pk}/tables/{kitchen.pk}/panel/default-buy-in/"
    response = host_client.post(url, {"chips": "300"}, follow=True)
    assert "Kitchen: default buy-in 300 chips (30.00 EUR)" in response.content.decode()
    response = host_client.post(url, {"chips": "lots"}, follow=True)
    assert "The default buy-in is a whole number of chips" in response.content.decode()
    host_client.post(url, {"chips": ""})
    kitchen.refresh_from_db()
    assert kitchen.default_buy_in is None


def test_the_draw_takes_guests_with_nothing_bought_to_the_table_that_pays_for_their_chips(
    night: Night, kitchen: Table, make_table: Callable[..., Table], host: User
) -> None:
    porch = make_table("Porch", 6)
    bought = joining.join_night(night, "Dan")
    ledger.record_chips_in(bought, "buy_in", 300, host)
    for name in ("Ann", "Bea", "Cal"):
        joining.join_night(night, name)
    host_panel.seat_waiting(porch, host)
    at_kitchen = set(Seat.objects.filter(table=kitchen).values_list("player__display_name", flat=True))
    assert at_kitchen >= {"Ann", "Bea", "Cal"}
    assert night_totals.totals(night).unbacked_chips == 0
