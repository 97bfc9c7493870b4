"""Times the engine's share of one live action: load, apply, store and one view per viewer.

    python benchmarks/live_engine.py [--number N] [--repeat R]

For every player action the app loads the table's snapshot (`LiveTable.from_json`),
applies the intent (`engine.live.apply`), stores the new snapshot (`to_json`) and sends
each connected viewer its own `engine.live.view` (all of them through one
`engine.live.Projector`). This script builds a mid-hand 6-seat No-Limit Hold'em table
with the engine alone (on the flop, two checks in, a fixed seed) and prints microseconds
per call of each, the best of R runs of N calls (`timeit`).
No database, websocket or Django: see benchmarks/realtime.py for the whole path.
"""

from __future__ import annotations

import argparse
import json
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import live
from engine.config import Stakes
from engine.live import LiveTable
from engine.table import new_table

SEATS = 6
SEED = "00" * 32  # a fixed shuffle, so every run times the same cards
VIEWERS: list[live.Actor] = [*range(1, SEATS + 1), "host"]


def mid_hand_table() -> LiveTable:
    """Six players, everyone limps preflop, the flop is dealt and two players check."""
    state = live.new_live_table(new_table(max_seats=SEATS, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in range(1, SEATS + 1):
        intent = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 200}
        state, _ = live.apply(state, "system", intent, now=0)
    state, _ = live.apply(state, "host", {"type": "start_hand", "seed": SEED}, now=0)
    while state.hand is not None and state.hand.street == 0:
        state = play(state)
    for _ in range(2):
        state = play(state)
    return state


def play(state: LiveTable) -> LiveTable:
    """The player to act checks if they may, else calls."""
    return live.apply(state, player_to_act(state), action_intent(state), now=0)[0]


def player_to_act(state: LiveTable) -> int:
    if state.hand is None or state.hand.to_act is None:
        raise SystemExit("The hand should be waiting for a player")
    return state.hand.to_act


def action_intent(state: LiveTable) -> dict[str, Any]:
    seat = player_to_act(state)
    actions = state.hand.legal_actions(seat)["actions"]  # type: ignore[union-attr]
    name = "check" if actions["check"]["allowed"] else "call"
    return {"type": "act", "action": {"type": name}}


def per_call(run: Callable[[], object], number: int, repeat: int) -> float:
    """Best microseconds per call over `repeat` runs of `number` calls."""
    return min(timeit.repeat(run, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=500, help="calls per timed run")
    parser.add_argument("--repeat", type=int, default=20, help="timed runs, best counts")
    args = parser.parse_args()
    state = mid_hand_table()
    stored = json.loads(json.dumps(state.to_json()))  # as the database gives it back
    seat, intent = player_to_act(state), action_intent(state)
    figures: dict[str, float] = {
        "LiveTable.from_json": per_call(lambda: LiveTable.from_json(stored), args.number, args.repeat),
        "LiveTable.to_json": per_call(state.to_json, args.number, args.repeat),
        f"live.apply ({intent['action']['type']})": per_call(
            lambda: live.apply(state, seat, intent, now=0), args.number, args.repeat
        ),
    }
    views = {
        f"live.view({viewer!r})": per_call(lambda v=viewer: live.view(state, v), args.number, args.repeat)
        for viewer in VIEWERS
    }
    print(
        f"{SEATS}-seat No-Limit table on the flop, {len(stored['hand']['events'])} events,"
        f" seat {seat} to act; best of {args.repeat} x {args.number} calls; Python {sys.version.split()[0]}"
    )
    for name, micros in {**figures, **views}.items():
        print(f"  {name:<24} {micros:8.1f} us")
    total = sum(figures.values()) + sum(views.values())
    print(f"  {'one action, all viewers':<24} {total:8.1f} us")
    # As the server sends a change: every viewer's view from one Projector of the new state.
    together = per_call(
        lambda: [live.Projector(state).view(v) for v in VIEWERS], args.number, args.repeat
    ) / len(VIEWERS)
    print(f"  {'view, all viewers at once':<24} {together:8.1f} us per viewer (live.Projector)")


if __name__ == "__main__":
    main()
