"""Replays the same PHH hands through this engine and through PokerKit, and compares speed.

    python benchmarks/engine.py [--hands N] [--seed S] [--rounds R] [--corpus showdown|all-in|both]
                                [--write DIR] [--profile]

Two corpora of random no-limit hold'em hands, played by this engine (fixed seed) and
written as PHH text with `engine.phh.hand_to_phh`: 6-max hands played to showdown, and
all-in-heavy hands of 2 to 9 short stacks, most of them decided before the flop (where
the cost of a file is mostly fixed: reading it and setting the hand up). Each side then
replays every text from scratch, parsing included: ours with `engine.phh.replay`,
PokerKit with `HandHistory.loads` and its state iterator. Both must reach each file's
finishing_stacks; disagreements are counted and printed (PokerKit may give the odd chip
of a split pot to another winner than our "first winner left of the button").

PokerKit is only for this comparison: it is not a dependency of the app. On first run
the script installs it into benchmarks/.venv (made if missing) and re-runs itself with
that interpreter. `--profile` prints cProfile's top functions for our replay.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

from comparing import best_times, rerun_inside_benchmark_venv

ROOT = Path(__file__).resolve().parent.parent
POKERKIT_VERSION = "0.7.7"


def showdown_hands(count: int, seed: int) -> list[str]:
    """`count` random 6-max no-limit hands that reach a showdown, as PHH texts."""
    import random

    from engine.cards import STANDARD_DECK
    from engine.config import SeatInHand, Stakes
    from engine.forced_bets import standard_config
    from engine.hand import Hand
    from engine.phh import hand_to_phh

    rng = random.Random(seed)
    texts: list[str] = []
    while len(texts) < count:
        seats = [SeatInHand(seat, f"player-{seat}", rng.randint(40, 400) * 25) for seat in range(1, 7)]
        config = standard_config("nlhe", seats, button=6, stakes=Stakes(50, 100))
        deck = list(STANDARD_DECK)
        rng.shuffle(deck)
        hand = Hand.deal(config, deck)
        while not hand.finished:
            seat = hand.to_act
            options = hand.legal_actions(seat)["actions"]
            if "show" in options:
                hand.show(seat)
            elif options.get("bet", options.get("raise", {})).get("allowed") and rng.random() < 0.25:
                name = "bet" if options["bet"]["allowed"] else "raise"
                low, high = options[name]["min_to"], options[name]["max_to"]
                hand.act(seat, name, rng.choice([low, low, rng.randint(low, high), high]))
            elif options["check"]["allowed"]:
                hand.check(seat)
            else:
                hand.call(seat)
        if hand.showdown_order or any(s.shown for s in hand.seats):
            texts.append(hand_to_phh(hand))
    return texts


def all_in_hands(count: int, seed: int) -> list[str]:
    """`count` random no-limit hands of 2 to 9 players with short stacks (5 to 40 big blinds,
    antes in one hand of three), where a player who may raise shoves half the time: most are
    over before the flop (everyone folds to a shove, or the board runs out under all-ins)."""
    import random

    from engine.cards import STANDARD_DECK
    from engine.config import SeatInHand, Stakes
    from engine.forced_bets import standard_config
    from engine.hand import Hand
    from engine.phh import hand_to_phh

    rng = random.Random(seed)
    texts: list[str] = []
    while len(texts) < count:
        players = rng.randint(2, 9)
        seats = [
            SeatInHand(seat, f"player-{seat}", rng.randint(5, 40) * 100) for seat in range(1, players + 1)
        ]
        stakes = Stakes(50, 100, ante=rng.choice([0, 0, 10]))
        config = standard_config("nlhe", seats, button=players, stakes=stakes)
        deck = list(STANDARD_DECK)
        rng.shuffle(deck)
        hand = Hand.deal(config, deck)
        while not hand.finished:
            seat = hand.to_act
            options = hand.legal_actions(seat)["actions"]
            name = "bet" if options.get("bet", {}).get("allowed") else "raise"
            if "show" in options:
                hand.show(seat)
            elif options.get(name, {}).get("allowed") and rng.random() < 0.5:
                hand.act(seat, name, options[name]["max_to"])
            elif options["check"]["allowed"]:
                hand.check(seat)
            elif rng.random() < 0.15:
                hand.call(seat)
            else:
                hand.fold(seat)
        texts.append(hand_to_phh(hand))
    return texts


CORPORA = {
    "showdown": ("random 6-max no-limit hands to showdown", showdown_hands),
    "all-in": ("random all-in-heavy no-limit hands of 2 to 9 players", all_in_hands),
}


def compare(texts: list[str], title: str, rounds: int, profile: bool) -> None:
    """Time both engines on the same texts and print the figures."""
    import tomllib

    from pokerkit import HandHistory

    from engine.phh import loads, replay
    from engine.phh.replay import finishing_stacks

    expected = [tomllib.loads(text)["finishing_stacks"] for text in texts]

    def run_ours() -> list[list[int]]:
        return [replay(text) for text in texts]

    def run_pokerkit() -> list[list[int]]:
        results = []
        for text in texts:
            state = None
            for state in HandHistory.loads(text):  # noqa: B007 - the last state is the result
                pass
            results.append(list(state.stacks))
        return results

    ours_disagree = sum(got != want for got, want in zip(run_ours(), expected, strict=True))
    pokerkit_disagree = sum(got != want for got, want in zip(run_pokerkit(), expected, strict=True))
    histories = [loads(text) for text in texts]
    times = best_times(
        {
            "ours": run_ours,
            "pokerkit": run_pokerkit,
            "toml": lambda: [tomllib.loads(text) for text in texts],
            "read": lambda: [loads(text) for text in texts],
            "engine": lambda: [finishing_stacks(history) for history in histories],
        },
        rounds,
    )
    ours, theirs = times["ours"], times["pokerkit"]
    n = len(texts)
    print(f"{n:,} {title}, Python {sys.version.split()[0]}")
    print(f"  engine.phh.replay:          {n / ours:10,.0f} hands/s")
    print(f"  PokerKit {POKERKIT_VERSION} HandHistory: {n / theirs:10,.0f} hands/s")
    print(f"  ratio: {theirs / ours:.1f}x PokerKit")
    per_hand = {name: f"{seconds / n * 1e6:.0f} us" for name, seconds in times.items()}
    print(
        f"  ours per hand {per_hand['ours']}; timed apart: reading {per_hand['read']}"
        f" (tomllib alone {per_hand['toml']}), set-up and play {per_hand['engine']}"
    )
    print(f"  finishing stacks differing from the file: ours {ours_disagree}, PokerKit {pokerkit_disagree}")
    if profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_ours)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands in each corpus")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each, best counts")
    parser.add_argument("--corpus", choices=[*CORPORA, "both"], default="both")
    parser.add_argument("--write", type=Path, help="also save the hands as .phh files in this folder")
    parser.add_argument("--profile", action="store_true", help="cProfile our replay and print hot spots")
    args = parser.parse_args()
    rerun_inside_benchmark_venv("pokerkit", POKERKIT_VERSION, __file__)
    sys.path.insert(0, str(ROOT))
    for name, (title, make) in CORPORA.items():
        if args.corpus not in (name, "both"):
            continue
        texts = make(args.hands, args.seed)
        if args.write:
            folder = args.write / name
            folder.mkdir(parents=True, exist_ok=True)
            for number, text in enumerate(texts, 1):
                (folder / f"hand-{number:05d}.phh").write_text(text)
        compare(texts, f"{title} (seed {args.seed})", args.rounds, args.profile)


if __name__ == "__main__":
    main()
