"""The moves the host confirms are drawn once and kept, and a confirmed redraw can be undone
until a hand is dealt (issue 20: "draw once, keep it until confirmed or redrawn on purpose";
issue 16: "undo for ... a wrong redraw, recorded in the audit log").

"Seats will be randomly assigned": the final table is drawn at random, once.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import AuditEntry, Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.tournament_helpers import seven_at_two_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


@pytest.fixture
def final_table_due(night: Night, host: User, two_tables: list[Table]) -> Tournament:
    """Ann..Dan at the Kitchen and Eve, Fay in the Lounge, each with their own stack; Gus went out
    before he sat down: the six left fit at one table."""
    tournament, players = seven_at_two_tables(night, host, two_tables)
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=players[6]).pk, None)])
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    return tournament


def _where(tables: list[Table]) -> dict[str, tuple[int, int, int]]:
    """Each player's (table, seat, stack) at the live tables."""
    return {
        seat.name: (table.pk, seat.seat, seat.stack)
        for table in tables
        for seat in load_state(table.pk).table.seats
    }


def _seat_records(night: Night) -> dict[str, tuple[int, int]]:
    return {s.player.display_name: (s.table_id, s.number) for s in Seat.objects.filter(table__night=night)}


def _moves_shown(client: Client, tournament: Tournament) -> list[str]:
    page = client.get(reverse("tournament_seating", args=[tournament.pk])).content.decode()
    return re.findall(r'data-move="[^"]+">\s*<span class="player-name">([^<]+)<', page)


def _draw_lines(night: Night) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(night=night, what__contains="Drew the moves again"))


def test_the_final_table_is_drawn_once_and_the_same_on_every_reload(
    night: Night, final_table_due: Tournament, host_client: Client
) -> None:
    """Before, three reloads of the seating page gave three different final tables."""
    lines = AuditEntry.objects.count()
    shown = [_moves_shown(host_client, final_table_due) for _ in range(3)]
    assert shown[0] and shown[0] == shown[1] == shown[2]
    assert AuditEntry.objects.count() == lines  # looking records nothing: each move is logged when confirmed


def test_draw_again_is_a_new_draw_on_purpose_with_its_reason_logged(
    night: Night, host: User, final_table_due: Tournament, host_client: Client
) -> None:
    first = tournament_seating.planned_moves(final_table_due.pk, host)
    url = reverse("tournament_draw_again", args=[final_table_due.pk])
    host_client.post(url, {"why": ""})
    assert tournament_seating.planned_moves(final_table_due.pk, host) == first  # refused: no reason
    host_client.post(url, {"why": "Bea saw the draw"})
    again = tournament_seating.planned_moves(final_table_due.pk, host)
    assert tournament_seating.planned_moves(final_table_due.pk, host) == again  # kept in turn
    (line,) = _draw_lines(night)
    assert (
        line.what.startswith("Main event: Drew the moves again (final table): ")
        and line.why == "Bea saw the draw"
    )


def test_confirming_one_move_keeps_the_rest_of_the_plan(
    host: User, final_table_due: Tournament, two_tables: list[Table]
) -> None:
    plan = tournament_seating.planned_moves(final_table_due.pk, host)
    taken = {
        (t.number, seat) for t in tournament_seating.current_seating(final_table_due) for seat in t.players
    }
    into_a_free_seat = next(move for move in plan if (move.to_table, move.to_seat) not in taken)
    tournament_seating.confirm_moves(final_table_due.pk, host, [into_a_free_seat])
    rest = tuple(move for move in plan if move != into_a_free_seat)
    assert tournament_seating.planned_moves(final_table_due.pk, host) == rest


def test_a_wrong_redraw_is_undone_with_every_seat_and_stack_as_before(
    night: Night, host: User, final_table_due: Tournament, two_tables: list[Table], host_client: Client
) -> None:
    before, records = _where(two_tables), _seat_records(night)
    moves = tournament_seating.planned_moves(final_table_due.pk, host)
    tournament_seating.confirm_moves(final_table_due.pk, host, list(moves))
    assert _where(two_tables) != before
    page = host_client.get(reverse("tournament_seating", args=[final_table_due.pk])).content.decode()
    assert 'id="undo-moves-form"' in page
    host_client.post(reverse("tournament_undo_moves", args=[final_table_due.pk]), {"why": "wrong redraw"})
    assert _where(two_tables) == before and _seat_records(night) == records
    line = AuditEntry.objects.filter(night=night).last()
    assert line.what.startswith("Main event: Undid the last moves, everyone back with their chips: ")
    assert line.why == "wrong redraw"
    with pytest.raises(ActionRefused, match="No confirmed moves to undo"):
        tournament_seating.undo_last_moves(final_table_due.pk, host, "again")


def test_the_moves_stand_once_a_hand_is_dealt_at_their_tables(
    night: Night, host: User, final_table_due: Tournament, two_tables: list[Table]
) -> None:
    moves = tournament_seating.planned_moves(final_table_due.pk, host)
    tournament_seating.confirm_moves(final_table_due.pk, host, list(moves))
    apply_intent(two_tables[0].pk, "host", {"type": "start_hand"})
    after, lines = _where(two_tables), AuditEntry.objects.count()
    with pytest.raises(ActionRefused, match="A hand has been dealt at Kitchen since these moves: they stand"):
        tournament_seating.undo_last_moves(final_table_due.pk, host, "wrong redraw")
    assert _where(two_tables) == after and AuditEntry.objects.count() == lines


def test_the_moves_stand_once_the_seating_has_changed(
    night: Night, host: User, final_table_due: Tournament, two_tables: list[Table]
) -> None:
    """A player the moves moved has gone out since: they cannot be put back."""
    moves = tournament_seating.planned_moves(final_table_due.pk, host)
    tournament_seating.confirm_moves(final_table_due.pk, host, list(moves))
    moved = final_table_due.entries.get(player_id=int(moves[0].player))
    tournaments.record_busts(final_table_due.pk, host, [(moved.pk, None)])
    with pytest.raises(ActionRefused, match="The seating has changed since these moves"):
        tournament_seating.undo_last_moves(final_table_due.pk, host, "wrong redraw")
