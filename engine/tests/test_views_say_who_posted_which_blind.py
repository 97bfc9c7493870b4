"""The hand view says who posted which blind, so a screen never reads it from `last_action` text.

"Small Blind: one seat left of the button ... Big Blind: two seats left." A straddle is "a
voluntary blind bet made by the player immediately left of the big blind".
"""

from __future__ import annotations

from engine.cards import STANDARD_DECK
from engine.config import SeatInHand, Stakes
from engine.forced_bets import standard_config
from engine.hand import Hand
from engine.views import HOST, PUBLIC, view


def seats(*stacks: int) -> list[SeatInHand]:
    return [SeatInHand(n, str(n), stack) for n, stack in enumerate(stacks, 1)]


def test_the_view_lists_each_blind_straddle_and_ante_with_its_seat_and_amount():
    config = standard_config(
        "nlhe", seats(500, 500, 500, 500), button=1, stakes=Stakes(5, 10, ante=1), straddle=True
    )
    hand = Hand.deal(config, STANDARD_DECK)
    blinds = [(p["seat"], p["kind"], p["amount"]) for p in view(hand, PUBLIC)["posts"] if p["kind"] != "ante"]
    assert blinds == [(2, "small_blind", 5), (3, "big_blind", 10), (4, "straddle", 20)]
    antes = [p["seat"] for p in view(hand, 2)["posts"] if p["kind"] == "ante"]
    assert sorted(antes) == [1, 2, 3, 4]


def test_a_short_stack_is_listed_with_what_it_actually_posted():
    hand = Hand.deal(
        standard_config("nlhe", seats(500, 3, 500), button=1, stakes=Stakes(5, 10)), STANDARD_DECK
    )
    assert view(hand, HOST)["posts"][0] == {"seat": 2, "kind": "small_blind", "amount": 3}


def test_the_posts_stay_in_the_view_after_the_first_betting_round():
    hand = Hand.deal(
        standard_config("nlhe", seats(500, 500, 500), button=1, stakes=Stakes(5, 10)), STANDARD_DECK
    )
    for seat in (1, 2):
        hand.call(seat)
    hand.check(3)
    assert view(hand, 1)["street"] == "flop"
    assert [p["kind"] for p in view(hand, 1)["posts"]] == ["small_blind", "big_blind"]
