"""Tournament seating across the night's tables: the opening draw, and balancing moves the host confirms.

"Seats will be randomly assigned." The engine draws (with `secrets`) and proposes moves
(`engine.tournament.propose_moves`); each confirmed move goes through the ordinary
seating service, so the live tables hear of it the same way as any other seat change.
Tables are numbered 1, 2, ... in the order they were added to the night.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine.table_state import uses_blinds
from engine.tournament import Move, MoveReason, TableSeating, TournamentError, apply_moves, draw_seats
from engine.tournament import propose_moves as engine_propose_moves
from tables import live
from tables.errors import ActionRefused
from tables.models import Player, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services import seating
from tables.services.tournaments import check_not_over, lock_tournament, log_action


def numbered_tables(tournament: Tournament) -> dict[int, Table]:
    """The night's tables a tournament can play at: those dealing a game with blinds, which its
    levels raise (a Blind Hold'em table of 23 seats may run beside it)."""
    in_order = list(tournament.night.tables.order_by("created_at", "id"))
    games = live.games_dealt(table.pk for table in in_order)
    tables = [table for table in in_order if uses_blinds(games[table.pk])]
    return {number: table for number, table in enumerate(tables, 1)}


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
        seating_by_table.append(TableSeating(number, table.max_seats, seated))
    return tuple(seating_by_table)


def draw_opening_seats(
    tournament_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None
) -> int:
    """Draw a random seat for every entrant across the night's empty tables; returns how many."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        players = _players_in(tournament)
        if Seat.objects.filter(player_id__in=[int(p) for p in players]).exists():
            raise ActionRefused("Some entrants already have seats: the draw is for players without one.")
        tables = {n: t for n, t in numbered_tables(tournament).items() if not t.seats.exists()}
        try:
            drawn = draw_seats(list(players), {number: table.max_seats for number, table in tables.items()})
        except TournamentError as error:
            raise ActionRefused(str(error)) from None
        placed = []
        for seated in drawn:
            for number, player_key in seated.players.items():
                seat = seating.move_player(players[player_key].player, tables[seated.number], number)
                placed.append(seating.seated_words(seat))
        line = f"Drew seats for {len(players)} players: {'; '.join(placed)}"
        log_action(tournament, actor, TournamentAction.DRAW, f"{len(players)} players", now, night_line=line)
    return len(players)


def propose_moves(tournament: Tournament) -> tuple[Move, ...]:
    """The moves due now (balance, break a table, final table), for the host to confirm."""
    try:
        return engine_propose_moves(current_seating(tournament))
    except TournamentError as error:
        raise ActionRefused(str(error)) from None


def confirm_moves(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    moves: list[Move],
    now: datetime.datetime | None = None,
) -> None:
    """Carry out moves the host confirmed, checked against the seating as it is now."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        try:
            apply_moves(current_seating(tournament), moves)
        except TournamentError as error:
            raise ActionRefused(f"{error} The seating changed: look at the proposal again.") from None
        tables = numbered_tables(tournament)
        players = _players_in(tournament)
        pending = list(moves)
        # One seat at a time: a move waits until the player in its seat has moved away.
        while pending:
            taken = {
                (seat.table_id, seat.number) for seat in Seat.objects.filter(table__night=tournament.night)
            }
            ready = next((m for m in pending if (tables[m.to_table].pk, m.to_seat) not in taken), None)
            if ready is None:
                # Players swapping seats: one of them waits in a seat nobody is moving to.
                _step_aside(players[pending[0].player].player, tables, pending, taken)
                continue
            pending.remove(ready)
            player = players[ready.player].player
            seating.move_player(player, tables[ready.to_table], ready.to_seat)
            why = {MoveReason.BALANCE: "to balance", MoveReason.BREAK: "table broken"}.get(
                ready.reason, "final table"
            )
            where = f"table {ready.from_table} seat {ready.from_seat} to table {ready.to_table} "
            where += f"seat {ready.to_seat}"
            log_action(
                tournament, actor, TournamentAction.MOVE, f"{player.display_name}: {where} ({why})", now
            )


def _step_aside(
    player: Player, tables: dict[int, Table], pending: list[Move], taken: set[tuple[int, int]]
) -> None:
    wanted = {(tables[m.to_table].pk, m.to_seat) for m in pending}
    for table in tables.values():
        for number in range(1, table.max_seats + 1):
            if (table.pk, number) not in taken and (table.pk, number) not in wanted:
                seating.move_player(player, table, number)
                return
    raise ActionRefused("Every seat is taken: confirm these moves one at a time.")
