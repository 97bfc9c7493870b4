"""What the write path reads of the tournament playing at a table, for `engine.live.tournament`.

"A table belongs to a tournament while an entrant still in sits there" (their `Seat`), so a
night can hold cash tables and tournament tables side by side. These are reads of stored
rows only; what they mean for a deal (mode, stakes, waits, refusals) is the engine's.
"""

from __future__ import annotations

from engine.live.tournament import TournamentPlay
from tables.models.tournaments import Tournament, TournamentEntry


def tournament_at(table_id: int) -> Tournament | None:
    """The unfinished tournament whose entrants still in sit at this table, if any."""
    return (
        Tournament.objects.exclude(status=Tournament.Status.FINISHED)
        .filter(entries__place__isnull=True, entries__player__seats__table_id=table_id)
        .first()
    )


def play_at(table_id: int) -> TournamentPlay | None:
    """The clock and structure of the tournament playing at this table (None: a cash table)."""
    tournament = tournament_at(table_id)
    if tournament is None:
        return None
    return TournamentPlay(clock=tournament.get_clock(), structure=tournament.get_structure())


def starting_stack(player_id: int) -> int | None:
    """A tournament entrant still in sits down with its starting stack (None: not in one).

    "Everyone starts with an equal stack."
    """
    entry = (
        TournamentEntry.objects.select_related("tournament")
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .filter(player_id=player_id, place__isnull=True)
        .first()
    )
    return entry.tournament.starting_stack if entry is not None else None
