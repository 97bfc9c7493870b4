"""Hands per second of the low evaluators of the stud and draw games, next to PokerKit's.

    python benchmarks/low_evaluators.py [--hands N] [--rounds R]

On the same random hands (5 cards for 2-7, 7 for razz and stud hi-lo's low, 4 for badugi):
the card entry points, which check the cards and make a value that knows its cards
(`engine.lowball.deuce_seven_low`, `ace_five_low`, `engine.badugi.badugi`,
`engine.low.any_five_low`), the fast int entry points a replay or the odds use
(`deuce_seven_of_indices`, `ace_five_of_ranks`, `badugi_of_indices`, `any_five_low_of_ranks`),
and PokerKit's hands of the same games (`StandardLowHand`, `RegularLowHand`, `BadugiHand`,
`EightOrBetterLowHand`, each `from_game` on pre-parsed cards). PokerKit lives only in
benchmarks/.venv (installed on first run); best of R timed runs, taken in turns.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from comparing import best_times, rerun_inside_benchmark_venv

ROOT = Path(__file__).resolve().parent.parent
POKERKIT_VERSION = "0.7.7"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each, best counts")
    args = parser.parse_args()
    rerun_inside_benchmark_venv("pokerkit", POKERKIT_VERSION, __file__)
    sys.path.insert(0, str(ROOT))
    import pokerkit

    from engine.badugi import badugi, badugi_of_indices
    from engine.cards import STANDARD_DECK
    from engine.low import any_five_low, any_five_low_of_ranks, low_rank
    from engine.lowball import ace_five_low, ace_five_of_ranks, deuce_seven_low, deuce_seven_of_indices

    rng = random.Random(args.seed)
    deck = list(STANDARD_DECK)
    fives = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
    sevens = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    fours = [tuple(rng.sample(deck, 4)) for _ in range(args.hands)]
    deuce_seven_low(fives[0])  # the standard tables are built once, not timed
    indices5 = [[c.index for c in hand] for hand in fives]
    indices4 = [[c.index for c in hand] for hand in fours]
    ranks7 = [[low_rank(c) for c in hand] for hand in sevens]

    def theirs(hands):
        return [tuple(pokerkit.Card.parse("".join(map(str, hand)))) for hand in hands]

    pk5, pk7, pk4 = theirs(fives), theirs(sevens), theirs(fours)

    runs = {
        "2-7, cards": lambda: [deuce_seven_low(hand) for hand in fives],
        "2-7, ints": lambda: [deuce_seven_of_indices(hand) for hand in indices5],
        "2-7, PokerKit": lambda: [pokerkit.StandardLowHand.from_game(hand) for hand in pk5],
        "razz, cards": lambda: [ace_five_low(hand) for hand in sevens],
        "razz, ints": lambda: [ace_five_of_ranks(hand) for hand in ranks7],
        "razz, PokerKit": lambda: [pokerkit.RegularLowHand.from_game(hand) for hand in pk7],
        "badugi, cards": lambda: [badugi(hand) for hand in fours],
        "badugi, ints": lambda: [badugi_of_indices(hand) for hand in indices4],
        "badugi, PokerKit": lambda: [pokerkit.BadugiHand.from_game(hand) for hand in pk4],
        "stud 8 low, cards": lambda: [any_five_low(hand) for hand in sevens],
        "stud 8 low, ints": lambda: [any_five_low_of_ranks(hand) for hand in ranks7],
        "stud 8 low, PokerKit": lambda: [_pokerkit_low(pokerkit, hand) for hand in pk7],
    }
    times = best_times(runs, args.rounds)
    print(f"{args.hands:,} hands each, best of {args.rounds}")
    for name, seconds in times.items():
        rate, each = args.hands / seconds, seconds / args.hands * 1e6
        print(f"  {name:<22} {rate:>12,.0f} hands/s  {each:6.2f} µs/hand")


def _pokerkit_low(pokerkit, hand):
    """PokerKit raises when no low qualifies: that is its 'no low'."""
    try:
        return pokerkit.EightOrBetterLowHand.from_game(hand)
    except ValueError:
        return None


if __name__ == "__main__":
    main()
