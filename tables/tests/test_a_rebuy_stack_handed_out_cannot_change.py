"""A rebuy stack that has been handed out cannot change in the set-up.

"You can buy back in for a fresh stack and keep playing": once a rebuy was recorded, its stack
is at a table (or went out of play with its player). A new rebuy stack in the set-up would count
every recorded rebuy at the new figure (chips in play = ... + rebuys x rebuy stack) and move no
chip (docs/chips-and-money.md), so it is refused and saves nothing. Before the first rebuy, the
edit is allowed and the rebuys to come get the new stack.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import RebuyRules
from tables.live import load_state
from tables.models import Night, Player, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.conftest import host_calls
from tables.tests.setup_edits import (
    check_the_set_up_page_refuses,
    chips_held,
    chips_in_play,
    edit_setup,
    refused_edit,
)
from tables.tests.test_tournament_setup import _edit_data
from tables.tests.tournament_helpers import at, entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db

RULES = RebuyRules(max_rebuys=2, rebuy_until_level=4, rebuy_stack=10_000)
LOCKED = "The rebuy stack is handed out"


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _ann_busts(night: Night, host: User, kitchen: Table) -> tuple[Tournament, list[Player]]:
    """Four drawn to the Kitchen, 10,000 each; the clock runs; Ann loses every chip."""
    tournament, players = make_tournament(night, host, rules=RULES, rebuy_price=20)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    loses_every_chip(kitchen, players[0])
    return tournament, players


def test_after_a_rebuy_a_new_rebuy_stack_is_refused_and_nothing_is_saved(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before, it was saved: 60,000 chips in play with 50,000 at the table."""
    tournament, _ = _ann_busts(night, host, kitchen)
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host, now=at(1))
    refusal = refused_edit(
        tournament, host, [kitchen], locked=LOCKED, rebuy_stack=20_000, rebuy_price=25, now=at(2)
    )
    assert "1 rebuy of 10000 chips was recorded" in refusal
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 50_000


def test_the_set_up_page_refuses_it_and_says_why(
    night: Night, host: User, kitchen: Table, host_client: Client
) -> None:
    tournament, _ = _ann_busts(night, host, kitchen)
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host, now=at(1))
    data = _edit_data(tournament, max_rebuys=2, rebuy_until_level=4, rebuy_price=20, rebuy_stack=5_000)
    check_the_set_up_page_refuses(host_client, tournament, [kitchen], data, stays=10_000, locked=LOCKED)


def test_before_the_first_rebuy_the_new_stack_is_the_rebuys_to_come(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament, players = _ann_busts(night, host, kitchen)
    edit_setup(tournament.pk, host, rebuy_stack=20_000, now=at(1))
    assert host_calls().filter(night=night).last().what == (
        "Main event: Edited: rebuy rules: rebuy stack 10000 → 20000"
    )
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host, now=at(2))
    assert load_state(kitchen.pk).table.seat_of(str(players[0].pk)).stack == 20_000
    assert chips_in_play(tournament) == chips_held(tournament, [kitchen]) == 60_000
