"""A correction of a cash-out says the cash-out really took more or fewer chips, and those chips
are somewhere: "chips on the tables + chips in players' hands + chips cashed out = chips bought,
for every player and for the night" (docs/chips-and-money.md). Chips the cash-out did not really
take are the player's again (in their hand, to sit with, or on their stack if they sit now);
chips it took on top come from what the player holds, and a correction that would leave them
holding fewer than none is refused.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Table
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_setup
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


def _bought_and_cashed_out_without_sitting(night: Night, host: User, name: str = "Ann") -> LedgerEntry:
    player = joining.join_night(night, name)
    ledger.record_chips_in(player, EntryKind.BUY_IN, 200, host)
    return ledger.cash_out(player, host)


def test_chips_a_cash_out_away_from_a_table_did_not_take_are_the_players_to_sit_with(
    table: Table, host: User
) -> None:
    cash_out = _bought_and_cashed_out_without_sitting(table.night, host)
    ann = cash_out.player

    ledger.correct(cash_out, -50, host, "she kept a stack of 50")

    totals = night_totals.totals(table.night)
    assert (totals.chips_bought, totals.chips_cashed_out, totals.chips_in_hand) == (200, 150, 50)
    assert totals.balanced
    assert ledger.chips_in_hand(ann) == 50
    seating.move_player(ann, table, 1)
    assert load_state(table.pk).table.seat_of(str(ann.pk)).stack == 50
    assert night_totals.totals(table.night).balanced


def test_a_correction_taking_out_chips_the_player_does_not_hold_is_refused_and_changes_nothing(
    night: Night, host: User
) -> None:
    cash_out = _bought_and_cashed_out_without_sitting(night, host)
    entries, log = LedgerEntry.objects.count(), AuditEntry.objects.count()

    with pytest.raises(ActionRefused, match="Ann holds 0 chips now") as refused:
        ledger.correct(cash_out, 30, host, "paid 3 EUR too much")

    assert "cash-out" in str(refused.value)
    assert (LedgerEntry.objects.count(), AuditEntry.objects.count()) == (entries, log)
    assert night_totals.totals(night).balanced


def test_a_correction_taking_out_chips_the_player_bought_again_takes_them_from_their_hand(
    night: Night, host: User
) -> None:
    cash_out = _bought_and_cashed_out_without_sitting(night, host)
    ann = cash_out.player
    ledger.record_chips_in(ann, EntryKind.REBUY, 100, host)

    ledger.correct(cash_out, 30, host, "she took 30 chips more")

    assert ledger.chips_in_hand(ann) == 70
    assert night_totals.totals(night).balanced


def test_a_correction_of_a_cash_out_at_a_table_gives_the_chips_back_to_the_player(
    table: Table, host: User
) -> None:
    ann = joining.join_night(table.night, "Ann")
    ledger.record_chips_in(ann, EntryKind.BUY_IN, 200, host)
    seating.move_player(ann, table, 1)
    cash_out = ledger.cash_out(ann, host)

    ledger.correct(cash_out, -20, host, "20 chips were left on the felt")

    assert ledger.chips_in_hand(ann) == 20
    assert night_totals.totals(table.night).balanced


def test_a_correction_of_an_earlier_cash_out_changes_the_stack_of_a_player_seated_now(
    table: Table, host: User
) -> None:
    cash_out = _bought_and_cashed_out_without_sitting(table.night, host)
    ann = cash_out.player
    ledger.record_chips_in(ann, EntryKind.REBUY, 100, host)
    seating.move_player(ann, table, 1)

    ledger.correct(cash_out, -40, host, "she kept 40")
    assert load_state(table.pk).table.seat_of(str(ann.pk)).stack == 140
    ledger.correct(cash_out, 60, host, "she took 60 more after all")
    assert load_state(table.pk).table.seat_of(str(ann.pk)).stack == 80

    assert night_totals.totals(table.night).balanced
    line = AuditEntry.objects.order_by("-id").first()
    assert "stack at Main table seat 1: 140 → 80 chips" in line.what


def test_chips_never_come_back_to_a_player_who_has_left(night: Night, host: User) -> None:
    cash_out = _bought_and_cashed_out_without_sitting(night, host)
    joining.remove_player(cash_out.player)
    entries = LedgerEntry.objects.count()

    with pytest.raises(ActionRefused, match="has left the night"):
        ledger.correct(cash_out, -50, host, "she kept 50")

    assert LedgerEntry.objects.count() == entries
    assert night_totals.totals(night).balanced


def test_chips_never_come_back_to_a_player_still_in_a_tournament(night: Night, host: User) -> None:
    tournament, _ = make_tournament(night, host, names=("Bob",))
    cash_out = _bought_and_cashed_out_without_sitting(night, host)
    tournament_setup.register_players(tournament.pk, host, [cash_out.player])
    entries = LedgerEntry.objects.count()

    with pytest.raises(ActionRefused, match="still in"):
        ledger.correct(cash_out, -50, host, "she kept 50")

    assert LedgerEntry.objects.count() == entries


def test_the_correct_form_on_the_ledger_page_refuses_a_correction_with_the_reason(
    host_client: Client, night: Night, host: User, make_player: Callable[..., Player]
) -> None:
    cash_out = _bought_and_cashed_out_without_sitting(night, host)
    url = f"/host/nights/{night.pk}/ledger/entries/{cash_out.pk}/correct/"

    page = host_client.post(url, {"chips": "30", "why": "paid too much"}, follow=True).content.decode()

    assert "Ann holds 0 chips now" in page
    assert night_totals.totals(night).balanced
