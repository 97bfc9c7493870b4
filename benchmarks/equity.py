"""Times engine.equity.all_in_equity on typical all-in spots.

    python benchmarks/equity.py

Prints, per spot, the best of 3 wall-clock times (and the CPU time of that run), how
the answer was found (every runout or a seeded sample) and the first player's odds.
The target is under 300 ms for any spot. (Omaha before the flop is not a spot in this
app, since Omaha is dealt only as bomb pots, which have no betting before the flop; it
is timed all the same.)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import parse_cards
from engine.equity import all_in_equity

SPOTS = [
    ("heads-up preflop", ["AsAh", "KdKc"], "", "standard"),
    ("3-way flop", ["AsAh", "KdKc", "QhJh"], "2c7h9h", "standard"),
    ("6-way preflop", ["AsAh", "KdKc", "QhJh", "Tc9c", "8d8s", "Ac2d"], "", "standard"),
    ("heads-up turn", ["7s7d", "AhKh"], "7c2h9hQs", "standard"),
    ("heads-up flop", ["AsKd", "7c7h"], "2c7d9h", "standard"),
    ("10-way preflop", ["AsAh", "KdKc", "QhJh", "Tc9c", "8d8s", "Ac2d", "3c3d", "4h5h", "6s7s", "JcTd"], "",
     "standard"),
    ("short deck heads-up preflop", ["AsAh", "KdKc"], "", "short_deck"),
    ("short deck 6-way preflop", ["AsAh", "KdKc", "QhJh", "Tc9c", "8d8s", "AcTd"], "", "short_deck"),
    ("PLO heads-up flop", ["AsAhKdKc", "QhJhTc9c"], "2c7h9h", "standard"),
    ("PLO 6-way flop", ["AsAhKdKc", "QhJhTc9c", "2d3d4s5s", "6c6d7c8c", "JsQsKsAd", "8h8s9sTs"], "2c7h9h",
     "standard"),
    ("PLO6 4-way flop", ["AsAhKdKcQsJd", "QhJhTc9c8c7d", "2d3d4s5s6s6h", "8h8s9sTsTh5h"], "2c7h9h",
     "standard"),
    ("PLO heads-up preflop", ["AsAhKdKc", "QhJhTc9c"], "", "standard"),
    ("PLO 6-way preflop", ["AsAhKdKc", "QhJhTc9c", "2d3d4s5s", "6c6d7c8c", "JsQsKsAd", "8h8s9sTs"], "",
     "standard"),
    ("PLO6 heads-up preflop", ["AsAhKdKcQsJd", "QhJhTc9c8c7d"], "", "standard"),
]  # fmt: skip


def main() -> None:
    all_in_equity([parse_cards("AsAh"), parse_cards("KdKc")], ranking="short_deck")  # build tables first
    print(f"{'spot':30} {'wall ms':>8} {'cpu ms':>7}  how            first player win/tie")
    for label, holes, board, ranking in SPOTS:
        hands, known = [parse_cards(h) for h in holes], parse_cards(board)
        best = None
        for _ in range(3):
            wall, cpu = time.perf_counter(), time.process_time()
            result = all_in_equity(hands, known, ranking=ranking)
            timing = (time.perf_counter() - wall, time.process_time() - cpu)
            best = min(best or timing, timing)
        how = f"{result.runouts:,} runouts" if result.exact else f"{result.runouts:,} samples"
        first = result.players[0]
        print(
            f"{label:30} {best[0] * 1000:8.1f} {best[1] * 1000:7.1f}  {how:14} "
            f"{first.win:6.1%} / {first.tie:5.2%}"
        )


if __name__ == "__main__":
    main()
