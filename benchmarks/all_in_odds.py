"""What all-in odds cost a view: the first view after the hands are tabled, then the rest.

    python benchmarks/all_in_odds.py

The first view of a spot computes the equity (engine.odds caches it); every later view,
for any viewer, only reads the cache. Spots: heads-up and 6-way before the flop (sampled),
heads-up on the flop and turn (every runout counted).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.tests.hand_helpers import make_hand, play
from engine.views import view

REPEATS = 200


def _spots() -> dict[str, object]:
    heads_up = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"})
    six_way = make_hand("nlhe", [1000] * 6, holes={4: "AsAh", 5: "KsKh", 6: "QsQh", 1: "JsJh", 2: "Tc9c"})
    flop = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"}, boards=["Kd7c2s"])
    turn = make_hand("nlhe", [1000, 1000], holes={1: "7s7d", 2: "AhKh"}, boards=["7c2h9h Qs"])
    return {
        "heads-up preflop": play(heads_up, "1 raise 1000", "2 call"),
        "6-way preflop": play(six_way, "4 raise 1000", "5 call", "6 call", "1 call", "2 call", "3 call"),
        "heads-up flop": play(flop, "1 call", "2 check", "2 bet 900", "1 call"),
        "heads-up turn": play(turn, "1 call", "2 check", "2 check", "1 check", "2 bet 900", "1 call"),
    }


def main() -> None:
    for name, hand in _spots().items():
        start = time.perf_counter()
        odds = view(hand, "public")["all_in_odds"]
        first = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(REPEATS):
            view(hand, "public")
        later = (time.perf_counter() - start) / REPEATS
        shares = ", ".join(f"seat {p['seat']} {p['share']:.1%}" for p in odds["players"])
        print(f"{name:18} first view {first * 1000:8.1f} ms  later views {later * 1000:6.3f} ms  ({shares})")


if __name__ == "__main__":
    main()
