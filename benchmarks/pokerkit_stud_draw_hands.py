"""Makes PokerKit-made hand histories of the stud and draw games (engine/tests/phh/pokerkit/).

    python benchmarks/pokerkit_stud_draw_hands.py [--hands N] [--seed S]

PokerKit deals, plays and pays random hands of Seven Card Stud (PHH `F7S`), Stud hi-lo eight or
better (`F7S/8`), Razz (`FR`), 2-7 triple draw (`F2L3D`), no-limit 2-7 single draw (`N2L1D`)
and Badugi (`FB`); the script writes each hand as PokerKit writes it, with the stacks PokerKit
finished on as `finishing_stacks`, and one field of its own, as PHH allows (a name starting with
`_`): `_committed`, the chips each player put in. With the folds in `actions`, that gives every
pot and side pot and who may win it, so a test can decide each pot with this engine's
hand rankings and ask for PokerKit's stacks, with no PokerKit at test time
(`engine/tests/test_pokerkit_stud_and_draw_pots_go_where_our_rankings_send_them.py`); the
engine's replay of these games reads the same files once it deals them.

The hands where the deck runs out are left out and counted: PokerKit then reshuffles the burns,
the folded hands and every discard, the drawing player's own included, and deals no common card
in stud, where the house rules say "the discards (not those of the player drawing now) are
shuffled to make a new stub" and "one card is dealt face up in the middle as a common card".
Stud tables have 2 to 7 players, draw tables 2 to 6.

PokerKit is installed into benchmarks/.venv on first run, as for the other comparisons; it is
never a dependency of the app.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from comparing import rerun_inside_benchmark_venv
from pokerkit_hands import OUT, POKERKIT_VERSION, bet_at_random

# PHH code: (file name, PokerKit class name, most players, cards a player may draw at most).
VARIANTS: dict[str, tuple[str, str, int, int]] = {
    "F7S": ("fixed_limit_seven_card_stud", "FixedLimitSevenCardStud", 7, 0),
    "F7S/8": ("fixed_limit_seven_card_stud_hi_lo", "FixedLimitSevenCardStudHighLowSplitEightOrBetter", 7, 0),
    "FR": ("fixed_limit_razz", "FixedLimitRazz", 7, 0),
    "F2L3D": ("fixed_limit_deuce_to_seven_triple_draw", "FixedLimitDeuceToSevenLowballTripleDraw", 6, 3),
    "N2L1D": ("no_limit_deuce_to_seven_single_draw", "NoLimitDeuceToSevenLowballSingleDraw", 6, 3),
    "FB": ("fixed_limit_badugi", "FixedLimitBadugi", 6, 2),
}


def _game(variant: str) -> Any:
    """The PokerKit game at the corpus's stakes: antes 2, bring-in 5, bets 10/20 for stud;
    blinds 5/10 and bets 10/20 (or a minimum bet of 10, no-limit) for the draw games."""
    import pokerkit

    automations = (
        pokerkit.Automation.ANTE_POSTING,
        pokerkit.Automation.BET_COLLECTION,
        pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
        pokerkit.Automation.CARD_BURNING,
        pokerkit.Automation.HOLE_DEALING,
        pokerkit.Automation.BOARD_DEALING,
        pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pokerkit.Automation.HAND_KILLING,
        pokerkit.Automation.CHIPS_PULLING,
    )  # chips pushing is left to the script, which reads the pots before it
    game_class = getattr(pokerkit, VARIANTS[variant][1])
    if variant.startswith("F7S") or variant == "FR":
        return game_class(automations, True, 2, 5, 10, 20)
    if variant == "N2L1D":
        return game_class(automations, True, 0, (5, 10), 10)
    return game_class(automations, True, 0, (5, 10), 10, 20)


class _DeckWatch:
    """Notes whether PokerKit dealt a card that was not in its deck (its reserve: burns, folded
    hands and discards, shuffled when the deck runs out)."""

    def __init__(self) -> None:
        from pokerkit import State

        self.ran_out = False
        original: Callable[..., None] = State._consume_cards
        watch = self

        def consume(state: Any, cards: tuple[Any, ...]) -> None:
            if any(card not in state.deck_cards for card in cards):
                watch.ran_out = True
            original(state, cards)

        State._consume_cards = consume  # type: ignore[method-assign]


_WATCH: list[_DeckWatch] = []


def _deck_watch() -> _DeckWatch:
    """The one watch on PokerKit's dealing (it wraps a method of PokerKit's State, once)."""
    if not _WATCH:
        _WATCH.append(_DeckWatch())
    return _WATCH[0]


def _play(state: Any, rng: random.Random, most_drawn: int, no_limit: bool) -> list[int]:
    """Plays the hand out at random; returns what each player put in, read just before PokerKit
    pushes the first pot (uncalled chips are back in their stacks by then)."""
    committed: list[int] = []
    raises_this_round, street = 0, state.street_index
    while state.status:
        if state.street_index != street:
            raises_this_round, street = 0, state.street_index
        if state.can_push_chips():
            if not committed:
                starts, stacks = state.starting_stacks, state.stacks
                committed = [start - stack for start, stack in zip(starts, stacks, strict=True)]
            state.push_chips()
        elif state.can_stand_pat_or_discard():
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, min(most_drawn, len(hole)))))
        elif state.can_post_bring_in():  # "must bring in ... or may complete to the small bet"
            if rng.random() < 0.6:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to()
                raises_this_round += 1
        else:
            raises_this_round = bet_at_random(state, rng, not no_limit, raises_this_round)
    return committed


def make_hands(variant: str, count: int, seed: int) -> str:
    """`count` random hands of `variant` (a key of VARIANTS) as one .phhs text."""
    from pokerkit import HandHistory

    game = _game(variant)
    _, _, most_players, most_drawn = VARIANTS[variant]
    watch = _deck_watch()
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its decks with the module's generator: same seed, same files
    sections: list[str] = []
    left_out = 0
    while len(sections) < count:
        players = rng.randint(2, most_players)
        stacks = [rng.randint(8, 80) * 5 for _ in range(players)]
        state = game(stacks, players)
        watch.ran_out = False
        committed = _play(state, rng, most_drawn, variant.startswith("N"))
        if watch.ran_out:
            left_out += 1
            continue
        history = HandHistory.from_game_state(game, state)
        history.finishing_stacks = list(state.stacks)
        text = history.dumps().rstrip("\n")
        text += f"\n_committed = {committed}\n"
        sections.append(f"[{len(sections) + 1}]\n{text}")
    print(f"{variant}: left out {left_out} hands where the deck ran out")
    return "\n".join(sections)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write to (default: the tests')")
    args = parser.parse_args()
    rerun_inside_benchmark_venv("pokerkit", POKERKIT_VERSION, __file__)
    args.out.mkdir(parents=True, exist_ok=True)
    for variant, (name, *_) in VARIANTS.items():
        path = args.out / f"{name}.phhs"
        path.write_text(make_hands(variant, args.hands, args.seed))
        print(f"wrote {args.hands} {variant} hands to {path}")


if __name__ == "__main__":
    main()
