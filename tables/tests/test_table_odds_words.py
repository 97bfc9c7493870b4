"""The table page's all-in odds words (static/js/table/odds.js), fed the engine's own view.

Task text: the table may show "the board and each player's odds ... as on television; never
any hidden card", with "All-in on the flop" above the board, in plain text.
"""

from __future__ import annotations

from typing import Any

from engine.tests.hand_helpers import make_hand, play
from engine.views import view
from tables.tests.page_scripts import run_page_script

# Reads a hand view on stdin and prints what the page would write, without a DOM.
SCRIPT = """
import { readFileSync } from "node:fs";
const { readOdds, oddsHeadline, oddsWords, oddsSentence, percent } = await import(process.argv[1]);
const hand = JSON.parse(readFileSync(0, "utf8"));
const odds = readOdds(hand);
const seats = hand.seats.map((s) => ({ seat: s.seat, name: s.name, isMe: false }));
console.log(JSON.stringify(odds && {
  headline: oddsHeadline(odds),
  seats: Object.fromEntries(odds.players.map((p) => [p.seat, oddsWords(p)])),
  sentence: oddsSentence(odds, seats),
  edges: [percent(0.001), percent(0.999), percent(0), percent(1)],
}));
"""


def _page_words(hand_view: dict[str, Any]) -> Any:
    return run_page_script("table/odds.js", SCRIPT, hand_view)


def test_an_all_in_on_the_flop_is_written_above_the_board_and_beside_each_seat() -> None:
    hand = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"}, boards=["Kd7c2s"])
    play(hand, "1 call", "2 check", "2 bet 900", "1 call")
    words = _page_words(view(hand, "public"))
    assert words["headline"] == "All-in on the flop"
    # Aces need one of the two aces left (or a 3-4 for the wheel): 85 of the 990 turn-river pairs.
    assert words["seats"]["1"] == "9% to win"
    assert words["seats"]["2"] == "91% to win"
    assert words["sentence"] == "All-in on the flop: P1 9% to win; P2 91% to win."
    assert words["edges"] == ["<1%", ">99%", "0%", "100%"]


def test_a_view_without_an_all_in_writes_no_odds() -> None:
    hand = make_hand("nlhe", [1000, 1000], holes={1: "AsAh", 2: "KsKh"})
    play(hand, "1 raise 300")
    assert _page_words(view(hand, "public")) is None
