"""An add-on stack that has been handed out cannot change in the set-up.

The add-on is offered once per player, at the first break: once one was recorded, its chips are
on a stack (or with an entrant who sits down with them). A new add-on stack in the set-up would
count every add-on recorded at the new figure (chips in play = ... + add-ons x add-on stack) and
move no chip (docs/chips-and-money.md), so it is refused and saves nothing. Before the first
add-on, the edit is allowed and the add-ons to come get the new stack.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.seating import joining
from tables.services.tournament import tournament_clock, tournament_seating, tournament_setup, tournaments
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
from tables.tests.tournament_helpers import at, entry_of, make_tournament

pytestmark = pytest.mark.django_db

RULES = RebuyRules(add_on=True, add_on_stack=5_000)
BREAK = 61  # home-2h: the first break starts after 60 minutes
LOCKED = "The add-on stack is handed out"


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _at_the_break(night: Night, host: User) -> tuple[Tournament, list[Player]]:
    """Four drawn to the Kitchen, 10,000 each; the clock runs to the first break."""
    tournament, players = make_tournament(night, host, rules=RULES, add_on_price=10)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    return tournament, players


def test_after_an_add_on_a_new_add_on_stack_is_refused_and_nothing_is_saved(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before, it was saved: 41,000 chips in play with 45,000 at the table."""
    tournament, _ = _at_the_break(night, host)
    tournaments.record_add_on(entry_of(tournament, "Bea"), host, now=at(BREAK))
    refusal = refused_edit(
        tournament, host, [kitchen], locked=LOCKED, add_on_stack=1_000, add_on_price=5, now=at(BREAK)
    )
    assert "1 add-on of 5000 chips was recorded" in refusal
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 45_000


def test_an_add_on_taken_before_sitting_down_is_handed_out_too(
    night: Night, host: User, kitchen: Table
) -> None:
    """Eve entered at the break and took the add-on before sitting: she holds it."""
    tournament, _ = _at_the_break(night, host)
    eve = joining.join_night(night, "Eve")
    tournament_setup.register_players(tournament.pk, host, [eve], now=at(BREAK))
    tournaments.record_add_on(entry_of(tournament, "Eve"), host, now=at(BREAK))
    before = figures(tournament, [kitchen])
    with pytest.raises(ActionRefused, match=LOCKED):
        edit_setup(tournament.pk, host, add_on_stack=1_000, now=at(BREAK))
    assert figures(tournament, [kitchen]) == before
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 55_000


def test_the_set_up_page_refuses_it_and_says_why(
    night: Night, host: User, kitchen: Table, host_client: Client
) -> None:
    tournament, _ = _at_the_break(night, host)
    tournaments.record_add_on(entry_of(tournament, "Bea"), host, now=at(BREAK))
    data = _edit_data(tournament, add_on="on", add_on_price=10, add_on_stack=8_000)
    check_the_set_up_page_refuses(host_client, tournament, [kitchen], data, stays=5_000, locked=LOCKED)


def test_before_the_first_add_on_the_new_stack_is_the_add_ons_to_come(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament, players = _at_the_break(night, host)
    edit_setup(tournament.pk, host, add_on_stack=8_000, now=at(BREAK))
    assert host_calls().filter(night=night).last().what == (
        "Main event: Edited: rebuy rules: add-on stack 5000 → 8000"
    )
    tournaments.record_add_on(entry_of(tournament, "Bea"), host, now=at(BREAK))
    assert load_state(kitchen.pk).table.seat_of(str(players[1].pk)).stack == 18_000
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 48_000
