"""A straddle is exactly double the big blind: an all-in for less is refused, not posted short.

House rules: "Only the player immediately to the left of the big blind (the first to act before
the flop) may straddle, and it must be exactly double the big blind."

So a player with 150 at a big blind of 100 cannot straddle all-in for 150 (which would leave
the next player facing a short all-in): they are told so, and nothing changes. A request made
while they could (a stack of 200 or more) lapses if the stack is short when the hand is dealt.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.cards import STANDARD_DECK
from engine.config import PostKind, SeatInHand, Stakes
from engine.errors import ConfigurationError, TableError
from engine.forced_bets import standard_config, straddle_amount, straddle_refusal
from engine.hand import Hand
from engine.live import LiveTable, apply, new_live_table, view
from engine.live.base import LiveOptions
from engine.table import new_table

SEED = "cd" * 32
STAKES = Stakes(small_blind=50, big_blind=100)


def _table(under_the_gun_stack: int) -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=STAKES), LiveOptions())
    for seat in range(1, 5):
        stack = under_the_gun_stack if seat == 4 else 1000
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": stack, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "move_button", "seat": 1}, now=0)
    return state


def test_the_straddle_is_exactly_double_the_big_blind():
    assert straddle_amount(STAKES) == 200
    assert straddle_refusal(STAKES, 200) is None


def test_a_player_with_150_at_a_big_blind_of_100_may_not_straddle_and_nothing_changes():
    state = _table(under_the_gun_stack=150)
    with pytest.raises(TableError, match=r"exactly double the big blind \(200\)"):
        apply(state, 4, {"type": "straddle", "on": True}, now=1)
    assert not state.table.occupant(4).straddle
    # The phone is told before the tap why the straddle is not on offer.
    assert view(state, 4)["table"]["next_hand"]["straddle_refusal"] == straddle_refusal(STAKES, 150)


def test_a_request_made_with_enough_chips_lapses_when_the_stack_is_short_at_the_deal():
    state = _table(under_the_gun_stack=1000)
    state, _ = apply(state, 4, {"type": "straddle", "on": True}, now=1)
    # The stack drops to 150 before the deal (say, the host corrected it).
    short = replace(state, table=state.table.with_seat(replace(state.table.occupant(4), stack=150)))
    dealt, _ = apply(short, "host", {"type": "start_hand", "seed": SEED}, now=2)
    assert dealt.hand is not None
    assert dealt.hand.config.straddle_seat is None
    assert not any(p.kind is PostKind.STRADDLE for p in dealt.hand.config.posts)
    # The next player faces the big blind: the minimum raise is to 200, as without a straddle.
    assert dealt.hand.to_act == 4


def _seats(under_the_gun_stack: int) -> list[SeatInHand]:
    return [SeatInHand(seat, f"p{seat}", under_the_gun_stack if seat == 4 else 1000) for seat in range(1, 5)]


def test_the_dealer_refuses_a_hand_configured_with_a_short_straddle():
    config = standard_config("nlhe", _seats(1000), button=1, stakes=STAKES, straddle=True)
    short = replace(config, seats=tuple(_seats(150)))
    with pytest.raises(ConfigurationError, match="exactly double the big blind"):
        Hand.deal(short, STANDARD_DECK)


def test_a_hand_built_with_a_short_straddler_posts_no_straddle():
    config = standard_config("nlhe", _seats(150), button=1, stakes=STAKES, straddle=True)
    assert config.straddle_seat is None
    assert [p.kind for p in config.posts] == [PostKind.SMALL_BLIND, PostKind.BIG_BLIND]
