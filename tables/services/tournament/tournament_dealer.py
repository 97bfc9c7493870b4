"""The dealers of a tournament's tables follow its clock: play resumes when the clock does.

"No hands are dealt during a break": a table whose next deal came due on a break waits until
the break ends, as the clock stood then (`engine.live.tournament`). When the host ends a break
early, removes time from it or resumes a clock paused on it, `clock_changed` brings each
waiting table's next deal forward, so nobody has to press "Deal next hand" at every table.

The waits are stored deadlines like any other (`tables.live.timers`): a restart loses none. The
timer runner (`manage.py run_timers`) fires them while every phone sleeps through a break and
their sockets close; the clock screen only reads the clock.

The host's Start deals at once at every table of the tournament with players to deal to and
its dealer stopped (`deal_at_the_start`), at the level's blinds ("the stakes of each hand are
the level in force when the hand starts"): the tables show 25/50 when the clock says 25/50,
and nobody has to start each table by hand.
"""

from __future__ import annotations

import time

from engine.live import HOST
from engine.live.common import can_deal
from engine.live.tournament import TournamentPlay
from engine.live.tournament import clock_changed as engine_clock_changed
from tables import live
from tables.errors import ActionRefused
from tables.models import Seat, Table
from tables.models.tournaments import Tournament


def tables_playing(tournament: Tournament) -> list[int]:
    """The tables where an entrant still in sits: "a table belongs to a tournament while an
    entrant still in sits there"."""
    seats = Seat.objects.filter(
        player__tournament_entries__tournament=tournament, player__tournament_entries__place__isnull=True
    )
    return sorted(set(seats.values_list("table_id", flat=True)))


def clock_changed(tournament: Tournament, now: float | None = None) -> int:
    """Bring forward the next deal of each of the tournament's tables waiting on its clock.

    Call it after the clock change has committed: each table is locked on its own, after the
    tournament's lock is released (a hand ending locks its table and then the tournament).
    Returns how many tables were woken.
    """
    now = time.time() if now is None else now
    if tournament.status == Tournament.Status.FINISHED:
        return 0
    play = TournamentPlay(clock=tournament.get_clock(), structure=tournament.get_structure())
    woken = 0
    for table_id in tables_playing(tournament):
        applied = live.apply_intent(
            table_id, "system", lambda state: engine_clock_changed(state, play, now), now=now
        )
        woken += applied.changed
    return woken


def tables_to_deal(tournament: Tournament) -> list[Table]:
    """The tournament's tables the clock's start deals at: their dealer stopped, no hand being
    played or shuffled, and at least two players with chips to deal to."""
    ready = []
    for table_id in tables_playing(tournament):
        state = live.load_state(table_id)
        busy = state.dealing or state.hand_in_progress or state.shuffling is not None
        if not busy and can_deal(state.table):
            ready.append(table_id)
    return list(Table.objects.filter(pk__in=ready).order_by("created_at", "id"))


def deal_at_the_start(tables: list[Table], now: float) -> int:
    """Deal the first hand at each of `tables` (`tables_to_deal`, read before the clock started),
    as the host's Deal would; the dealer then deals on by itself. Call after the clock's start has
    committed: each table is locked on its own. A table that can no longer deal (someone left
    meanwhile) is skipped. Returns how many tables dealt."""
    dealt = 0
    for table in tables:
        try:
            live.apply_intent(table.pk, HOST, {"type": "start_hand"}, now=now)
        except ActionRefused:
            continue
        dealt += 1
    return dealt
