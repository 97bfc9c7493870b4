"""The ledger's players table (in, out, net) and its CSV agree, and a net has one sign everywhere.

Issue 20: "The ledger needs a per-player table (in, out, net) and one sign convention ("13.00 EUR
more out than in" on one page, "-13.00 EUR more in than out" on another)." docs/chips-and-money.md,
One sign: a player's net is what they take away minus what they put in, + up and - down; the
night's balance is said in words, never with a sign.
"""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.live import HOST
from tables.live import apply_intent
from tables.models import Table
from tables.services.ledger import ledger, settle_up
from tables.tests.ledger_helpers import money_only_correction
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db

ROW = re.compile(
    r'<tr data-player-money><th scope="row">([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td>'
    r'<td class="net">([^<]+)</td></tr>'
)


def _amount(text: str) -> Decimal:
    """ "+13.00 EUR" or "-13.00 EUR" as a number."""
    return Decimal(text.removesuffix(" EUR"))


def _night_of_three(table: Table, host: User) -> None:
    """Ann wins 130 chips from Bob and cashes out; Bob cashes out what is left; Cy still plays."""
    ann, bob, cy = seat_players(table, ["Ann", "Bob", "Cy"])
    for player in (ann, bob, cy):
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 1, "stack": 330})  # as if won in hands
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 2, "stack": 70})
    ledger.cash_out(ann, host)
    ledger.cash_out(bob, host)


def test_the_page_and_the_csv_show_the_same_players_with_the_same_signs(
    host_client: Client, table: Table, host: User
) -> None:
    _night_of_three(table, host)
    night = table.night
    page = host_client.get(reverse("ledger", args=[night.pk])).content.decode()
    shown = ROW.findall(page)
    assert shown == [
        ("Ann", "20.00 EUR", "33.00 EUR", "+13.00 EUR"),
        ("Bob", "20.00 EUR", "7.00 EUR", "-13.00 EUR"),
        ("Cy", "20.00 EUR", "20.00 EUR", "0.00 EUR"),
    ]
    download = host_client.get(reverse("players_csv", args=[night.pk]))
    assert download["Content-Disposition"].startswith('attachment; filename="players-')
    rows = list(csv.reader(io.StringIO(download.content.decode())))
    assert rows[0] == ["player", "in", "out", "net", "currency"]
    as_numbers = [(name, Decimal(i), Decimal(o), Decimal(n)) for name, i, o, n, _ in rows[1:]]
    assert as_numbers == [(name, _amount(i), _amount(o), _amount(n)) for name, i, o, n in shown]
    # One sign: net = out - in, + for who is up; the settle-up pays the + from the -.
    for _, money_in, money_out, net in as_numbers:
        assert net == money_out - money_in
    assert sum(net for *_, net in as_numbers) == 0
    transfers = [(t.payer, t.payee, t.amount) for t in settle_up.settle(night).transfers]
    assert transfers == [("Bob", "Ann", 1300)]
    assert "<strong>Bob</strong> pays <strong>Ann</strong>" in page


def test_the_nights_balance_is_said_in_words_never_with_a_sign(
    host_client: Client, table: Table, host: User
) -> None:
    _night_of_three(table, host)
    night = table.night
    cash_out = ledger.entries(night).get(player__display_name="Bob", kind="cash_out")
    # Paid one chip stack too many, before corrections of a cash-out moved chips: 1.00 EUR more out than in.
    money_only_correction(cash_out, 10)
    page = host_client.get(reverse("ledger", args=[night.pk])).content.decode()
    assert "Not balanced: 1.00 EUR more out than in" in page
    assert "The ledger does not balance (1.00 EUR more out than in)" in page  # the settle-up's refusal
    closed = host_client.post(reverse("ledger_close", args=[night.pk]), follow=True).content.decode()
    assert "1.00 EUR more out than in." in closed
    for text in (page, closed):
        assert not re.search(r"[-+−]\d+\.\d\d EUR more (in|out) than", text)
    # Bob's net says the same from his side: he took 1.00 EUR more than the table gave him.
    assert ("Bob", "20.00 EUR", "8.00 EUR", "-12.00 EUR") in ROW.findall(page)
