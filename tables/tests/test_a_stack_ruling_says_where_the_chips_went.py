"""A ruling that changes chips says where they went, and the ledger's money in stays the money
taken in.

Issue 39, item 1: "Taking Ines from 2320 to 2000 chips booked -320 chips (-16 EUR) against her
buy-in: her "In" shows 4.00 EUR though she paid 20, the ledger says 294 EUR against 310 EUR in
the cash box." The host now says where the chips went (docs/chips-and-money.md): moved from one
player to another (a transfer, money-neutral, both seats in one write), a miscounted buy-in (a
correction of what was paid, the money given back or taken), or chips that appeared or
disappeared (the bank's difference, shown on the ledger until the settle-up settles it).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Player, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.services.hosting import host_panel, host_rulings
from tables.services.ledger import closing, ledger, night_totals, settle_up
from tables.services.seasons import season_payments, seasons
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import seat_guest, seat_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def ines_and_bob(table: Table, host: User) -> tuple[Player, Player]:
    """Ines paid 20.00 EUR (200 chips), Bob 100.00 EUR (1000 chips): 120.00 EUR in the cash box."""
    ines, bob = seat_players(table, ["Ines", "Bob"])
    ledger.record_chips_in(ines, EntryKind.BUY_IN, 200, host)
    ledger.record_chips_in(bob, EntryKind.BUY_IN, 1000, host)
    return ines, bob


def _rule(table: Table, host: User, **values: str) -> host_rulings.Preview:
    shown = host_rulings.preview(table, host, "adjust_stack", values)
    host_rulings.apply_ruling(table, host, "adjust_stack", values, "ruled", shown.version)
    return shown


def _put_in(table: Table, name: str) -> Decimal:
    return next(row.put_in for row in settle_up.player_money(table.night) if row.name == name)


def test_chips_moved_to_another_player_change_both_stacks_in_one_write_and_no_money(
    table: Table, host: User, ines_and_bob: tuple[Player, Player]
) -> None:
    """A pot pushed to the wrong seat: "moved from one player to another (a transfer, money-neutral)"."""
    version = load_state(table.pk).version
    shown = _rule(table, host, seat="1", stack="520", how="transfer", other_seat="2")
    assert shown.changes == [
        "Seat 2 (Bob): stack 1000 → 680 chips",
        "Seat 1 (Ines): stack 200 → 520 chips",
        "No money changes hands: 320 chips go from Seat 2 (Bob) to Seat 1 (Ines)",
    ]
    state = load_state(table.pk)
    assert (state.table.seat(1).stack, state.table.seat(2).stack) == (520, 680)
    assert state.version == version + 1  # one write changed both seats
    assert LedgerEntry.objects.count() == 2  # the two buy-ins: no entry for a transfer
    totals = night_totals.totals(table.night)
    assert totals.money_in == totals.cash_box == Decimal("120.00") and totals.balanced
    assert _put_in(table, "Ines") == Decimal("20.00")
    balances = settle_up.balances_by_player(table.night)
    assert balances == {"Ines": Decimal("32.00"), "Bob": Decimal("-32.00")}
    (line,) = host_calls().filter(what__startswith="Main table: Adjust a stack:")
    assert "Seat 2 (Bob): stack 1000 → 680 chips" in line.what and line.why == "ruled"


def test_chips_that_disappeared_are_the_banks_difference_not_a_payment_given_back(
    table: Table, host: User, ines_and_bob: tuple[Player, Player]
) -> None:
    """Ines from 200 to 40 chips, nobody paid back: her "In" stays 20.00 EUR, the cash box 120.00."""
    shown = _rule(table, host, seat="1", stack="40", how="bank")
    assert shown.changes[-1].startswith("Ledger: the bank's difference, -160 chips (16.00 EUR)")
    assert shown.cash_box == "Cash box: nothing changes hands now; Ines's payments stay as they are."
    totals = night_totals.totals(table.night)
    assert totals.money_in == totals.cash_box == Decimal("120.00")
    assert (totals.bank_chips, totals.bank_money) == (-160, Decimal("-16.00"))
    assert totals.balanced and totals.chip_difference == 0
    assert _put_in(table, "Ines") == Decimal("20.00")
    # Shown until settled: the settle-up pays it to the bank, so the players' nets still net out.
    settlement = settle_up.settle(table.night)
    assert settlement.balances == {"Ines": -1600, "Bob": 0, settle_up.BANK: 1600}
    assert [(t.payer, t.payee, t.amount) for t in settlement.transfers] == [("Ines", settle_up.BANK, 1600)]
    (line,) = host_calls().filter(what__startswith="Main table: Adjust a stack:")
    assert line.what.startswith(
        "Main table: Adjust a stack: Bank's difference: Ines, -160 chips = -16.00 EUR"
    )


def test_a_miscounted_buy_in_says_the_money_to_give_back_at_the_cash_box(
    table: Table, host: User, host_client: Client, ines_and_bob: tuple[Player, Player]
) -> None:
    """ "a miscounted buy-in (a correction of what was paid, with the money given back or taken)"."""
    url = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/ruling/"
    page = host_client.post(url, {"ruling": "adjust_stack", "seat": "1", "stack": "150", "how": "paid"})
    assert "Cash box: give Ines 5.00 EUR back." in page.content.decode()
    more = host_rulings.preview(table, host, "adjust_stack", {"seat": "2", "stack": "1100", "how": "paid"})
    assert more.cash_box == "Cash box: take 10.00 EUR more from Bob."
    _rule(table, host, seat="1", stack="150", how="paid")
    totals = night_totals.totals(table.night)
    # The host gave the 5.00 EUR back: the ledger's money in is what the cash box holds.
    assert totals.money_in == totals.cash_box == Decimal("115.00") and totals.bank_chips == 0


def test_a_stack_ruling_that_does_not_say_where_the_chips_went_is_refused(
    table: Table, host: User, ines_and_bob: tuple[Player, Player]
) -> None:
    before = (load_state(table.pk).version, LedgerEntry.objects.count())
    for how in ("", "nowhere"):
        with pytest.raises(ActionRefused, match="say where the chips went"):
            host_rulings.preview(table, host, "adjust_stack", {"seat": "1", "stack": "40", "how": how})
    with pytest.raises(ActionRefused, match="choose the other player's seat"):
        host_rulings.preview(table, host, "adjust_stack", {"seat": "1", "stack": "40", "how": "transfer"})
    with pytest.raises(ActionRefused, match="Bob has only 1000 chips"):
        host_rulings.preview(
            table, host, "adjust_stack", {"seat": "1", "stack": "1500", "how": "transfer", "other_seat": "2"}
        )
    assert (load_state(table.pk).version, LedgerEntry.objects.count()) == before


def test_bought_chips_never_move_to_a_stack_no_buy_in_backs(
    table: Table, host: User, ines_and_bob: tuple[Player, Player]
) -> None:
    seat_guest(table, "Guest", 3, None)
    before = load_state(table.pk).version
    with pytest.raises(ActionRefused, match="Guest has no buy-in yet"):
        _rule(table, host, seat="3", stack="300", how="transfer", other_seat="1")
    with pytest.raises(ActionRefused, match="Guest has no buy-in yet"):
        host_panel.socket_command(
            table.pk, host, {"type": "move_chips", "from": 1, "to": 3, "chips": 50}, "", None
        )
    with pytest.raises(ActionRefused, match="Guest has no buy-in yet"):
        _rule(table, host, seat="3", stack="300", how="bank")
    assert load_state(table.pk).version == before


def test_closing_the_night_shows_the_cash_box_the_host_should_hold(
    table: Table, host: User, ines_and_bob: tuple[Player, Player]
) -> None:
    _rule(table, host, seat="1", stack="40", how="bank")
    ines, bob = ines_and_bob
    ledger.cash_out(ines, host)
    ledger.cash_out(bob, host)
    closing.close_night(table.night, host)
    line = host_calls().filter(what__startswith="Closed the night").get()
    # 120.00 EUR in; 4.00 EUR and 100.00 EUR paid out: 16.00 EUR stays, the chips that disappeared.
    assert line.what == (
        "Closed the night: 120.00 EUR in, 104.00 EUR out; the bank's difference: 160 chips "
        "disappeared (16.00 EUR): the bank is paid 16.00 EUR in the settle-up; balanced; "
        "the cash box should hold 16.00 EUR"
    )


def test_a_season_settles_a_nights_bank_difference_with_the_bank(
    table: Table, host: User, ines_and_bob: tuple[Player, Player]
) -> None:
    """The season's settle-up adds up each person's nights: with chips that disappeared, the
    nets no longer add up to 0 by themselves, and the bank is the party that makes them."""
    season = seasons.create_season(
        host, seasons.SeasonSettings("November", datetime.date(2026, 11, 1), datetime.date(2026, 11, 30))
    )
    _rule(table, host, seat="1", stack="40", how="bank")
    closing.close_night(table.night, host)
    standings = seasons.season_table(season)
    settled = seasons.season_settlement(standings)
    assert settled.balances == {"Ines": -1600, settle_up.BANK: 1600}
    owed = season_payments.still_owed(standings)
    assert [(owed.names[t.payer], owed.names[t.payee], t.amount) for t in owed.transfers] == [
        ("Ines", season_payments.BANK_NAME, 1600)
    ]
