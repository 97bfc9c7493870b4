"""Tournament seating: the opening draw across tables, and balancing moves the host confirms.

"Seats will be randomly assigned."
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import Move, MoveReason
from tables.errors import ActionRefused
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.seating import seating
from tables.services.tournament import tournament_seating, tournaments
from tables.tests.tournament_helpers import at, entry_of, make_tournament

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host, names=NAMES)[0]


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _counts(tables: list[Table]) -> list[int]:
    return [Seat.objects.filter(table=table).count() for table in tables]


def test_the_draw_seats_every_entrant_and_keeps_the_tables_even(
    tournament: Tournament, host: User, two_tables: list[Table]
) -> None:
    assert tournament_seating.draw_opening_seats(tournament.pk, host, now=at(0)) == 7
    assert sorted(_counts(two_tables)) == [3, 4]
    seated = set(Seat.objects.values_list("player__display_name", flat=True))
    assert seated == set(NAMES)
    assert tournament.log.filter(action=TournamentAction.DRAW).exists()


def test_the_draw_is_refused_once_entrants_have_seats(
    tournament: Tournament, host: User, two_tables: list[Table]
) -> None:
    ann = tournament.entries.get(player__display_name="Ann").player
    seating.move_player(ann, two_tables[0], 1)
    with pytest.raises(ActionRefused, match="already have seats"):
        tournament_seating.draw_opening_seats(tournament.pk, host, now=at(0))
    assert Seat.objects.count() == 1


def test_uneven_tables_get_a_balancing_move_the_host_confirms(
    tournament: Tournament, host: User, make_table: Callable[..., Table]
) -> None:
    """Five at one table and two at the other: the player due the big blind next at the big table
    moves to the worst position at the short one. Nobody has dealt yet, so counting starts at seat 1."""
    tables = [make_table("Kitchen", max_seats=5), make_table("Lounge", max_seats=5)]
    for seat, name in enumerate(("Ann", "Bea", "Cal", "Dan", "Eve"), 1):
        seating.move_player(tournament.entries.get(player__display_name=name).player, tables[0], seat)
    for seat, name in enumerate(("Fay", "Gus"), 1):
        seating.move_player(tournament.entries.get(player__display_name=name).player, tables[1], seat)
    moves = tournament_seating.propose_moves(tournament)
    ann = tournament.entries.get(player__display_name="Ann").player
    assert moves == (Move(str(ann.pk), 1, 1, 2, 3, MoveReason.BALANCE),)
    tournament_seating.confirm_moves(tournament.pk, host, list(moves), now=at(11))
    assert _counts(tables) == [4, 3]
    assert Seat.objects.get(player=ann).table == tables[1]
    assert tournament_seating.propose_moves(tournament) == ()
    # The same move again no longer fits the seating: refused, nothing changes.
    with pytest.raises(ActionRefused, match="look at the proposal again"):
        tournament_seating.confirm_moves(tournament.pk, host, list(moves), now=at(12))
    assert _counts(tables) == [4, 3]
    assert tournament.log.filter(action=TournamentAction.MOVE).count() == 1


def test_the_host_confirms_the_final_table_from_the_seating_page(
    tournament: Tournament, host: User, two_tables: list[Table], host_client: Client
) -> None:
    tournament_seating.draw_opening_seats(tournament.pk, host, now=at(0))
    busts = [(entry_of(tournament, name), chips) for name, chips in (("Ann", 300), ("Bea", 200))]
    tournaments.record_busts(tournament.pk, host, busts, now=at(5))
    page = host_client.get(f"/host/tournaments/{tournament.pk}/seating/").content.decode()
    assert "final table" in page
    moves = tournament_seating.propose_moves(tournament)
    assert moves and {move.reason for move in moves} == {MoveReason.FINAL_TABLE}
    payload = json.dumps([move.to_json() for move in moves])
    response = host_client.post(
        f"/host/tournaments/{tournament.pk}/seating/moves/", {"moves": payload}, follow=True
    )
    page = response.content.decode()
    assert page.count("Main event: Moved a player: ") == len(moves)
    # Everyone left (5) now sits at one table, each in the seat drawn for them.
    assert sorted(_counts(two_tables)) == [0, 5]
    for move in moves:
        seat = Seat.objects.get(player_id=int(move.player))
        assert (seat.table, seat.number) == (two_tables[move.to_table - 1], move.to_seat)


def test_a_garbled_move_is_refused_with_a_message(tournament: Tournament, host_client: Client) -> None:
    response = host_client.post(
        f"/host/tournaments/{tournament.pk}/seating/moves/", {"moves": "nonsense"}, follow=True
    )
    assert "could not be read" in response.content.decode()
    bad = json.dumps([Move("1", 1, 1, 2, 2, MoveReason.BALANCE).to_json()])
    response = host_client.post(
        f"/host/tournaments/{tournament.pk}/seating/moves/", {"moves": bad}, follow=True
    )
    assert "look at the proposal again" in response.content.decode()
