"""The ledger pages: entries in chips or money, corrections, requests from phones, closing,
settle-up and the CSV exports."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night, Player, Table
from tables.models.ledger import ChipRequest, LedgerEntry
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.conftest import join_from_phone
from tables.tests.ledger_helpers import money_only_correction, stacks
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def _ledger(night: Night) -> str:
    return f"/host/nights/{night.pk}/ledger/"


def test_a_buy_in_can_be_entered_as_money_at_the_chip_value(host_client: Client, table: Table) -> None:
    (ann,) = seat_players(table, ["Ann"])
    response = host_client.post(
        _ledger(table.night) + "entries/", {"player": ann.pk, "kind": "buy_in", "money": "20,00"}, follow=True
    )
    assert "Buy-in for Ann: 200 chips = 20.00 EUR" in response.content.decode()
    assert stacks(table.pk) == {str(ann.pk): 200}


def test_money_that_is_not_whole_chips_is_refused(host_client: Client, night: Night) -> None:
    ann = joining.join_night(night, "Ann")
    response = host_client.post(
        _ledger(night) + "entries/", {"player": ann.pk, "kind": "buy_in", "money": "0.05"}, follow=True
    )
    assert "not a whole number of chips" in response.content.decode()
    assert not LedgerEntry.objects.exists()


def test_the_ledger_page_shows_totals_entries_and_who_pays_whom(
    host_client: Client, table: Table, host: User
) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.record_chips_in(bob, "buy_in", 200, host)
    ledger.cash_out(ann, host)
    cash_out = ledger.cash_out(bob, host)
    host_client.post(
        _ledger(table.night) + f"entries/{cash_out.pk}/correct/", {"chips": "-50", "why": "recount"}
    )
    # Bob's cash-out shrank by 50 chips: he still holds them, to sit down with.
    page = host_client.get(_ledger(table.night)).content.decode()
    assert "Balanced" in page
    assert "50 (0 on tables, 50 not seated yet)" in page
    entry = ledger.entries(table.night).get(kind="correction")
    host_client.post(_ledger(table.night) + f"entries/{entry.pk}/correct/", {"chips": "50", "why": "undo"})
    page = host_client.get(_ledger(table.night)).content.decode()
    assert "Balanced" in page and "Nobody owes anybody anything" in page


def test_closing_from_the_page_states_the_difference(host_client: Client, night: Night, host: User) -> None:
    ann = joining.join_night(night, "Ann")
    cash_out = ledger.cash_out(ledger.record_chips_in(ann, "buy_in", 100, host).player, host)
    money_only_correction(cash_out, 10)  # rounded up, before corrections of a cash-out moved chips
    response = host_client.post(_ledger(night) + "close/", follow=True)
    assert "1.00 EUR more out than in" in response.content.decode()
    night.refresh_from_db()
    assert night.is_open


def test_a_player_asks_for_a_rebuy_from_their_phone_and_the_host_approves_it(
    host_client: Client, table: Table, host: User
) -> None:
    phone = join_from_phone(table.night, "Ann")
    ann = Player.objects.get(display_name="Ann")
    seating.move_player(ann, table, 1)
    assert phone.get("/play/chips.json").json()["stack"] == 200  # 100 big blinds before any buy-in
    phone.post("/play/chips/", {"kind": "buy_in", "chips": "300"})
    status = phone.get("/play/chips.json").json()
    assert status["pending"] == "Buy-in of 300 chips: waiting for the host"
    request = ChipRequest.objects.get()
    assert (
        "asks for a buy-in of 300 chips"
        in host_client.get(f"/host/nights/{table.night_id}/panel/").content.decode()
    )
    host_client.post(f"/host/nights/{table.night_id}/ledger/requests/{request.pk}/approve/")
    status = phone.get("/play/chips.json").json()
    assert (status["stack"], status["bought"], status["pending"]) == (300, 300, "")
    assert status["last"] == "Buy-in of 300 chips: approved"


def test_a_second_request_waits_for_the_first(table: Table) -> None:
    phone = join_from_phone(table.night, "Ann")
    phone.post("/play/chips/", {"kind": "rebuy", "chips": "100"})
    response = phone.post("/play/chips/", {"kind": "rebuy", "chips": "100"}, follow=True)
    assert "already have a request waiting" in response.content.decode()
    assert ChipRequest.objects.count() == 1


def test_a_declined_request_writes_no_entry(host_client: Client, night: Night) -> None:
    phone = join_from_phone(night, "Ann")
    phone.post("/play/chips/", {"kind": "buy_in", "chips": "100"})
    request = ChipRequest.objects.get()
    host_client.post(f"/host/nights/{night.pk}/ledger/requests/{request.pk}/decline/", {"why": "pay first"})
    assert not LedgerEntry.objects.exists()
    assert phone.get("/play/chips.json").json()["last"] == "Buy-in of 100 chips: declined"


def test_a_decision_that_is_neither_approve_nor_decline_is_refused_with_words(
    host_client: Client, night: Night
) -> None:
    phone = join_from_phone(night, "Ann")
    phone.post("/play/chips/", {"kind": "buy_in", "chips": "100"})
    request = ChipRequest.objects.get()
    url = f"/host/nights/{night.pk}/ledger/requests/{request.pk}/maybe/"
    response = host_client.post(url, follow=True)
    assert response.status_code == 200
    assert "Approve or decline the request: “maybe” is neither." in response.content.decode()
    request.refresh_from_db()
    assert request.status == ChipRequest.Status.PENDING and not LedgerEntry.objects.exists()


def test_the_ledger_and_the_settlement_export_as_csv(host_client: Client, table: Table, host: User) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host, "cash")
    ledger.record_chips_in(bob, "buy_in", 100, host)
    ledger.cash_out(ann, host)
    rows = list(
        csv.reader(io.StringIO(host_client.get(f"/host/nights/{table.night_id}/ledger.csv").content.decode()))
    )
    assert rows[0][:6] == ["id", "recorded_at", "player", "kind", "chips", "money"]
    assert [(r[2], r[3], r[4], r[5], r[6]) for r in rows[1:]] == [
        ("Ann", "buy_in", "200", "20.0000", "EUR"),
        ("Bob", "buy_in", "100", "10.0000", "EUR"),
        ("Ann", "cash_out", "200", "20.0000", "EUR"),
    ]
    settlement = host_client.get(f"/host/nights/{table.night_id}/settlement.csv").content.decode()
    assert settlement.splitlines() == ["payer,payee,amount,currency"]


def test_the_night_pages_close_button_is_refused_while_the_ledger_does_not_balance(
    host_client: Client, night: Night, host: User
) -> None:
    ann = joining.join_night(night, "Ann")
    ledger.record_chips_in(ann, "buy_in", 100, host)
    money_only_correction(ledger.cash_out(ann, host), 20)  # paid 2 EUR too much, before the upgrade
    response = host_client.post(f"/host/nights/{night.pk}/open-close/", {"status": "closed"}, follow=True)
    assert "2.00 EUR more out than in" in response.content.decode()
    night.refresh_from_db()
    assert night.is_open
