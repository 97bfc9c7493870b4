"""The average stack, in chips and in big blinds, reads the same on the clock and the host page.

On a break the average is counted in big blinds of the level that follows (the clock's own
figure); each page rounded the engine's float its own way ("13750" on one, "13,750" on the
other; 1.15 big blinds read 1.2 on one and 1.1 on the other). The engine words both figures
(`engine.tournament.standings.average_texts`) and both pages print its words.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.tournament import RebuyRules
from engine.tournament.standings import field_summary
from engine.tournament.structure import template
from tables.models import Night, Table
from tables.models.tournaments import TournamentAction
from tables.services.tournament import tournament_clock, tournaments
from tables.tests.page_scripts import run_page_script
from tables.tests.tournament_helpers import entry_of, make_tournament
from tables.views.clock import clock_payload

pytestmark = pytest.mark.django_db

AVERAGE_SCRIPT = """
const { averageFigures } = await import(process.argv[1]);
let given = "";
for await (const chunk of process.stdin) given += chunk;
console.log(JSON.stringify(averageFigures(JSON.parse(given))));
"""


def test_on_the_break_both_pages_show_one_average(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    rules = RebuyRules(add_on=True, add_on_stack=5_000)
    tournament, _ = make_tournament(night, host, rules=rules, add_on_price=10)
    # home-2h: four levels of 15 minutes, then the first break; the next level is 150/300.
    started = timezone.now() - datetime.timedelta(minutes=61)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    tournaments.record_add_on(entry_of(tournament, "Bea"), host)
    tournament.refresh_from_db()
    field = tournaments.field(tournament)
    assert tournaments.reading(tournament).on_break
    assert (field.chips_in_play, field.players_left) == (45_000, 4)
    assert (field.average_stack_text, field.average_big_blinds_text) == ("11,250", "37.5")

    clock = run_page_script("clock.js", AVERAGE_SCRIPT, clock_payload(tournament)["field"])
    client = Client()
    client.force_login(host)
    page = client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert clock == {"stack": "11,250", "bigBlinds": "37.5"}
    assert f"{clock['stack']} ({clock['bigBlinds']} BB)" in page


def test_a_half_tenth_of_a_big_blind_rounds_up_on_every_page() -> None:
    """23 chips over a big blind of 20 is 1.15 big blinds; as a float it is a hair under, and a
    page rounding the float said 1.1."""
    structure = dataclasses.replace(template("home-2h"), starting_stack=23)
    shown = field_summary(
        structure, RebuyRules(), entries=1, rebuys=0, add_ons=0, players_left=1, big_blind=20
    )
    assert f"{shown.average_big_blinds:.1f}" == "1.1"  # the float, rounded as it is stored
    assert shown.average_big_blinds_text == "1.2"
    clock = run_page_script("clock.js", AVERAGE_SCRIPT, shown.to_json())
    assert clock == {"stack": "23", "bigBlinds": "1.2"}
