"""The ledger's verdict says one thing: a night whose money adds up but with chips on a table that
nobody bought is "Not balanced" for those chips, never "Not balanced: balanced (0 chips)".

Seen on a first night: the host seated the players before recording their buy-ins, and the
ledger read "Not balanced: balanced (0 chips); 800 chips on tables without a buy-in."
"""

from __future__ import annotations

import pytest
from django.test import Client

from tables.models import Table
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def _verdict(client: Client, table: Table) -> str:
    page = client.get(f"/host/nights/{table.night_id}/ledger/").content.decode()
    start = page.index('data-field="difference"')
    return page[page.index(">", start) + 1 : page.index("</p>", start)]


def test_chips_seated_without_a_buy_in_are_the_only_thing_said(host_client: Client, table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    assert _verdict(host_client, table) == "Not balanced: 400 chips on tables without a buy-in."
