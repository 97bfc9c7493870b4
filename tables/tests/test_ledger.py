"""The ledger: buy-ins, rebuys, top-ups, cash-outs and corrections, and the chips they move."""

from __future__ import annotations

import doctest
import random
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db.models import RestrictedError
from django.test import Client

from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AppendOnlyError, LedgerEntry
from tables.services.ledger import closing, ledger, ledger_lines, night_totals
from tables.services.seating import seating
from tables.tests.conftest import host_calls
from tables.tests.ledger_helpers import money_only_correction, play_hand, stacks
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def test_a_buy_in_puts_exactly_the_chips_bought_on_the_seated_players_stack(table: Table, host: User) -> None:
    """The table stack changes only through ledger entries (and the hands): a player seated
    before buying in sits with a default stack, which their first buy-in replaces."""
    (ann,) = seat_players(table, ["Ann"])
    entry = ledger.record_chips_in(ann, "buy_in", 500, host)
    assert stacks(table.pk) == {str(ann.pk): 500}
    assert entry.money == Decimal("50.00")  # 0.10 a chip
    ledger.record_chips_in(ann, "top_up", 150, host)
    assert stacks(table.pk) == {str(ann.pk): 650}


def test_the_first_buy_in_of_a_player_seated_before_it_says_the_stack_is_now_bought(
    table: Table, host: User
) -> None:
    """Seated first with the table's default stack, the buy-in's log line does not read as if
    nothing happened ("200 → 200"): it says the stack seated before a buy-in is now bought."""
    (ann,) = seat_players(table, ["Ann"])
    seated_with = stacks(table.pk)[str(ann.pk)]
    ledger.record_chips_in(ann, "buy_in", seated_with, host)
    line = host_calls().filter(night=table.night).last().what
    assert line.endswith(f"{seated_with} chips seated before a buy-in, now {seated_with} chips bought"), line


def test_a_player_who_bought_in_first_sits_down_with_those_chips(
    table: Table, host: User, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    ledger.record_chips_in(ann, "buy_in", 300, host)
    assert night_totals.totals(table.night).chips_in_hand == 300
    seating.move_player(ann, table, 4)
    assert load_state(table.pk).table.seat(4).stack == 300
    assert night_totals.totals(table.night).chips_in_hand == 0


def test_a_player_back_after_cashing_out_sits_with_their_new_buy_in_only(table: Table, host: User) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.record_chips_in(bob, "buy_in", 200, host)
    rnd = random.Random(5)
    while stacks(table.pk)[str(ann.pk)] == 200:
        play_hand(table.pk, rnd)
    ledger.cash_out(ann, host)
    with pytest.raises(ActionRefused, match="above zero"):
        seating.move_player(ann, table, 5)  # nothing bought since: nothing to sit with
    ledger.record_chips_in(ann, "rebuy", 150, host)
    seating.move_player(ann, table, 5)
    assert load_state(table.pk).table.seat(5).stack == 150
    assert night_totals.totals(table.night).chip_difference == 0


def test_a_rebuy_is_refused_while_the_player_is_in_a_hand_and_nothing_is_written(
    table: Table, host: User
) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.record_chips_in(bob, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    with pytest.raises(ActionRefused, match="in the hand being played"):
        ledger.record_chips_in(ann, "rebuy", 200, host)
    assert LedgerEntry.objects.count() == 2
    assert host_calls().filter(what__startswith="Rebuy").count() == 0


def test_cash_out_pays_the_whole_stack_at_chip_value_and_frees_the_seat(table: Table, host: User) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.record_chips_in(bob, "buy_in", 200, host)
    rnd = random.Random(3)
    while stacks(table.pk)[str(ann.pk)] == 200:
        play_hand(table.pk, rnd)
    stack = stacks(table.pk)[str(ann.pk)]
    entry = ledger.cash_out(ann, host, "going home")
    assert (entry.kind, entry.chips, entry.money) == ("cash_out", stack, stack * Decimal("0.10"))
    assert not Seat.objects.filter(player=ann).exists()
    assert str(ann.pk) not in stacks(table.pk)


def test_entries_are_never_changed_or_deleted(night: Night, host: User, make_player: Callable) -> None:
    """Brief: "Entries are append-only ... a mistake is fixed with a correction entry, never by
    editing." """
    entry = ledger.record_chips_in(make_player("Ann"), "buy_in", 100, host)
    entry.chips = 1000
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.filter(pk=entry.pk).update(chips=1000)
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.all().delete()
    with pytest.raises(AppendOnlyError):
        host_calls().all().delete()
    assert LedgerEntry.objects.get(pk=entry.pk).chips == 100


def test_a_correction_fixes_a_mistaken_buy_in_and_the_stack_with_it(table: Table, host: User) -> None:
    (ann,) = seat_players(table, ["Ann"])
    entry = ledger.record_chips_in(ann, "buy_in", 1000, host)
    correction = ledger.correct(entry, -900, host, "typed one zero too many")
    assert (correction.kind, correction.chips, correction.money) == ("correction", -900, Decimal("-90.00"))
    assert correction.corrects == entry
    assert stacks(table.pk) == {str(ann.pk): 100}
    totals = night_totals.totals(table.night)
    assert (totals.chips_bought, totals.money_in) == (100, Decimal("10.00"))
    assert LedgerEntry.objects.get(pk=entry.pk).chips == 1000  # the original stays as it was


def test_a_correction_needs_a_reason_and_cannot_go_below_zero(table: Table, host: User) -> None:
    (ann,) = seat_players(table, ["Ann"])
    entry = ledger.record_chips_in(ann, "buy_in", 100, host)
    with pytest.raises(ActionRefused, match="Say why"):
        ledger.correct(entry, -50, host, "  ")
    with pytest.raises(ActionRefused, match="below 0"):
        ledger.correct(entry, -101, host, "too much")
    assert LedgerEntry.objects.count() == 1


def test_the_docstring_examples_hold() -> None:
    failures, attempted = doctest.testmod(ledger_lines)
    assert attempted > 0 and failures == 0


def test_bad_amounts_are_refused(night: Night, host: User, make_player: Callable) -> None:
    ann = make_player("Ann")
    for chips in (0, -5, 10**9):
        with pytest.raises(ActionRefused, match="whole number of chips"):
            ledger.record_chips_in(ann, "buy_in", chips, host)
    with pytest.raises(ActionRefused, match="Choose buy-in"):
        ledger.record_chips_in(ann, "cash_out", 10, host)
    with pytest.raises(ActionRefused, match="not a whole number of chips"):
        ledger.chips_for_money(night, Decimal("1.05"))
    assert ledger.chips_for_money(night, Decimal("20")) == 200
    assert not LedgerEntry.objects.exists()


def test_every_entry_is_in_the_audit_log_with_who_and_why(night: Night, host: User, make_player) -> None:
    ledger.record_chips_in(make_player("Ann"), "rebuy", 100, host, "busted on the river")
    logged = host_calls().get()
    assert (logged.who, logged.who_label, logged.why) == (host, "hostess", "busted on the river")
    assert logged.what == "Rebuy: Ann, 100 chips = 10.00 EUR"
    assert logged.payload["chips"] == 100


def test_night_totals_count_money_in_money_out_and_chips_in_play(table: Table, host: User) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.record_chips_in(bob, "buy_in", 300, host)
    ledger.cash_out(ann, host)
    totals = night_totals.totals(table.night)
    assert (totals.money_in, totals.money_out) == (Decimal("50.00"), Decimal("20.00"))
    assert (totals.chips_bought, totals.chips_cashed_out, totals.chips_on_tables) == (500, 200, 300)
    assert totals.chips_in_hand == 0
    assert totals.difference == 0 and totals.balanced


def test_closing_is_refused_until_the_night_balances_with_the_difference_stated(
    night: Night, host: User, make_player: Callable
) -> None:
    """Brief: "Closing the night is refused until money in equals money out plus what is still on
    the tables (cashed out at chip value), with a clear statement of the difference." """
    ann = make_player("Ann")
    ledger.record_chips_in(ann, "buy_in", 200, host)
    # Paid 3 EUR too much, in a night from before corrections of a cash-out moved chips.
    paid_too_much = money_only_correction(ledger.cash_out(ann, host), 30)
    with pytest.raises(
        ActionRefused,
        match=r"20\.00 EUR in, 23\.00 EUR out, 0\.00 EUR still in play; 3\.00 EUR more out than in",
    ):
        closing.close_night(night, host)
    night.refresh_from_db()
    assert night.is_open
    ledger.correct(paid_too_much, -30, host, "Ann gave the 3 EUR back")
    closing.close_night(night, host)
    night.refresh_from_db()
    assert not night.is_open
    assert host_calls().filter(what__startswith="Closed the night: ").exists()


def test_closing_is_refused_while_chips_sit_on_a_table_without_a_buy_in(table: Table, host: User) -> None:
    seat_players(table, ["Ann"])
    load_state(table.pk)
    with pytest.raises(ActionRefused, match="no buy-in"):
        closing.close_night(table.night, host)


def test_the_admin_shows_entries_but_cannot_add_change_or_delete_them(
    host_client: Client, night: Night, host: User, make_player: Callable
) -> None:
    entry = ledger.record_chips_in(make_player("Ann"), "buy_in", 100, host)
    assert host_client.get("/admin/tables/ledgerentry/").status_code == 200
    assert host_client.get(f"/admin/tables/ledgerentry/{entry.pk}/change/").status_code == 200
    assert host_client.get("/admin/tables/ledgerentry/add/").status_code == 403
    host_client.post(f"/admin/tables/ledgerentry/{entry.pk}/change/", {"chips": "999"})
    assert host_client.get(f"/admin/tables/ledgerentry/{entry.pk}/delete/").status_code == 403
    assert LedgerEntry.objects.get().chips == 100
    assert host_client.get("/admin/tables/auditentry/").status_code == 200


def test_a_player_with_entries_cannot_be_deleted_but_the_whole_night_can(
    night: Night, host: User, make_player: Callable
) -> None:
    ann = make_player("Ann")
    entry = ledger.record_chips_in(ann, "buy_in", 100, host)
    ledger.correct(entry, -10, host, "recount")
    with pytest.raises(RestrictedError):
        ann.delete()
    night.delete()
    assert not LedgerEntry.objects.exists() and not host_calls().exists()
