"""A price changed after players paid keeps the prize pool and the ledger saying the same.

Each entry, rebuy and add-on is paid into the prize pool when it happens; "change a price" writes
a correction of each payment to the new price (docs/chips-and-money.md), in the same edit and its
one line in the open log. So the pool the tournament pays out is always what the ledger holds,
the night balances, and a finished tournament pays out exactly what was paid in.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from engine.tournament import PayoutTable, RebuyRules
from tables.models import Night, Player, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.ledger import night_totals
from tables.services.tournament import tournament_clock, tournament_results, tournament_seating, tournaments
from tables.tests.conftest import host_calls
from tables.tests.setup_edits import edit_setup, pool_in_ledger
from tables.tests.tournament_helpers import at, entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db

RULES = RebuyRules(max_rebuys=2, rebuy_until_level=4, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
BREAK = 61  # home-2h: the first break starts after 60 minutes


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _paid(night: Night, host: User, kitchen: Table) -> tuple[Tournament, list[Player]]:
    """Ann, Bea and Cal paid 20 each; Ann rebought for 20 and Bea took the add-on for 10: 90 EUR."""
    tournament, players = make_tournament(
        night, host, names=("Ann", "Bea", "Cal"), rules=RULES, payouts=(100,), rebuy_price=20, add_on_price=10
    )
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    loses_every_chip(kitchen, players[0])
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host, now=at(1))
    tournaments.record_add_on(entry_of(tournament, "Bea"), host, now=at(BREAK))
    return Tournament.objects.get(pk=tournament.pk), players


def _balanced(night: Night, tournament: Tournament, pool: int) -> None:
    tournament.refresh_from_db()
    assert tournament_results.pool(tournament) == pool
    assert pool_in_ledger(tournament) == Decimal(pool)
    totals = night_totals.totals(night)
    assert totals.balanced and totals.tournament_pools_held == Decimal(pool), totals


def test_every_price_changed_corrects_every_payment_in_one_line(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament, _ = _paid(night, host, kitchen)
    _balanced(night, tournament, 90)
    lines = host_calls().count()
    edit_setup(tournament.pk, host, buy_in=25, rebuy_price=30, add_on_price=5, now=at(BREAK))
    corrections = LedgerEntry.objects.filter(tournament=tournament, kind=EntryKind.CORRECTION)
    assert sorted(row.money for row in corrections) == [
        Decimal(-5),
        Decimal(5),
        Decimal(5),
        Decimal(5),
        Decimal(10),
    ]
    _balanced(night, tournament, 3 * 25 + 30 + 5)
    assert host_calls().count() == lines + 1
    line = host_calls().last()
    assert line.what == (
        "Main event: Edited: buy-in 20 → 25; rebuy price 20 → 30; add-on price 10 → 5; "
        "payments corrected to the new prices "
        "(tournament add-on 10.00 EUR -> 5.00 EUR, tournament entry 20.00 EUR -> 25.00 EUR, "
        "tournament rebuy 20.00 EUR -> 30.00 EUR)"
    )
    assert sorted(line.payload["ledger_entries"]) == sorted(corrections.values_list("pk", flat=True))


def test_a_price_changed_and_changed_back_leaves_what_was_paid(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament, _ = _paid(night, host, kitchen)
    edit_setup(tournament.pk, host, buy_in=25, rebuy_price=30, now=at(BREAK))
    edit_setup(tournament.pk, host, buy_in=20, rebuy_price=20, now=at(BREAK))
    _balanced(night, tournament, 90)


def test_a_price_changed_after_the_last_bust_was_undone_is_what_the_winner_takes(
    night: Night, host: User, kitchen: Table
) -> None:
    """The tournament ended, its last bust was undone (prizes taken back), the buy-in corrected:
    when it ends again, the winner takes the corrected pool, and the ledger pays out all of it."""
    tournament, _ = _paid(night, host, kitchen)
    outs = [(entry_of(tournament, "Bea"), 2), (entry_of(tournament, "Cal"), 1)]
    tournament_clock.run_clock(
        tournament.pk, host, TournamentAction.NEXT_LEVEL, now=at(BREAK), confirmed=True
    )
    tournaments.record_busts(tournament.pk, host, outs, now=at(BREAK + 1))
    tournaments.undo_last_bust(tournament.pk, host, "Cal was not out", now=at(BREAK + 2))
    tournaments.undo_last_bust(tournament.pk, host, "Bea was not out", now=at(BREAK + 2))
    edit_setup(tournament.pk, host, buy_in=30, now=at(BREAK + 3))
    _balanced(night, tournament, 3 * 30 + 20 + 10)
    tournaments.record_busts(tournament.pk, host, outs, now=at(BREAK + 4))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    totals = night_totals.totals(night)
    assert totals.balanced and totals.tournament_paid_in == totals.tournament_paid_out == Decimal(120)
    assert pool_in_ledger(tournament) == 0


def test_the_payout_table_changed_moves_no_money(night: Night, host: User, kitchen: Table) -> None:
    tournament, _ = _paid(night, host, kitchen)
    edit_setup(tournament.pk, host, payouts=PayoutTable((60, 40)), now=at(BREAK))
    assert not LedgerEntry.objects.filter(tournament=tournament, kind=EntryKind.CORRECTION).exists()
    _balanced(night, tournament, 90)
