"""A tournament settled by a deal shows what the deal paid, not the fixed table beside it.

The pool of 80 EUR paid 40 / 24 / 16 by the table; Ann, Bea and Cal agreed 36 / 26 / 18. After
the deal the payouts (on the tournament page and the clock screen) are the deal's, and say so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.live import apply_intent
from tables.models import Night, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_deals, tournaments
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def settled(night: Night, host: User, make_table: Callable[..., Table]) -> Tournament:
    table = make_table("Kitchen", max_seats=6)
    tournament, players = make_tournament(night, host, names=("Ann", "Bea", "Cal", "Dan"))
    for number, (player, stack) in enumerate(zip(players, (9000, 6000, 3000), strict=False), 1):
        seating.move_player(player, table, number)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": stack})
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=players[3]).pk, None)])
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    entry = {e.player.display_name: e.pk for e in tournament.entries.select_related("player")}
    tournament_deals.record_deal(tournament.pk, host, {entry["Ann"]: 36, entry["Bea"]: 26, entry["Cal"]: 18})
    return tournament


def test_the_tournament_page_lists_the_deals_payouts(settled: Tournament, host_client: Client) -> None:
    page = host_client.get(reverse("tournament_detail", args=[settled.pk])).content.decode()
    section = re.search(r'<section class="card" id="payouts">.*?</section>', page, re.S).group(0)
    places = re.search(r'<ol class="payouts">.*?</ol>', section, re.S).group(0)
    assert re.findall(r"<strong>(\d+) EUR</strong>", places) == ["36", "26", "18"]
    assert "Settled by a deal" in section
    assert "Change the payouts" not in section


def test_the_clock_screen_shows_the_deals_payouts(settled: Tournament, client: Client) -> None:
    state = client.get(reverse("clock_state", args=[settled.clock_token])).json()
    assert [row["amount"] for row in state["payouts"]] == [36, 26, 18]
    assert state["payout_rule"].startswith("Settled by a deal")
