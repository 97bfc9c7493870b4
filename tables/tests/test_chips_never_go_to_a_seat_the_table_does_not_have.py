"""Chips never go to a seat the live table does not have.

"A chip is always in exactly one place" (docs/chips-and-money.md). An entry for a player whose
seat record names a table that does not seat them (a record left behind by an older version, or
written by hand) was written, and its chips went onto no table and into no hand: the night
counted them bought and could not find them. Such an entry is refused, changing nothing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tables.errors import ActionRefused
from tables.models import LedgerEntry, Seat, Table
from tables.services.ledger import ledger
from tables.services.seating import joining

pytestmark = pytest.mark.django_db


def test_chips_for_a_seat_record_the_table_does_not_seat_are_refused(table: Table, host: User) -> None:
    ann = joining.join_night(table.night, "Ann")
    ledger.record_chips_in(ann, "buy_in", 100, host)
    Seat.objects.create(table=table, number=3, player=ann)  # the live table never seated her
    buy_in = LedgerEntry.objects.get(player=ann)

    with pytest.raises(ActionRefused, match="Ann is not at Main table"):
        ledger.record_chips_in(ann, "rebuy", 50, host)
    with pytest.raises(ActionRefused, match="Ann is not at Main table"):
        ledger.correct(buy_in, 20, host, "counted again")

    assert list(LedgerEntry.objects.values_list("pk", flat=True)) == [buy_in.pk]
