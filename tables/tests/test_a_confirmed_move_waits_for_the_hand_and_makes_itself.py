"""A balancing move the host confirms while its player is in a hand waits for that hand to end
and then makes itself: no table is paused by hand first.

Balancing: the engine proposes the moves that keep the tables within one player of each other
(`engine.tournament.balancing`); the host confirms them. A player dealt into the hand being
played cannot leave it, so their move waits, shown on the host's seating page, and is made in
the write that ends the hand, before that table deals again; the seat records follow.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.tournament import Move
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor, timers
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentLog
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_seating
from tables.tests.tournament_helpers import make_tournament


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _six_and_one_dealing(
    night: Night, host: User, tables: list[Table]
) -> tuple[Tournament, tuple[Move, ...]]:
    """Six players at the Kitchen, one at the Lounge, the clock running and a hand being played
    at the Kitchen; the moves the host is proposed."""
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")
    tournament, players = make_tournament(night, host, names=names)
    kitchen, lounge = tables
    for number, player in enumerate(players[:6], 1):
        seating.move_player(player, kitchen, number)
    seating.move_player(players[6], lounge, 1)
    started = timezone.now() - datetime.timedelta(minutes=1)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    apply_intent(kitchen.pk, "host", {"type": "start_hand"})
    assert load_state(kitchen.pk).hand_in_progress
    moves = tournament_seating.planned_moves(tournament.pk, host)
    assert moves and all(move.from_table == 1 and move.to_table == 2 for move in moves)
    return tournament, moves


def _fold_the_hand(table: Table) -> None:
    state = load_state(table.pk)
    while state.hand_in_progress:
        player = player_actor(int(state.table.occupant(state.hand.to_act).player))
        apply_intent(table.pk, player, {"type": "act", "action": {"type": "fold"}})
        state = load_state(table.pk)


def test_a_move_confirmed_during_a_hand_waits_and_is_shown_as_waiting(
    night: Night, host: User, host_client: Client, two_tables: list[Table]
) -> None:
    kitchen, lounge = two_tables
    tournament, moves = _six_and_one_dealing(night, host, two_tables)
    waiting = tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    assert waiting == list(moves), "the players are in the hand: their moves wait for it"
    for move in moves:
        assert load_state(kitchen.pk).table.seat_of(move.player) is not None
        assert load_state(lounge.pk).table.seat_of(move.player) is None
    page = host_client.get(reverse("tournament_seating", args=[tournament.pk])).content.decode()
    assert "Moves waiting for a hand to end" in page and "when the hand at Kitchen ends" in page
    assert tournament_seating.planned_moves(tournament.pk, host) == (), "nothing new proposed meanwhile"


def test_the_waiting_move_makes_itself_when_the_hand_ends_before_the_next_deal(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    kitchen, lounge = two_tables
    tournament, moves = _six_and_one_dealing(night, host, two_tables)
    tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    _fold_the_hand(kitchen)
    stacks = {s.player: s.stack for s in load_state(kitchen.pk).hand.seats}
    for move in moves:
        after = load_state(lounge.pk).table.seat_of(move.player)
        assert after is not None and after.seat == move.to_seat and after.stack == stacks[move.player]
        assert load_state(kitchen.pk).table.seat_of(move.player) is None
        # The seat records follow the live tables.
        record = Seat.objects.get(player_id=int(move.player))
        assert (record.table_id, record.number) == (lounge.pk, move.to_seat)
    tournament.refresh_from_db()
    assert tournament.pending_moves == []
    assert TournamentLog.objects.filter(
        tournament=tournament, action=TournamentAction.MOVE
    ).count() == 2 * len(moves), "each move logged when confirmed and when made"
    # The Kitchen's next deal finds them gone.
    timers.fire_due(now=load_state(kitchen.pk).next_deal_at + 0.1)
    dealt = {s.player for s in load_state(kitchen.pk).hand.seats}
    assert not dealt & {move.player for move in moves}


def test_a_move_whose_player_is_free_is_made_at_once(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Between hands nothing waits: the move is made when confirmed, as before."""
    kitchen, lounge = two_tables
    tournament, moves = _six_and_one_dealing(night, host, two_tables)
    _fold_the_hand(kitchen)
    assert tournament_seating.confirm_moves(tournament.pk, host, list(moves)) == []
    assert all(load_state(lounge.pk).table.seat_of(move.player) for move in moves)


def test_more_moves_are_refused_while_some_wait_and_nothing_changes(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    tournament, moves = _six_and_one_dealing(night, host, two_tables)
    tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    tournament.refresh_from_db()
    before = list(tournament.pending_moves)
    with pytest.raises(ActionRefused, match="still wait for their hands to end"):
        tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    tournament.refresh_from_db()
    assert tournament.pending_moves == before
