"""A night's tournaments are in its money: entries, rebuys and add-ons paid in, prizes paid out,
settled up with the cash game, and the night closes balanced. Tournament chips never count as
cash chips (docs/chips-and-money.md)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.tournament import PayoutTable, RebuyRules
from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import AuditEntry, Night, Table
from tables.models.ledger import EntryKind
from tables.models.tournaments import TournamentAction
from tables.services.ledger import closing, ledger, night_totals, settle_up
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_clock, tournament_results, tournament_setup, tournaments
from tables.tests.tournament_helpers import at, loses_every_chip, make_tournament

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
    totals = night_totals.totals(night)
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
    totals = night_totals.totals(night)
    assert totals.tournaments_running == ("Main event",) and totals.tournament_pools_held == Decimal(40)
    with pytest.raises(ActionRefused, match="Main event is not over"):
        closing.close_night(night, host)
    assert night.is_open


def _ledger_rows(night: Night) -> list[tuple[str, str, int, Decimal]]:
    return [(e.player.display_name, e.kind, e.chips, e.money) for e in ledger.entries(night)]


def test_entries_rebuys_and_add_ons_are_written_in_the_ledger_as_money_into_the_pool(
    night: Night, host: User, table: Table, host_client: Client
) -> None:
    """Issue 16: "entries, rebuys and add-ons are money in" as real ledger entries, listed in the
    ledger page and ledger.csv, each with its line in the open log; no cash chips move."""
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=5000, add_on=True, add_on_stack=3000)
    tournament, (ann, bea) = make_tournament(
        night, host, names=("Ann", "Bea"), rules=rules, buy_in=20, rebuy_price=15, add_on_price=10
    )
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    seating.move_player(ann, table, 1)
    seating.move_player(bea, table, 2)
    loses_every_chip(table, ann)
    tournaments.record_rebuy(tournament.entries.get(player=ann).pk, host, now=at(1))
    assert _ledger_rows(night) == [
        ("Ann", EntryKind.TOURNAMENT_ENTRY, 0, Decimal(20)),
        ("Bea", EntryKind.TOURNAMENT_ENTRY, 0, Decimal(20)),
        ("Ann", EntryKind.TOURNAMENT_REBUY, 0, Decimal(15)),
    ]
    totals = night_totals.totals(night)
    assert totals.money_in == Decimal(55) == totals.tournament_paid_in == totals.tournament_pools_held
    assert totals.chips_bought == 0 and totals.difference == 0
    logged = {
        pk for line in AuditEntry.objects.filter(night=night) for pk in line.payload.get("ledger_entries", [])
    }
    assert logged == {entry.pk for entry in ledger.entries(night)}
    page = host_client.get(reverse("ledger", args=[night.pk])).content.decode()
    assert (
        "Tournament entry · Main event = 20.00 EUR" in page
        and "Tournament rebuy · Main event = 15.00" in page
    )
    csv = host_client.get(reverse("ledger_csv", args=[night.pk])).content.decode()
    assert csv.count(",tournament_entry,0,20.0000,EUR,") == 2 and ",Main event\r\n" in csv


def test_money_is_counted_once_beside_a_cash_game(night: Night, host: User, table: Table) -> None:
    """The figures computed from the tournament are replaced by its entries, never added to them."""
    _heads_up(night, host, table)
    cash = joining.join_night(night, "Cy")
    ledger.record_chips_in(cash, EntryKind.BUY_IN, 100, host)
    totals = night_totals.totals(night)
    assert totals.money_in == ledger.money_for(night, 100) + Decimal(40)
    assert totals.tournament_pools_held == Decimal(40) and totals.difference == 0


def test_a_finished_tournament_pays_its_whole_pool_out_in_the_ledger(
    night: Night, host: User, table: Table
) -> None:
    """ "Payouts are money out": one prize entry per paid place, adding up to the pool."""
    tournament, _, bea = _heads_up(night, host, table)
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=bea).pk, None)])
    prizes = [row for row in _ledger_rows(night) if row[1] == EntryKind.PRIZE]
    assert prizes == [("Ann", EntryKind.PRIZE, 0, Decimal(40))]
    line = AuditEntry.objects.filter(night=night).last()
    assert line.what == (
        "Main event: Bea is out in 2nd; 10000 chips taken out of play from Main table, seat 2; "
        "Ann wins: 10000 chips taken out of play from Main table, seat 1; paid out: Ann 40.00 EUR (1st)"
    )
    assert line.payload["ledger_entries"] == [
        e.pk for e in ledger.entries(night) if e.kind == EntryKind.PRIZE
    ]
    assert night_totals.totals(night).tournament_pools_held == 0


def test_undoing_the_last_bust_takes_the_prizes_back_until_the_tournament_ends_again(
    night: Night, host: User, table: Table
) -> None:
    tournament, _, bea = _heads_up(night, host, table)
    bust = [(tournament.entries.get(player=bea).pk, None)]
    tournaments.record_busts(tournament.pk, host, bust)
    tournaments.undo_last_bust(tournament.pk, host, "wrong player")
    totals = night_totals.totals(night)
    assert totals.tournaments_running == ("Main event",) and totals.tournament_pools_held == Decimal(40)
    assert totals.difference == 0
    with pytest.raises(ActionRefused, match="Main event is not over"):
        closing.close_night(night, host)
    tournaments.record_busts(tournament.pk, host, bust)
    totals = night_totals.totals(night)
    assert totals.tournament_paid_out == Decimal(40) and totals.tournament_pools_held == 0
    assert settle_up.settle(night).balances == {"Ann": 2000, "Bea": -2000}


def test_a_price_changed_after_payments_corrects_them_in_the_ledger(
    night: Night, host: User, table: Table
) -> None:
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"), buy_in=20)
    tournament_setup.update_tournament(
        tournament.pk,
        host,
        name="Main event",
        buy_in=25,
        rebuy_price=0,
        add_on_price=0,
        structure=tournament.get_structure(),
        rules=RebuyRules(),
        payouts=PayoutTable((100,)),
    )
    corrections = [row for row in _ledger_rows(night) if row[1] == EntryKind.CORRECTION]
    assert corrections == [("Ann", "correction", 0, Decimal(5)), ("Bea", "correction", 0, Decimal(5))]
    tournament.refresh_from_db()
    assert (
        night_totals.totals(night).tournament_pools_held == Decimal(50) == tournament_results.pool(tournament)
    )


def test_tournament_money_is_not_corrected_by_hand(night: Night, host: User, table: Table) -> None:
    _heads_up(night, host, table)
    entry = ledger.entries(night).first()
    with pytest.raises(ActionRefused, match="Main event's money: it follows the tournament"):
        ledger.correct(entry, 5, host, "typo")
    assert ledger.entries(night).count() == 2


def test_a_player_still_in_a_tournament_buys_and_cashes_out_no_cash_chips(
    night: Night, host: User, table: Table
) -> None:
    """Tournament chips are not cash chips: they are neither topped up with cash nor cashed out."""
    _, ann, _ = _heads_up(night, host, table)
    stack = load_state(table.pk).table.seat_of(str(ann.pk)).stack
    with pytest.raises(ActionRefused, match="Ann is still in Main event"):
        ledger.cash_out(ann, host)
    with pytest.raises(ActionRefused, match="Ann is still in Main event"):
        ledger.record_chips_in(ann, EntryKind.TOP_UP, 100, host)
    assert load_state(table.pk).table.seat_of(str(ann.pk)).stack == stack
    assert ledger.entries(night).count() == 2
