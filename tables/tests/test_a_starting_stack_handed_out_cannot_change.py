"""A starting stack that has been handed out cannot change in the set-up.

"Everyone starts with an equal stack." Once an entrant has sat down with it (the draw, or
seated by hand), or has been recorded out with it, the chips are in someone's hands: a new
figure in the set-up would change the count of chips in play (entries x starting stack + ...)
and not one chip at the tables (docs/chips-and-money.md). So the edit is refused, says why and
what to do instead, and saves nothing of the form. Before anyone sits down, every entrant will
sit down with the new stack: the edit is allowed, and everything follows.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Table
from tables.models.tournaments import Tournament
from tables.services.tournament import tournament_seating, tournaments
from tables.tests.conftest import host_calls
from tables.tests.setup_edits import (
    check_the_set_up_page_refuses,
    chips_held,
    chips_in_play,
    edit_setup,
    figures,
    refused_edit,
)
from tables.tests.test_tournament_setup import _edit_data
from tables.tests.tournament_helpers import entry_of, make_tournament

pytestmark = pytest.mark.django_db

LOCKED = "The starting stack is handed out"


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _drawn(night: Night, host: User) -> Tournament:
    """Ann, Bea, Cal and Dan drawn to the Kitchen, 10,000 chips each (home-2h)."""
    tournament, _ = make_tournament(night, host)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    return tournament


def test_after_the_draw_a_new_starting_stack_is_refused_and_nothing_is_saved(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before, it was saved: 20,000 chips in play with 40,000 at the table."""
    tournament = _drawn(night, host)
    refusal = refused_edit(
        tournament, host, [kitchen], locked=LOCKED, starting_stack=5_000, name="Renamed", buy_in=30
    )
    assert "4 entrants have sat down with 10000 chips" in refusal
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 40_000


def test_the_set_up_page_refuses_it_and_says_why(
    night: Night, host: User, kitchen: Table, host_client: Client
) -> None:
    tournament = _drawn(night, host)
    data = _edit_data(tournament, starting_stack=20_000, name="Renamed", buy_in=30)
    check_the_set_up_page_refuses(host_client, tournament, [kitchen], data, stays=10_000, locked=LOCKED)


def test_an_entrant_recorded_out_before_anyone_sat_has_taken_it_out_of_play(
    night: Night, host: User, kitchen: Table
) -> None:
    """Dan never came: recorded out, he took 10,000 chips out of play. Before, the edit was
    saved: 10,000 in play while the three others would sit down with 15,000."""
    tournament, _ = make_tournament(night, host)
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Dan"), None)])
    before = figures(tournament, [kitchen])
    with pytest.raises(ActionRefused, match=LOCKED):
        edit_setup(tournament.pk, host, starting_stack=5_000)
    assert figures(tournament, [kitchen]) == before
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 30_000


def test_before_anyone_sits_down_the_new_stack_is_everyones(night: Night, host: User, kitchen: Table) -> None:
    tournament, _ = make_tournament(night, host)
    edit_setup(tournament.pk, host, starting_stack=5_000)
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 20_000
    assert host_calls().filter(night=night).last().what == ("Main event: Edited: starting stack 10000 → 5000")
    tournament_seating.draw_opening_seats(tournament.pk, host)
    assert [seat.stack for seat in load_state(kitchen.pk).table.seats] == [5_000] * 4
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 20_000


def test_after_the_draw_the_rest_of_the_set_up_still_saves(night: Night, host: User, kitchen: Table) -> None:
    tournament = _drawn(night, host)
    lines = host_calls().count()
    edit_setup(tournament.pk, host, starting_stack=10_000, name="Renamed")
    assert Tournament.objects.get(pk=tournament.pk).name == "Renamed"
    assert host_calls().count() == lines + 1
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 40_000
