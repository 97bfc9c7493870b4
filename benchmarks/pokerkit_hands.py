"""Makes the PokerKit-made hand histories the tests replay (engine/tests/phh/pokerkit/).

    python benchmarks/pokerkit_hands.py [--hands N] [--seed S]

PokerKit deals and plays random hands of pot-limit Omaha (PHH `PO`) and fixed-limit Omaha hi-lo
eight or better (`FO/8`), pushes the pots itself, and the script writes each hand as PokerKit
writes it, with the stacks PokerKit finished on as `finishing_stacks`. The test
`engine/tests/test_phh_pokerkit_omaha_hands_replay_to_pokerkit_stacks.py` replays them through
this engine and asks for the same stacks: the engine's pots, side pots and high/low halves are
checked against another implementation, not against themselves.

PokerKit 0.7.7 plays `FO/8` with pot-limit betting (its class mixes in pot-limit); a fixed-limit
hand is one of its legal hands, so every bet and raise here is the smallest one it allows (the
fixed size) and a round has at most a bet and three raises.

Two kinds of hand are left out, where the house rules differ from PokerKit's by design (each has
its own tests): a raise after an all-in for less than a full raise ("A short all-in does not
reopen the betting" to those who already acted; PokerKit lets them raise), and a tie split with
an odd chip ("an odd chip goes to the first winner left of the button"; PokerKit gives it
otherwise). The script finds them by replaying each hand through this engine, and prints how
many it left out.

PokerKit is installed into benchmarks/.venv on first run, as for the other comparisons; it is
never a dependency of the app.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from comparing import rerun_inside_benchmark_venv

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "engine" / "tests" / "phh" / "pokerkit"
POKERKIT_VERSION = "0.7.7"


def make_hands(variant: str, count: int, seed: int) -> str:
    """`count` random hands of `variant` ("PO" or "FO/8") as one .phhs text."""
    from pokerkit import (
        Automation,
        FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
        HandHistory,
        PotLimitOmahaHoldem,
    )

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    fixed = variant == "FO/8"
    if fixed:
        game = FixedLimitOmahaHoldemHighLowSplitEightOrBetter(automations, True, 0, (5, 10), 10, 20)
    else:
        game = PotLimitOmahaHoldem(automations, True, 0, (5, 10), 10)
    rng = random.Random(seed)
    sections: list[str] = []
    left_out: dict[str, int] = {}
    while len(sections) < count:
        players = rng.randint(2, 6)
        stacks = [rng.randint(4, 80) * 5 for _ in range(players)]
        state = game(stacks, players)
        raises_this_round, street = 0, state.street_index
        while state.status:
            if state.street_index != street:
                raises_this_round, street = 0, state.street_index
            raises_this_round = bet_at_random(state, rng, fixed, raises_this_round)
        history = HandHistory.from_game_state(game, state)
        history.finishing_stacks = list(state.stacks)
        text = history.dumps()
        reason = _rules_differ(text)
        if reason:
            left_out[reason] = left_out.get(reason, 0) + 1
            continue
        sections.append(f"[{len(sections) + 1}]\n{text}")
    print(f"{variant}: left out {left_out or 'none'}")
    return "\n\n".join(sections) + "\n"


def bet_at_random(state: Any, rng: random.Random, fixed_limit: bool, raises_this_round: int) -> int:
    """One betting decision of the player to act, at random: fold to a bet now and then, bet or
    raise (any size in no-limit and pot-limit; at most three raises a round in fixed limit,
    PokerKit's cap), else check or call. Returns the round's raises after it."""
    may_raise = state.can_complete_bet_or_raise_to() and (not fixed_limit or raises_this_round < 3)
    roll = rng.random()
    if state.can_fold() and state.checking_or_calling_amount and roll < 0.15:
        state.fold()
    elif may_raise and roll < 0.45:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        to = low if fixed_limit else rng.choice([low, high, rng.randint(low, high)])
        state.complete_bet_or_raise_to(to)
        return raises_this_round + 1
    else:
        state.check_or_call()
    return raises_this_round


def _rules_differ(text: str) -> str | None:
    """Why the house rules and PokerKit's part on this hand (None: they do not)."""
    sys.path.insert(0, str(ROOT))
    from engine.phh import HandHistoryError, hand_from_phh

    try:
        hand = hand_from_phh(text)
    except HandHistoryError as error:
        if "not reopened" in str(error):
            return "a raise after a short all-in"
        raise
    if any(len({amount for _, amount in award.shares}) > 1 for award in hand.awards):
        return "an odd chip of a tie"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    rerun_inside_benchmark_venv("pokerkit", POKERKIT_VERSION, __file__)
    OUT.mkdir(parents=True, exist_ok=True)
    for variant, name in (("PO", "pot_limit_omaha"), ("FO/8", "fixed_limit_omaha_hi_lo")):
        path = OUT / f"{name}.phhs"
        path.write_text(make_hands(variant, args.hands, args.seed))
        print(f"wrote {args.hands} {variant} hands to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
