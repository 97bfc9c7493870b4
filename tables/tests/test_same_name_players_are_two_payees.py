"""Players are people, not names: two guests with one name are two payees, told apart as
"Alice (2)" in the settle-up, on the ledger page and in both CSV downloads."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.live import HOST
from tables.live import apply_intent
from tables.models import Table
from tables.models.ledger import EntryKind
from tables.services.ledger import ledger, settle_up
from tables.services.seating import joining, seating

pytestmark = pytest.mark.django_db


def _two_alices(table: Table, host: User) -> None:
    """Alice wins 20 chips off Bob, cashes out and goes home; a new Alice wins 30 more off him."""
    night = table.night
    alice, bob = joining.join_night(night, "Alice"), joining.join_night(night, "Bob")
    for number, player in enumerate((alice, bob), 1):
        ledger.record_chips_in(player, EntryKind.BUY_IN, 100, host)
        seating.move_player(player, table, number)
    # A hand's result, as the host ruled it: 20 chips from Bob's stack to Alice's.
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 1, "stack": 120})
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 2, "stack": 80})
    ledger.cash_out(alice, host)
    joining.remove_player(alice)
    second = joining.join_night(night, "Alice")
    ledger.record_chips_in(second, EntryKind.BUY_IN, 50, host)
    seating.move_player(second, table, 1)
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 1, "stack": 80})
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 2, "stack": 50})


def test_two_players_with_one_name_are_settled_apart(table: Table, host: User, host_client: Client) -> None:
    """Issue 16, 6: they were one payee ("Bob pays Alice 5.00")."""
    _two_alices(table, host)
    settlement = settle_up.settle(table.night)
    assert settlement.balances == {"Alice": 200, "Alice (2)": 300, "Bob": -500}
    assert {(t.payer, t.payee, t.amount) for t in settlement.transfers} == {
        ("Bob", "Alice", 200),
        ("Bob", "Alice (2)", 300),
    }
    csv = host_client.get(f"/host/nights/{table.night_id}/settlement.csv").content.decode()
    assert "Bob,Alice (2),3.00,EUR" in csv and "Bob,Alice,2.00,EUR" in csv
    page = host_client.get(f"/host/nights/{table.night_id}/ledger/").content.decode()
    assert "<strong>Bob</strong> pays <strong>Alice (2)</strong>" in page
    assert "<strong>Alice (2)</strong> · Buy-in" in page
    entries_csv = host_client.get(f"/host/nights/{table.night_id}/ledger.csv").content.decode()
    assert ",Alice (2),buy_in,50," in entries_csv
