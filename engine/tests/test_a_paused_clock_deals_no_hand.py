"""A paused tournament clock deals no new hand; resuming brings the waiting deal forward.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running": the
host pauses it to stop the tournament, and the tables stop with it once their hands are over.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.live import LiveTable, apply, new_live_table
from engine.live.tournament import WAIT_POLL_SECONDS, TournamentPlay, clock_changed, prepare
from engine.table import GameMode, new_table
from engine.tournament import Clock, clock_state, hands_may_start, pause, resume, start, template

HOME = template("home-2h")


def _table_due(at: float) -> LiveTable:
    state = new_live_table(
        new_table(max_seats=6, mode=GameMode.TOURNAMENT, stakes=Stakes(small_blind=25, big_blind=50))
    )
    for seat in (1, 2, 3):
        state, _ = apply(
            state, "system", {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 5000}, 0
        )
    return replace(state, dealing=True, next_deal_at=at)


def test_no_hand_starts_while_the_clock_is_paused() -> None:
    paused = pause(start(Clock(), now=0), now=120)
    assert not hands_may_start(clock_state(paused, HOME, now=200))
    assert hands_may_start(clock_state(resume(paused, now=300), HOME, now=300))


def test_the_dealers_deal_waits_and_the_hosts_is_refused_saying_why() -> None:
    play = TournamentPlay(pause(start(Clock(), now=0), now=120), HOME)
    due = _table_due(at=130.0)
    _, intent = prepare(due, "system", {"type": "start_hand"}, 130.0, play)
    assert intent["type"] == "deal_waits" and intent["until"] == pytest.approx(130.0 + WAIT_POLL_SECONDS)
    assert "paused" in intent["reason"]
    with pytest.raises(IllegalActionError, match="clock is paused"):
        prepare(due, "host", {"type": "start_hand"}, 130.0, play)


def test_resuming_brings_the_waiting_deal_forward() -> None:
    paused = pause(start(Clock(), now=0), now=120)
    waiting = _table_due(at=10_000.0)
    resumed = resume(paused, now=400)
    intent = clock_changed(waiting, TournamentPlay(resumed, HOME), now=400)
    assert intent is not None and intent["until"] == pytest.approx(400 + waiting.options.deal_delay)
