"""The raise panel's quick sizes (static/js/table/amounts.js), fed the engine's own view.

"A raise must be at least the size of the biggest bet or raise so far in that round. If your whole
stack is less than that, your only raise is all-in.": then the one quick size says All-in, not Min.
"""

from __future__ import annotations

from typing import Any

from engine.tests.hand_helpers import make_hand, play
from engine.views import view
from tables.tests.page_scripts import run_page_script

# Reads a hand view on stdin and prints the quick sizes the raise panel would offer.
SCRIPT = """
import { readFileSync } from "node:fs";
const { quickSizes } = await import(process.argv[1]);
const hand = JSON.parse(readFileSync(0, "utf8"));
const me = hand.seats.find((s) => s.seat === hand.to_act);
const table = { pot: hand.pot, betsTotal: hand.bets_total, currentBet: hand.current_bet, myBet: me.bet };
console.log(JSON.stringify(quickSizes(hand.legal_actions.actions.raise, table)));
"""


def _quick_sizes(hand_view: dict[str, Any]) -> list[dict[str, Any]]:
    return run_page_script("table/amounts.js", SCRIPT, hand_view)


def test_when_the_least_raise_is_the_whole_stack_the_one_size_says_all_in() -> None:
    # Blinds 50/100; a raise to 400 leaves the small blind's 450 short of the least raise (700).
    hand = make_hand("nlhe", [1000, 450, 1000])
    play(hand, f"{hand.to_act} raise 400")
    sizes = _quick_sizes(view(hand, hand.to_act))
    assert sizes == [{"label": "All-in", "to": 450}]


def test_a_deep_stack_is_offered_the_least_raise_the_pot_sizes_and_all_in() -> None:
    hand = make_hand("nlhe", [10_000, 10_000, 10_000])
    play(hand, f"{hand.to_act} raise 300")
    sizes = _quick_sizes(view(hand, hand.to_act))
    assert [s["label"] for s in sizes] == ["Min", "\u00bd pot", "\u00be pot", "Pot", "All-in"]
    assert sizes[0]["to"] == 500 and sizes[-1]["to"] == 10_000
