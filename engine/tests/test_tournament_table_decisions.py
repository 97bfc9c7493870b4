"""A tournament's table decides its mode, stakes, waits and busts from the tournament's data alone.

"The stakes of each hand are the level in force when the hand starts." "No hands are dealt
during a break." "Bust out of chips and you're out (in a freeze-out)."
"""

from __future__ import annotations

import doctest
from dataclasses import replace

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.live import LiveTable, apply, new_live_table
from engine.live import tournament as tournament_module
from engine.live.tournament import (
    WAIT_POLL_SECONDS,
    Busted,
    TournamentPlay,
    busted,
    prepare,
    table_for,
)
from engine.table import GameMode, new_table
from engine.tournament import Clock, clock_state, next_level, stakes_at, start, template

HOME = template("home-2h")  # 15-minute levels; a 10-minute break after the fourth
OWN = Stakes(small_blind=5, big_blind=10, ante=1)


def _table(mode: GameMode = GameMode.CASH, stacks: tuple[int, ...] = (5000, 5000, 5000)) -> LiveTable:
    state = new_live_table(new_table(max_seats=6, mode=mode, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat, stack in enumerate(stacks, 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": stack}
        state, _ = apply(state, "system", sit, 0)
    return state


def _running(minutes: float) -> tuple[TournamentPlay, float]:
    """A tournament whose clock started at 0, read `minutes` later."""
    return TournamentPlay(start(Clock(), now=0), HOME), minutes * 60


def test_a_table_a_tournament_plays_at_is_in_tournament_mode() -> None:
    play, _ = _running(0)
    assert table_for(_table().table, play).mode is GameMode.TOURNAMENT
    assert table_for(_table().table, None).mode is GameMode.CASH
    state, intent = prepare(_table(), "system", {"type": "sit", "seat": 4, "player": "p4"}, 0, play)
    assert state.table.mode is GameMode.TOURNAMENT and intent["type"] == "sit"


def test_the_deal_takes_the_stakes_of_the_level_in_force() -> None:
    """ "The stakes of each hand are the level in force when the hand starts.\""""
    play, now = _running(16)  # the second level
    state, intent = prepare(_table(), "host", {"type": "start_hand"}, now, play)
    level = stakes_at(clock_state(play.clock, HOME, now))
    assert state.table.stakes == level and level != stakes_at(clock_state(play.clock, HOME, 0))
    assert intent == {"type": "start_hand"}
    dealt, _ = apply(state, "host", intent, now)
    assert dealt.hand is not None and dealt.hand.config.stakes == level


def test_the_level_the_host_moves_to_reaches_the_next_deal() -> None:
    play, now = _running(1)
    moved = TournamentPlay(next_level(play.clock, HOME, now), HOME)
    state, _ = prepare(_table(), "host", {"type": "start_hand"}, now, moved)
    assert state.table.stakes == stakes_at(clock_state(moved.clock, HOME, now))
    assert state.table.stakes != stakes_at(clock_state(play.clock, HOME, now))


def test_the_host_may_not_deal_before_the_clock_starts() -> None:
    play = TournamentPlay(Clock(), HOME)
    with pytest.raises(IllegalActionError, match="before the tournament clock starts"):
        prepare(_table(), "host", {"type": "start_hand"}, 100, play)


def test_the_host_may_not_deal_during_a_break() -> None:
    """ "No hands are dealt during a break." """
    play, now = _running(61)  # one minute into the break
    with pytest.raises(IllegalActionError, match=r"during a break \(9:00 left\)"):
        prepare(_table(), "host", {"type": "start_hand"}, now, play)


def test_the_dealers_due_deal_waits_for_the_end_of_the_break() -> None:
    play, now = _running(61)
    due = _table()
    due = replace(due, next_deal_at=now - 1)
    state, intent = prepare(due, "system", {"type": "start_hand"}, now, play)
    assert intent["type"] == "deal_waits"
    assert intent["until"] == pytest.approx(now + 9 * 60)
    assert "during a break" in intent["reason"] and state.table.stakes == due.table.stakes


def test_before_the_clock_starts_the_dealer_looks_again_soon() -> None:
    due = _table()
    due = replace(due, next_deal_at=50.0)
    _, intent = prepare(due, "system", {"type": "start_hand"}, 100, TournamentPlay(Clock(), HOME))
    assert intent["type"] == "deal_waits" and intent["until"] == 100 + WAIT_POLL_SECONDS


def test_a_hand_in_progress_is_left_alone() -> None:
    play, now = _running(61)
    state, _ = apply(_table(), "host", {"type": "start_hand"}, 0)
    act = {"type": "act", "action": {"type": "fold"}}
    assert prepare(state, "host", act, now, play) == (state, act)
    assert prepare(state, "host", {"type": "start_hand"}, now, play) == (state, {"type": "start_hand"})


def test_a_table_whose_tournament_is_over_goes_back_to_its_own_game() -> None:
    play, now = _running(16)
    own = replace(_table(), table=replace(_table().table, stakes=OWN))
    # The tournament deals its level's stakes; the table keeps its own aside meanwhile.
    left, _ = prepare(own, "host", {"type": "start_hand"}, now, play)
    assert left.table.stakes != OWN and left.table.own_game is not None
    state, intent = prepare(left, "host", {"type": "start_hand"}, now, None)
    assert state.table.mode is GameMode.CASH and state.table.stakes == OWN
    assert state.table.own_game is None and LiveTable.from_json(left.to_json()) == left
    assert intent == {"type": "start_hand"}
    dealing = replace(left, dealing=True)
    _, timer = prepare(dealing, "system", {"type": "start_hand"}, now, None)
    assert timer == {"type": "pause"}  # the dealer stops; the host deals the cash game


def test_a_cash_table_is_unchanged() -> None:
    state = _table()
    assert prepare(state, "host", {"type": "start_hand"}, 0, None) == (state, {"type": "start_hand"})


def test_players_left_without_chips_are_named_with_the_chips_they_started_with() -> None:
    """ "Bust out of chips and you're out": each with the chips they had when the hand started."""
    state = _table(GameMode.TOURNAMENT, stacks=(300, 500, 5000))
    state, _ = apply(state, "host", {"type": "start_hand"}, 0)
    finished = {"type": "table.hand_finished", "final_stacks": {"1": 0, "2": 0, "3": 5800}}
    assert busted(state, [finished]) == [Busted("p1", 300), Busted("p2", 500)]
    assert busted(state, []) == []
    cash = _table(GameMode.CASH, stacks=(300, 500, 5000))
    cash, _ = apply(cash, "host", {"type": "start_hand"}, 0)
    assert busted(cash, [finished]) == []


def test_the_modules_examples_hold() -> None:
    result = doctest.testmod(tournament_module)
    assert result.attempted > 0 and result.failed == 0
