"""Tournament chips come from entries, rebuys and add-ons, move only through hands, and leave
only when a player busts or the tournament is won (docs/chips-and-money.md).

"Everyone starts with an equal stack; play until one person has all the chips." "Bust out of
chips and you're out (in a freeze-out)."
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Seat, Table
from tables.services.hosting import host_panel
from tables.services.tournament import tournament_seating, tournaments
from tables.tests.conftest import host_calls
from tables.tests.tournament_helpers import SEVEN as NAMES
from tables.tests.tournament_helpers import make_tournament, seven_at_two_tables

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _stacks(tables: list[Table]) -> dict[str, int]:
    return {seat.player: seat.stack for table in tables for seat in load_state(table.pk).table.seats}


def test_the_final_table_redraw_keeps_every_players_stack(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Issue 16, 1: players moved to another seat at the same table kept their chips; before,
    they started the next hand with the starting stack again."""
    tournament, players = seven_at_two_tables(night, host, two_tables)
    gus = tournament.entries.get(player=players[6])
    tournaments.record_busts(tournament.pk, host, [(gus.pk, None)])
    before = _stacks(two_tables)
    # The final table is drawn again at random: draw until some move to another seat of the
    # table they are at (about one draw in 360 moves nobody within Kitchen).
    for _ in range(20):
        moves = tournament_seating.propose_moves(tournament)
        if any(move.from_table == move.to_table == 1 for move in moves):
            break
    assert any(move.from_table == move.to_table == 1 for move in moves)
    tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    assert _stacks(two_tables) == before
    assert sum(before.values()) == sum(_stacks(two_tables).values())


def test_recording_out_a_player_who_still_has_chips_takes_them_out_of_play(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Issue 16, 2: before, he was placed but stayed seated and dealt in, his chips still on the
    table and still counted; now he leaves the live table, and his chips leave play, in the log."""
    tournament, players = seven_at_two_tables(night, host, two_tables)
    ann = tournament.entries.get(player=players[0])
    in_play = tournaments.field(tournament).chips_in_play
    tournaments.record_busts(tournament.pk, host, [(ann.pk, None)])
    assert load_state(two_tables[0].pk).table.seat_of(str(players[0].pk)) is None
    assert not Seat.objects.filter(player=players[0]).exists()
    assert tournaments.field(tournament).chips_in_play == in_play - 9100
    line = host_calls().filter(night=night).last()
    assert line.what == "Main event: Ann is out in 7th; 9100 chips taken out of play from Kitchen, seat 1"


def test_undoing_a_wrong_bust_gives_the_chips_back_in_the_same_seat(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    tournament, players = seven_at_two_tables(night, host, two_tables)
    ann = tournament.entries.get(player=players[0])
    in_play = tournaments.field(tournament).chips_in_play
    tournaments.record_busts(tournament.pk, host, [(ann.pk, None)])
    tournaments.undo_last_bust(tournament.pk, host, "wrong player")
    back = load_state(two_tables[0].pk).table.seat_of(str(players[0].pk))
    assert back is not None and (back.seat, back.stack) == (1, 9100)
    assert Seat.objects.get(player=players[0]).number == 1
    assert tournaments.field(tournament).chips_in_play == in_play


def test_an_entrant_still_in_cannot_be_marked_as_gone(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Issue 16, 2: removing him with "Has left" made his chips vanish."""
    _, players = seven_at_two_tables(night, host, two_tables)
    with pytest.raises(ActionRefused, match="Ann is still in Main event"):
        host_panel.decide_player(players[0], host, "remove")
    players[0].refresh_from_db()
    assert players[0].status == Player.Status.APPROVED
    assert load_state(two_tables[0].pk).table.seat_of(str(players[0].pk)).stack == 9100


def test_a_wrong_bust_can_be_undone_and_the_undo_is_logged(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Issue 16: undo for a wrong bust, recorded in the audit log."""
    tournament, players = seven_at_two_tables(night, host, two_tables)
    gus = tournament.entries.get(player=players[6])
    tournaments.record_busts(tournament.pk, host, [(gus.pk, None)])
    gus.refresh_from_db()
    assert gus.place == 7
    tournaments.undo_last_bust(tournament.pk, host, "Gus was in the bathroom")
    gus.refresh_from_db()
    assert gus.place is None and gus.finished_at is None
    line = host_calls().filter(night=night).last()
    assert "Undid the bust of Gus (7th)" in line.what and line.why == "Gus was in the bathroom"
    with pytest.raises(ActionRefused, match="No bust to undo"):
        tournaments.undo_last_bust(tournament.pk, host, "again")


def test_only_the_latest_bust_is_undone(night: Night, host: User, two_tables: list[Table]) -> None:
    tournament, players = make_tournament(night, host, names=NAMES)
    first, second = (tournament.entries.get(player=p) for p in players[5:7])
    tournaments.record_busts(tournament.pk, host, [(second.pk, None)])
    tournaments.record_busts(tournament.pk, host, [(first.pk, None)])
    tournaments.undo_last_bust(tournament.pk, host, "wrong player")
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.place is None and second.place == 7


def test_a_busted_player_is_not_reseated_with_chips_from_nowhere(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Issue 16, 3: after a bust, "Seat waiting players" seated him with 200 chips from nowhere."""
    tournament, players = seven_at_two_tables(night, host, two_tables)
    gus = tournament.entries.get(player=players[6])
    tournaments.record_busts(tournament.pk, host, [(gus.pk, None)])
    before = _stacks(two_tables)
    with pytest.raises(ActionRefused):
        host_panel.seat_waiting(two_tables[1], host)
    assert _stacks(two_tables) == before
    assert not Seat.objects.filter(player=players[6]).exists()
