"""The tournament clock, stored as times and read with an explicit `now`.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."

A `Clock` never counts down. It stores the period it was last set to, the moment that
period began, when it was paused and how long it has been paused since, so every screen
that reads it at the same moment shows the same thing and a server restart changes
nothing. `clock_state()` works out which level is in force from those times, however
many levels and breaks have gone by since anyone last touched the clock.

Every operation takes the moment it happens (`now`: an aware `datetime` or seconds since
the epoch) and returns a new `Clock`; nothing here reads the system time.

>>> from engine.tournament.structure import template
>>> home = template("home-2h")
>>> clock = start(Clock(), now=1_000.0)
>>> reading = clock_state(clock, home, now=1_000.0 + 16 * 60)
>>> reading.level_number, reading.seconds_left
(2, 840.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from math import isfinite
from typing import Any

from engine.config import Stakes
from engine.errors import TournamentError
from engine.tournament.structure import Break, Level, Period, Structure, period_from_json

Moment = datetime | float | int

CHIME_WARNING_SECONDS = 60


def as_seconds(now: Moment) -> float:
    """Seconds since the epoch for a moment given as a timezone-aware datetime or a number."""
    if isinstance(now, datetime):
        if now.tzinfo is None:
            raise TournamentError("The clock needs a timezone-aware time, not a naive one.")
        return now.timestamp()
    if isinstance(now, bool) or not isinstance(now, int | float):
        raise TournamentError(f"{now!r} is not a time.")
    if not isfinite(now):
        raise TournamentError(f"{now!r} is not a time.")
    return float(now)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and isfinite(value)


@dataclass(frozen=True, slots=True)
class Clock:
    """What is stored: times, never a counter.

    `period_index` indexes `Structure.periods` (breaks count as periods). The time spent in
    that period at a moment t is `t - period_started_at - paused_seconds`, with t frozen at
    `paused_at` while paused. When that exceeds the period's length, the following periods
    are in force in turn. `period_started_at` is None until the clock starts.
    """

    period_index: int = 0
    period_started_at: float | None = None
    paused_at: float | None = None
    paused_seconds: float = 0.0

    def __post_init__(self) -> None:
        if (
            isinstance(self.period_index, bool)
            or not isinstance(self.period_index, int)
            or self.period_index < 0
        ):
            raise TournamentError("The clock's period must be a whole number, 0 or more.")
        for name in ("period_started_at", "paused_at"):
            value = getattr(self, name)
            if value is not None and not _is_number(value):
                raise TournamentError(f"The clock's {name.replace('_', ' ')} is not a time.")
        if not _is_number(self.paused_seconds) or self.paused_seconds < 0:
            raise TournamentError("The clock's paused time must be a number of seconds, 0 or more.")
        if self.paused_at is not None and self.period_started_at is None:
            raise TournamentError("A clock that has not started cannot be paused.")

    @property
    def started(self) -> bool:
        return self.period_started_at is not None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "period_index": self.period_index,
            "period_started_at": self.period_started_at,
            "paused_at": self.paused_at,
            "paused_seconds": self.paused_seconds,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        return cls(
            period_index=data.get("period_index", 0),
            period_started_at=data.get("period_started_at"),
            paused_at=data.get("paused_at"),
            paused_seconds=data.get("paused_seconds", 0.0),
        )


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the clock shows at one moment (`at`). All durations are in seconds.

    `level_number` is 1-based and counts levels only; on a break it is the number of the
    level just played. `break_number` is 1 on the first break, 2 on the second, and None
    on a level. `ends_at` is when the current period ends if nobody touches the clock
    (None while paused, before the start, and on the last level, which runs on).
    `seconds_to_next_break` is None when no break is left in the structure.
    """

    at: float
    started: bool
    paused: bool
    period_index: int
    current: Period
    level_number: int
    break_number: int | None
    seconds_elapsed: float
    seconds_left: float
    ends_at: float | None
    next_period: Period | None
    next_level: Level | None
    seconds_to_next_break: float | None

    @property
    def on_break(self) -> bool:
        return isinstance(self.current, Break)

    @property
    def on_last_period(self) -> bool:
        return self.next_period is None

    def to_json(self) -> dict[str, Any]:
        return {
            "at": self.at,
            "started": self.started,
            "paused": self.paused,
            "on_break": self.on_break,
            "period_index": self.period_index,
            "current": self.current.to_json(),
            "level_number": self.level_number,
            "break_number": self.break_number,
            "seconds_elapsed": self.seconds_elapsed,
            "seconds_left": self.seconds_left,
            "ends_at": self.ends_at,
            "next_period": self.next_period.to_json() if self.next_period else None,
            "next_level": self.next_level.to_json() if self.next_level else None,
            "seconds_to_next_break": self.seconds_to_next_break,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClockReading:
        next_period = period_from_json(data["next_period"]) if data.get("next_period") else None
        next_level = period_from_json(data["next_level"]) if data.get("next_level") else None
        return cls(
            at=data["at"],
            started=data["started"],
            paused=data["paused"],
            period_index=data["period_index"],
            current=period_from_json(data["current"]),
            level_number=data["level_number"],
            break_number=data.get("break_number"),
            seconds_elapsed=data["seconds_elapsed"],
            seconds_left=data["seconds_left"],
            ends_at=data.get("ends_at"),
            next_period=next_period,
            next_level=next_level if isinstance(next_level, Level) else None,
            seconds_to_next_break=data.get("seconds_to_next_break"),
        )


class ChimeKind(StrEnum):
    ONE_MINUTE = "one_minute"  # a minute before the current period ends
    LEVEL_CHANGE = "level_change"  # a new level or break begins


@dataclass(frozen=True, slots=True)
class Chime:
    """A moment the clock screen plays a sound. `period_index` is the period that ends or begins."""

    at: float
    kind: ChimeKind
    period_index: int

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "kind": self.kind.value, "period_index": self.period_index}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Chime:
        return cls(at=data["at"], kind=ChimeKind(data["kind"]), period_index=data["period_index"])


def _check_index(clock: Clock, structure: Structure) -> None:
    if not 0 <= clock.period_index < len(structure.periods):
        raise TournamentError(
            f"The clock points at period {clock.period_index + 1}, but this structure has only "
            f"{len(structure.periods)}."
        )


def _reference_time(clock: Clock, now: float) -> float:
    """The moment the clock's hands stand at: frozen while paused."""
    return clock.paused_at if clock.paused_at is not None else now


def _locate(clock: Clock, structure: Structure, now: float) -> tuple[int, float]:
    """The period in force and the seconds spent in it; walks forward over periods that ran out."""
    _check_index(clock, structure)
    if clock.period_started_at is None:
        return clock.period_index, 0.0
    index = clock.period_index
    # Negative while added time is still being used up: the period stays in force.
    elapsed = _reference_time(clock, now) - clock.period_started_at - clock.paused_seconds
    last = len(structure.periods) - 1
    while index < last and elapsed >= structure.periods[index].seconds:
        elapsed -= structure.periods[index].seconds
        index += 1
    return index, elapsed


def clock_state(clock: Clock, structure: Structure, now: Moment) -> ClockReading:
    """Read the clock at `now`. The same stored clock read at the same moment always gives the same answer."""
    at = as_seconds(now)
    index, elapsed = _locate(clock, structure, at)
    periods = structure.periods
    current = periods[index]
    is_last = index == len(periods) - 1
    left = current.seconds - elapsed
    if is_last:
        left = max(left, 0.0)  # the last level runs on with nothing left on the clock
    running = clock.started and not clock.paused
    to_break: float | None = None
    upcoming = left
    for later in periods[index + 1 :]:
        if isinstance(later, Break):
            to_break = upcoming
            break
        upcoming += later.seconds
    return ClockReading(
        at=at,
        started=clock.started,
        paused=clock.paused,
        period_index=index,
        current=current,
        level_number=structure.level_number(index),
        break_number=structure.break_number(index) if isinstance(current, Break) else None,
        seconds_elapsed=elapsed,
        seconds_left=left,
        ends_at=at + left if running and not is_last else None,
        next_period=None if is_last else periods[index + 1],
        next_level=next((p for p in periods[index + 1 :] if isinstance(p, Level)), None),
        seconds_to_next_break=to_break,
    )


def hands_may_start(reading: ClockReading) -> bool:
    """No hands are dealt during a break, nor before the clock starts, nor while it is paused.

    The host pauses the clock to stop the tournament (a long ruling, food, a player's phone
    call): the level's time stands still, and so do the tables, once the hands being played
    are over. Resuming lets them deal again.
    """
    return reading.started and not reading.paused and not reading.on_break


def stakes_at(reading: ClockReading) -> Stakes:
    """The stakes of each hand are the level in force when the hand starts: read the clock then."""
    if not isinstance(reading.current, Level):
        raise TournamentError("No hands are dealt during a break.")
    level = reading.current
    return Stakes(small_blind=level.small_blind, big_blind=level.big_blind, ante=level.ante)


def next_chime(clock: Clock, structure: Structure, now: Moment) -> Chime | None:
    """The next moment, strictly after `now`, the clock screen plays a sound, or None.

    Sounds play one minute before a period ends (only for periods longer than a minute) and
    when the next level or break begins. A paused or unstarted clock plays nothing, and
    neither does the end of the last level, which runs on.
    """
    reading = clock_state(clock, structure, now)
    if not reading.started or reading.paused:
        return None
    if reading.seconds_left > CHIME_WARNING_SECONDS and reading.current.seconds > CHIME_WARNING_SECONDS:
        return Chime(
            reading.at + reading.seconds_left - CHIME_WARNING_SECONDS,
            ChimeKind.ONE_MINUTE,
            reading.period_index,
        )
    if reading.on_last_period or reading.seconds_left <= 0:
        return None
    return Chime(reading.at + reading.seconds_left, ChimeKind.LEVEL_CHANGE, reading.period_index + 1)


def _settle(clock: Clock, structure: Structure, now: float) -> Clock:
    """The same clock, rewritten to point at the period in force now, with no pause time carried."""
    index, elapsed = _locate(clock, structure, now)
    elapsed = min(elapsed, float(structure.periods[index].seconds))
    return Clock(
        period_index=index,
        period_started_at=_reference_time(clock, now) - elapsed,
        paused_at=clock.paused_at,
        paused_seconds=0.0,
    )


def start(clock: Clock, now: Moment) -> Clock:
    """Start the clock: the period it points at (the first level unless the host chose another) starts now."""
    if clock.started:
        raise TournamentError("The clock is already running.")
    return replace(clock, period_started_at=as_seconds(now), paused_at=None, paused_seconds=0.0)


def pause(clock: Clock, now: Moment) -> Clock:
    if not clock.started:
        raise TournamentError("The clock has not started yet.")
    if clock.paused:
        raise TournamentError("The clock is already paused.")
    return replace(clock, paused_at=as_seconds(now))


def resume(clock: Clock, now: Moment) -> Clock:
    if not clock.started or clock.paused_at is None:
        raise TournamentError("The clock is not paused.")
    at = as_seconds(now)
    if at < clock.paused_at:
        raise TournamentError("The clock cannot resume before the moment it was paused.")
    return replace(clock, paused_at=None, paused_seconds=clock.paused_seconds + at - clock.paused_at)


def go_to_period(clock: Clock, structure: Structure, period_index: int, now: Moment) -> Clock:
    """Jump to a period (0-based index into `structure.periods`) with its full time; a pause stays on."""
    at = as_seconds(now)
    if not 0 <= period_index < len(structure.periods):
        raise TournamentError(f"There is no period {period_index + 1} in this structure.")
    if not clock.started:
        return replace(clock, period_index=period_index)
    return Clock(
        period_index=period_index,
        period_started_at=at,
        paused_at=at if clock.paused else None,
        paused_seconds=0.0,
    )


def next_level(clock: Clock, structure: Structure, now: Moment) -> Clock:
    """Move on to the next period (level or break) now, with its full time."""
    index, _ = _locate(clock, structure, as_seconds(now))
    if index == len(structure.periods) - 1:
        raise TournamentError("This is the last level: there is no next one.")
    return go_to_period(clock, structure, index + 1, now)


def previous_level(clock: Clock, structure: Structure, now: Moment) -> Clock:
    """Go back to the previous period (level or break), which starts again with its full time."""
    index, _ = _locate(clock, structure, as_seconds(now))
    if index == 0:
        raise TournamentError("This is the first level: there is no previous one.")
    return go_to_period(clock, structure, index - 1, now)


def add_time(clock: Clock, structure: Structure, seconds: float, now: Moment) -> Clock:
    """Add time to the period in force (negative `seconds` removes time).

    Removing more time than is left is refused: use `next_level` to end the level.
    """
    if not clock.started:
        raise TournamentError("Start the clock before adding or removing time.")
    if not _is_number(seconds):
        raise TournamentError(f"{seconds!r} is not a number of seconds.")
    at = as_seconds(now)
    settled = _settle(clock, structure, at)
    assert settled.period_started_at is not None
    elapsed = _reference_time(settled, at) - settled.period_started_at
    left = structure.periods[settled.period_index].seconds - elapsed
    if left + seconds < 0:
        raise TournamentError(
            f"Only {_format_duration(left)} is left in this period; you cannot remove "
            f"{_format_duration(-seconds)}."
        )
    return replace(settled, period_started_at=settled.period_started_at + seconds)


def remove_time(clock: Clock, structure: Structure, seconds: float, now: Moment) -> Clock:
    """Take `seconds` off the period in force; the same as `add_time` with minus `seconds`."""
    if not _is_number(seconds):
        raise TournamentError(f"{seconds!r} is not a number of seconds.")
    return add_time(clock, structure, -seconds, now)


def _format_duration(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
