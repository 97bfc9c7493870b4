"""Hands of the stud and draw games that PokerKit dealt, played and paid (engine/tests/phh/pokerkit/,
made by benchmarks/pokerkit_stud_draw_hands.py): every pot, decided by this engine's rankings,
goes where PokerKit paid it, and PokerKit's first player on each stud street is ours.

Each file holds the cards dealt, the discards and folds (`actions`), what each player put in
(`_committed`) and PokerKit's `finishing_stacks`; the pots and side pots follow from the
commitments of the players still in, so nothing here needs PokerKit. The rules checked
(rules/beyond-holdem.md): "Best five of the seven cards wins"; Stud hi-lo "the pot split high and
low as in Omaha hi-lo, any five of the seven cards for each half" ("If no hand qualifies for low,
the high hand wins the whole pot"; "an odd chip from splitting the pot into halves goes to the
high half"); Razz "ace to five: aces low, straights and flushes ignored, no qualifier"; 2-7
"aces are high, straights and flushes count against you"; Badugi "a hand with a repeated suit or
rank plays only its best set of different suits and ranks"; and who acts: "The lowest up card
must bring in", Razz "The highest up card brings in", "From fourth street on, the player whose
face-up cards make the best poker hand acts first" (Razz: "the lowest hand showing").
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from engine.badugi import badugi
from engine.cards import Card, parse_cards
from engine.evaluator import evaluate
from engine.low import any_five_low
from engine.lowball import ace_five_low, deuce_seven_low
from engine.stud_order import StudGame, bring_in_seat, first_to_act

FILES = Path(__file__).resolve().parent / "phh" / "pokerkit"
CORPORA = {
    "F7S": "fixed_limit_seven_card_stud.phhs",
    "F7S/8": "fixed_limit_seven_card_stud_hi_lo.phhs",
    "FR": "fixed_limit_razz.phhs",
    "F2L3D": "fixed_limit_deuce_to_seven_triple_draw.phhs",
    "N2L1D": "no_limit_deuce_to_seven_single_draw.phhs",
    "FB": "fixed_limit_badugi.phhs",
}

# The hand each game's pot goes to, as a key where *bigger wins* (lows are negated).
BEST: dict[str, Callable[[Sequence[Card]], int]] = {
    "F7S": lambda cards: evaluate(cards),
    "F7S/8": lambda cards: evaluate(cards),
    "FR": lambda cards: -ace_five_low(cards),
    "F2L3D": lambda cards: -deuce_seven_low(cards),
    "N2L1D": lambda cards: -deuce_seven_low(cards),
    "FB": lambda cards: -badugi(cards),
}
STUD_GAMES = {"F7S": StudGame.STUD, "F7S/8": StudGame.STUD_HI_LO, "FR": StudGame.RAZZ}


def _hands(variant: str) -> dict[str, dict[str, Any]]:
    """The file's hands, read as plain TOML: the PHH reader learns these games with the core."""
    hands = tomllib.loads((FILES / CORPORA[variant]).read_text())
    assert all(history["variant"] == variant for history in hands.values())
    return hands


def _cards_and_folds(history: dict[str, Any]) -> tuple[list[list[Card]], set[int]]:
    """Each player's cards at the end (dealt, less what was discarded) and who folded."""
    players = len(history["starting_stacks"])
    cards: list[list[Card]] = [[] for _ in range(players)]
    folded: set[int] = set()
    for action in history["actions"]:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            cards[int(words[2][1:]) - 1].extend(parse_cards(words[3]))
        elif words[1] == "sd" and len(words) > 2:
            thrown = set(parse_cards(words[2]))
            player = int(words[0][1:]) - 1
            cards[player] = [c for c in cards[player] if c not in thrown]
        elif words[1] == "f":
            folded.add(int(words[0][1:]) - 1)
    return cards, folded


def _split(amount: int, winners: list[int], won: list[int]) -> int:
    """Tied winners share; an odd chip goes to the first of them from the dealer's left (the
    house's "first winner left of the button"). Returns how many odd chips there were."""
    share, odd = divmod(amount, len(winners))
    for place, player in enumerate(sorted(winners)):
        won[player] += share + (1 if place < odd else 0)
    return odd


def _our_finishing_stacks(variant: str, history: dict[str, Any]) -> tuple[list[int], int]:
    """The stacks our rankings finish the hand on, and how many odd chips a split left over (where
    PokerKit's odd-chip rule differs from the house's, by design)."""
    committed: list[int] = history["_committed"]
    cards, folded = _cards_and_folds(history)
    live = [player for player in range(len(committed)) if player not in folded]
    won = [0] * len(committed)
    odd_chips = 0
    floor = 0
    for level in sorted({committed[player] for player in live}):
        amount = sum(max(0, min(put, level) - floor) for put in committed)
        floor = level
        eligible = [player for player in live if committed[player] >= level]
        if len(eligible) == 1:
            won[eligible[0]] += amount
            continue
        keys = {player: BEST[variant](cards[player]) for player in eligible}
        high = [player for player in eligible if keys[player] == max(keys.values())]
        if variant == "F7S/8":
            lows = {player: low for player in eligible if (low := any_five_low(cards[player])) is not None}
            if lows:
                best_low = min(lows.values())
                odd_chips += (
                    amount % 2
                )  # "an odd chip from splitting the pot into halves goes to the high half"
                odd_chips += _split(amount - amount // 2, high, won)
                odd_chips += _split(
                    amount // 2, [player for player, low in lows.items() if low == best_low], won
                )
                continue
        odd_chips += _split(amount, high, won)
    stacks = [
        start - put + gain
        for start, put, gain in zip(history["starting_stacks"], committed, won, strict=True)
    ]
    return stacks, odd_chips


@pytest.mark.parametrize("variant", list(CORPORA))
def test_every_pot_goes_where_our_rankings_send_it(variant):
    """Where a split leaves an odd chip, PokerKit gives it by its own rule (the house: "to the
    high half", then "to the first winner left of the button"): there the winners must still be
    the same, so each player's stack is ours to within the odd chips and no chip is lost."""
    hands = _hands(variant)
    assert len(hands) >= 100
    differing = {}
    for name, history in hands.items():
        ours, odd_chips = _our_finishing_stacks(variant, history)
        theirs = history["finishing_stacks"]
        if odd_chips:
            assert sum(ours) == sum(theirs)
            if all(abs(a - b) <= odd_chips for a, b in zip(ours, theirs, strict=True)):
                continue
        if ours != theirs:
            differing[name] = (ours, theirs)
    assert differing == {}


@pytest.mark.parametrize("variant", list(CORPORA))
def test_the_corpus_is_worth_checking_many_hands_reach_a_showdown(variant):
    showdowns = 0
    for history in _hands(variant).values():
        _, folded = _cards_and_folds(history)
        showdowns += len(history["starting_stacks"]) - len(folded) >= 2
    assert showdowns >= 40


def test_the_stud_hi_lo_corpus_splits_some_pots_and_scoops_others():
    split = scoop = 0
    for history in _hands("F7S/8").values():
        cards, folded = _cards_and_folds(history)
        live = [p for p in range(len(cards)) if p not in folded]
        if len(live) < 2:
            continue
        if any(any_five_low(cards[p]) for p in live):
            split += 1
        else:
            scoop += 1
    assert split >= 10 and scoop >= 10, (split, scoop)


def _street_openers(history: dict[str, Any]) -> list[tuple[int, str, dict[int, list[Card]]]]:
    """For each stud street: the number of the street (3 to 7), the first player to act on it,
    and every live player's up cards then (down: the first two and the seventh)."""
    dealt: dict[int, list[Card]] = {}
    folded: set[int] = set()
    streets = []
    waiting = False
    for action in history["actions"]:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            dealt.setdefault(int(words[2][1:]) - 1, []).extend(parse_cards(words[3]))
            waiting = True
        elif waiting and words[0] != "d":
            waiting = False
            up = {
                p: [c for i, c in enumerate(cs) if i in (2, 3, 4, 5)]
                for p, cs in dealt.items()
                if p not in folded
            }
            street = max(len(cards) for p, cards in dealt.items() if p not in folded)
            streets.append((street, words[0], up))
        if len(words) > 1 and words[1] == "f":
            folded.add(int(words[0][1:]) - 1)
    return streets


@pytest.mark.parametrize("variant", list(STUD_GAMES))
def test_pokerkit_s_bring_in_and_first_to_act_are_ours(variant):
    game = STUD_GAMES[variant]
    checked = 0
    for history in _hands(variant).values():
        players = len(history["starting_stacks"])
        all_in = {p for p in range(players) if history["_committed"][p] == history["starting_stacks"][p]}
        for street, actor, up in _street_openers(history):
            if street == 3:
                expected = bring_in_seat({p: cards[:1] for p, cards in up.items()}, game)
            elif street < 7 and not all_in:  # an all-in player does not act: PokerKit skips them
                expected = first_to_act(up, button=players - 1, game=game)
            else:
                continue  # seventh street opens as sixth did (its card is down)
            assert actor == f"p{expected + 1}", (history["actions"], street)
            checked += 1
    assert checked >= 200
