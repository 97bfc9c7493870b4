"""Heads-up: "In heads-up play, the small blind is on the button", and going from three players
to two and back: in a tournament without anyone posting the big blind twice in a row (the dead
button), at a cash table with the button moving forward ("The button must move forward, and
the blinds adjust accordingly")."""

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


def test_four_to_two_at_a_cash_table_the_button_moves_on_to_the_next_player():
    """Seats 2 and 3 (the blinds) leave a four-handed cash game. "In non-tournament play, the
    button rotates one position clockwise after each deal" and "Players cannot have the button
    twice": seat 4 gets the button and, heads-up, posts the small blind."""
    state, first = play(move_button(table_with([1, 2, 3, 4]), 1))
    assert positions(first) == (1, 2, 3)
    state = leave(leave(state, 2), 3)
    _, second = play(state)
    assert positions(second) == (4, 4, 1)


def test_two_to_three_the_new_player_in_the_big_blinds_path_comes_in_on_the_big_blind():
    """Heads-up between seats 1 and 5 (button 1, big blind 5); a newcomer posts in seat 3. The
    button moves forward to 5, the small blind is the next player (1), and the big blind reaches
    the newcomer, who posts it and is in."""
    state, first = play(move_button(table_with([1, 5]), 1))
    assert positions(first) == (1, 1, 5)
    state = sit(state, 3, "new", 100, entry=Entry.POST)
    state, second = play(state)
    assert positions(second) == (5, 1, 3)
    assert dealt(second) == [1, 3, 5]
    assert posts(second) == [(1, "small_blind"), (3, "big_blind")]
    assert not state.occupant(3).owes_entry


def test_two_to_three_a_waiting_newcomer_gets_the_next_big_blind():
    """ "... or wait for the big blind to reach them": the next hand's big blind is seat 3's."""
    state, _ = play(move_button(table_with([1, 5]), 1))
    state = sit(state, 3, "new", 100, entry=Entry.WAIT)
    _, second = play(state)
    assert positions(second) == (5, 1, 3)
    assert posts(second) == [(1, "small_blind"), (3, "big_blind")]


def test_two_to_three_a_newcomer_between_the_button_and_the_small_blind_waits_for_the_button_to_pass():
    """Heads-up between seats 1 and 5, the blinds once round; a newcomer posts in seat 3. The
    button moves to seat 1 and seat 5 has the other blind, so seat 3 sits between the button
    and the small blind ("b. To let the blinds and the button pass before being dealt a hand"):
    it comes in the hand after, when the big blind reaches it."""
    state = move_button(table_with([1, 5]), 1)
    for _ in range(2):
        state, _ = play(state)
    state = sit(state, 3, "new", 100, entry=Entry.POST)
    state, third = play(state)
    assert positions(third) == (1, 1, 5)
    assert dealt(third) == [1, 5]
    _, fourth = play(state)
    assert positions(fourth) == (5, 1, 3)
    assert posts(fourth) == [(1, "small_blind"), (3, "big_blind")]


def test_with_only_two_able_to_play_a_waiting_newcomer_is_dealt_in_at_once():
    """Waiting for the big blind would leave nobody to play against, so both play and nobody owes."""
    state, _ = play(move_button(table_with([1, 2, 4]), 1))
    state = leave(leave(state, 2), 4)
    state = sit(state, 6, "new", 100, entry=Entry.WAIT)
    state, config = play(state)
    assert dealt(config) == [1, 6]
    assert not state.occupant(6).owes_entry
