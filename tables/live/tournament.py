"""What the write path reads of the tournament playing at a table, for `engine.live.tournament`.

"A table belongs to a tournament while an entrant still in sits there" (their `Seat`), so a
night can hold cash tables and tournament tables side by side. These are reads of stored
rows only; what they mean for a deal (mode, stakes, waits, refusals) is the engine's.
"""

from __future__ import annotations

from engine.live.tournament import TournamentPlay
from engine.tournament import chips_bought
from tables.models.tournaments import Tournament, TournamentEntry


def tournament_at(table_id: int) -> Tournament | None:
    """The unfinished tournament whose entrants still in sit at this table, if any."""
    return (
        Tournament.objects.exclude(status=Tournament.Status.FINISHED)
        .filter(entries__place__isnull=True, entries__player__seats__table_id=table_id)
        .first()
    )


def tournament_still_playing(player_id: int) -> Tournament | None:
    """The unfinished tournament the player is still in, if any: every chip they hold is its."""
    return (
        Tournament.objects.exclude(status=Tournament.Status.FINISHED)
        .filter(entries__player_id=player_id, entries__place__isnull=True)
        .first()
    )


def play_at(table_id: int) -> TournamentPlay | None:
    """The clock and structure of the tournament playing at this table (None: a cash table)."""
    tournament = tournament_at(table_id)
    if tournament is None:
        return None
    return TournamentPlay(clock=tournament.get_clock(), structure=tournament.get_structure())


def starting_stack(player_id: int) -> int | None:
    """The chips a tournament entrant still in sits down with (None: not in one).

    "Everyone starts with an equal stack." Only an entrant with no seat yet sits down this way (a
    player moved brings their stack, one waiting for a rebuy gets none), so every chip they
    bought is still theirs to sit down with: `chips_before_sitting`.
    """
    entry = (
        TournamentEntry.objects.select_related("tournament")
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .filter(player_id=player_id, place__isnull=True)
        .first()
    )
    return chips_before_sitting(entry) if entry is not None else None


def chips_before_sitting(entry: TournamentEntry) -> int:
    """An entrant who has not sat down yet holds every chip they bought: the starting stack, and
    the add-on if they took it before sitting down (a rebuy needs a seat). They are the chips
    the tournament counts in play for them, and the stack their seat gives them."""
    tournament = entry.tournament
    return chips_bought(
        tournament.get_structure(),
        tournament.get_rebuy_rules(),
        entries=1,
        rebuys=entry.rebuys,
        add_ons=entry.add_ons,
    )
