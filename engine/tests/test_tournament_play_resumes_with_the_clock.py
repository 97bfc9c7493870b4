"""A tournament table's dealer follows the clock: play resumes when the clock does.

"No hands are dealt during a break." The dealer's wait for the end of a break is brought
forward when the host ends the break early, and a deal is never put off by it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.config import Stakes
from engine.live import LiveTable, apply, new_live_table
from engine.live.dealing import RABBIT_WINDOW_SECONDS
from engine.live.tournament import WAIT_POLL_SECONDS, TournamentPlay, clock_changed, prepare
from engine.table import GameMode, new_table
from engine.tests.test_rabbit_hunt import live_hand_folded_round
from engine.tournament import Clock, add_time, go_to_period, pause, remove_time, resume, start, template

HOME = template("home-2h")  # 15-minute levels; a 10-minute break (period index 4) after the fourth
BREAK = 4


def _waiting_table(until: float) -> LiveTable:
    """A tournament table between hands whose dealer waits until `until`."""
    state = new_live_table(
        new_table(max_seats=6, mode=GameMode.TOURNAMENT, stakes=Stakes(small_blind=25, big_blind=50))
    )
    for seat in (1, 2, 3):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 5000}
        state, _ = apply(state, "system", sit, 0)
    return replace(state, dealing=True, next_deal_at=until)


def _on_break(now: float) -> Clock:
    """A clock whose break began at `now`."""
    return go_to_period(start(Clock(), now=0), HOME, BREAK, now=now)


def test_ending_the_break_early_brings_the_waiting_deal_forward() -> None:
    """The host presses "Next level" one minute into a ten-minute break: deal in a few seconds,
    not in nine minutes."""
    break_start = 3600.0
    waiting = _waiting_table(until=break_start + 600)
    ended = go_to_period(_on_break(break_start), HOME, BREAK + 1, now=break_start + 60)
    intent = clock_changed(waiting, TournamentPlay(ended, HOME), now=break_start + 60)
    assert intent is not None and intent["type"] == "deal_waits"
    assert intent["until"] == pytest.approx(break_start + 60 + waiting.options.deal_delay)
    woken, _ = apply(waiting, "system", intent, now=break_start + 60)
    assert woken.next_deal_at == pytest.approx(break_start + 65)
    # When that moment comes, the dealer's deal is a deal at the new level.
    due = intent["until"]
    state, deal = prepare(woken, "system", {"type": "start_hand"}, due, TournamentPlay(ended, HOME))
    assert deal == {"type": "start_hand"} and state.table.stakes.big_blind == 300


def test_removing_break_time_brings_the_deal_forward_to_the_new_end() -> None:
    break_start = 3600.0
    waiting = _waiting_table(until=break_start + 600)
    shorter = remove_time(_on_break(break_start), HOME, 300, now=break_start + 60)
    intent = clock_changed(waiting, TournamentPlay(shorter, HOME), now=break_start + 60)
    assert intent is not None and intent["until"] == pytest.approx(break_start + 300)
    assert "during a break" in intent["reason"]


def test_a_clock_paused_on_a_break_keeps_the_dealer_looking_soon() -> None:
    """Paused on a break, the dealer looks again every few seconds, so the deal after the
    host's resume or next level comes within that poll: nothing to bring forward."""
    break_start = 3600.0
    paused = pause(_on_break(break_start), now=break_start + 60)
    poll = break_start + 60 + WAIT_POLL_SECONDS
    waiting = _waiting_table(until=poll)
    ended = go_to_period(resume(paused, now=break_start + 65), HOME, BREAK + 1, now=break_start + 66)
    assert clock_changed(waiting, TournamentPlay(ended, HOME), now=break_start + 66) is None
    _, deal = prepare(waiting, "system", {"type": "start_hand"}, poll, TournamentPlay(ended, HOME))
    assert deal == {"type": "start_hand"}


def test_a_deal_is_never_put_off() -> None:
    """Adding time to the break leaves a wait that ends sooner alone: it only waits again then."""
    break_start = 3600.0
    waiting = _waiting_table(until=break_start + 600)
    longer = add_time(_on_break(break_start), HOME, 300, now=break_start + 60)
    assert clock_changed(waiting, TournamentPlay(longer, HOME), now=break_start + 60) is None
    # Between hands at a level, the usual pause before the next deal is not cut short either.
    level = go_to_period(start(Clock(), now=0), HOME, 1, now=100)
    soon = _waiting_table(until=102.0)
    assert clock_changed(soon, TournamentPlay(level, HOME), now=100) is None


def test_a_stopped_or_busy_dealer_is_left_alone() -> None:
    ended = go_to_period(_on_break(3600), HOME, BREAK + 1, now=3660)
    play = TournamentPlay(ended, HOME)
    stopped = replace(_waiting_table(until=4200), dealing=False)
    assert clock_changed(stopped, play, now=3660) is None
    not_waiting = replace(_waiting_table(until=4200), next_deal_at=None)
    assert clock_changed(not_waiting, play, now=3660) is None
    busy, _ = apply(_waiting_table(until=4200), "host", {"type": "start_hand"}, 0)
    assert busy.hand_in_progress and clock_changed(busy, play, now=3660) is None


def test_a_clock_change_keeps_the_window_to_ask_for_the_rabbit() -> None:
    """Rabbit hunt: "after a hand ends before the river, a player may ask to see the cards that
    would have come". The host adding time just after such a hand does not pull the next deal
    into that window (a deal is only brought forward, never earlier than the window's end)."""
    level = go_to_period(start(Clock(), now=0), HOME, 1, now=100)
    state, ended = live_hand_folded_round(deal_delay=2, now=200)
    assert state.next_deal_at == ended + RABBIT_WINDOW_SECONDS
    changed_at = ended + 0.5
    longer = add_time(level, HOME, 60, now=changed_at)
    assert clock_changed(state, TournamentPlay(longer, HOME), now=changed_at) is None


def test_ending_a_break_keeps_the_window_of_a_rabbit_asked_for_during_it() -> None:
    """A rabbit asked for during a break is on every screen for a whole window, even when the
    host then ends the break: the deal comes at the window's end, not a second later."""
    break_start = 3600.0
    on_break = _on_break(break_start)
    state, _ = live_hand_folded_round(deal_delay=2, now=break_start - 10)
    due = state.next_deal_at
    state, deal = prepare(state, "system", {"type": "start_hand"}, due, TournamentPlay(on_break, HOME))
    assert deal["type"] == "deal_waits"
    state, _ = apply(state, "system", deal, now=due)
    asked_at = due + 1
    state, _ = apply(state, 2, {"type": "rabbit_hunt"}, now=asked_at)
    assert state.next_deal_at == pytest.approx(break_start + 600)  # still the break's end
    ended_early = go_to_period(on_break, HOME, BREAK + 1, now=asked_at + 1)
    intent = clock_changed(state, TournamentPlay(ended_early, HOME), now=asked_at + 1)
    assert intent is not None and intent["until"] == pytest.approx(asked_at + RABBIT_WINDOW_SECONDS)
    state, _ = apply(state, "system", intent, now=asked_at + 1)
    assert state.next_deal_at == pytest.approx(asked_at + RABBIT_WINDOW_SECONDS)
