"""Tournament seating across the night's tables: the opening draw, and balancing moves the host confirms.

"Seats will be randomly assigned." The engine draws (with `secrets`) and proposes moves
(`engine.tournament.propose_moves`); each confirmed move goes through the ordinary
seating service, so the live tables hear of it the same way as any other seat change.
The host chooses the tables for the draw and how many seats each (`choose_tables`): only those
are the tournament's (`numbered_tables`, numbered 1, 2, ... in the order chosen), so a cash
table nobody chose is never drawn. The draw uses as few of them as seat everyone, the players
spread so they differ by at most one, as the balancing rules would have them
(`engine.tournament.balancing`): fewer seats a table spread the players over more tables.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine.table_state import uses_blinds
from engine.tournament import Move, MoveReason, TableSeating, TournamentError, apply_moves, draw_seats
from engine.tournament import propose_moves as engine_propose_moves
from engine.tournament.balancing import MAX_SEATS, MIN_SEATS
from tables import live
from tables.errors import ActionRefused
from tables.live import Applied
from tables.live.tournament import tournament_at
from tables.models import Player, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.seating import seating
from tables.services.tournament import tournament_pending_moves as pending
from tables.services.tournament.tournament_tables import numbered_tables, refusal_to_sit, seats_for
from tables.services.tournament.tournaments import check_not_over, lock_tournament, log_action


def _players_in(tournament: Tournament) -> dict[str, TournamentEntry]:
    """Entries still in, keyed by player id as text (the engine's player names)."""
    entries = tournament.entries.select_related("player").filter(place__isnull=True)
    return {str(entry.player_id): entry for entry in entries}


def current_seating(tournament: Tournament) -> tuple[TableSeating, ...]:
    """Where the players still in sit now, table by table."""
    players = _players_in(tournament)
    seating_by_table = []
    for number, table in numbered_tables(tournament).items():
        seated = {
            seat.number: str(seat.player_id)
            for seat in Seat.objects.filter(table=table)
            if str(seat.player_id) in players
        }
        # A seat the host gave by hand beyond the tournament's seats still counts as a seat.
        seats = max(seats_for(tournament, table), *seated, 0)
        seating_by_table.append(TableSeating(number, seats, seated))
    return tuple(seating_by_table)


def check_chosen_tables(tournament: Tournament, chosen: Mapping[int, int]) -> list[dict[str, int]]:
    """The host's choice of tables ({table id: seats}, in order) as `Tournament.tables` stores
    it; refused, in words, if a table is not the night's, not open, deals no blinds, has players
    on it, or is given seats it does not have."""
    if not chosen:
        raise ActionRefused("Choose at least one table for the draw.")
    tables = {table.pk: table for table in tournament.night.tables.filter(pk__in=list(chosen))}
    games = live.games_dealt(tables)
    rows = []
    for table_id, seats in chosen.items():
        table = tables.get(table_id)
        if table is None or table.status == Table.Status.REMOVED:
            raise ActionRefused("Choose the tables from the list of this night's tables.")
        if table.status != Table.Status.OPEN:
            raise ActionRefused(f"{table.name} is closed: open it again to draw seats there.")
        if not uses_blinds(games[table.pk]):
            raise ActionRefused(
                f"{table.name} deals a game without blinds: a tournament's levels are blinds."
            )
        most = min(table.max_seats, MAX_SEATS)
        if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= most:
            raise ActionRefused(f"{table.name} can seat {MIN_SEATS} to {most} players of the tournament.")
        taken = Seat.objects.filter(table=table).select_related("player").order_by("number").first()
        if taken is not None:
            raise ActionRefused(
                f"{taken.player.display_name} sits at {table.name}: the draw seats entrants at empty tables."
            )
        rows.append({"table": table.pk, "seats": seats})
    return rows


def draw_opening_seats(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    now: datetime.datetime | None = None,
    *,
    tables: Mapping[int, int] | None = None,
) -> int:
    """Draw a random seat for every entrant across the tournament's empty tables; returns how many.

    `tables` ({table id: seats}, in the host's order) chooses the tournament's tables first, in
    the same transaction: a refused draw keeps the earlier choice."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        players = _players_in(tournament)
        if Seat.objects.filter(player_id__in=[int(p) for p in players]).exists():
            raise ActionRefused("Some entrants already have seats: the draw is for players without one.")
        if tables is not None:
            tournament.tables = check_chosen_tables(tournament, tables)
            tournament.save(update_fields=["tables"])
        empty = {n: t for n, t in numbered_tables(tournament).items() if not t.seats.exists()}
        try:
            drawn = draw_seats(list(players), {n: seats_for(tournament, t) for n, t in empty.items()})
        except TournamentError as error:
            raise ActionRefused(str(error)) from None
        placed = []
        for seated in drawn:
            for number, player_key in seated.players.items():
                seat = seating.move_player(players[player_key].player, empty[seated.number], number)
                placed.append(seating.seated_words(seat))
        line = f"Drew seats for {len(players)} players: {'; '.join(placed)}"
        if tables is not None:
            chosen = [
                f"{t.name}, {seats_for(tournament, t)} seats" for t in numbered_tables(tournament).values()
            ]
            line += f" (the tables chosen: {', '.join(chosen)})"
        log_action(tournament, actor, TournamentAction.DRAW, f"{len(players)} players", now, night_line=line)
    return len(players)


def propose_moves(tournament: Tournament) -> tuple[Move, ...]:
    """Newly drawn moves due now (balance, break a table, final table); `planned_moves` keeps them."""
    try:
        return engine_propose_moves(current_seating(tournament))
    except TournamentError as error:
        raise ActionRefused(str(error)) from None


def _seating_key(seating: tuple[TableSeating, ...]) -> list[dict[str, Any]]:
    return [table.to_json() for table in seating]


def _describe(moves: Sequence[Move], players: dict[str, TournamentEntry]) -> str:
    def name(player: str) -> str:
        entry = players.get(player)
        return entry.player.display_name if entry else "?"

    return ", ".join(
        f"{name(m.player)} table {m.from_table} seat {m.from_seat} to table {m.to_table} seat {m.to_seat}"
        for m in moves
    )


def planned_moves(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    *,
    again: bool = False,
    why: str = "",
    now: datetime.datetime | None = None,
) -> tuple[Move, ...]:
    """The moves for the host to confirm, drawn once and kept (`Tournament.seating_plan`): the
    same on every look until they are confirmed, the seating changes (a bust, a move), or the
    host draws them again on purpose (`again`, with its reason, one line in the open log).
    Looking only keeps the plan: each move is logged when it is confirmed."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.status == Tournament.Status.FINISHED:
            return ()
        if tournament.pending_moves:
            # The seating is about to change: nothing new is proposed until those moves are made.
            if again:
                raise ActionRefused("Moves wait for their hands to end: draw again once they are made.")
            return ()
        seating = current_seating(tournament)
        plan = tournament.seating_plan or {}
        if not again and plan.get("seating") == _seating_key(seating):
            return tuple(Move.from_json(move) for move in plan.get("moves", []))
        if again and not why.strip():
            raise ActionRefused("Say why the moves are drawn again: the log is open to everyone.")
        moves = propose_moves(tournament)
        tournament.seating_plan = {"seating": _seating_key(seating), "moves": [m.to_json() for m in moves]}
        tournament.save(update_fields=["seating_plan"])
        if again:
            reasons = ", ".join(sorted({_REASONS[move.reason] for move in moves})) or "none due"
            listed = _describe(moves, _players_in(tournament)) or "no moves"
            log_action(
                tournament,
                actor,
                TournamentAction.DRAW,
                f"moves drawn again: {listed}",
                now,
                why=why,
                payload={"planned_moves": tournament.seating_plan["moves"]},
                night_line=f"Drew the moves again ({reasons}): {listed}",
            )
    return moves


_REASONS = {
    MoveReason.BALANCE: "to balance",
    MoveReason.BREAK: "table broken",
    MoveReason.FINAL_TABLE: "final table",
}


def confirm_moves(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    moves: list[Move],
    now: datetime.datetime | None = None,
) -> list[Move]:
    """Carry out moves the host confirmed, checked against the seating as it is now; returns
    those that wait. A player dealt into a hand at their table moves when it ends, by itself
    (`tournament_pending_moves`, `after_hand`); the others move now. What the moves made now
    changed is kept (`Tournament.last_moves`) until the next hand at those tables, so a wrong
    redraw can be undone (`undo_last_moves`)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        if tournament.pending_moves:
            raise ActionRefused(
                "Confirmed moves still wait for their hands to end: they make themselves, and the "
                "next moves are proposed after them."
            )
        before = current_seating(tournament)
        try:
            apply_moves(before, moves)
        except TournamentError as error:
            raise ActionRefused(f"{error} The seating changed: look at the proposal again.") from None
        tables = numbered_tables(tournament)
        ready, waiting = pending.ready_and_waiting(tables, moves)
        tournament.last_moves = {}
        if ready:
            record_last_moves(tournament, tables, ready)
            _carry_out(tournament, actor, ready, now)
        for move in waiting:
            log_action(
                tournament,
                actor,
                TournamentAction.MOVE,
                f"{_describe([move], _players_in(tournament))} ({_REASONS.get(move.reason, 'final table')}): "
                f"confirmed, {pending.waits_words(tables, move)}",
                now,
            )
        tournament.pending_moves = [move.to_json() for move in waiting]
        plan = tournament.seating_plan or {}
        planned = plan.get("moves", [])
        confirmed = [move.to_json() for move in moves]
        if plan.get("seating") == _seating_key(before) and all(move in planned for move in confirmed):
            rest = [move for move in planned if move not in confirmed]
            tournament.seating_plan = {"seating": _seating_key(current_seating(tournament)), "moves": rest}
        else:
            tournament.seating_plan = {}
        tournament.save(update_fields=["seating_plan", "last_moves", "pending_moves"])
    return waiting


def record_last_moves(tournament: Tournament, tables: dict[int, Table], moves: Sequence[Move]) -> None:
    """Keep the moves about to be made, with the hands dealt so far at their tables (undo)."""
    involved = {tables[n].pk for m in moves for n in (m.from_table, m.to_table)}
    tournament.last_moves = {
        "moves": [move.to_json() for move in moves],
        "tables": {str(pk): live.load_state(pk).table.hand_count for pk in involved},
    }


def after_hand(applied: Applied) -> None:
    """After a hand ends at a tournament's table: the waiting moves it frees are made, in the
    same write (registered for `table.hand_finished`)."""
    tournament = tournament_at(applied.table_id)
    if tournament is None or not tournament.pending_moves:
        return
    now = datetime.datetime.fromtimestamp(applied.now, tz=datetime.UTC) if applied.now else None
    make_waiting_moves(tournament.pk, now)


def make_waiting_moves(tournament_id: int, now: datetime.datetime | None = None) -> list[Move]:
    """Make the waiting moves whose players are free now; the rest wait on. A move the seating
    no longer allows (its player is out, or sits elsewhere now) is dropped, in one log line.
    Returns the moves made."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.status == Tournament.Status.FINISHED or not tournament.pending_moves:
            return []
        tables = numbered_tables(tournament)
        waiting = [Move.from_json(move) for move in tournament.pending_moves]
        known = [move for move in waiting if move.from_table in tables and move.to_table in tables]
        possible = pending.still_possible(current_seating(tournament), known)
        dropped = [move for move in waiting if move not in possible]
        ready, still_waiting = pending.ready_and_waiting(tables, possible)
        if dropped:
            listed = _describe(dropped, _players_in(tournament))
            log_action(
                tournament,
                None,
                TournamentAction.MOVE,
                f"no longer possible after the hand, not made: {listed}",
                now,
                night_line=f"Moves no longer possible after the hand, not made: {listed}",
            )
        if ready:
            record_last_moves(tournament, tables, ready)
            _carry_out(tournament, None, ready, now)
        tournament.pending_moves = [move.to_json() for move in still_waiting]
        tournament.seating_plan = {}
        tournament.save(update_fields=["pending_moves", "seating_plan", "last_moves"])
        return ready


def waiting_moves(tournament: Tournament) -> list[tuple[Move, str]]:
    """The confirmed moves waiting for a hand to end, each with the table whose hand it waits for."""
    tables = numbered_tables(tournament)
    moves = [Move.from_json(move) for move in tournament.pending_moves or []]
    return [(move, tables[move.from_table].name if move.from_table in tables else "?") for move in moves]


def undo_last_moves(
    tournament_id: int, actor: AbstractBaseUser | None, why: str, now: datetime.datetime | None = None
) -> list[Move]:
    """Put the players of the last confirmed moves back in their seats, with their stacks (a
    wrong redraw). Refused once a hand has been dealt at one of those tables, or the seating has
    changed since: then the moves stand. One line in the open log."""
    now = now or timezone.now()
    if not why.strip():
        raise ActionRefused("Say why the moves are undone: the log is open to everyone.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        record = tournament.last_moves or {}
        if not record.get("moves"):
            raise ActionRefused("No confirmed moves to undo.")
        for table_id, hands in record["tables"].items():
            state = live.load_state(int(table_id))
            if state.table.hand_count != hands or state.hand_in_progress:
                name = Table.objects.get(pk=int(table_id)).name
                raise ActionRefused(
                    f"A hand has been dealt at {name} since these moves: they stand. Move players "
                    "one at a time from the night page if a seat is wrong."
                )
        moves = [Move.from_json(move) for move in record["moves"]]
        back = [
            replace(m, from_table=m.to_table, from_seat=m.to_seat, to_table=m.from_table, to_seat=m.from_seat)
            for m in moves
        ]
        try:
            apply_moves(current_seating(tournament), back)
        except TournamentError:
            raise ActionRefused(
                "The seating has changed since these moves (a bust or another move): they stand."
            ) from None
        _carry_out(tournament, actor, back, now, log_each=False)
        tournament.last_moves = {}
        tournament.seating_plan = {}
        tournament.version += 1
        tournament.save(update_fields=["last_moves", "seating_plan", "version"])
        listed = _describe(back, _players_in(tournament))
        log_action(
            tournament,
            actor,
            TournamentAction.MOVE,
            f"undone: {listed}",
            now,
            why=why,
            payload={"undo_moves": [move.to_json() for move in back]},
            night_line=f"Undid the last moves, everyone back with their chips: {listed}",
        )
    return back


def _carry_out(
    tournament: Tournament,
    actor: AbstractBaseUser | None,
    moves: Sequence[Move],
    now: datetime.datetime,
    *,
    log_each: bool = True,
) -> None:
    """Move each player through the ordinary seating service; each keeps their stack. Each move
    is logged (`log_each`), unless the caller's one line says them all."""
    tables = numbered_tables(tournament)
    players = _players_in(tournament)
    pending = list(moves)
    # One seat at a time: a move waits until the player in its seat has moved away.
    while pending:
        taken = {(seat.table_id, seat.number) for seat in Seat.objects.filter(table__night=tournament.night)}
        ready = next((m for m in pending if (tables[m.to_table].pk, m.to_seat) not in taken), None)
        if ready is None:
            # Players swapping seats: one of them waits in a seat nobody is moving to.
            _step_aside(tournament, players[pending[0].player].player, tables, pending, taken)
            continue
        pending.remove(ready)
        player = players[ready.player].player
        seating.move_player(player, tables[ready.to_table], ready.to_seat)
        if not log_each:
            continue
        where = f"table {ready.from_table} seat {ready.from_seat} to table {ready.to_table} "
        where += f"seat {ready.to_seat}"
        log_action(
            tournament,
            actor,
            TournamentAction.MOVE,
            f"{player.display_name}: {where} ({_REASONS.get(ready.reason, 'final table')})",
            now,
        )


def _step_aside(
    tournament: Tournament,
    player: Player,
    tables: dict[int, Table],
    pending: list[Move],
    taken: set[tuple[int, int]],
) -> None:
    wanted = {(tables[m.to_table].pk, m.to_seat) for m in pending}
    for table in tables.values():
        if refusal_to_sit(player, table, tournament):
            continue  # the cash game's table, or another tournament's
        for number in range(1, table.max_seats + 1):
            if (table.pk, number) not in taken and (table.pk, number) not in wanted:
                seating.move_player(player, table, number)
                return
    raise ActionRefused("Every seat is taken: confirm these moves one at a time.")
