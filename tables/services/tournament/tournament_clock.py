"""The tournament clock's controls: start, pause, resume, a level either way, time added or
removed, and taking back a level change.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running." The
clock itself is the engine's (`engine.tournament.clock`), stored as times on the tournament.
"Next level" is one tap, so a level change can be undone for a minute, and one that ends the
rebuy period ("Once your rebuys are used up, or the rebuy window closes, the next time you
bust is for good") asks the host to confirm first. Level changes and their undoing are
written to the night's open log too. Once a change has committed, the tournament's tables
waiting on the clock deal as soon as it allows (`tournament_dealer`): play resumes when the
clock does. The Start deals the first hand at each of its tables with players to deal to.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine.tournament import (
    Clock,
    ClockReading,
    Level,
    Structure,
    TournamentError,
    add_time,
    clock_state,
    closes_rebuys,
    next_level,
    pause,
    previous_level,
    remove_time,
    resume,
    start,
)
from tables.errors import ActionRefused
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import audit
from tables.services.tournament import tournament_dealer
from tables.services.tournament.tournaments import check_not_over, lock_tournament, log_action

# How long the host has to take back a level change ("Next level" is one tap).
LEVEL_UNDO_SECONDS = 60
LEVEL_CHANGES = (TournamentAction.NEXT_LEVEL, TournamentAction.PREVIOUS_LEVEL)
CLOCK_ACTIONS = (
    TournamentAction.START,
    TournamentAction.PAUSE,
    TournamentAction.RESUME,
    TournamentAction.NEXT_LEVEL,
    TournamentAction.PREVIOUS_LEVEL,
    TournamentAction.ADD_TIME,
    TournamentAction.REMOVE_TIME,
)


def describe(reading: ClockReading) -> str:
    left = round(reading.seconds_left)
    clock = f"{left // 60}:{left % 60:02d} left"
    if reading.on_break:
        return f"break {reading.break_number}, {clock}"
    level = reading.current
    assert isinstance(level, Level)
    return f"level {reading.level_number} ({level.small_blind}/{level.big_blind}), {clock}"


class ConfirmationNeeded(ActionRefused):
    """A clock change the host must confirm first (it ends the rebuy period); nothing changed."""


def run_clock(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    action: TournamentAction,
    *,
    seconds: int = 60,
    confirmed: bool = False,
    deal: bool = False,
    now: datetime.datetime | None = None,
) -> Tournament:
    """Start, pause, resume, skip a level either way, or add or remove `seconds`; logged.

    The Start with `deal` (the host's Start button) deals the first hand at each of the
    tournament's tables with players to deal to (`tournament_dealer.deal_at_the_start`); without
    it the host deals each table when they choose.

    A level change may be undone for `LEVEL_UNDO_SECONDS` (`undo_level_change`); one that ends
    the rebuy period needs `confirmed`, else `ConfirmationNeeded` is raised. After the change,
    the tournament's tables waiting on the clock deal when it allows (`tournament_dealer`).
    """
    now = now if now is not None else timezone.now()
    if action not in CLOCK_ACTIONS:
        raise ActionRefused("That is not something the clock does.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        before, structure = tournament.get_clock(), tournament.get_structure()
        try:
            clock = _changed_clock(before, structure, action, seconds, now)
        except TournamentError as error:
            raise ActionRefused(str(error)) from None
        was, shown = clock_state(before, structure, now), clock_state(clock, structure, now)
        tournament.level_undo = None  # a level change is undone only before the clock is touched again
        tournament.clock_seen_at = now  # this server runs the clock (tournament_clock_gaps)
        if action not in (TournamentAction.PAUSE, TournamentAction.RESUME, TournamentAction.START):
            tournament.clock_gap = None  # the host has set the clock's time by hand since
        if action in LEVEL_CHANGES:
            rules = tournament.get_rebuy_rules()
            ends_rebuys = closes_rebuys(rules, was, shown)
            if ends_rebuys and not confirmed:
                raise ConfirmationNeeded(
                    f"Moving on ends the rebuy period for good (rebuys are open until the end of level "
                    f"{rules.rebuy_until_level}): a player who busts after this is out."
                )
            what = f"{tournament.name}: {action.label}, from {describe(was)} to {describe(shown)}"
            what += "; rebuys are closed" if ends_rebuys else ""
            tournament.level_undo = {
                "clock": before.to_json(),
                "until": now.timestamp() + LEVEL_UNDO_SECONDS,
                "what": what,
            }
            payload = {"tournament": tournament.pk, "clock": action.value}
            audit.record(tournament.night, actor, what, payload=payload)
        tournament.set_clock(clock)
        tournament.version += 1
        fields = [*Tournament.CLOCK_FIELDS, "version"]
        if action == TournamentAction.START:
            tournament.status = Tournament.Status.RUNNING
            fields.append("status")
        tournament.save(update_fields=fields)
        detail = describe(shown)
        to_deal = (
            tournament_dealer.tables_to_deal(tournament) if deal and action == TournamentAction.START else []
        )
        if to_deal:
            detail += f"; dealing at {', '.join(table.name for table in to_deal)}"
        if action in (TournamentAction.ADD_TIME, TournamentAction.REMOVE_TIME):
            detail = f"{seconds} s; {detail}"
        # A level change has its own line in the night's log above (with its undo); the rest here.
        log_action(tournament, actor, action, detail, now, night_line="" if action in LEVEL_CHANGES else None)
    tournament_dealer.clock_changed(tournament, now.timestamp())
    tournament_dealer.deal_at_the_start(to_deal, now.timestamp())
    return tournament


def _changed_clock(
    clock: Clock, structure: Structure, action: TournamentAction, seconds: int, now: datetime.datetime
) -> Clock:
    if action == TournamentAction.START:
        return start(clock, now)
    if action == TournamentAction.PAUSE:
        return pause(clock, now)
    if action == TournamentAction.RESUME:
        return resume(clock, now)
    if action == TournamentAction.NEXT_LEVEL:
        return next_level(clock, structure, now)
    if action == TournamentAction.PREVIOUS_LEVEL:
        return previous_level(clock, structure, now)
    if action == TournamentAction.ADD_TIME:
        return add_time(clock, structure, seconds, now)
    return remove_time(clock, structure, seconds, now)


def undo_level_change(
    tournament_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None
) -> Tournament:
    """Put the clock back as it stood before the host's last level change, within a minute of it.

    The clock is stored as times, so the level given back carries on as if it had never been
    left: the minute since counts in it. Logged in the tournament's log and the night's.
    """
    now = now if now is not None else timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        undo = tournament.pending_level_undo(now)
        if undo is None:
            raise ActionRefused(
                f"A level change can be undone for {LEVEL_UNDO_SECONDS} seconds, and only before the "
                "clock is touched again: change the level instead."
            )
        structure = tournament.get_structure()
        clock = Clock.from_json(undo["clock"])
        tournament.set_clock(clock)
        tournament.level_undo = None
        tournament.version += 1
        tournament.save(update_fields=[*Tournament.CLOCK_FIELDS, "version"])
        detail = f"back to {describe(clock_state(clock, structure, now))}"
        log_action(tournament, actor, TournamentAction.UNDO_LEVEL, detail, now, night_line="")
        audit.record(
            tournament.night,
            actor,
            f"Undone: {undo['what']}; {detail}",
            payload={"tournament": tournament.pk, "clock": TournamentAction.UNDO_LEVEL.value},
        )
    tournament_dealer.clock_changed(tournament, now.timestamp())
    return tournament
