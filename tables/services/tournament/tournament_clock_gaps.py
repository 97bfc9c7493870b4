"""The clock time that ran while no server was running the tournament, offered back to the host.

The clock is stored as times, so a restart changes nothing on it: it reads on as if the server
had never stopped. The tables did stop: while the server is down nobody is dealt a hand, and a
restart of 36 s runs 36 s off the level with no hand played. That time is the host's to give
back, in one tap.

The gap is found, not guessed. Every few seconds (`BEAT_SECONDS`) a running server notes on each
tournament whose clock runs that it saw it then (`Tournament.clock_seen_at`): its timers' loop
does, and so does each look of the clock screen (`tournament_dealer.fire_due_at_tables`); a
clock change notes it too. A process that starts after the last note (a restart) and finds the
clock still running knows the server was not running the tables from that note until its own
first note: that time, rounded to whole seconds, is offered (`Tournament.clock_gap`), if it is
longer than two notes apart. A server that ran on with nobody connected notes nothing, but it
did not restart: nothing is offered for that.

Giving it back adds the time to the period in force, like "+1 min" (`give_back`), one line in
the logs; the host may instead keep the clock as it is (`keep`). A later level change or time
added or taken by hand settles the question: the offer goes.
"""

from __future__ import annotations

import datetime
import time

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from engine.tournament import TournamentError, add_time, clock_state
from tables.errors import ActionRefused
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import audit
from tables.services.tournament import tournament_clock, tournament_dealer
from tables.services.tournament.tournaments import check_not_over, lock_tournament, log_action

BEAT_SECONDS = 5.0
# Two notes apart at most is what the server running normally leaves between them.
SHORTEST_GAP_SECONDS = 2 * BEAT_SECONDS
# When this process started (the app loads this module at start-up: tables.apps).
PROCESS_STARTED_AT = time.time()
_last_beat: float | None = None


def _moment(epoch: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(epoch, tz=datetime.UTC)


def beat(now: float | None = None, started_at: float | None = None) -> int:
    """Note that this server sees the running clocks, at most every `BEAT_SECONDS`; a gap found
    (module docstring) is offered to the host. `started_at`: when this process started. Returns
    how many gaps were found."""
    global _last_beat
    now = time.time() if now is None else now
    if _last_beat is not None and 0 <= now - _last_beat < BEAT_SECONDS:
        return 0
    _last_beat = now
    started_at = PROCESS_STARTED_AT if started_at is None else started_at
    due = Q(clock_seen_at__isnull=True) | Q(clock_seen_at__lte=_moment(now - BEAT_SECONDS))
    running = Tournament.objects.filter(
        due,
        status=Tournament.Status.RUNNING,
        clock_period_started_at__isnull=False,
        clock_paused_at__isnull=True,
    ).values_list("pk", flat=True)
    found = 0
    for tournament_id in running:
        with transaction.atomic():
            tournament = lock_tournament(tournament_id)
            clock = tournament.get_clock()
            if not clock.started or clock.paused or tournament.status != Tournament.Status.RUNNING:
                continue
            seen = tournament.clock_seen_at.timestamp() if tournament.clock_seen_at else None
            fields = ["clock_seen_at"]
            if seen is not None and seen < started_at and now - seen > SHORTEST_GAP_SECONDS:
                earlier = tournament.clock_gap  # a second restart before the host answered adds to it
                lost = round(now - seen) + (earlier["seconds"] if earlier else 0)
                since = earlier["from"] if earlier else seen
                tournament.clock_gap = {"from": since, "to": now, "seconds": lost}
                fields.append("clock_gap")
                found += 1
            tournament.clock_seen_at = _moment(now)
            tournament.save(update_fields=fields)
    return found


def seen_now(tournament: Tournament, now: datetime.datetime) -> None:
    """A clock change notes the moment too (saved by the caller with `Tournament.CLOCK_FIELDS`):
    a clock paused and resumed elsewhere was seen when it resumed."""
    tournament.clock_seen_at = now


def gap_words(gap: dict[str, float]) -> str:
    """ "36 s (between 20:14:05 and 20:14:41 UTC)" """
    start, end = (_moment(gap[key]).strftime("%H:%M:%S") for key in ("from", "to"))
    seconds = int(gap["seconds"])
    length = f"{seconds} s" if seconds < 60 else f"{seconds // 60}:{seconds % 60:02d}"
    return f"{length} (between {start} and {end} UTC)"


def give_back(
    tournament_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None
) -> Tournament:
    """Add the time the clock ran while the server was down to the period in force; logged."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        gap = tournament.clock_gap
        if not gap:
            raise ActionRefused("No clock time was lost while the server was down: nothing to give back.")
        structure = tournament.get_structure()
        try:
            clock = add_time(tournament.get_clock(), structure, gap["seconds"], now)
        except TournamentError as error:
            raise ActionRefused(str(error)) from None
        tournament.set_clock(clock)
        tournament.clock_gap = None
        tournament.level_undo = None
        seen_now(tournament, now)
        tournament.version += 1
        tournament.save(update_fields=[*Tournament.CLOCK_FIELDS, "version"])
        shown = tournament_clock.describe(clock_state(clock, structure, now))
        words = f"{gap_words(gap)} the clock ran while the server was down, given back"
        log_action(tournament, actor, TournamentAction.ADD_TIME, f"{words}; {shown}", now)
    tournament_dealer.clock_changed(tournament, now.timestamp())
    return tournament


def keep(tournament_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None) -> None:
    """The host keeps the clock as it is: the offer goes, one line in the night's log."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        gap = tournament.clock_gap
        if not gap:
            raise ActionRefused("No clock time was lost while the server was down.")
        tournament.clock_gap = None
        tournament.save(update_fields=["clock_gap"])
        what = f"{tournament.name}: kept the clock as it is ({gap_words(gap)} ran while the server was down)"
        audit.record(tournament.night, actor, what, payload={"tournament": tournament.pk, "clock_gap": gap})
