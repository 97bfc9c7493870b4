"""The button that seats the waiting players says where they go.

It draws a random free seat for each waiting player at the table with the fewest players, the
chosen table first among equals (`seating.seat_waiting_players`): with two open tables it seats
at both, so it may not say "here".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tables.models import Night, Seat, Table
from tables.services.seating import joining

pytestmark = pytest.mark.django_db


def _button(host_client: Client, night: Night) -> str:
    page = host_client.get(f"/host/nights/{night.pk}/").content.decode()
    (line,) = [line.strip() for line in page.splitlines() if "Seat waiting players" in line][:1]
    return line


def test_with_two_open_tables_the_button_names_both_and_seats_at_both(
    host_client: Client, night: Night, make_table: Callable[..., Table]
) -> None:
    first, second = make_table("Main table"), make_table("Second table")
    for name in ["Ann", "Bo", "Cy", "Dee"]:
        joining.join_night(night, name)
    words = _button(host_client, night)
    assert " here " not in words
    assert "2 open tables" in words
    host_client.post(f"/host/nights/{night.pk}/tables/{first.pk}/seat-waiting/")
    assert Seat.objects.filter(table=first).count() == 2
    assert Seat.objects.filter(table=second).count() == 2


def test_with_one_table_it_seats_here(host_client: Client, night: Night, table: Table) -> None:
    joining.join_night(night, "Ann")
    assert "Seat waiting players here" in _button(host_client, night)
