"""A misdeal's re-deal is the same deal with a new shuffle.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
The re-deal has the voided hand's button, blinds, posts, straddle and players, and its
number; only the shuffle is new. The history says the hand was voided and re-dealt.
"""

from __future__ import annotations

from dataclasses import replace

from engine import live
from engine.config import HandConfig, PostKind
from engine.table import Entry, GameMode, TableState, move_button, sit, sit_out
from engine.tests.table_helpers import play, positions, table_with

SEED_A = "11" * 32
SEED_B = "22" * 32


def _deal(table: TableState) -> live.LiveTable:
    state = live.new_live_table(table)
    state, _ = live.apply(state, "host", {"type": "start_hand", "seed": SEED_A}, now=0)
    return state


def _misdeal_and_redeal(state: live.LiveTable) -> tuple[live.LiveTable, list[dict], list[dict]]:
    state, voided = live.apply(state, "host", {"type": "misdeal", "reason": "cards flashed"}, now=10)
    state, dealt = live.apply(state, "host", {"type": "start_hand", "seed": SEED_B}, now=11)
    return state, voided, dealt


def _same_deal(first: HandConfig, again: HandConfig) -> None:
    assert (again.button, again.posts, again.straddle_seat) == (
        first.button,
        first.posts,
        first.straddle_seat,
    )
    assert (again.seats, again.hand_number, again.stakes) == (first.seats, first.hand_number, first.stakes)


def test_a_dead_small_blind_stays_dead_in_the_re_deal():
    """Tournament, the big blind busted the hand before: the voided hand had a dead small blind
    ("re-dealt from scratch": the re-deal has the same one)."""
    table = move_button(table_with([1, 2, 3, 4], mode=GameMode.TOURNAMENT), 1)
    table, _ = play(table, busts=[3])  # button 1, blinds 2 and 3: the big blind busts
    state = _deal(table)
    first = state.hand.config
    assert positions(first) == (2, None, 4)  # the small blind (seat 3) is dead
    state, _, _ = _misdeal_and_redeal(state)
    _same_deal(first, state.hand.config)


def test_a_new_player_who_posted_in_the_voided_hand_posts_again_in_the_re_deal():
    """ "re-dealt from scratch": the post belonged to the voided hand; nobody gets a free hand."""
    table = move_button(table_with([1, 3, 5, 7]), 1)
    for _ in range(3):
        table, _ = play(table)
    table = sit(table, 4, "newcomer", 100, entry=Entry.POST)
    state = _deal(table)
    first = state.hand.config
    assert any(p.seat == 4 and p.kind is PostKind.NEW_PLAYER_BLIND for p in first.posts)
    state, _, _ = _misdeal_and_redeal(state)
    _same_deal(first, state.hand.config)
    assert state.hand.seat(4).stack == 98


def test_the_re_deal_keeps_the_hand_number_and_the_history_says_it_was_voided_and_re_dealt():
    state = _deal(table_with([1, 2, 3, 4]))
    first = state.hand.config
    cards = [s.hole for s in state.hand.seats]
    state, voided, dealt = _misdeal_and_redeal(state)
    assert state.table.hand_count == first.hand_number == 1
    assert {"type": "table.misdeal", "hand_number": 1, "redealt": True} in voided
    started = dealt[0]
    assert (started["type"], started["hand_number"], started["redeal"]) == ("table.hand_started", 1, True)
    assert [s.hole for s in state.hand.seats] != cards  # a fresh shuffle
    _same_deal(first, state.hand.config)


def test_a_re_deal_the_table_cannot_make_any_more_is_planned_afresh():
    """A player of the voided hand has sat out before the re-deal: the next hand is a new one."""
    state = _deal(table_with([1, 2, 3, 4]))
    state, _ = live.apply(state, "host", {"type": "misdeal", "reason": "cards flashed"}, now=10)
    state = replace(state, table=sit_out(state.table, 4))
    state, dealt = live.apply(state, "host", {"type": "start_hand", "seed": SEED_B}, now=11)
    assert 4 not in [s.seat for s in state.hand.config.seats]
    assert dealt[0]["hand_number"] == 2 and not dealt[0].get("redeal")
