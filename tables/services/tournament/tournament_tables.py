"""Which of the night's tables are a tournament's, and who may sit at them.

"Tournament chips are never cash chips" (docs/chips-and-money.md): a stack at a table plays
against every other stack there, so a table holds one kind of chips. A table belongs to a
tournament while an entrant still in sits there (`tables.live.tournament.tournament_at`); its
levels are blinds, so it can play only at a table dealing a game with blinds (`numbered_tables`).

Every way of seating a player (Move, the panel's seat form, seating the waiting players, the
tournament's draw and moves, an undone bust) asks `check_may_sit` before the seat changes.
"""

from __future__ import annotations

from engine.table_state import uses_blinds
from tables import live
from tables.errors import ActionRefused
from tables.live.tournament import tournament_at, tournament_still_playing
from tables.models import Player, Seat, Table
from tables.models.tournaments import Tournament


def numbered_tables(tournament: Tournament) -> dict[int, Table]:
    """The tables a tournament plays at, numbered 1, 2, ...: those the host chose for it, in the
    order chosen (`Tournament.tables`), or, until the host chooses, every table of the night in
    the order added. Only open tables dealing a game with blinds, which its levels raise (a Blind
    Hold'em table of 23 seats may run beside it), and never one the host closed or removed."""
    open_tables = tournament.night.tables.filter(status=Table.Status.OPEN).order_by("created_at", "id")
    chosen = [row["table"] for row in tournament.tables or []]
    if chosen:
        by_id = {table.pk: table for table in open_tables.filter(pk__in=chosen)}
        in_order = [by_id[pk] for pk in chosen if pk in by_id]
    else:
        in_order = list(open_tables)
    games = live.games_dealt(table.pk for table in in_order)
    tables = [table for table in in_order if uses_blinds(games[table.pk])]
    return {number: table for number, table in enumerate(tables, 1)}


def seats_for(tournament: Tournament, table: Table) -> int:
    """The seats the tournament uses at `table`: as many as the host chose for it, else all."""
    chosen = {row["table"]: row["seats"] for row in tournament.tables or []}
    return min(chosen.get(table.pk, table.max_seats), table.max_seats)


def takes_cash_chips(table: Table) -> bool:
    """Whether cash chips may sit at `table`: no tournament plays there."""
    return tournament_at(table.pk) is None


def refusal_to_sit(player: Player, table: Table, playing: Tournament | None) -> str:
    """Why `player`, holding chips of `playing` (None: cash chips), may not sit at `table`; ""
    when they may. Their own seat there, if they have one, does not count."""
    name = player.display_name
    if playing is None:
        owner = tournament_at(table.pk)
        if owner is None:
            return ""
        return (
            f"{table.name} is a table of {owner.name}: {name}'s chips are cash chips, which never "
            "play against tournament chips."
        )
    if table.pk not in {t.pk for t in numbered_tables(playing).values()}:
        return f"{table.name} is not a table of {playing.name}: it deals a game without blinds."
    still_in = playing.entries.filter(place__isnull=True).values("player_id")
    stranger = (
        Seat.objects.filter(table=table)
        .exclude(player=player)
        .exclude(player_id__in=still_in)
        .select_related("player")
        .order_by("number")
        .first()
    )
    if stranger is None:
        return ""
    other = tournament_still_playing(stranger.player_id)
    game, chips = (other.name, f"{other.name}'s") if other is not None else ("the cash game", "cash chips")
    return (
        f"{stranger.player.display_name} plays {game} at {table.name} now: {name}'s chips are "
        f"{playing.name}'s, which never play against {chips}."
    )


def check_open(table: Table) -> None:
    """Refuse, in words, anything that seats a player or deals at a table the host closed."""
    if table.status == Table.Status.CLOSED:
        raise ActionRefused(f"{table.name} is closed: open it again before anyone sits or a hand is dealt.")
    if table.status == Table.Status.REMOVED:
        raise ActionRefused(f"{table.name} was taken off the night.")


def check_may_sit(player: Player, table: Table) -> None:
    """Refuse, in words, to seat `player` at `table` with chips of another kind than the table's:
    cash chips at a tournament's table, or a tournament's chips anywhere but at its own; nobody
    sits at a table the host closed."""
    check_open(table)
    refusal = refusal_to_sit(player, table, tournament_still_playing(player.pk))
    if refusal:
        raise ActionRefused(refusal)
