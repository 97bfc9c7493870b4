"""Tournament blinds: the big blind moves one seat a hand, dead small blinds and dead buttons,
away players, the level's stakes, and finishing places."""

from __future__ import annotations

import pytest

from engine.config import PostKind, Stakes
from engine.errors import TableError
from engine.table import (
    GameMode,
    SeatStatus,
    finish_hand,
    move_button,
    set_stack,
    sit_in,
    sit_out,
    start_hand,
)
from engine.tests.table_helpers import dealt, finish, play, positions, posts, table_with


def six_handed():
    """Six players in seats 1-6; the first hand has the button on 1 and the blinds on 2 and 3."""
    return move_button(table_with(range(1, 7), mode=GameMode.TOURNAMENT), 1)


def after_busts(busts, hands=3):
    """Positions (button, small blind poster or None, big blind) of the first `hands` hands when
    `busts` go out in the first one."""
    state, first = play(six_handed(), busts=busts)
    seen = [positions(first)]
    for _ in range(hands - 1):
        state, config = play(state)
        seen.append(positions(config))
    return seen


def test_without_busts_button_and_blinds_move_one_seat_a_hand():
    assert after_busts([], hands=4) == [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]


def test_bust_on_the_big_blind_gives_a_dead_small_blind_then_a_dead_button():
    """ "The big blind moves forward exactly one seat each hand": seat 4 posts it next, nobody
    posts the small blind in the busted seat 3, and the hand after the button is on seat 3, empty."""
    assert after_busts([3]) == [(1, 2, 3), (2, None, 4), (3, 4, 5)]


def test_bust_on_the_small_blind_gives_a_dead_button():
    assert after_busts([2]) == [(1, 2, 3), (2, 3, 4), (3, 4, 5)]
    state, _ = play(six_handed(), busts=[2])
    _, second = play(state)
    assert second.button == 2 and 2 not in dealt(second)


def test_bust_on_the_button_changes_nothing_for_the_others():
    assert after_busts([1]) == [(1, 2, 3), (2, 3, 4), (3, 4, 5)]


def test_bust_elsewhere_moves_the_big_blind_to_the_next_player_still_in():
    assert after_busts([5], hands=4) == [(1, 2, 3), (2, 3, 4), (3, 4, 6), (4, 6, 1)]


def test_small_and_big_blind_busting_together():
    """Both blinds out: a dead small blind and a dead button in the next hand, a dead button after."""
    assert after_busts([2, 3]) == [(1, 2, 3), (2, None, 4), (3, 4, 5)]


def test_big_blind_and_the_next_player_busting_together():
    assert after_busts([3, 4]) == [(1, 2, 3), (2, None, 5), (3, 5, 6)]


def test_button_and_both_blinds_busting_together():
    assert after_busts([1, 2, 3]) == [(1, 2, 3), (2, None, 4), (3, 4, 5)]


def test_nobody_pays_the_big_blind_twice_or_skips_it_whatever_busts():
    """Eight busts in different positions over twenty hands: the big blind visits each player
    still in once per orbit, in seat order."""
    state = move_button(table_with(range(1, 10), mode=GameMode.TOURNAMENT), 1)
    bust_plan = {2: [4], 4: [7, 8], 6: [1], 9: [3], 12: [9], 15: [2]}
    big_blinds = []
    for hand in range(1, 21):
        state, config = play(state, busts=bust_plan.get(hand, []))
        if big_blinds:  # the first player still in clockwise after the last big blind
            in_order = sorted(dealt(config), key=lambda seat: (seat - big_blinds[-1] - 1) % 9)
            assert config.big_blind_seat == in_order[0]
        big_blinds.append(config.big_blind_seat)
    assert big_blinds[:10] == [3, 4, 5, 6, 9, 1, 2, 3, 5, 6]


def test_an_away_player_is_still_dealt_in_and_posts():
    """Tournaments: no sitting out to dodge the blinds; the absent player is marked away so the app
    can fold their hand."""
    state = sit_out(six_handed(), 3)
    assert state.occupant(3).status is SeatStatus.AWAY
    state, config = start_hand(state)
    assert 3 in dealt(config) and (3, "big_blind") in posts(config)
    state = sit_in(finish(state), 3)
    assert state.occupant(3).status is SeatStatus.ACTIVE


def test_stakes_come_from_the_level_in_force_when_the_hand_starts():
    """ "Blind levels rise on a fixed timer": the caller passes the level's stakes to each hand."""
    level = Stakes(small_blind=50, big_blind=100, ante=10)
    _, config = start_hand(six_handed(), level)
    assert config.stakes == level
    assert [(p.kind, p.amount) for p in config.posts if p.seat == 3] == [
        (PostKind.ANTE, 10),
        (PostKind.BIG_BLIND, 100),
    ]


def test_players_busting_in_the_same_hand_are_placed_by_their_starting_stacks():
    """ "Bust out of chips and you're out": the one who started the hand with more chips finishes
    higher; equal stacks share the place."""
    state = six_handed()
    for seat, chips in [(2, 50), (3, 80), (4, 80), (5, 120)]:
        state = set_stack(state, seat, chips)
    state, _ = play(state, busts=[2, 3, 4])
    assert [(f.player, f.place, f.shared_by) for f in state.finishes] == [
        ("p3", 4, 2),
        ("p4", 4, 2),
        ("p2", 6, 1),
    ]
    assert [s.seat for s in state.seats] == [1, 5, 6]


def test_the_last_player_standing_finishes_first():
    state, _ = play(move_button(table_with([2, 5], mode=GameMode.TOURNAMENT), 2), busts=[5])
    assert [(f.player, f.place) for f in state.finishes] == [("p2", 1), ("p5", 2)]
    with pytest.raises(TableError, match="two players"):
        start_hand(state)


def test_a_busted_player_who_rebuys_stays_in_their_seat():
    """ "If the night allows them, busting isn't the end while you still have a rebuy left." """
    state, config = start_hand(six_handed())
    final = {s.seat: s.stack for s in config.seats}
    final[1], final[4] = final[1] + final[4], 0
    state = finish_hand(state, final, rebuys={4: 100})
    assert state.occupant(4).stack == 100 and not state.finishes


def test_a_tournament_stack_cannot_be_set_to_zero_by_hand():
    with pytest.raises(TableError, match="bust"):
        set_stack(six_handed(), 3, 0)
