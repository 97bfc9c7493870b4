"""The host's seat commands over a table's socket (`leave`, `change_seat`) keep the seat records
the ledger and the seating read.

"Every live seat has its seat record (`Seat`) and a player sits at one table at most"
(docs/chips-and-money.md). A `leave` that left the record behind made the player look seated
to the ledger: their next buy-in was written and its chips went onto no table and into no hand,
chips bought that the night could never find again. A `change_seat` that left the record on the
old number made the seat look free to the seating, and taken where it was free.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tables.live import load_state
from tables.models import Seat, Table
from tables.services.hosting import host_panel
from tables.services.ledger import ledger, night_totals
from tables.services.seating import seating
from tables.tests.ledger_helpers import stacks
from tables.tests.live_helpers import seat_guest

pytestmark = pytest.mark.django_db


def _records(table: Table) -> dict[int, int]:
    return dict(Seat.objects.filter(table=table).values_list("player_id", "number"))


def _live(table: Table) -> dict[int, int]:
    return {int(s.player): s.seat for s in load_state(table.pk).table.seats}


def test_a_guest_seated_before_any_buy_in_and_sent_off_over_the_socket_leaves_their_seat(
    table: Table, host: User
) -> None:
    """ "A guest seated at a cash table before any buy-in sits with the table's default stack"
    and those chips "leave with them": their seat goes with them, and the buy-in they make after
    is chips in their hand, to sit down with."""
    ann = seat_guest(table, "Ann", 1, bought=None)

    host_panel.socket_command(table.pk, host, {"type": "leave", "seat": 1}, "", None)

    assert _records(table) == _live(table) == {}
    ledger.record_chips_in(ann, "buy_in", 100, host)
    assert ledger.chips_in_hand(ann) == 100
    totals = night_totals.totals(table.night)
    assert totals.balanced and totals.chips_in_hand == 100, totals
    seating.move_player(ann, table, 2)
    assert stacks(table.pk) == {str(ann.pk): 100}


def test_a_seat_change_over_the_socket_moves_the_seat_record_with_the_player(
    table: Table, host: User
) -> None:
    ann = seat_guest(table, "Ann", 1, bought=100)
    bob = seat_guest(table, "Bob", 2, bought=100)

    host_panel.socket_command(table.pk, host, {"type": "change_seat", "seat": 1, "to": 3}, "", None)

    assert _records(table) == _live(table) == {ann.pk: 3, bob.pk: 2}
    # Seat 1 is free again for the seating, and seat 3 is taken.
    cara = seat_guest(table, "Cara", 1, bought=100)
    assert _records(table) == _live(table) == {ann.pk: 3, bob.pk: 2, cara.pk: 1}
    assert 3 not in seating.free_seat_numbers(table)
    assert stacks(table.pk) == {str(ann.pk): 100, str(bob.pk): 100, str(cara.pk): 100}
