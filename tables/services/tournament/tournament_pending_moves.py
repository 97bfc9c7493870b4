"""Confirmed moves that wait for a hand to end, and apply themselves when it does.

Balancing and the final table do not stop the tournament: the host confirms the moves at any
moment. A player dealt into the hand being played at their table (or into the hand about to be
dealt there: a shuffle under way, a void hand to deal again with the same players) cannot move
yet; their move waits (`Tournament.pending_moves`, shown on the host's seating page) and is
carried out in the write that ends that hand (`tournament_seating.after_hand`, registered for
`table.hand_finished` in `tables.services.consequences`), so the table's next deal already
finds them gone and their new table deals them in. A move into a seat whose player has yet to
move away waits with it.

A waiting move whose player is out by then, or no longer sits where the move takes them from,
is dropped, and the host's page proposes afresh from the seating as it is. Every move goes
through the ordinary seating service: the seat records follow
the live tables as for any other seat change.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.live import LiveTable
from engine.tournament import Move, TableSeating, TournamentError, apply_moves
from tables import live
from tables.models import Table


def busy(state: LiveTable, player: str) -> bool:
    """Whether `player` may not leave their seat at this table yet: they are dealt into the
    hand being played, or into the one being dealt (its players are fixed)."""
    found = state.table.seat_of(player)
    if found is None:
        return False
    if state.shuffling is not None:
        return True
    if state.hand_in_progress and state.hand is not None and found.seat in state.hand.index:
        return True
    redeal = state.table.redeal
    return redeal is not None and any(seat.seat == found.seat for seat in redeal.seats)


def ready_and_waiting(tables: dict[int, Table], moves: Sequence[Move]) -> tuple[list[Move], list[Move]]:
    """The moves that can be carried out now and those that wait for a hand to end. `tables` are
    the tournament's, by number (`numbered_tables`)."""
    states: dict[int, LiveTable] = {}

    def state_of(number: int) -> LiveTable:
        if number not in states:
            states[number] = live.load_state(tables[number].pk)
        return states[number]

    waiting = [move for move in moves if busy(state_of(move.from_table), move.player)]
    ready = [move for move in moves if move not in waiting]
    while True:
        leaving_later = {(move.from_table, move.from_seat) for move in waiting}
        blocked = [move for move in ready if (move.to_table, move.to_seat) in leaving_later]
        if not blocked:
            return ready, waiting
        for move in blocked:
            ready.remove(move)
            waiting.append(move)


def waits_words(tables: dict[int, Table], move: Move) -> str:
    return f"waits for the hand at {tables[move.from_table].name} to end"


def still_possible(seating: tuple[TableSeating, ...], moves: Sequence[Move]) -> list[Move]:
    """The waiting moves the seating still allows, in order: each player still in, in the seat
    the move takes them from, to a seat that is free or freed by a move before it."""
    possible: list[Move] = []
    for move in moves:
        try:
            apply_moves(seating, [*possible, move])
        except TournamentError:
            continue
        possible.append(move)
    return possible
