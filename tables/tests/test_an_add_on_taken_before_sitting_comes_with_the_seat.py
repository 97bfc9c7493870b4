"""An add-on taken before the entrant sat down arrives with their seat.

"The add-on is offered once per player, at the first break, to players still in": a player
entered late, who has not sat down yet, may take it at the break like everyone else. Its chips
are theirs from then on: counted in play, and on their stack when they sit down (starting stack
plus add-on), so the chips in play stay what the tables hold plus what the entrants still to
sit down will sit down with (docs/chips-and-money.md).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Table
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.hosting import host_panel
from tables.services.seating import seating
from tables.services.tournament import tournaments
from tables.tests.conftest import host_calls
from tables.tests.tournament_helpers import at, three_drawn_and_dan_entered_late

pytestmark = pytest.mark.django_db

ADD_ON = RebuyRules(add_on=True, add_on_stack=5000)
BREAK = 61  # home-2h: the first break starts after 60 minutes


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _dan_entered_at_the_break(night: Night, host: User) -> tuple[Tournament, TournamentEntry]:
    return three_drawn_and_dan_entered_late(night, host, rules=ADD_ON, add_on_price=10, entered_at=BREAK)


def _free_seat(table: Table) -> int:
    return seating.free_seat_numbers(table)[0]


def _seat_of(entry: TournamentEntry, table: Table) -> int:
    return load_state(table.pk).table.seat_of(str(entry.player_id)).seat


def _at_the_table(table: Table) -> int:
    return sum(seat.stack for seat in load_state(table.pk).table.seats)


def _in_play(tournament: Tournament) -> int:
    return tournaments.field(Tournament.objects.get(pk=tournament.pk), now=at(BREAK)).chips_in_play


def test_he_sits_down_with_the_starting_stack_and_the_add_on(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before, he sat down with 10,000: 45,000 in play, 40,000 at the table."""
    tournament, dan = _dan_entered_at_the_break(night, host)
    tournaments.record_add_on(dan.pk, host, now=at(BREAK))
    assert _in_play(tournament) == _at_the_table(kitchen) + 15_000
    host_panel.move_player(dan.player, kitchen, _free_seat(kitchen), host)
    assert load_state(kitchen.pk).table.seat_of(str(dan.player_id)).stack == 15_000
    assert (
        host_calls().filter(night=night).last().what
        == f"Dan: moved to Kitchen, seat {_seat_of(dan, kitchen)} with 15000 chips"
    )
    assert _at_the_table(kitchen) == _in_play(tournament) == 45_000


def test_the_add_on_line_says_he_sits_down_with_it(night: Night, host: User, kitchen: Table) -> None:
    _, dan = _dan_entered_at_the_break(night, host)
    tournaments.record_add_on(dan.pk, host, now=at(BREAK))
    line = host_calls().filter(night=night).last()
    assert line.what == (
        "Main event: Add-on for Dan: 10 EUR into the prize pool, 5000 chips "
        "(not seated yet: sits down with 15000)"
    )


def test_he_takes_the_add_on_only_once_seated_or_not(night: Night, host: User, kitchen: Table) -> None:
    tournament, dan = _dan_entered_at_the_break(night, host)
    tournaments.record_add_on(dan.pk, host, now=at(BREAK))
    host_panel.move_player(dan.player, kitchen, _free_seat(kitchen), host)
    with pytest.raises(ActionRefused, match="already taken the add-on"):
        tournaments.record_add_on(dan.pk, host, now=at(BREAK))
    assert _at_the_table(kitchen) == _in_play(tournament) == 45_000
