"""Cash chips never turn into tournament chips: "Tournament chips are never cash chips ... a
player still in one can neither buy cash chips nor cash out" (docs/chips-and-money.md). A
player who still holds cash chips (at a cash table, or bought and not seated) is refused an
entry until they cash out; entered, their cash chips would leave the night's count (the
ledger off by their stack, and no cash-out allowed), and moved to a tournament table they
would play their cash stack as tournament chips.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Table
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("seated", [True, False], ids=["at a cash table", "chips in hand"])
def test_a_player_holding_cash_chips_is_refused_an_entry(
    make_table: Callable[..., Table], host: User, host_client: Client, seated: bool
) -> None:
    cash = make_table("Cash")
    night = cash.night
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"))
    bob = joining.join_night(night, "Bob")
    ledger.record_chips_in(bob, EntryKind.BUY_IN, 100, host)
    if seated:
        seating.move_player(bob, cash, 1)
    entries, log = LedgerEntry.objects.count(), AuditEntry.objects.count()

    page = host_client.post(f"/host/tournaments/{tournament.pk}/register/", {"player": [bob.pk]}, follow=True)

    assert "Bob still holds 100 cash chips" in page.content.decode()
    assert not tournament.entries.filter(player=bob).exists()
    assert LedgerEntry.objects.count() == entries and AuditEntry.objects.count() == log
    assert night_totals.totals(night).balanced


def test_a_cash_player_who_cashed_out_may_enter(make_table: Callable[..., Table], host: User) -> None:
    cash = make_table("Cash")
    night = cash.night
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"))
    bob = joining.join_night(night, "Bob")
    ledger.record_chips_in(bob, EntryKind.BUY_IN, 100, host)
    seating.move_player(bob, cash, 1)
    ledger.cash_out(bob, host)

    from tables.services.tournament import tournament_setup

    tournament_setup.register_players(tournament.pk, host, [bob])

    assert tournament.entries.filter(player=bob).exists()
    assert night_totals.totals(night).balanced
