"""The ledger's players table puts a tournament's money on the side it moved: what a player paid
into a tournament (entry, rebuys, add-ons) is money in, what it paid them (a prize, a deal share)
is money out. A loser who paid 2.00 EUR shows In 2.00, Out 0.00, never "Out -2.00". The net is
unchanged: "A player's net is what they take away minus what they put in" (docs/chips-and-money.md,
One sign).
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

from tables.models import Night, Table
from tables.models.ledger import EntryKind
from tables.services.ledger import closing, ledger
from tables.services.seating import joining, seating
from tables.services.tournament import tournaments
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db

ROW = re.compile(
    r'<tr data-player-money><th scope="row">([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td>'
    r'<td class="net">([^<]+)</td></tr>'
)


def _bea_loses_the_tournament_and_cy_plays_cash(night: Night, host: User, table: Table) -> None:
    """Ann and Bea pay 2.00 EUR each into a winner-takes-all tournament; Bea busts. Cy buys
    10.00 EUR of cash chips and cashes out 10.00 EUR."""
    tournament, (ann, bea) = make_tournament(night, host, names=("Ann", "Bea"), payouts=(100,), buy_in=2)
    seating.move_player(ann, table, 1)
    seating.move_player(bea, table, 2)
    cy = joining.join_night(night, "Cy")
    ledger.record_chips_in(cy, EntryKind.BUY_IN, 100, host)
    ledger.cash_out(cy, host)
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=bea).pk, None)])


def test_a_tournament_loser_shows_the_entry_in_and_nothing_out(
    host_client: Client, night: Night, host: User, table: Table
) -> None:
    _bea_loses_the_tournament_and_cy_plays_cash(night, host, table)

    page = host_client.get(reverse("ledger", args=[night.pk])).content.decode()

    assert ROW.findall(page) == [
        ("Ann", "2.00 EUR", "4.00 EUR", "+2.00 EUR"),
        ("Bea", "2.00 EUR", "0.00 EUR", "-2.00 EUR"),
        ("Cy", "10.00 EUR", "10.00 EUR", "0.00 EUR"),
    ]
    download = host_client.get(reverse("players_csv", args=[night.pk])).content.decode()
    assert list(csv.reader(io.StringIO(download)))[1:] == [
        ["Ann", "2.00", "4.00", "2.00", "EUR"],
        ["Bea", "2.00", "0.00", "-2.00", "EUR"],
        ["Cy", "10.00", "10.00", "0.00", "EUR"],
    ]


def test_the_figures_kept_at_close_count_tournament_money_the_same_way(
    night: Night, host: User, table: Table
) -> None:
    _bea_loses_the_tournament_and_cy_plays_cash(night, host, table)

    closing.close_night(night, host)

    kept = night.audit_entries.get(what__startswith="Closed the night").payload["players"]
    assert [(name, *map(Decimal, figures)) for name, *figures in kept] == [
        ("Ann", 2, 4, 2),
        ("Bea", 2, 0, -2),
        ("Cy", 10, 10, 0),
    ]
