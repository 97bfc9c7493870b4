"""An entrant recorded out before they ever sat down takes the chips they bought out of play.

"Everyone starts with an equal stack": an entrant not seated yet holds the starting stack they
will sit down with, and nobody else does. "Record who is out" on them (registered, never came)
takes that stack out of play, as it does the chips of a player recorded out at a table, so the
tournament's chips in play (the tournament page, the clock screen) stays what the tables hold
for its players plus the stacks of the entrants still to sit down (docs/chips-and-money.md).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from engine.tournament import RebuyRules
from tables.live import load_state
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.hosting import host_panel
from tables.services.seating import seating
from tables.services.tournament import tournaments
from tables.tests.conftest import host_calls
from tables.tests.tournament_helpers import at, three_drawn_and_dan_entered_late

pytestmark = pytest.mark.django_db

ADD_ON = RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=7000, add_on=True, add_on_stack=5000)


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _three_drawn_and_dan_entered_late(night: Night, host: User) -> tuple[Tournament, TournamentEntry]:
    """Ann, Bea and Cal drawn at the Kitchen with 10,000 each; Dan entered after the draw, not seated."""
    return three_drawn_and_dan_entered_late(night, host, rules=ADD_ON, entered_at=1)


def _free_seat(table: Table) -> int:
    return seating.free_seat_numbers(table)[0]


def _at_the_table(table: Table) -> int:
    return sum(seat.stack for seat in load_state(table.pk).table.seats)


def _in_play(tournament: Tournament, minutes: float) -> int:
    return tournaments.field(Tournament.objects.get(pk=tournament.pk), now=at(minutes)).chips_in_play


def test_chips_in_play_are_the_chips_at_the_tables_once_he_is_out(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before, Dan's 10,000 stayed in play with nobody holding them: 40,000 in play, 30,000 at the table."""
    tournament, dan = _three_drawn_and_dan_entered_late(night, host)
    assert _in_play(tournament, 2) == _at_the_table(kitchen) + 10_000  # his stack, still to sit down with
    tournaments.record_busts(tournament.pk, host, [(dan.pk, None)], now=at(2))
    assert _at_the_table(kitchen) == 30_000
    assert _in_play(tournament, 2) == 30_000
    field = tournaments.field(Tournament.objects.get(pk=tournament.pk), now=at(2))
    assert field.players_left == 3 and field.average_stack == 10_000


def test_the_log_says_his_stack_left_play(night: Night, host: User, kitchen: Table) -> None:
    tournament, dan = _three_drawn_and_dan_entered_late(night, host)
    tournaments.record_busts(tournament.pk, host, [(dan.pk, None)], now=at(2))
    line = host_calls().filter(night=night).last()
    assert line.what == "Main event: Dan is out in 4th; 10000 chips taken out of play (not seated yet)"
    assert line.payload["chips_taken_out"] == 10_000
    dan.refresh_from_db()
    assert (dan.out_table, dan.out_seat, dan.out_chips) == (None, None, 10_000)


def test_undone_he_is_back_with_his_stack_and_sits_down_with_it(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament, dan = _three_drawn_and_dan_entered_late(night, host)
    tournaments.record_busts(tournament.pk, host, [(dan.pk, None)], now=at(2))
    tournaments.undo_last_bust(tournament.pk, host, "Dan was parking the car", now=at(3))
    assert _in_play(tournament, 3) == 40_000
    line = host_calls().filter(night=night).last()
    assert "Dan is back in, not seated yet, with the 10000 chips taken out" in line.what
    host_panel.move_player(dan.player, kitchen, _free_seat(kitchen), host)
    assert load_state(kitchen.pk).table.seat_of(str(dan.player_id)).stack == 10_000
    assert _at_the_table(kitchen) == _in_play(tournament, 3) == 40_000


def test_an_add_on_he_took_before_sitting_leaves_play_with_him(
    night: Night, host: User, kitchen: Table
) -> None:
    """The add-on at the first break (60 minutes in), taken before he sat down, goes out with him."""
    tournament, dan = _three_drawn_and_dan_entered_late(night, host)
    tournaments.record_add_on(dan.pk, host, now=at(61))
    tournaments.record_busts(tournament.pk, host, [(dan.pk, None)], now=at(62))
    dan.refresh_from_db()
    assert dan.out_chips == 15_000
    assert _in_play(tournament, 62) == _at_the_table(kitchen) == 30_000


def test_the_last_players_out_leave_an_unseated_winner_no_chips_in_play(
    night: Night, host: User, kitchen: Table
) -> None:
    """Everyone at the table recorded out, Dan wins without sitting down: his chips are nowhere, so
    none stay in play (a winner at a table leaves it with their stack, out of play too)."""
    tournament, dan = _three_drawn_and_dan_entered_late(night, host)
    ann, bea, cal = (tournament.entries.get(player__display_name=name).pk for name in ("Ann", "Bea", "Cal"))
    tournaments.record_busts(tournament.pk, host, [(ann, None)], now=at(5))
    tournaments.record_busts(tournament.pk, host, [(bea, 10_000), (cal, 10_000)], now=at(5))
    dan.refresh_from_db()
    assert dan.place == 1 and not Seat.objects.filter(player=dan.player).exists()
    assert _at_the_table(kitchen) == 0
    assert _in_play(tournament, 5) == 0
    line = host_calls().last()
    assert "; Dan wins: 10000 chips taken out of play (not seated yet)" in line.what
    assert line.payload["winner"] == {"entry": dan.pk, "chips_taken_out": 10_000}
    tournaments.undo_last_bust(tournament.pk, host, "the night goes on", now=at(6))
    dan.refresh_from_db()
    assert dan.place is None and dan.out_chips == 0
    assert _in_play(tournament, 6) == _at_the_table(kitchen) + 10_000 == 30_000
