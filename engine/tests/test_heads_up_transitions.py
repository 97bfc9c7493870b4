"""Heads-up: "In heads-up play, the small blind is on the button", and going from three players
to two and back without anyone posting the big blind twice in a row."""

from __future__ import annotations

import pytest

from engine.table import Entry, GameMode, leave, move_button, sit
from engine.tests.table_helpers import dealt, play, positions, posts, small_blind, table_with


def big_blind_player(config) -> str:
    return {s.seat: s.player for s in config.seats}[config.big_blind_seat]


def test_heads_up_the_button_posts_the_small_blind():
    """ "Heads-up, the button posts the small blind and acts first before the flop." """
    _, config = play(move_button(table_with([2, 6]), 6))
    assert posts(config) == [(6, "small_blind"), (2, "big_blind")]
    assert config.button == 6


def test_heads_up_button_and_big_blind_alternate():
    state = move_button(table_with([2, 6]), 6)
    seen = []
    for _ in range(4):
        state, config = play(state)
        seen.append(positions(config))
    assert seen == [(6, 6, 2), (2, 2, 6), (6, 6, 2), (2, 2, 6)]


@pytest.mark.parametrize(("bust", "expected"), [(3, (2, 2, 1)), (2, (3, 3, 1)), (1, (3, 3, 2))])
def test_three_to_two_nobody_posts_the_big_blind_twice_in_a_row(bust, expected):
    """A bust on the big blind, the small blind or the button: the big blind moves on to the next
    player still in, and the other player has the button and the small blind."""
    state = move_button(table_with([1, 2, 3], mode=GameMode.TOURNAMENT), 1)
    state, first = play(state, busts=[bust])
    assert positions(first) == (1, 2, 3)
    _, second = play(state)
    assert positions(second) == expected
    assert big_blind_player(second) != big_blind_player(first)
    assert small_blind(second) == second.button


def test_three_to_two_in_a_cash_game_when_a_player_leaves():
    state, first = play(move_button(table_with([1, 2, 3]), 1))
    assert positions(first) == (1, 2, 3)
    state = leave(state, 3)
    _, second = play(state)
    assert positions(second) == (2, 2, 1)


def test_four_to_two_the_big_blind_rule_comes_first_and_the_button_may_stay():
    """Seats 2 and 3 (the blinds) leave a four-handed game. Seat 4 is next for the big blind;
    giving it to seat 1 instead would let seat 4 skip it, so seat 1 keeps the button and posts the
    small blind: the heads-up rule, with nobody skipping or repeating the big blind."""
    state, first = play(move_button(table_with([1, 2, 3, 4]), 1))
    assert positions(first) == (1, 2, 3)
    state = leave(leave(state, 2), 3)
    _, second = play(state)
    assert positions(second) == (1, 1, 4)


def test_two_to_three_the_new_player_in_the_big_blinds_path_comes_in_and_the_button_moves_on():
    """Heads-up between seats 1 and 5 (button 1, big blind 5); a newcomer posts in seat 3. The big
    blind moves to 1, the small blind to 5 (last big blind), the button to the seat before it (4,
    empty: a dead button), and the newcomer posts a big blind to play."""
    state, first = play(move_button(table_with([1, 5]), 1))
    assert positions(first) == (1, 1, 5)
    state = sit(state, 3, "new", 100, entry=Entry.POST)
    _, second = play(state)
    assert positions(second) == (4, 5, 1)
    assert dealt(second) == [1, 3, 5]
    assert posts(second) == [(5, "small_blind"), (1, "big_blind"), (3, "new_player_blind")]


def test_two_to_three_a_waiting_newcomer_gets_the_next_big_blind():
    state, _ = play(move_button(table_with([1, 5]), 1))
    state = sit(state, 3, "new", 100, entry=Entry.WAIT)
    state, second = play(state)
    assert positions(second) == (5, 5, 1) and dealt(second) == [1, 5]
    _, third = play(state)
    assert positions(third) == (9, 1, 3)  # dead button in the empty seat 9
    assert posts(third) == [(1, "small_blind"), (3, "big_blind")]


def test_two_to_three_with_no_seat_between_the_heads_up_pair_the_button_stays_one_hand():
    """Heads-up between adjacent seats 1 and 2 (button 1, big blind 2), a newcomer in seat 3 is next
    for the big blind and seat 2 for the small blind. The only seat left for the button is seat 1:
    that player keeps it for this one hand rather than anyone paying the big blind twice."""
    state, _ = play(move_button(table_with([1, 2]), 1))
    state = sit(state, 3, "new", 100, entry=Entry.POST)
    state, second = play(state)
    assert positions(second) == (1, 2, 3)
    assert posts(second) == [(2, "small_blind"), (3, "big_blind")]
    _, third = play(state)
    assert positions(third) == (2, 3, 1)


def test_with_only_two_able_to_play_a_waiting_newcomer_is_dealt_in_at_once():
    """Waiting for the big blind would leave nobody to play against, so both play and nobody owes."""
    state, _ = play(move_button(table_with([1, 2, 4]), 1))
    state = leave(leave(state, 2), 4)
    state = sit(state, 6, "new", 100, entry=Entry.WAIT)
    state, config = play(state)
    assert dealt(config) == [1, 6]
    assert not state.occupant(6).owes_entry
