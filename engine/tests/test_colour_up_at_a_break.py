"""Colouring up at a break: the smallest chips leave, exchanged for the next chip up, the odd
chips raced off, at most one chip per player, nobody raced out.

House rules, Tournament Play: "Breaks are a chance to top up snacks, chip up, and stretch before
blinds climb again." The rules say no more of how; The Host's Call: "No rulebook covers every odd
spot. If a question or dispute comes up that isn't settled here, the host makes the call." The
calculator follows the chip race as tournaments commonly run it (engine.tournament.colour_up).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from engine.errors import TournamentError
from engine.tournament.colour_up import chips_no_longer_needed, colour_up, race

CHIPS = (25, 100, 500, 1000)


def test_the_chips_the_coming_blinds_do_not_need_are_suggested() -> None:
    assert chips_no_longer_needed(CHIPS, (100, 200, 0)) == (25,)
    assert chips_no_longer_needed(CHIPS, (100, 200, 25)) == ()  # an ante of 25 still needs them
    assert chips_no_longer_needed(CHIPS, (1000, 2000, 0)) == (25, 100, 500)
    assert chips_no_longer_needed(CHIPS, (0, 0, 0)) == ()


def test_whole_new_chips_are_exchanged_and_the_rest_is_odd() -> None:
    plan = colour_up(CHIPS, removed=(25,), chips={"Ann": {25: 9}, "Bea": {25: 4}, "Cal": {25: 0}})
    assert plan.new_chip == 100
    assert [(row.player, row.value, row.exchanged, row.odd) for row in plan.rows] == [
        ("Ann", 225, 2, 25),
        ("Bea", 100, 1, 0),
        ("Cal", 0, 0, 0),
    ]
    assert plan.racers == ("Ann",)


def test_odd_chips_are_raced_for_their_value_rounded_to_the_nearest_new_chip() -> None:
    # 75 + 50 + 25 = 150 in odd chips: one and a half chips of 100, raced as 2.
    plan = colour_up(CHIPS, removed=(25,), chips={"Ann": {25: 3}, "Bea": {25: 2}, "Cal": {25: 1}})
    assert (plan.odd_total, plan.chips_to_race) == (150, 2)
    # 25 + 25 = 50 is half a chip: raced as one. 25 alone is less than half: no chip raced.
    assert colour_up(CHIPS, removed=(25,), chips={"Ann": {25: 1}, "Bea": {25: 1}}).chips_to_race == 1
    assert colour_up(CHIPS, removed=(25,), chips={"Ann": {25: 1}}).chips_to_race == 0


def test_a_player_wins_at_most_one_chip_in_the_race() -> None:
    plan = colour_up(CHIPS, removed=(25,), chips={"Ann": {25: 3}, "Bea": {25: 2}, "Cal": {25: 1}})
    with pytest.raises(TournamentError, match=r"A player wins at most one chip in the race\."):
        race(plan, ("Ann", "Ann"))
    with pytest.raises(TournamentError, match=r"The race is for 2 chips of 100: choose 2 winners, not 1\."):
        race(plan, ("Ann",))
    assert race(plan, ("Cal", "Bea")) == {"Ann": 0, "Bea": 1, "Cal": 1}


def test_nobody_is_raced_out() -> None:
    # Cal's whole stack is one 25 chip; losing the race, Cal still gets one new chip.
    plan = colour_up(
        CHIPS,
        removed=(25,),
        chips={"Ann": {25: 3}, "Bea": {25: 2}, "Cal": {25: 1}},
        stacks={"Ann": 5075, "Bea": 9050, "Cal": 25},
    )
    assert race(plan, ("Ann", "Bea")) == {"Ann": 1, "Bea": 1, "Cal": 1}


def test_several_chips_leave_at_once_for_the_smallest_that_stays() -> None:
    plan = colour_up(CHIPS, removed=(25, 100), chips={"Ann": {25: 3, 100: 6}, "Bea": {100: 2}})
    assert plan.new_chip == 500
    assert [(row.exchanged, row.odd) for row in plan.rows] == [(1, 175), (0, 200)]
    assert plan.chips_to_race == 1  # 375 is more than half of 500


@pytest.mark.parametrize(
    ("removed", "chips", "message"),
    [
        ((), {}, "Choose the chips that leave play."),
        ((5,), {}, "There is no 5 chip in play."),
        (CHIPS, {}, "Every chip would leave play: keep at least one."),
        ((100,), {}, "Colour up the smallest chips first: the 25 stays while the 100 goes."),
        ((25,), {"Ann": {100: 1}}, "Ann: the 100 chip is not one that leaves play."),
        ((25,), {"Ann": {25: -1}}, "Ann's count of 25 chips must be a whole number, 0 or more."),
        ((25,), {"Ann": {25: True}}, "Ann's count of 25 chips must be a whole number, 0 or more."),
    ],
)
def test_a_colour_up_that_cannot_be_done_is_refused(removed, chips, message) -> None:
    with pytest.raises(TournamentError, match=re.escape(message)):
        colour_up(CHIPS, removed=removed, chips=chips)


def test_a_winner_without_odd_chips_is_refused() -> None:
    plan = colour_up(CHIPS, removed=(25,), chips={"Ann": {25: 2}, "Bea": {25: 4}})
    with pytest.raises(TournamentError, match=r"Bea has no odd chips: they are not in the race\."):
        race(plan, ("Bea",))


@given(counts=st.lists(st.integers(0, 60), min_size=1, max_size=10), data=st.data())
@settings(max_examples=examples(300))
def test_the_race_moves_at_most_half_a_chip_of_value_and_one_chip_each(counts, data) -> None:
    chips = {f"P{i}": {25: n} for i, n in enumerate(counts)}
    plan = colour_up(CHIPS, removed=(25,), chips=chips)
    assert plan.chips_to_race <= len(plan.racers)
    winners = data.draw(st.permutations(plan.racers))[: plan.chips_to_race]
    after = race(plan, tuple(winners))
    value_before = sum(row.value for row in plan.rows)
    assert abs(sum(after.values()) * plan.new_chip - value_before) * 2 <= plan.new_chip
    for row in plan.rows:
        assert after[row.player] - row.exchanged in (0, 1)
