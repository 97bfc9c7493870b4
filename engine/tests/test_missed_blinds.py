"""Missed blinds at a cash table: sitting out, coming back, dead small blinds."""

from __future__ import annotations

import pytest

from engine.config import PostKind
from engine.errors import TableError
from engine.table import (
    Entry,
    SeatStatus,
    blinds_owed,
    finish_hand,
    plan_next_hand,
    set_stack,
    sit,
    sit_in,
    sit_out,
    start_hand,
)
from engine.tests.table_helpers import dealt, finish, play, positions, posts
from engine.tests.test_new_players import settled


def missed_both():
    """Seat 5 sits out and the big blind passes it (it goes from 3 to 7)."""
    state = sit_out(settled(), 5)
    state, first = play(state)
    state, second = play(state)
    assert positions(first) == (7, 1, 3) and positions(second) == (1, 3, 7)
    return state


def test_the_big_blind_passing_an_absent_player_records_both_blinds_missed():
    """ "If you come back after missing the big blind, you can post the big blind plus a dead
    small blind, or wait for the big blind." The table tracks it per seat."""
    s = missed_both().occupant(5)
    assert (s.missed_big_blind, s.missed_small_blind) == (True, True)


def test_returning_player_posts_the_big_blind_live_and_the_small_blind_dead():
    """ "an amount up to the size of the minimum opening bet is live, and the remainder is placed
    in the pot as 'dead money'." (Seat 5 is between the button and the small blind the first hand
    after coming back, so it comes in the hand after.)"""
    state = sit_in(missed_both(), 5, Entry.POST)
    state, between = play(state)
    assert positions(between) == (3, 7, 1) and 5 not in dealt(between)
    state, config = start_hand(state)
    mine = [(p.kind, p.amount, p.live) for p in config.posts if p.seat == 5]
    assert mine == [(PostKind.NEW_PLAYER_BLIND, 2, True), (PostKind.DEAD_SMALL_BLIND, 1, False)]
    assert not state.occupant(5).owes_entry


def test_returning_player_who_waits_comes_in_on_the_big_blind_and_owes_nothing_more():
    """ "... or waiting for the big blind." """
    state = sit_in(missed_both(), 5, Entry.WAIT)
    hands = []
    while not hands or 5 not in dealt(hands[-1]):
        state, config = play(state)
        hands.append(config)
    assert config.big_blind_seat == 5
    assert posts(config) == [(3, "small_blind"), (5, "big_blind")]
    assert not state.occupant(5).owes_entry


def test_missing_the_big_blind_twice_still_owes_one_set_of_blinds():
    state = missed_both()
    for _ in range(4):
        state, _ = play(state)
    state = sit_in(state, 5, Entry.POST)
    config = plan_next_hand(state)
    assert [p.kind for p in config.posts if p.seat == 5] == [
        PostKind.NEW_PLAYER_BLIND,
        PostKind.DEAD_SMALL_BLIND,
    ]


def test_sitting_out_after_the_big_blind_misses_only_the_small_blind_the_blinds_pass():
    """Seat 3 posts the big blind, then sits out: the button moves on to seat 1 and the blinds
    adjust to the next two players (5 and 7) ("The button must move forward, and the blinds
    adjust accordingly"). The small blind passed seat 3, the big blind did not. Coming back it
    posts "the total amount of the blinds" ("If you miss any or all blinds"): the big blind
    live and the small blind dead (test_missing_only_the_small_blind_costs_the_total_of_the_blinds)."""
    state, config = play(settled())
    assert config.big_blind_seat == 3
    state = sit_out(state, 3)
    state, after = play(state)
    assert positions(after) == (1, 5, 7)
    s = state.occupant(3)
    assert (s.missed_small_blind, s.missed_big_blind) == (True, False)
    state = sit_in(state, 3, Entry.POST)
    config = plan_next_hand(state)
    assert [(p.kind, p.live) for p in config.posts if p.seat == 3] == [
        (PostKind.NEW_PLAYER_BLIND, True),
        (PostKind.DEAD_SMALL_BLIND, False),
    ]


def test_the_host_can_sit_a_player_out_and_they_are_not_dealt_in():
    """ "the host can sit someone out" """
    state = sit_out(settled(), 7)
    assert state.occupant(7).status is SeatStatus.SITTING_OUT
    assert 7 not in dealt(plan_next_hand(state))


def test_a_player_already_out_cannot_sit_out_again_nor_an_active_one_sit_in():
    state = sit_out(settled(), 7)
    with pytest.raises(TableError, match="already sitting out"):
        sit_out(state, 7)
    with pytest.raises(TableError, match="already playing"):
        sit_in(state, 5)


def test_a_cash_player_with_no_chips_is_skipped_and_misses_blinds_until_topped_up():
    """A busted cash player keeps the seat but is not dealt in ("busted players are skipped for
    dealing"); after a top-up they come back by posting or waiting like anyone who missed blinds."""
    state, _ = start_hand(settled())  # button 7, blinds 1 and 3
    state = finish_hand(state, {1: 99, 3: 98, 5: 0, 7: 203})
    assert state.occupant(5).status is SeatStatus.BUSTED
    state, config = play(state)  # the big blind goes from 3 to 7, past seat 5
    assert 5 not in dealt(config) and config.big_blind_seat == 7
    state = set_stack(state, 5, 100)
    assert state.occupant(5).status is SeatStatus.SITTING_OUT and state.occupant(5).missed_big_blind
    with pytest.raises(TableError, match="needs chips"):
        sit_in(set_stack(state, 5, 0), 5)


def test_results_that_do_not_conserve_chips_are_refused_and_change_nothing():
    """Chips are conserved, dead blinds included: what went in the pot comes back out to someone."""
    state, _ = start_hand(settled())
    with pytest.raises(TableError, match="add up"):
        finish_hand(state, {1: 100, 3: 100, 5: 100, 7: 101})
    with pytest.raises(TableError, match="exactly the players dealt in"):
        finish_hand(state, {1: 200, 3: 200})
    assert state.current_hand is not None
    assert finish(state).current_hand is None


def test_the_table_says_which_seats_owe_blinds_and_what_they_would_post():
    state = sit(missed_both(), 8, "newcomer", 100, entry=Entry.WAIT)
    owed = {seat: [(p.kind, p.amount, p.live) for p in due] for seat, due in blinds_owed(state).items()}
    assert owed == {
        5: [(PostKind.NEW_PLAYER_BLIND, 2, True), (PostKind.DEAD_SMALL_BLIND, 1, False)],
        8: [(PostKind.NEW_PLAYER_BLIND, 2, True)],
    }
