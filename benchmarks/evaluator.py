"""Times engine.evaluator.evaluate against treys on the same 100,000 random 7-card hands.

    python benchmarks/evaluator.py [--hands N]

treys (a pure-Python evaluator) is only for this comparison: it is not a dependency of
the app. On first run the script makes benchmarks/.venv, installs treys there with pip,
and re-runs itself with that interpreter (the engine itself needs nothing installed).
Both evaluators get pre-parsed cards; each is timed over the whole list, best of 5 runs taken in turns.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from comparing import best_times, rerun_inside_benchmark_venv

ROOT = Path(__file__).resolve().parent.parent
TREYS_VERSION = "0.1.8"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=5, help="timed runs of each, best counts")
    args = parser.parse_args()
    rerun_inside_benchmark_venv("treys", TREYS_VERSION, __file__)
    sys.path.insert(0, str(ROOT))
    import random

    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator

    start = time.perf_counter()
    from engine.cards import STANDARD_DECK
    from engine.evaluator import evaluate

    import_seconds = time.perf_counter() - start

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(STANDARD_DECK, 7)) for _ in range(args.hands)]
    treys_hands = [
        ([TreysCard.new(str(c)) for c in h[:2]], [TreysCard.new(str(c)) for c in h[2:]]) for h in hands
    ]
    treys_evaluator = TreysEvaluator()
    treys_evaluate = treys_evaluator.evaluate

    # The two must agree on which hands are equal and which is stronger.
    ours_values = [evaluate(h) for h in hands[:2000]]
    treys_values = [treys_evaluate(hole, board) for hole, board in treys_hands[:2000]]
    pairs = list(zip(ours_values, treys_values, strict=True))
    for (a, ta), (b, tb) in itertools.pairwise(pairs):
        assert (a > b) == (ta < tb) and (a == b) == (ta == tb), "evaluators disagree"

    def run_ours() -> list:
        return [evaluate(h) for h in hands]

    def run_treys() -> list:
        return [treys_evaluate(hole, board) for hole, board in treys_hands]

    n = len(hands)
    print(f"{n:,} random 7-card hands, Python {sys.version.split()[0]}")
    print(f"import of engine.evaluator, tables included: {import_seconds:.2f} s")
    modes = (("garbage collector paused (as timeit)", False), ("garbage collector running", True))
    for label, collect in modes:
        times = best_times({"ours": run_ours, "treys": run_treys}, args.rounds, collect_garbage=collect)
        ours, theirs = times["ours"], times["treys"]
        print(f"{label}:")
        print(f"  engine.evaluator.evaluate: {n / ours:10,.0f} hands/s")
        print(f"  treys {TREYS_VERSION}:            {n / theirs:10,.0f} hands/s")
        print(f"  ratio: {theirs / ours:.1f}x treys")


if __name__ == "__main__":
    main()
