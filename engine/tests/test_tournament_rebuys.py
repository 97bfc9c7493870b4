"""Rebuys and the add-on.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy
left. You can buy back in for a fresh stack and keep playing. Once your rebuys are used
up, or the rebuy window closes, the next time you bust is for good."
"""

import json

import pytest

from engine.errors import TournamentError
from engine.tournament.clock import Clock, ClockReading, clock_state, start
from engine.tournament.rebuys import (
    FREEZE_OUT,
    RebuyRules,
    bust_is_final,
    can_add_on,
    can_rebuy,
    rebuy_window_open,
)
from engine.tournament.structure import Break, Level, Structure

T0 = 1_800_000_000.0
MIN = 60.0
# Level 1: minutes 0-10, level 2: 10-20, break: 20-30, level 3: 30-40, break 2: 40-45, level 4 from 45.
STRUCTURE = Structure(
    name="rebuy night",
    starting_stack=1_000,
    periods=(
        Level(5, 10, 0, 10),
        Level(10, 20, 0, 10),
        Break(10),
        Level(25, 50, 0, 10),
        Break(5),
        Level(50, 100),
    ),
)
RULES = RebuyRules(max_rebuys=2, rebuy_until_level=2, rebuy_stack=1_000, add_on=True, add_on_stack=1_500)


def _reading(minute: float) -> ClockReading:
    return clock_state(start(Clock(), T0), STRUCTURE, T0 + minute * MIN)


def test_a_busted_player_with_a_rebuy_left_may_buy_back_in():
    """ "busting isn't the end while you still have a rebuy left" """
    decision = can_rebuy(RULES, _reading(5), rebuys_used=1, chips=0)
    assert decision and "fresh stack of 1000" in decision.reason and "0 rebuy(s) left" in decision.reason


def test_rebuys_once_used_up_make_the_next_bust_final():
    """ "Once your rebuys are used up ... the next time you bust is for good." """
    decision = can_rebuy(RULES, _reading(5), rebuys_used=2, chips=0)
    assert not decision and "used all your rebuys (2)" in decision.reason
    assert bust_is_final(RULES, _reading(5), rebuys_used=2)
    assert not bust_is_final(RULES, _reading(5), rebuys_used=1)


def test_the_window_is_open_until_the_end_of_the_named_level():
    """ "... or the rebuy window closes, the next time you bust is for good." """
    assert rebuy_window_open(RULES, _reading(0))
    assert rebuy_window_open(RULES, _reading(19.99))
    assert not rebuy_window_open(RULES, _reading(20))  # the break after level 2
    assert not rebuy_window_open(RULES, _reading(35))
    closed = can_rebuy(RULES, _reading(35), rebuys_used=0, chips=0)
    assert not closed and "closed at the end of level 2" in closed.reason


def test_a_window_until_a_level_after_a_break_stays_open_through_that_break():
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=3, rebuy_stack=1_000)
    assert rebuy_window_open(rules, _reading(25))
    assert rebuy_window_open(rules, _reading(39))
    assert not rebuy_window_open(rules, _reading(41))


def test_only_a_busted_player_rebuys():
    decision = can_rebuy(RULES, _reading(5), rebuys_used=0, chips=300)
    assert not decision and "once you have busted" in decision.reason


def test_a_freeze_out_allows_no_rebuy():
    """ "Bust out of chips and you're out (in a freeze-out)." """
    decision = can_rebuy(FREEZE_OUT, _reading(0), rebuys_used=0, chips=0)
    assert not decision and "freeze-out" in decision.reason
    assert bust_is_final(FREEZE_OUT, _reading(0), rebuys_used=0)


def test_the_add_on_is_taken_once_at_the_first_break_by_players_still_in():
    assert can_add_on(RULES, _reading(25), add_ons_used=0, chips=800)
    for minute, used, chips, reason in [
        (5, 0, 800, "at the first break"),
        (42, 0, 800, "at the first break"),  # the second break
        (25, 1, 800, "already taken"),
        (25, 0, 0, "players still in"),
    ]:
        decision = can_add_on(RULES, _reading(minute), add_ons_used=used, chips=chips)
        assert not decision and reason in decision.reason
    assert not can_add_on(FREEZE_OUT, _reading(25), add_ons_used=0, chips=800)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_rebuys": 2}, "need a window"),
        ({"max_rebuys": 2, "rebuy_until_level": 3}, "need a stack"),
        ({"add_on": True}, "add-on needs a stack"),
        ({"max_rebuys": -1}, "max rebuys must be a whole number"),
    ],
)
def test_incomplete_rules_are_refused(kwargs, message):
    with pytest.raises(TournamentError, match=message):
        RebuyRules(**kwargs)


def test_rules_the_structure_cannot_honour_are_refused():
    with pytest.raises(TournamentError, match="only 4 levels"):
        RebuyRules(max_rebuys=1, rebuy_until_level=5, rebuy_stack=10).check_against(STRUCTURE)
    no_break = Structure(name="x", starting_stack=100, periods=(Level(5, 10),))
    with pytest.raises(TournamentError, match="no break"):
        RebuyRules(add_on=True, add_on_stack=10).check_against(no_break)
    RULES.check_against(STRUCTURE)


def test_rules_and_decisions_serialise_to_json():
    assert RebuyRules.from_json(json.loads(json.dumps(RULES.to_json()))) == RULES
    assert can_rebuy(RULES, _reading(5), rebuys_used=0, chips=0).to_json()["allowed"] is True
