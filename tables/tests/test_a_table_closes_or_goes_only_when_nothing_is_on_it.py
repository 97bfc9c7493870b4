"""A table can be closed (nobody sits, nothing is dealt) or taken off the night, but only when
nothing is on it: no player seated, no chip on a seat, no hand in progress. Otherwise the host
is told why and nothing changes; every change is a line in the open log."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables import live
from tables.errors import ActionRefused
from tables.models import AuditEntry, Night, Seat, Table
from tables.services.hosting import host_panel, table_closing
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.ledger_helpers import play_hand


def _seated(night: Night, table: Table, host: User, name: str, seat: int) -> None:
    player = joining.join_night(night, name)
    ledger.record_chips_in(player, "buy_in", 200, host)
    host_panel.move_player(player, table, seat, host)


def _status(table: Table) -> str:
    table.refresh_from_db()
    return table.status


def test_an_empty_table_closes_seats_nobody_and_opens_again(night: Night, table: Table, host: User) -> None:
    table_closing.change_status(table.pk, host, "close", "the kitchen is needed")
    assert _status(table) == Table.Status.CLOSED
    guest = joining.join_night(night, "Ann")
    with pytest.raises(ActionRefused, match="Main table is closed"):
        host_panel.move_player(guest, table, 1, host)
    with pytest.raises(ActionRefused, match="Main table is closed"):
        host_panel.seat_waiting(table, host)
    with pytest.raises(ActionRefused, match="Main table is closed"):
        host_panel.table_command(table, host, "deal")
    table_closing.change_status(table.pk, host, "reopen")
    assert _status(table) == Table.Status.OPEN
    host_panel.move_player(guest, table, 1, host)
    lines = list(AuditEntry.objects.filter(night=night).order_by("id").values_list("what", flat=True))
    assert "Closed Main table" in lines and "Opened Main table again" in lines


def test_a_removed_table_leaves_the_panel_and_keeps_its_hands(
    night: Night, make_table: Callable[..., Table], host: User
) -> None:
    kitchen = make_table("Kitchen", 6)
    make_table("Lounge", 6)
    _seated(night, kitchen, host, "Ann", 1)
    _seated(night, kitchen, host, "Bea", 2)
    play_hand(kitchen.pk, random.Random(1))
    for name in ("Ann", "Bea"):
        ledger.cash_out(night.players.get(display_name=name), host)
        host_panel.decide_player(night.players.get(display_name=name), host, "remove")
    table_closing.change_status(kitchen.pk, host, "remove", "only one table tonight")
    assert _status(kitchen) == Table.Status.REMOVED
    assert [row.table.name for row in host_panel.overview(night)] == ["Lounge"]
    assert kitchen.hands.exists()
    assert AuditEntry.objects.filter(night=night, what="Took Kitchen off the night").exists()
    with pytest.raises(ActionRefused, match="taken off the night already"):
        table_closing.change_status(kitchen.pk, host, "reopen")


@pytest.mark.parametrize("action", ["close", "remove"])
def test_a_table_with_a_player_or_chips_or_a_hand_is_refused_and_unchanged(
    night: Night, table: Table, host: User, action: str
) -> None:
    _seated(night, table, host, "Ann", 1)
    _seated(night, table, host, "Bea", 2)
    before = (live.load_state(table.pk).version, AuditEntry.objects.count())
    with pytest.raises(ActionRefused, match="Ann, Bea sit at Main table: move them or let them leave first"):
        table_closing.change_status(table.pk, host, action)
    host_panel.table_command(table, host, "deal")
    Seat.objects.filter(table=table).delete()  # the records gone, the hand still on the felt
    before = (live.load_state(table.pk).version, AuditEntry.objects.count())
    with pytest.raises(ActionRefused, match="A hand is in progress at Main table"):
        table_closing.change_status(table.pk, host, action)
    assert (live.load_state(table.pk).version, AuditEntry.objects.count()) == before
    assert _status(table) == Table.Status.OPEN


def test_chips_left_on_a_seat_keep_the_table_open(night: Night, table: Table, host: User) -> None:
    _seated(night, table, host, "Ann", 1)
    Seat.objects.filter(table=table).delete()  # the live seat keeps Ann's 200 chips
    with pytest.raises(ActionRefused, match="200 chips are still on Main table"):
        table_closing.change_status(table.pk, host, "close")
    assert _status(table) == Table.Status.OPEN


def test_a_closed_table_is_not_drawn_for_waiting_players(
    night: Night, make_table: Callable[..., Table], host: User
) -> None:
    kitchen, lounge = make_table("Kitchen", 6), make_table("Lounge", 6)
    table_closing.change_status(lounge.pk, host, "close")
    for name in ("Ann", "Bea", "Cal"):
        ledger.record_chips_in(joining.join_night(night, name), "buy_in", 100, host)
    seating.seat_waiting_players(kitchen)
    assert set(Seat.objects.values_list("table_id", flat=True)) == {kitchen.pk}


def test_the_panel_buttons_close_and_remove(host_client: Client, night: Night, table: Table) -> None:
    base = f"/host/nights/{night.pk}/tables/{table.pk}/panel"
    page = host_client.get(f"/host/nights/{night.pk}/panel/").content.decode()
    assert "Close table" in page and "Remove table" in page
    response = host_client.post(f"{base}/close/", {"why": ""}, follow=True)
    assert "Closed Main table" in response.content.decode()
    assert "Open again" in response.content.decode()
    response = host_client.post(f"{base}/remove/", follow=True)
    assert "Took Main table off the night" in response.content.decode()
    assert 'data-table="Main table"' not in response.content.decode()
