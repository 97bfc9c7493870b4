"""New players at a cash table: post or wait, the opening round, seat changes, higher-limit options."""

from __future__ import annotations

import pytest

from engine.config import PostKind
from engine.errors import TableError
from engine.table import (
    Entry,
    TableOptions,
    TableState,
    change_seat,
    move_button,
    plan_next_hand,
    sit,
    start_hand,
)
from engine.tests.table_helpers import dealt, play, positions, posts, table_with


def settled(options: TableOptions | None = None) -> TableState:
    """Players in 1, 3, 5 and 7 of 9 seats after the blinds have been all the way round.
    The next hand has the button on 7 and the blinds on 1 and 3."""
    state = move_button(table_with([1, 3, 5, 7], options=options), 1)
    for _ in range(3):
        state, _ = play(state)
    assert state.opening_done and positions(plan_next_hand(state)) == (7, 1, 3)
    return state


def test_new_player_who_posts_is_dealt_in_at_once_with_a_live_big_blind():
    """ "In cash games, a new player can post a big blind to be dealt in straight away." """
    state = sit(settled(), 4, "newcomer", 100, entry=Entry.POST)
    config = plan_next_hand(state)
    assert 4 in dealt(config)
    assert posts(config) == [(1, "small_blind"), (3, "big_blind"), (4, "new_player_blind")]
    entry = next(p for p in config.posts if p.seat == 4)
    assert (entry.amount, entry.live) == (2, True)


def test_new_player_who_waits_is_dealt_in_when_the_big_blind_reaches_them():
    """ "... or wait for the big blind to reach them." """
    state = sit(settled(), 4, "newcomer", 100, entry=Entry.WAIT)
    state, first = play(state)
    assert 4 not in dealt(first)
    state, second = play(state)
    assert positions(second) == (1, 3, 4)
    assert posts(second) == [(3, "small_blind"), (4, "big_blind")]
    assert not state.occupant(4).owes_entry


def test_new_player_between_the_button_and_the_small_blind_waits_for_the_button_to_pass():
    """ "b. To let the blinds and the button pass before being dealt a hand." Buying in between
    the button and the small blind is only offered at higher-limit tables."""
    state = sit(settled(), 9, "newcomer", 100, entry=Entry.POST)
    state, first = play(state)
    assert positions(first) == (7, 1, 3) and 9 not in dealt(first)
    _, second = play(state)
    assert (9, "new_player_blind") in posts(second)


def test_at_higher_limit_tables_a_new_player_may_post_in_any_position():
    """ "$15-$30 limit and higher • a. Posting in any position" """
    state = sit(settled(TableOptions(higher_limit=True)), 9, "newcomer", 100, entry=Entry.POST)
    config = plan_next_hand(state)
    assert 9 in dealt(config) and (9, "new_player_blind") in posts(config)
    assert config.button == 7


def test_at_higher_limit_tables_a_new_player_may_buy_the_button():
    """ "b. Buy the button: Post both blinds in between the button and the small blind". The big
    blind is live and the small blind dead, and the buyer has the button for the hand."""
    state = sit(settled(TableOptions(higher_limit=True)), 9, "newcomer", 100, entry=Entry.BUY_BUTTON)
    state, config = start_hand(state)
    assert config.button == 9
    mine = [(p.kind, p.amount, p.live) for p in config.posts if p.seat == 9]
    assert mine == [(PostKind.NEW_PLAYER_BLIND, 2, True), (PostKind.DEAD_SMALL_BLIND, 1, False)]
    assert state.occupant(9).owes_entry is False


def test_buying_the_button_is_refused_at_ordinary_tables():
    state = settled()
    with pytest.raises(TableError, match="higher-limit"):
        sit(state, 9, "newcomer", 100, entry=Entry.BUY_BUTTON)
    assert state.seat(9) is None


def test_when_a_game_starts_a_new_player_does_not_post_in_a_seat_no_blind_has_passed():
    """ "When a game starts, a new player will not be required to post a blind until the button
    has made one complete revolution around the table, provided a blind has not yet passed that
    seat." After the first hand (button 1, blinds 3 and 5), seat 8 has not been passed."""
    state, _ = play(move_button(table_with([1, 3, 5, 7]), 1))
    state = sit(state, 8, "early", 100, entry=Entry.WAIT)
    assert not state.occupant(8).owes_entry
    config = plan_next_hand(state)
    assert positions(config) == (3, 5, 7)
    assert 8 in dealt(config)
    assert all(p.seat != 8 for p in config.posts)


def test_when_a_game_starts_a_seat_the_blinds_have_passed_costs_a_new_players_blind():
    state, _ = play(move_button(table_with([1, 3, 5, 7]), 1))  # the blinds were on 3 and 5
    state = sit(state, 4, "late", 100, entry=Entry.WAIT)
    assert state.occupant(4).new_player and state.occupant(4).waiting_for_big_blind


def test_everyone_seated_before_the_first_hand_is_in_the_game():
    """ "a player who drew for the button is considered active in the game" """
    state = table_with([1, 2, 3, 4])
    assert not any(s.owes_entry for s in state.seats)
    assert dealt(plan_next_hand(state)) == [1, 2, 3, 4]


def test_changing_to_a_seat_the_big_blind_reaches_sooner_is_free():
    """ "A player may also change seats without penalty provided a blind has not yet passed the
    new seat." The last big blind was seat 1; seat 7 moves to seat 2, which it reaches first."""
    state = change_seat(settled(), 7, 2)
    assert not state.occupant(2).owes_entry
    assert state.seat(7) is None


def test_changing_to_a_seat_the_blinds_have_just_passed_makes_a_new_player():
    """Seat 3 is due the big blind next hand; moving behind the button to seat 8 would dodge it."""
    state = change_seat(settled(), 3, 8, entry=Entry.WAIT)
    moved = state.occupant(8)
    assert moved.new_player and moved.waiting_for_big_blind
    assert 8 not in dealt(plan_next_hand(state))


@pytest.mark.parametrize(
    ("seat", "player", "stack", "message"),
    [
        (3, "x", 100, "taken"),
        (10, "x", 100, "no seat 10"),
        ("2", "x", 100, "no seat 2"),
        (2, "p1", 100, "already seated"),
        (2, "x", 0, "above zero"),
    ],
)
def test_bad_sit_requests_are_refused_and_change_nothing(seat, player, stack, message):
    state = table_with([1, 3])
    with pytest.raises(TableError, match=message):
        sit(state, seat, player, stack)
    assert [s.seat for s in state.seats] == [1, 3]
