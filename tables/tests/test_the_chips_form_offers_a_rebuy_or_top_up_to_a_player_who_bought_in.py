"""The host panel's chips form starts on what the host most likely records.

A player the ledger never saw buy chips gets a buy-in; a seated player who already bought in and
still has chips gets a top-up; one with nothing left at the table gets a rebuy. (The form starting
on "Buy-in" for everyone booked second buy-ins the host meant as rebuys.)
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.ledger import ledger
from tables.tests.live_helpers import seat_guest

pytestmark = pytest.mark.django_db


def _chosen_kind(page: str, name: str) -> str:
    """The kind selected in the chips form of `name`'s seat row."""
    row = re.search(rf'data-player="{name}".*?</li>', page, re.S)
    assert row is not None, name
    form = re.search(r'class="inline-form chips-form".*?</select>', row.group(0), re.S)
    assert form is not None
    return re.search(r'<option value="(\w+)" selected>', form.group(0)).group(1)


def test_each_seat_row_starts_on_buy_in_top_up_or_rebuy(host_client: Client, table: Table) -> None:
    seat_guest(table, "Ann", 1, 200)
    seat_guest(table, "Bo", 2, None)
    seat_guest(table, "Cy", 3, 200)
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 3, "stack": 0})
    assert load_state(table.pk).table.seat(3).stack == 0
    page = host_client.get(f"/host/nights/{table.night_id}/panel/").content.decode()
    assert _chosen_kind(page, "Ann") == "top_up"
    assert _chosen_kind(page, "Bo") == "buy_in"
    assert _chosen_kind(page, "Cy") == "rebuy"


def test_a_voided_buy_in_leaves_the_form_on_buy_in(host_client: Client, table: Table, host: User) -> None:
    ann = seat_guest(table, "Ann", 1, None)
    entry = ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.void(entry, host, "wrong player")
    page = host_client.get(f"/host/nights/{table.night_id}/panel/").content.decode()
    assert _chosen_kind(page, "Ann") == "buy_in"
