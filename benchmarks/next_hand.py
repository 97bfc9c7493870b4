"""Times what the table's view pays to say what the next hand holds for each seat.

    python benchmarks/next_hand.py [--number N] [--repeat R]

Every view carries, in its table part, who may straddle the next hand
(`engine.next_hand.straddler`, one plan of the next deal) and, for each seat that owes blinds,
the two ways back in with the hand each deals them (`engine.next_hand.entry_choices`, which
deals hands on a copy of the table until the seat is dealt in). The server builds the table
part once per state and shares it between every viewer (`engine.live.Projector`); this script
prints microseconds per view build (a fresh Projector, one viewer) with both parts worked out
afresh, with them remembered from an earlier view of the same table, and without them, for
three tables of 9: nobody owing (the usual case), one player back in and waiting for
the big blind, and three players sitting out owing blinds; each between hands and mid-hand.
The best of R runs of N calls (`timeit`); no Django.
"""

from __future__ import annotations

import argparse
import sys
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import live, next_hand
from engine.config import Stakes
from engine.live import LiveTable
from engine.table import new_table

SEATS = 9
SEED = "00" * 32


def _apply(state: LiveTable, actor: live.Actor, intent: dict[str, Any]) -> LiveTable:
    return live.apply(state, actor, intent, now=0)[0]


def _fold_out(state: LiveTable) -> LiveTable:
    while state.hand is not None and not state.hand.finished:
        state = _apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}})
    return state


def table_with(owing: int, waiting: int) -> LiveTable:
    """Nine players; `owing` of them sit out while the big blind passes them, and `waiting` of
    those then come back to wait for the big blind. Between hands."""
    state = live.new_live_table(new_table(max_seats=SEATS, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat in range(1, SEATS + 1):
        state = _apply(state, "system", {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 200})
    state = _fold_out(_apply(state, "host", {"type": "start_hand", "seed": SEED}))
    out = [5, 7, 9][:owing]
    for seat in out:
        state = _apply(state, "host", {"type": "sit_out", "seat": seat})
    for _ in range(SEATS):  # until the big blind has passed every seat sitting out
        state = _fold_out(_apply(state, "host", {"type": "start_hand", "seed": SEED}))
        if all(state.table.occupant(s).missed_big_blind for s in out):
            break
    for seat in out[:waiting]:
        state = _apply(state, "host", {"type": "sit_in", "seat": seat, "entry": "wait_for_big_blind"})
    return state


def mid_hand(state: LiveTable) -> LiveTable:
    return _apply(state, "host", {"type": "start_hand", "seed": SEED})


@contextmanager
def without_next_hand_parts() -> Iterator[None]:
    """The view without the straddle seat and the entry choices (to measure what they cost)."""
    saved = next_hand.for_every_seat
    next_hand.for_every_seat = lambda table: next_hand.NextHand(None, {})  # type: ignore[assignment]
    try:
        yield
    finally:
        next_hand.for_every_seat = saved


def cold(state: LiveTable) -> object:
    """A view built as if the table had just changed: nothing remembered."""
    next_hand._remembered.cache_clear()
    return live.Projector(state).view(1)


def per_call(run: Callable[[], object], number: int, repeat: int) -> float:
    return min(timeit.repeat(run, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=200, help="calls per timed run")
    parser.add_argument("--repeat", type=int, default=10, help="timed runs, best counts")
    args = parser.parse_args()
    tables = {
        "nobody owing": table_with(0, 0),
        "1 waiting for the big blind": table_with(1, 1),
        "3 sitting out, owing": table_with(3, 0),
    }
    python = sys.version.split()[0]
    print(f"{SEATS}-seat No-Limit table; best of {args.repeat} x {args.number} calls; Python {python}")
    print("  microseconds per view build: with the parts worked out afresh (the first view after a")
    print("  change to the table), with them remembered (every other view), and without them")
    print(f"  {'table':<60} {'afresh':>8} {'remembered':>10} {'without':>8}")
    for name, between in tables.items():
        for when, state in (("between hands", between), ("mid-hand", mid_hand(between))):
            owing = len(next_hand.for_every_seat(state.table).entry_choices)
            afresh = per_call(lambda s=state: cold(s), args.number, args.repeat)
            remembered = per_call(lambda s=state: live.Projector(s).view(1), args.number, args.repeat)
            with without_next_hand_parts():
                without = per_call(lambda s=state: live.Projector(s).view(1), args.number, args.repeat)
            label = f"{name}, {when} ({owing} with choices)"
            print(f"  {label:<60} {afresh:8.1f} {remembered:10.1f} {without:8.1f}")


if __name__ == "__main__":
    main()
