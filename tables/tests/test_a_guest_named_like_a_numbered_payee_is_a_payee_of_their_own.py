"""Players are people, not names (docs/chips-and-money.md): "A later guest with the name of an
earlier one (who left) is shown with a number: 'Alice (2)'". A guest who typed "Alice (2)"
themselves is a third person, and the settle-up, the ledger page and the CSVs must not make one
payee of the two "Alice (2)".
"""

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


def _three_alices(table: Table, host: User) -> None:
    """Alice cashes out even and goes home; a new Alice wins 30 chips off the guest who typed
    "Alice (2)", who also loses 20 to Bob."""
    night = table.night
    first = joining.join_night(night, "Alice")
    ledger.record_chips_in(first, EntryKind.BUY_IN, 100, host)
    ledger.cash_out(first, host)
    joining.remove_player(first)
    second = joining.join_night(night, "Alice")
    typed = joining.join_night(night, "Alice (2)")
    bob = joining.join_night(night, "Bob")
    for number, player in enumerate((second, typed, bob), 1):
        ledger.record_chips_in(player, EntryKind.BUY_IN, 100, host)
        seating.move_player(player, table, number)
    for number, stack in ((1, 130), (2, 50), (3, 120)):
        apply_intent(table.pk, HOST, {"type": "set_stack", "seat": number, "stack": stack})


def test_a_guest_named_alice_2_is_not_the_second_alice(table: Table, host: User, host_client: Client) -> None:
    _three_alices(table, host)
    names = settle_up.payee_names(table.night)
    assert len(set(names.values())) == len(names), names
    settlement = settle_up.settle(table.night)
    # 1 chip = 0.10 EUR: the second Alice is up 3.00, Bob 2.00, the typed "Alice (2)" down 5.00.
    assert sorted(settlement.balances.values()) == [-500, 0, 200, 300]
    assert sum(t.amount for t in settlement.transfers) == 500
    csv = host_client.get(f"/host/nights/{table.night_id}/settlement.csv").content.decode()
    assert csv.count(",") - 3 == 2 * 3  # the header and two transfers, four cells each
