"""The table state as the app stores it (JSON), and what may change while a hand is played."""

from __future__ import annotations

import json

import pytest

from engine.config import Stakes
from engine.errors import ConfigurationError, TableError
from engine.table import (
    Entry,
    GameMode,
    TableState,
    change_seat,
    leave,
    move_button,
    new_table,
    plan_next_hand,
    set_stack,
    sit,
    sit_out,
    start_hand,
)
from engine.tests.table_helpers import dealt, finish, play, table_with


def test_state_survives_a_json_round_trip_mid_hand_and_after_busts():
    state = move_button(table_with([1, 2, 3, 4], mode=GameMode.TOURNAMENT), 2)
    state, _ = play(state, busts=[3])
    state = sit_out(state, 1)
    state, _ = start_hand(state, Stakes(small_blind=10, big_blind=20, ante=2))
    text = json.dumps(state.to_json())
    again = TableState.from_json(json.loads(text))
    assert again == state
    assert again.current_hand is not None and again.finishes[0].player == "p3"


def test_cash_debts_survive_a_json_round_trip():
    state, _ = play(table_with([1, 3, 5, 7]))
    state = sit(state, 4, "late", 100, entry=Entry.WAIT)
    state = sit_out(state, 7)
    again = TableState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.occupant(4).waiting_for_big_blind


def test_planning_a_hand_changes_nothing():
    state = table_with([1, 2, 3])
    plan_next_hand(state)
    assert state.hand_count == 0 and state.current_hand is None


def test_a_player_leaving_during_a_hand_keeps_the_seat_until_it_finishes():
    state, _ = start_hand(table_with([1, 2, 3]))
    state = leave(state, 2)
    assert state.occupant(2).leaving
    with pytest.raises(TableError, match="already leaving"):
        leave(state, 2)
    state = finish(state)
    assert state.seat(2) is None


def test_a_player_sitting_down_during_a_hand_is_dealt_in_from_a_later_hand():
    state, _ = start_hand(table_with([1, 2, 3]))
    state = sit(state, 5, "late", 100, entry=Entry.POST)
    assert 5 not in dealt(state.current_hand)
    state = finish(state)
    assert 5 in dealt(plan_next_hand(state))


def test_stacks_seats_and_the_button_of_players_in_the_hand_wait_until_it_is_over():
    state, _ = start_hand(table_with([1, 2, 3]))
    with pytest.raises(TableError, match="after it"):
        set_stack(state, 2, 500)
    with pytest.raises(TableError, match="between hands"):
        change_seat(state, 2, 6)
    with pytest.raises(TableError, match="in progress"):
        start_hand(state)


def test_finishing_without_a_hand_is_refused():
    from engine.table import finish_hand

    with pytest.raises(TableError, match="No hand"):
        finish_hand(table_with([1, 2]), {1: 100, 2: 100})


def test_tables_have_two_to_twenty_three_seats():
    """Blind Hold'em: "a single deck is enough for up to 23 players"."""
    assert new_table(max_seats=23, stakes=Stakes(fixed_stake=5), game="blind_holdem").max_seats == 23
    for seats in (1, 24):
        with pytest.raises(ConfigurationError):
            new_table(max_seats=seats, stakes=Stakes(1, 2))


def test_host_stack_changes_are_validated_and_a_refusal_changes_nothing():
    """The host can set stacks between hands; the engine validates the result."""
    state = table_with([1, 2, 3])
    for bad in (-5, 2.5, "100"):
        with pytest.raises(TableError, match="whole number"):
            set_stack(state, 2, bad)
    with pytest.raises(TableError, match="empty"):
        set_stack(state, 6, 100)
    assert state.occupant(2).stack == 100
    assert set_stack(state, 2, 250).occupant(2).stack == 250
