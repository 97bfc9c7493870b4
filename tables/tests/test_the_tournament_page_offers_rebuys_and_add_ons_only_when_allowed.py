"""The tournament page shows Rebuy and Add-on beside a player only when the rules allow one now.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy left.
You can buy back in for a fresh stack and keep playing. Once your rebuys are used up, or the
rebuy window closes, the next time you bust is for good." A freeze-out has neither button; a
rebuy tournament shows Rebuy to a player who lost their chips at the table while its window is
open and they have a rebuy left, and Add-on at the first break to a player still holding chips
who has not taken it. The services still refuse a rebuy
or add-on the rules do not allow, with their reason, when one is posted anyway.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.models import Night, Table
from tables.models.ledger import LedgerEntry
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.tournament_helpers import entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db

REBUYS = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)


def _started(night: Night, host: User, minutes_ago: float, rules: RebuyRules | None = None) -> Tournament:
    """A tournament (home-2h: 15-minute levels, the first break after level 4) whose clock
    started `minutes_ago`."""
    tournament, _ = make_tournament(night, host, rules=rules, rebuy_price=20, add_on_price=10)
    started = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    return tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)


def _buttons(client: Client, tournament: Tournament) -> dict[str, set[str]]:
    """Which rows of "Players still in" have a Rebuy and which an Add-on button."""
    page = client.get(f"/host/tournaments/{tournament.pk}/").content.decode()
    rows = dict(re.findall(r'<li class="player-row entry-row" data-entry="(\w+)">(.*?)</li>', page, re.S))
    assert set(rows) == {entry.player.display_name for entry in tournament.entries.filter(place=None)}
    return {
        "rebuy": {name for name, row in rows.items() if ">Rebuy</button>" in row},
        "add-on": {name for name, row in rows.items() if ">Add-on</button>" in row},
    }


def test_a_freeze_out_shows_no_rebuy_or_add_on_and_still_refuses_one_posted(
    night: Night, host: User, host_client: Client
) -> None:
    tournament = _started(night, host, minutes_ago=5)

    assert _buttons(host_client, tournament) == {"rebuy": set(), "add-on": set()}
    page = host_client.get(f"/host/tournaments/{tournament.pk}/").content.decode()
    assert "Rebuy: the player just busted" not in page and "Add-on: the extra stack" not in page

    ann = entry_of(tournament, "Ann")
    entries = LedgerEntry.objects.count()
    response = host_client.post(f"/host/tournaments/{tournament.pk}/entries/{ann}/rebuy/", follow=True)
    assert "This is a freeze-out: bust out of chips and you&#x27;re out." in response.content.decode()
    response = host_client.post(f"/host/tournaments/{tournament.pk}/entries/{ann}/add-on/", follow=True)
    assert "There is no add-on tonight." in response.content.decode()
    assert TournamentEntry.objects.filter(pk=ann, rebuys=0, add_ons=0).exists()
    assert LedgerEntry.objects.count() == entries


def test_rebuy_shows_for_a_player_who_busted_while_the_window_is_open(
    night: Night, host: User, host_client: Client, table: Table
) -> None:
    tournament = _started(night, host, minutes_ago=5, rules=REBUYS)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    assert _buttons(host_client, tournament) == {"rebuy": set(), "add-on": set()}  # everyone has chips

    for name in ("Ann", "Bea"):
        loses_every_chip(table, tournament.entries.get(player__display_name=name).player)

    assert _buttons(host_client, tournament) == {"rebuy": {"Ann", "Bea"}, "add-on": set()}
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host)  # her one rebuy, from the row
    assert _buttons(host_client, tournament) == {"rebuy": {"Bea"}, "add-on": set()}


def test_after_the_rebuy_window_only_the_add_on_shows_at_the_first_break(
    night: Night, host: User, host_client: Client
) -> None:
    tournament = _started(night, host, minutes_ago=62, rules=REBUYS)
    assert tournaments.reading(tournament).on_break
    tournaments.record_add_on(entry_of(tournament, "Bea"), host)

    assert _buttons(host_client, tournament) == {"rebuy": set(), "add-on": {"Ann", "Cal", "Dan"}}


def test_after_the_first_break_neither_shows(night: Night, host: User, host_client: Client) -> None:
    tournament = _started(night, host, minutes_ago=100, rules=REBUYS)
    assert not tournaments.reading(tournament).on_break

    assert _buttons(host_client, tournament) == {"rebuy": set(), "add-on": set()}
