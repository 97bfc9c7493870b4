"""The recap's replay of a hi-lo hand says who took each half: "Ann wins the high, 45; Ben the low
with 8-6-4-3-A, 45", from the results every viewer sees.

"the pot is split between the best high hand and the best low hand"; "If no hand qualifies for
low, the high hand wins the whole pot" (rules/beyond-holdem.md).
"""

from __future__ import annotations

from engine.config import Stakes
from engine.tests.hand_helpers import make_hand, play
from engine.views import view
from tables.views.recap import halves_sentence


def _checked_down(holes: dict[int, str], board: str):
    hand = make_hand("plo8", [1000, 1000], button=1, stakes=Stakes(5, 10), holes=holes, boards=[board])
    play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3)
    while not hand.finished:
        hand.show(hand.to_act)
    return view(hand, "public")


NAMES = {1: "Ann", 2: "Ben"}


def test_each_half_is_said_with_its_winner_and_chips_and_the_low_with_its_cards() -> None:
    public = _checked_down({1: "KhKdQcJc", 2: "Ac2cTs9s"}, "3d5h8sKs7c")
    said = halves_sentence(public["results"], NAMES)
    assert said == "Ann wins the high, 10; Ben the low with 7-5-3-2-A, 10"


def test_a_high_with_no_low_takes_the_whole_pot() -> None:
    public = _checked_down({1: "KhKdQcJc", 2: "Ac2c3s4s"}, "9dTh8sKs7c")
    assert halves_sentence(public["results"], NAMES) == "Ann wins the whole pot, no low, 20"
