"""A correction or void of a cash buy-in moves cash chips: "Tournament chips are never cash
chips ... a player still in one can neither buy cash chips nor cash out (their stack is
tournament chips)" (docs/chips-and-money.md). While the player sits in a tournament, fixing
their earlier cash entries must not add to or take from their tournament stack.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.live import load_state
from tables.models import Table
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_setup
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


def _bob_in_the_tournament(make_table: Callable[..., Table], host: User) -> tuple[Table, LedgerEntry, int]:
    """Bob played cash (100 in, 100 out), then entered the tournament and sat at its table."""
    cash, kitchen = make_table("Cash"), make_table("Kitchen")
    night = cash.night
    tournament, (ann,) = make_tournament(night, host, names=("Ann",))
    bob = joining.join_night(night, "Bob")
    buy_in = ledger.record_chips_in(bob, EntryKind.BUY_IN, 100, host)
    seating.move_player(bob, cash, 1)
    ledger.cash_out(bob, host)
    tournament_setup.register_players(tournament.pk, host, [bob])
    seating.move_player(ann, kitchen, 1)
    seating.move_player(bob, kitchen, 2)
    return kitchen, buy_in, bob.pk


@pytest.mark.parametrize(
    ("action", "fields"),
    [("void", {"why": "typed twice"}), ("correct", {"chips": "50", "why": "was 150"})],
)
def test_fixing_a_cash_buy_in_leaves_the_tournament_stack_alone(
    make_table: Callable[..., Table], host: User, host_client: Client, action: str, fields: dict
) -> None:
    kitchen, buy_in, bob = _bob_in_the_tournament(make_table, host)
    stack = load_state(kitchen.pk).table.seat_of(str(bob)).stack
    entries, log = LedgerEntry.objects.count(), AuditEntry.objects.count()

    host_client.post(f"/host/nights/{kitchen.night_id}/ledger/entries/{buy_in.pk}/{action}/", fields)

    assert load_state(kitchen.pk).table.seat_of(str(bob)).stack == stack
    assert LedgerEntry.objects.count() == entries and AuditEntry.objects.count() == log
    assert night_totals.totals(kitchen.night).balanced
