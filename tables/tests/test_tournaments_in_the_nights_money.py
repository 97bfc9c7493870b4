"""A night's tournaments are in its money: entries, rebuys and add-ons paid in, prizes paid out,
settled up with the cash game, and the night closes balanced. Tournament chips never count as
cash chips (docs/chips-and-money.md)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import Night, Table
from tables.models.ledger import EntryKind
from tables.services import closing, joining, ledger, seating, settle_up, tournaments
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


def _heads_up(night: Night, host: User, table: Table) -> tuple:
    tournament, (ann, bea) = make_tournament(night, host, names=("Ann", "Bea"), payouts=(100,), buy_in=20)
    seating.move_player(ann, table, 1)
    seating.move_player(bea, table, 2)
    return tournament, ann, bea


def test_a_finished_tournament_is_settled_and_the_night_closes(
    night: Night, host: User, table: Table, host_client: Client
) -> None:
    """Issue 16, 4: the winner's chips sat on the table as cash chips with no buy-in, and closing
    the night was refused; the buy-ins and the prize were nowhere in the settle-up."""
    tournament, _, bea = _heads_up(night, host, table)
    cash = joining.join_night(night, "Cy")
    ledger.record_chips_in(cash, EntryKind.BUY_IN, 100, host)
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=bea).pk, None)])
    tournament.refresh_from_db()
    assert tournament.status == tournament.Status.FINISHED
    totals = ledger.totals(night)
    assert totals.unbacked_chips == 0 and totals.balanced
    assert (totals.tournament_paid_in, totals.tournament_paid_out) == (Decimal(40), Decimal(40))
    settlement = settle_up.settle(night)
    assert settlement.balances == {"Ann": 2000, "Bea": -2000, "Cy": 0}
    assert [(t.payer, t.payee, t.amount) for t in settlement.transfers] == [("Bea", "Ann", 2000)]
    page = host_client.get(f"/host/nights/{night.pk}/ledger/").content.decode()
    assert "40.00 EUR in (entries, rebuys, add-ons), 40.00 EUR paid out in prizes" in page
    ledger.cash_out(cash, host)
    closing.close_night(night, host)
    assert not night.is_open


def test_a_night_with_a_tournament_still_running_cannot_close(night: Night, host: User, table: Table) -> None:
    _heads_up(night, host, table)
    totals = ledger.totals(night)
    assert totals.tournaments_running == ("Main event",) and totals.tournament_pools_held == Decimal(40)
    with pytest.raises(ActionRefused, match="Main event is not over"):
        closing.close_night(night, host)
    assert night.is_open
