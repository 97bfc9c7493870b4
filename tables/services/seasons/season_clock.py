"""A season's standings on the clock screen during a tournament's breaks, if its host wants them.

"Standings ... shown on the projector between levels if the host wants." A season whose host
ticked "Show the standings on the clock screen in breaks" (`Season.show_on_clock`, off unless
ticked) gives each of its nights' tournament clocks the season's best places by points, with
the name of its formula, while the clock is on a break. A night counted in two such seasons
shows the one that started last.

The clock screen is public to the room, not only to the season's players, so it shows names
and points only: never money (the season page shows each person's winnings to the players of
its nights, who signed in to read it; a projector shows them to whoever walks past). Equal
points share a place (`engine.season.by_points`), so not even the order says who won more.

The standings add up every hand of every counted night: they are worked out during breaks only,
once per `CACHE_SECONDS` per season, scoring and nights counted, not on every screen's read.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from django.core.cache import cache

from engine.season import SCORING_NAMES, Scoring, by_points
from engine.tournament import ClockReading
from tables.errors import ActionRefused
from tables.models import Night, Season
from tables.models.tournaments import Tournament
from tables.services.seasons.seasons import season_table

logger = logging.getLogger(__name__)

# Places shown: ten lines read across a room on a 4:3 projector.
TOP_PLACES = 10
# Adding up a season replays every hand of its nights: about 1.5 s for two nights of 40 hands
# on a busy 2-core machine. Worked out during breaks only, at most once per this many seconds
# (a change of scoring or of the nights counted at once): a result that comes in meanwhile
# (rare: another tournament finishing during this one's break) waits for the next.
CACHE_SECONDS = 300


def season_on_clock(night: Night) -> Season | None:
    """The season whose standings this night's clock shows in breaks: the latest one chosen."""
    return night.seasons.filter(show_on_clock=True).order_by("-starts_on", "-id").first()


def _points(season: Season) -> list[tuple[str, float]]:
    # A change of scoring or of the nights counted shows at once; a result, within CACHE_SECONDS.
    counted = sorted(season.nights.values_list("pk", flat=True))
    fingerprint = hashlib.sha256(repr((season.point_rules(), counted)).encode()).hexdigest()[:20]
    key = f"season-clock:{season.pk}:{fingerprint}"
    points = cache.get(key)
    if points is None:
        try:
            points = [(row.name, row.standing.points) for row in season_table(season).rows]
        except ActionRefused as refusal:  # a night's results cannot be scored: the clock goes on
            logger.warning("No standings on the clock for season %s: %s", season.pk, refusal)
            points = []
        cache.set(key, points, timeout=CACHE_SECONDS)
    return points


def clock_standings(tournament: Tournament, reading: ClockReading) -> dict[str, Any] | None:
    """The season's standings for the clock screen, during a break; None at any other time,
    or when no season of the night shows them, or nobody has points yet."""
    if tournament.status == Tournament.Status.FINISHED or not reading.on_break:
        return None
    season = season_on_clock(tournament.night)
    if season is None:
        return None
    rows = by_points(_points(season), top=TOP_PLACES)
    if not rows:
        return None
    return {
        "season": season.name,
        "scoring": SCORING_NAMES[Scoring(season.scoring)],
        "rows": [{"place": row.place, "name": row.name, "points": row.points} for row in rows],
    }
