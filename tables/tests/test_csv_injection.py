"""The CSV exports never hand a spreadsheet a formula: a cell a person typed that starts with
=, +, -, @, a tab or a carriage return is written with a leading apostrophe."""

from __future__ import annotations

import csv
import io
import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Table
from tables.services.ledger import ledger
from tables.tests.ledger_helpers import play_hand, stacks
from tables.tests.live_helpers import seat_players
from tables.views.ledger import spreadsheet_safe

pytestmark = pytest.mark.django_db

FORMULA_NAMES = ['=HYPERLINK("http://x")', "+1+cmd", "-2+3", "@SUM(A1)"]


def _rows(client: Client, url: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(client.get(url).content.decode())))


def test_formula_names_and_reasons_are_escaped_in_the_ledger_csv(
    host_client: Client, table: Table, host: User
) -> None:
    players = seat_players(table, FORMULA_NAMES)
    for player in players:
        ledger.record_chips_in(player, "buy_in", 200, host, "=cmd|' /C calc'!A0")
    rows = _rows(host_client, f"/host/nights/{table.night_id}/ledger.csv")
    assert sorted(row[2] for row in rows[1:]) == sorted("'" + name for name in FORMULA_NAMES)
    assert {row[10] for row in rows[1:]} == {"'=cmd|' /C calc'!A0"}
    # Numbers stay numbers: a negative amount is not text.
    assert all(row[4].lstrip("-").isdigit() for row in rows[1:])


def test_formula_names_are_escaped_in_the_settlement_csv(
    host_client: Client, table: Table, host: User
) -> None:
    players = seat_players(table, FORMULA_NAMES[:3])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 200, host)
    rnd = random.Random(7)
    while sorted(stacks(table.pk).values()) == [200, 200, 200]:
        play_hand(table.pk, rnd)
    for player in players:
        ledger.cash_out(player, host)
    rows = _rows(host_client, f"/host/nights/{table.night_id}/settlement.csv")
    assert len(rows) > 1
    names = {cell for row in rows[1:] for cell in row[:2]}
    assert names <= {"'" + name for name in FORMULA_NAMES[:3]}


def test_a_cell_starting_with_a_tab_or_carriage_return_is_escaped_but_numbers_are_not() -> None:
    assert spreadsheet_safe("\tx") == "'\tx"
    assert spreadsheet_safe("\r=1") == "'\r=1"
    assert spreadsheet_safe("-20.00") == "-20.00"
    assert spreadsheet_safe(-20) == -20
    assert spreadsheet_safe("Ann") == "Ann"


def test_formula_names_are_escaped_in_the_players_csv(host_client: Client, table: Table, host: User) -> None:
    players = seat_players(table, FORMULA_NAMES)
    for player in players:
        ledger.record_chips_in(player, "buy_in", 200, host)
    ledger.cash_out(players[0], host)
    rows = _rows(host_client, f"/host/nights/{table.night_id}/players.csv")
    assert sorted(row[0] for row in rows[1:]) == sorted("'" + name for name in FORMULA_NAMES)
    # Numbers stay numbers, signed ones too.
    assert all(cell.lstrip("-").replace(".", "").isdigit() for row in rows[1:] for cell in row[1:4])
