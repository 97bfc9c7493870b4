"""The button and the blinds from hand to hand at a cash table."""

from __future__ import annotations

import pytest

from engine.config import PostKind, Stakes
from engine.errors import ConfigurationError, TableError
from engine.table import (
    TableOptions,
    TableState,
    leave,
    move_button,
    plan_next_hand,
    set_game,
    set_straddle,
    sit_out,
    start_hand,
)
from engine.tests.table_helpers import dealt, play, positions, posts, table_with


def test_first_hand_blinds_are_the_two_players_left_of_the_button():
    """ "The small blind is posted by the player immediately clockwise from the button, and the
    big blind is posted by the player two positions clockwise from the button." """
    state = move_button(table_with([2, 4, 7, 9]), 4)
    assert positions(plan_next_hand(state)) == (4, 7, 9)


def test_button_moves_one_player_clockwise_after_every_hand():
    """ "The dealer button ... rotates one seat clockwise after every hand" (empty seats are
    skipped: seats 3, 5, 6 and 8 are empty)."""
    state = move_button(table_with([1, 2, 4, 7, 9]), 1)
    seen = []
    for _ in range(6):
        state, config = play(state)
        seen.append(positions(config))
    assert seen == [(1, 2, 4), (2, 4, 7), (4, 7, 9), (7, 9, 1), (9, 1, 2), (1, 2, 4)]


def test_button_wraps_from_the_last_seat_to_the_first():
    state = move_button(table_with([1, 5, 9]), 9)
    state, first = play(state)
    assert positions(first) == (9, 1, 5)
    _, second = play(state)
    assert positions(second) == (1, 5, 9)


def test_sitting_out_player_is_skipped_for_dealing_and_the_big_blind():
    """ "empty seats, sitting-out players and busted players are skipped for dealing": the big
    blind moves on to the next player who is playing."""
    state, _ = play(move_button(table_with([1, 2, 3, 4, 5]), 1))  # button 1, blinds 2 and 3
    state = sit_out(state, 4)
    state, config = play(state)
    assert 4 not in dealt(config)
    assert positions(config) == (2, 3, 5)


def five_players_after_an_orbit() -> TableState:
    """Seats 1-5 once the button has been round them all; the last hand was button 1, blinds 2
    and 3 (a round is from one button to the next, so every player has had one)."""
    state = move_button(table_with([1, 2, 3, 4, 5]), 2)
    for _ in range(5):
        state, config = play(state)
    assert positions(config) == (1, 2, 3)
    return state


def test_a_player_leaving_from_the_big_blind_moves_the_button_on_and_the_skipped_big_blind_is_owed():
    """ "In non-tournament play, the button rotates one position clockwise after each deal. The
    button must move forward, and the blinds adjust accordingly." Seat 3 posted the big blind and
    left: the button goes to seat 2, the next player, and the blinds to the next two players (4
    and 5). Seat 4 skipped the big blind, and "players must meet the total amount of the blind
    obligations for every round they play": it posts it, live, on the button next hand."""
    state = leave(five_players_after_an_orbit(), 3)
    state, config = play(state)
    assert positions(config) == (2, 4, 5)
    assert posts(config) == [(4, "small_blind"), (5, "big_blind")]
    _, after = play(state)
    assert positions(after) == (4, 5, 1)
    assert posts(after) == [(5, "small_blind"), (1, "big_blind"), (4, "new_player_blind")]


def test_a_player_leaving_from_the_small_blind_gives_the_last_big_blind_the_button_and_a_dead_small_blind():
    """Seat 2 posted the small blind and left: the button moves forward one player, to seat 3 (the
    last big blind, which so skips the small blind), and the blinds adjust (seats 4 and 5). Seat
    3's round ends on this button without a small blind: it posts one there, dead."""
    state = leave(five_players_after_an_orbit(), 2)
    _, config = play(state)
    assert positions(config) == (3, 4, 5)
    assert posts(config) == [(4, "small_blind"), (5, "big_blind"), (3, "dead_small_blind")]


def test_at_a_cash_table_the_button_never_stays_when_both_blinds_bust():
    """ "Players cannot have the button twice." Seats 1-4, button on 1; both blinds bust: the
    button moves to seat 4, which heads-up posts the small blind."""
    state, _ = play(move_button(table_with([1, 2, 3, 4]), 1), busts=[2, 3])
    _, config = play(state)
    assert positions(config) == (4, 4, 1)


def test_host_moves_the_button_between_hands_and_the_blinds_follow():
    """The host's call: the button goes where the host puts it, the blinds are the next two players."""
    state, _ = play(move_button(table_with([1, 2, 3, 4]), 1))
    state = move_button(state, 3)
    assert positions(plan_next_hand(state)) == (3, 4, 1)


def test_host_cannot_put_the_button_on_an_empty_or_sitting_out_seat():
    state = sit_out(table_with([1, 2, 3, 4]), 2)
    for seat in (2, 5):
        with pytest.raises(TableError):
            move_button(state, seat)


def test_host_cannot_move_the_button_during_a_hand():
    state, _ = start_hand(table_with([1, 2, 3]))
    with pytest.raises(TableError, match="between hands"):
        move_button(state, 2)


def test_antes_are_dead_and_posted_by_everyone_dealt_in():
    """ "Some tables also use an ante." Antes go to the pot; they are not part of a bet."""
    state = set_game(table_with([1, 2, 3]), "nlhe", Stakes(small_blind=1, big_blind=2, ante=1))
    config = plan_next_hand(state)
    antes = [p for p in config.posts if p.kind is PostKind.ANTE]
    assert [(p.seat, p.amount, p.live) for p in antes] == [(1, 1, False), (2, 1, False), (3, 1, False)]


def test_straddle_is_posted_by_the_player_left_of_the_big_blind_who_asked_for_it():
    """ "Only the player immediately to the left of the big blind ... may straddle, and it must be
    exactly double the big blind." """
    state = move_button(table_with([1, 2, 3, 4]), 1)
    state = set_straddle(set_straddle(state, 4, True), 3, True)  # seat 3 is the big blind
    config = plan_next_hand(state)
    assert posts(config) == [(2, "small_blind"), (3, "big_blind"), (4, "straddle")]
    assert config.straddle_seat == 4
    assert next(p.amount for p in config.posts if p.kind is PostKind.STRADDLE) == 4


def test_no_straddle_where_the_table_does_not_allow_it():
    """ "6. No live 'straddle' bets are allowed." (the casino rule; a table option here)."""
    state = table_with([1, 2, 3, 4], options=TableOptions(straddle_allowed=False))
    with pytest.raises(TableError, match="straddle"):
        set_straddle(state, 4, True)


def test_no_straddle_heads_up():
    state = set_straddle(move_button(table_with([1, 2]), 1), 1, True)
    config = plan_next_hand(state)
    assert config.straddle_seat is None


@pytest.mark.parametrize("game", ["bomb_pot", "plo_bomb_double", "plo5_bomb"])
def test_bomb_pot_tables_post_the_ante_for_everyone_and_still_move_the_button(game):
    """ "Every player dealt in posts the same ante. There are no blinds." """
    state = set_game(move_button(table_with([1, 3, 5]), 1), game, Stakes(bomb_ante=5))
    state, config = play(state)
    assert [(p.seat, p.kind, p.amount, p.live) for p in config.posts] == [
        (seat, PostKind.BOMB_ANTE, 5, False) for seat in (1, 3, 5)
    ]
    assert config.big_blind_seat is None and config.button == 1
    _, after = play(state)
    assert after.button == 3


def test_blind_holdem_everyone_puts_in_the_fixed_stake():
    """ "Before the deal, every player puts the same agreed fixed stake into the pot. There are no
    blinds, antes, bets, calls or raises beyond this stake." """
    state = set_game(table_with([2, 4, 6, 8]), "blind_holdem", Stakes(fixed_stake=10))
    config = plan_next_hand(state)
    assert {(p.kind, p.amount) for p in config.posts} == {(PostKind.FIXED_STAKE, 10)}
    assert dealt(config) == [p.seat for p in config.posts]


def test_crazy_blind_man_uses_blinds():
    """ "A small blind and a big blind are posted by the two players to the left of the button." """
    state = set_game(move_button(table_with([1, 2, 3]), 1), "crazy_blind_man", Stakes(1, 2))
    assert posts(plan_next_hand(state)) == [(2, "small_blind"), (3, "big_blind")]


def test_stakes_that_cannot_start_a_hand_are_refused_and_nothing_changes():
    state = table_with([1, 2, 3])
    for game, stakes in [("nlhe", Stakes(small_blind=0, big_blind=2)), ("bomb_pot", Stakes(1, 2)),
                         ("blind_holdem", Stakes(1, 2)), ("nlhe", Stakes(small_blind=5, big_blind=2)),
                         ("no_such_game", Stakes(1, 2))]:  # fmt: skip
        with pytest.raises(ConfigurationError):
            set_game(state, game, stakes)
    assert state.stakes == Stakes(small_blind=1, big_blind=2)


def test_a_hand_needs_two_players():
    with pytest.raises(TableError, match="two players"):
        plan_next_hand(table_with([4]))
