"""The tournament clock: stored as times, read with an explicit `now`.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."
"""

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.config import Stakes
from engine.errors import TournamentError
from engine.tournament.clock import (
    Chime,
    ChimeKind,
    Clock,
    ClockReading,
    add_time,
    clock_state,
    go_to_period,
    hands_may_start,
    next_chime,
    next_level,
    pause,
    previous_level,
    remove_time,
    resume,
    stakes_at,
    start,
)
from engine.tournament.structure import Break, Level, Structure

T0 = 1_800_000_000.0  # an arbitrary start moment, in seconds since the epoch
MIN = 60.0

# Levels of 10 minutes, a 5-minute break after level 2, a final level that runs on.
STRUCTURE = Structure(
    name="test",
    starting_stack=1_000,
    periods=(
        Level(10, 20, 0, 10),
        Level(20, 40, 0, 10),
        Break(5, "Colour up the 10s"),
        Level(50, 100, 10, 10),
        Level(100, 200, 25, 10),
    ),
)


def _started() -> Clock:
    return start(Clock(), T0)


def test_a_started_clock_shows_the_first_level_with_its_full_time():
    reading = clock_state(_started(), STRUCTURE, T0)
    assert (reading.level_number, reading.seconds_left, reading.paused) == (1, 10 * MIN, False)
    assert reading.next_level == Level(20, 40, 0, 10)
    assert reading.seconds_to_next_break == 20 * MIN
    assert reading.ends_at == T0 + 10 * MIN


def test_levels_advance_by_themselves_across_several_levels_and_a_break():
    """Blind levels rise on a fixed timer: nobody has to press anything."""
    clock = _started()
    at = {minute: clock_state(clock, STRUCTURE, T0 + minute * MIN) for minute in (9, 10, 21, 25, 36, 90)}
    assert (at[9].level_number, at[9].seconds_left) == (1, 1 * MIN)
    assert (at[10].level_number, at[10].seconds_left) == (
        2,
        10 * MIN,
    )  # the boundary belongs to the new level
    assert at[21].on_break and at[21].break_number == 1 and at[21].seconds_left == 4 * MIN
    assert (at[25].level_number, at[25].on_break, at[25].current) == (3, False, Level(50, 100, 10, 10))
    assert (at[36].level_number, at[36].seconds_left) == (4, 9 * MIN)
    assert at[36].seconds_to_next_break is None


def test_the_last_level_runs_on_with_nothing_left_on_the_clock():
    reading = clock_state(_started(), STRUCTURE, T0 + 5 * 60 * MIN)
    assert reading.level_number == 4 and reading.seconds_left == 0
    assert reading.on_last_period and reading.ends_at is None and reading.next_period is None


def test_a_paused_clock_stands_still_and_resumes_where_it_was():
    clock = pause(_started(), T0 + 4 * MIN)
    frozen = clock_state(clock, STRUCTURE, T0 + 60 * MIN)
    assert frozen.paused and frozen.level_number == 1 and frozen.seconds_left == 6 * MIN
    assert frozen.ends_at is None
    clock = resume(clock, T0 + 60 * MIN)
    # Paused for 56 minutes: level 1 now ends at minute 66, level 2 at minute 76.
    assert clock_state(clock, STRUCTURE, T0 + 65 * MIN).seconds_left == 1 * MIN
    assert clock_state(clock, STRUCTURE, T0 + 77 * MIN).on_break


def test_two_pauses_add_up():
    clock = resume(pause(_started(), T0 + 1 * MIN), T0 + 3 * MIN)
    clock = resume(pause(clock, T0 + 5 * MIN), T0 + 8 * MIN)
    assert clock.paused_seconds == 5 * MIN
    assert clock_state(clock, STRUCTURE, T0 + 10 * MIN).seconds_left == 5 * MIN


def test_a_restart_changes_nothing_the_same_stored_times_give_the_same_reading():
    """The clock is stored as times, so a clock read back from storage agrees with every screen."""
    clock = add_time(resume(pause(_started(), T0 + 3 * MIN), T0 + 7 * MIN), STRUCTURE, 90, T0 + 8 * MIN)
    stored = json.dumps(clock.to_json())
    restored = Clock.from_json(json.loads(stored))
    for minute in (8, 19, 30, 31.5, 47, 400):
        assert clock_state(restored, STRUCTURE, T0 + minute * MIN) == clock_state(
            clock, STRUCTURE, T0 + minute * MIN
        )
    reading = clock_state(restored, STRUCTURE, T0 + 19 * MIN)
    assert ClockReading.from_json(json.loads(json.dumps(reading.to_json()))) == reading


def test_reading_the_clock_is_the_same_whether_now_is_a_datetime_or_seconds():
    moment = datetime.fromtimestamp(T0, tz=UTC) + timedelta(minutes=13)
    clock = start(Clock(), datetime.fromtimestamp(T0, tz=UTC))
    assert clock_state(clock, STRUCTURE, moment) == clock_state(clock, STRUCTURE, T0 + 13 * MIN)


def test_a_naive_datetime_is_refused():
    with pytest.raises(TournamentError, match="timezone-aware"):
        start(Clock(), datetime(2026, 1, 1, 20, 0))


def test_next_level_starts_the_following_period_now_with_its_full_time():
    clock = next_level(_started(), STRUCTURE, T0 + 3 * MIN)
    reading = clock_state(clock, STRUCTURE, T0 + 3 * MIN)
    assert (reading.level_number, reading.seconds_left) == (2, 10 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 13 * MIN).on_break


def test_next_level_counts_from_the_level_in_force_not_the_one_last_stored():
    # 25 minutes in, level 3 is in force by itself; "next" goes to level 4.
    clock = next_level(_started(), STRUCTURE, T0 + 25 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 25 * MIN).level_number == 4


def test_previous_level_restarts_the_period_before_with_its_full_time():
    clock = previous_level(_started(), STRUCTURE, T0 + 12 * MIN)
    reading = clock_state(clock, STRUCTURE, T0 + 12 * MIN)
    assert (reading.level_number, reading.seconds_left) == (1, 10 * MIN)


def test_skipping_levels_while_paused_keeps_the_clock_paused():
    clock = next_level(pause(_started(), T0 + 2 * MIN), STRUCTURE, T0 + 4 * MIN)
    reading = clock_state(clock, STRUCTURE, T0 + 30 * MIN)
    assert reading.paused and reading.level_number == 2 and reading.seconds_left == 10 * MIN
    clock = resume(clock, T0 + 30 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 31 * MIN).seconds_left == 9 * MIN


def test_there_is_no_level_before_the_first_or_after_the_last():
    with pytest.raises(TournamentError, match="first level"):
        previous_level(_started(), STRUCTURE, T0)
    with pytest.raises(TournamentError, match="last level"):
        next_level(_started(), STRUCTURE, T0 + 500 * MIN)


def test_the_host_can_choose_the_starting_level_before_the_clock_starts():
    clock = start(go_to_period(Clock(), STRUCTURE, 3, T0 - 100), T0)
    assert clock_state(clock, STRUCTURE, T0 + 1 * MIN).level_number == 3


def test_added_time_extends_the_level_in_force():
    clock = add_time(_started(), STRUCTURE, 2 * MIN, T0 + 9 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 9 * MIN).seconds_left == 3 * MIN
    assert clock_state(clock, STRUCTURE, T0 + 11 * MIN).level_number == 1
    assert clock_state(clock, STRUCTURE, T0 + 12 * MIN).level_number == 2


def test_added_time_beyond_a_full_level_does_not_slip_back_a_level():
    # 11 minutes in (level 2, 1 minute played), add 5 minutes: level 2 has 14 minutes left.
    clock = add_time(_started(), STRUCTURE, 5 * MIN, T0 + 11 * MIN)
    reading = clock_state(clock, STRUCTURE, T0 + 11 * MIN)
    assert (reading.level_number, reading.seconds_left) == (2, 14 * MIN)


def test_removed_time_shortens_the_level_and_cannot_remove_more_than_is_left():
    clock = add_time(_started(), STRUCTURE, -3 * MIN, T0 + 2 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 2 * MIN).seconds_left == 5 * MIN
    assert clock_state(clock, STRUCTURE, T0 + 7 * MIN).level_number == 2
    with pytest.raises(TournamentError, match=r"Only 5:00 is left in this period; you cannot remove 6:00"):
        add_time(clock, STRUCTURE, -6 * MIN, T0 + 2 * MIN)
    assert remove_time(clock, STRUCTURE, 5 * MIN, T0 + 2 * MIN) == add_time(
        clock, STRUCTURE, -5 * MIN, T0 + 2 * MIN
    )
    assert (
        clock_state(
            remove_time(clock, STRUCTURE, 5 * MIN, T0 + 2 * MIN), STRUCTURE, T0 + 2 * MIN
        ).level_number
        == 2
    )


def test_time_added_while_paused_shows_at_once_and_survives_the_resume():
    clock = add_time(pause(_started(), T0 + 4 * MIN), STRUCTURE, 1 * MIN, T0 + 6 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 6 * MIN).seconds_left == 7 * MIN
    clock = resume(clock, T0 + 10 * MIN)
    assert clock_state(clock, STRUCTURE, T0 + 12 * MIN).seconds_left == 5 * MIN


def test_adding_time_to_the_last_level_after_it_ran_out_gives_that_much_time():
    clock = add_time(_started(), STRUCTURE, 2 * MIN, T0 + 100 * MIN)
    reading = clock_state(clock, STRUCTURE, T0 + 100 * MIN)
    assert (reading.level_number, reading.seconds_left) == (4, 2 * MIN)


def test_clock_operations_in_the_wrong_state_are_refused():
    with pytest.raises(TournamentError, match="not started"):
        pause(Clock(), T0)
    with pytest.raises(TournamentError, match="already running"):
        start(_started(), T0)
    with pytest.raises(TournamentError, match="already paused"):
        pause(pause(_started(), T0), T0)
    with pytest.raises(TournamentError, match="not paused"):
        resume(_started(), T0)
    with pytest.raises(TournamentError, match="Start the clock"):
        add_time(Clock(), STRUCTURE, 60, T0)


def test_no_hands_are_dealt_during_a_break():
    """ "No hands are dealt during a break." """
    clock = _started()
    assert hands_may_start(clock_state(clock, STRUCTURE, T0 + 19 * MIN))
    on_break = clock_state(clock, STRUCTURE, T0 + 21 * MIN)
    assert not hands_may_start(on_break)
    with pytest.raises(TournamentError, match="No hands are dealt during a break"):
        stakes_at(on_break)
    assert not hands_may_start(clock_state(Clock(), STRUCTURE, T0))


def test_the_stakes_of_a_hand_are_the_level_in_force_when_it_starts():
    """ "The stakes of each hand are the level in force when the hand starts." """
    clock = _started()
    assert stakes_at(clock_state(clock, STRUCTURE, T0 + 10 * MIN - 1)) == Stakes(10, 20, 0)
    assert stakes_at(clock_state(clock, STRUCTURE, T0 + 26 * MIN)) == Stakes(
        small_blind=50, big_blind=100, ante=10
    )


def test_the_screen_chimes_a_minute_before_and_at_each_level_change():
    clock = _started()
    first = next_chime(clock, STRUCTURE, T0)
    assert first == Chime(T0 + 9 * MIN, ChimeKind.ONE_MINUTE, 0)
    second = next_chime(clock, STRUCTURE, first.at)
    assert second == Chime(T0 + 10 * MIN, ChimeKind.LEVEL_CHANGE, 1)
    # Walking the chimes covers every boundary up to the last level, which runs on silently.
    moments, at = [], T0
    while (chime := next_chime(clock, STRUCTURE, at)) is not None:
        moments.append((round((chime.at - T0) / MIN, 3), chime.kind.value))
        at = chime.at
    assert [m for m, kind in moments if kind == "level_change"] == [10, 20, 25, 35]
    assert [m for m, kind in moments if kind == "one_minute"] == [9, 19, 24, 34, 44]
    assert Chime.from_json(json.loads(json.dumps(first.to_json()))) == first


def test_a_paused_clock_plays_no_chime():
    assert next_chime(pause(_started(), T0 + MIN), STRUCTURE, T0 + 2 * MIN) is None
    assert next_chime(Clock(), STRUCTURE, T0) is None


def test_a_clock_pointing_outside_the_structure_is_refused():
    with pytest.raises(TournamentError, match="only 5"):
        clock_state(Clock(period_index=7, period_started_at=T0), STRUCTURE, T0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"period_index": -1}, "period must be a whole number"),
        ({"period_started_at": "eight"}, "period started at is not a time"),
        ({"period_started_at": T0, "paused_seconds": -5}, "paused time"),
        ({"paused_at": T0}, "not started cannot be paused"),
    ],
)
def test_a_stored_clock_that_makes_no_sense_is_refused(data, message):
    with pytest.raises(TournamentError, match=message):
        Clock.from_json(data)


def test_time_that_is_not_a_number_is_refused():
    with pytest.raises(TournamentError, match="not a number of seconds"):
        add_time(_started(), STRUCTURE, float("nan"), T0)
    with pytest.raises(TournamentError, match="is not a time"):
        clock_state(_started(), STRUCTURE, "tonight")


@given(st.lists(st.floats(min_value=0.5, max_value=30 * MIN), min_size=1, max_size=12), st.data())
def test_the_level_in_force_depends_only_on_the_time_played_since_the_start(gaps, data):
    """Pauses and resumes at any moments, restored from storage at any point: the level in force is
    the one the fixed timer gives for the time actually played."""
    clock, now, played = _started(), T0, 0.0
    for gap in gaps:
        now += gap
        if not clock.paused:
            played += gap
        clock = Clock.from_json(json.loads(json.dumps(clock.to_json())))
        clock = resume(clock, now) if clock.paused else pause(clock, now)
    now += data.draw(st.floats(min_value=0, max_value=60 * MIN))
    if not clock.paused:
        played = played + (now - (T0 + sum(gaps)))
    reading = clock_state(clock, STRUCTURE, now)
    boundaries = [0.0]
    for period in STRUCTURE.periods[:-1]:
        boundaries.append(boundaries[-1] + period.seconds)
    expected_index = max(i for i, start_at in enumerate(boundaries) if start_at <= played + 1e-3)
    if (
        abs(played - boundaries[expected_index]) > 1e-3
    ):  # away from a boundary, where float rounding of epoch times could tip it
        assert reading.period_index == expected_index
        if expected_index < len(boundaries) - 1:
            assert reading.seconds_left == pytest.approx(boundaries[expected_index + 1] - played, abs=1e-3)
