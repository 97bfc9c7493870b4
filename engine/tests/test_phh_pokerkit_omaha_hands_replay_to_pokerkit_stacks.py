"""Hands PokerKit dealt, played and paid (engine/tests/phh/pokerkit/, made by
benchmarks/pokerkit_hands.py), replayed through this engine: the finishing stacks must be
PokerKit's, for pot-limit Omaha (PHH `PO`) and fixed-limit Omaha hi-lo eight or better (`FO/8`).

So the pots, side pots and the high and low halves are checked against another implementation:
"the pot is split between the best high hand and the best low hand"; "If no hand qualifies for
low, the high hand wins the whole pot" (rules/beyond-holdem.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.phh import hand_from_phh, hand_to_phh, replay
from engine.phh.format import dumps, loads_all

FILES = Path(__file__).resolve().parent / "phh" / "pokerkit"
CORPORA = {"PO": "pot_limit_omaha.phhs", "FO/8": "fixed_limit_omaha_hi_lo.phhs"}


def _hands(variant: str) -> dict[str, dict]:
    return loads_all((FILES / CORPORA[variant]).read_text())


@pytest.mark.parametrize("variant", list(CORPORA))
def test_every_pokerkit_hand_replays_to_pokerkit_s_finishing_stacks(variant):
    hands = _hands(variant)
    assert len(hands) >= 100
    differing = {}
    for name, history in hands.items():
        assert history["variant"] == variant
        stacks = replay(dumps(history))
        if stacks != history["finishing_stacks"]:
            differing[name] = (stacks, history["finishing_stacks"])
    assert differing == {}


def test_the_hi_lo_corpus_splits_pots_both_ways_and_scoops_some():
    """The corpus is worth replaying: it has pots split high and low, and pots scooped because
    no low qualified."""
    halves = {"split": 0, "scoop": 0}
    for history in _hands("FO/8").values():
        hand = hand_from_phh(dumps(history))
        if any(award.half == "low" for award in hand.awards):
            halves["split"] += 1
        if any(award.scoop for award in hand.awards):
            halves["scoop"] += 1
    assert halves["split"] >= 10 and halves["scoop"] >= 10, halves


def test_a_pokerkit_hand_written_again_by_this_engine_replays_the_same():
    for variant in CORPORA:
        for history in list(_hands(variant).values())[:40]:
            hand = hand_from_phh(dumps(history))
            written = hand_to_phh(hand)
            assert replay(written) == history["finishing_stacks"]
            assert f'variant = "{variant}"' in written
