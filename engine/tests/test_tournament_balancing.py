"""Seating across tables: the opening draw, balancing, breaking tables and the final table.

"Seats will be randomly assigned." "Play with 2 to 10 players."
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from engine.errors import TournamentError
from engine.tournament.balancing import (
    Move,
    MoveReason,
    TableSeating,
    apply_moves,
    draw_seats,
    propose_moves,
)


def _table(number, seats, occupied, last_big_blind=None):
    return TableSeating(number, seats, {seat: f"t{number}s{seat}" for seat in occupied}, last_big_blind)


def _counts(tables):
    return [len(t.players) for t in tables]


def _seeded(seed):
    return random.Random(seed).randrange


def test_the_player_due_the_big_blind_moves_to_the_worst_seat_at_the_short_table():
    """Tables differ by two: the player due the big blind next at the big table moves to the seat
    at the short table that posts the big blind soonest."""
    big = _table(1, 9, range(1, 10), last_big_blind=4)  # seat 5 is due the big blind next
    short = _table(2, 9, [1, 2, 3, 5, 6, 8, 9], last_big_blind=3)  # seat 4 is the first empty seat after it
    moves = propose_moves([big, short])
    assert moves == (Move("t1s5", 1, 5, 2, 4, MoveReason.BALANCE),)
    assert _counts(apply_moves([big, short], moves)) == [8, 8]


def test_a_gap_of_four_moves_the_next_two_players_due_the_big_blind():
    big = _table(1, 10, range(1, 11), last_big_blind=9)  # due next: seat 10, then seat 1
    short = _table(2, 10, [2, 3, 4, 5, 6, 7], last_big_blind=7)  # first empty after 7: 8, then 9
    moves = propose_moves([big, short])
    assert [(m.player, m.to_seat) for m in moves] == [("t1s10", 8), ("t1s1", 9)]
    assert _counts(apply_moves([big, short], moves)) == [8, 8]


def test_a_table_that_has_not_dealt_yet_counts_from_seat_one():
    big = _table(1, 6, range(1, 7))
    short = _table(2, 6, [2, 3, 4, 5])
    assert propose_moves([big, short]) == (Move("t1s1", 1, 1, 2, 1, MoveReason.BALANCE),)


def test_tables_within_one_player_of_each_other_are_left_alone():
    assert (
        propose_moves([_table(1, 9, range(1, 9)), _table(2, 9, range(1, 8)), _table(3, 9, range(1, 9))]) == ()
    )
    assert propose_moves([_table(1, 9, range(1, 5))]) == ()


def test_a_table_breaks_when_the_others_can_hold_its_players():
    tables = [_table(1, 10, range(1, 9)), _table(2, 10, range(1, 8)), _table(3, 10, range(1, 6))]
    moves = propose_moves(tables, randbelow=_seeded(1))
    assert {m.reason for m in moves} == {MoveReason.BREAK}
    assert {m.player for m in moves} == set(tables[2].players.values())
    assert _counts(apply_moves(tables, moves)) == [10, 10, 0]


def test_breaking_a_table_draws_its_players_into_random_seats():
    # 20 players need three 9-seat tables; table 4's two players go to the two shortest tables.
    tables = [
        _table(1, 9, range(1, 7)),
        _table(2, 9, range(1, 7)),
        _table(3, 9, range(1, 7)),
        _table(4, 9, [1, 2]),
    ]
    draws = {tuple(propose_moves(tables, randbelow=_seeded(seed))) for seed in range(20)}
    assert len(draws) > 1
    for moves in draws:
        assert _counts(apply_moves(tables, moves)) == [7, 7, 6, 0]


def test_everyone_who_fits_at_one_table_redraws_for_the_final_table():
    tables = [_table(1, 10, range(1, 6), last_big_blind=3), _table(2, 10, [2, 4, 6, 8])]
    after = apply_moves(tables, propose_moves(tables, randbelow=_seeded(7)))
    assert _counts(after) == [9, 0]
    assert sorted(after[0].players.values()) == sorted(
        [*tables[0].players.values(), *tables[1].players.values()]
    )
    assert after[0].last_big_blind is None  # a new button draw at the final table


def test_the_final_table_redraw_really_is_a_redraw():
    tables = [_table(1, 10, range(1, 6)), _table(2, 10, range(1, 5))]
    seatings = {
        tuple(sorted(apply_moves(tables, propose_moves(tables, randbelow=_seeded(seed)))[0].players.items()))
        for seed in range(10)
    }
    assert len(seatings) > 1


@settings(max_examples=examples(150), deadline=None)
@given(
    seats=st.integers(min_value=2, max_value=10),
    data=st.data(),
)
def test_after_the_moves_no_two_tables_differ_by_two_and_nobody_is_lost(seats, data):
    """Tables of 2 to 10 seats: after the proposed moves, no two tables in play differ by two or
    more players, nobody is lost, nobody is moved twice, and no seat is double-booked."""
    table_count = data.draw(st.integers(min_value=1, max_value=6))
    tables = []
    for number in range(1, table_count + 1):
        occupied = data.draw(st.sets(st.integers(min_value=1, max_value=seats)))
        last_bb = data.draw(st.one_of(st.none(), st.integers(min_value=1, max_value=seats)))
        tables.append(_table(number, seats, occupied, last_bb))
    seed = data.draw(st.integers(min_value=0, max_value=2**32))
    moves = propose_moves(tables, randbelow=_seeded(seed))
    after = apply_moves(tables, moves)

    before_players = sorted(p for t in tables for p in t.players.values())
    after_players = sorted(p for t in after for p in t.players.values())
    assert after_players == before_players
    assert len({m.player for m in moves}) == len(moves)
    assert all(1 <= seat <= t.seats for t in after for seat in t.players)
    counts = [len(t.players) for t in after if t.players]
    if counts:
        assert max(counts) - min(counts) < 2
    if before_players and len(before_players) <= seats:
        assert len(counts) == 1
    # Nothing more is due: asking again proposes nothing.
    assert propose_moves(after, randbelow=_seeded(seed)) == ()


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.tuples(st.integers(2, 10), st.integers(0, 10)), min_size=1, max_size=5), st.integers(0, 2**32)
)
def test_tables_of_mixed_sizes_lose_nobody_and_double_book_no_seat(shape, seed):
    tables = [
        _table(n, seats, range(1, min(count, seats) + 1)) for n, (seats, count) in enumerate(shape, start=1)
    ]
    after = apply_moves(tables, propose_moves(tables, randbelow=_seeded(seed)))
    assert sorted(p for t in after for p in t.players.values()) == sorted(
        p for t in tables for p in t.players.values()
    )


def test_the_opening_draw_spreads_players_evenly_over_as_few_tables_as_needed():
    players = [f"p{i}" for i in range(23)]
    seating = draw_seats(players, {1: 9, 2: 9, 3: 9}, randbelow=_seeded(3))
    assert _counts(seating) == [8, 8, 7]
    assert sorted(p for t in seating for p in t.players.values()) == sorted(players)
    assert _counts(draw_seats(players[:12], {1: 9, 2: 9, 3: 9})) == [6, 6, 0]
    assert _counts(draw_seats(players[:9], {1: 9, 2: 9})) == [9, 0]


def test_the_opening_draw_is_random():
    """ "Seats will be randomly assigned." """
    players = [f"p{i}" for i in range(10)]
    draws = {
        tuple(draw_seats(players, {1: 9, 2: 9}, randbelow=_seeded(seed))[0].players.items())
        for seed in range(5)
    }
    assert len(draws) == 5


def test_a_draw_that_cannot_be_seated_is_refused():
    with pytest.raises(TournamentError, match="do not fit in 18 seats"):
        draw_seats([f"p{i}" for i in range(19)], {1: 9, 2: 9})
    with pytest.raises(TournamentError, match="listed twice"):
        draw_seats(["ann", "ann"], {1: 9})
    with pytest.raises(TournamentError, match="seats 2 to 10"):
        draw_seats(["ann", "bob"], {1: 11})


def test_moves_that_no_longer_fit_the_seating_are_refused():
    tables = [
        _table(1, 9, range(1, 10), last_big_blind=4),
        _table(2, 9, [1, 2, 3, 5, 6, 8, 9], last_big_blind=3),
    ]
    stale = Move("t1s5", 1, 6, 2, 4, MoveReason.BALANCE)
    with pytest.raises(TournamentError, match="not in seat 6 at table 1"):
        apply_moves(tables, [stale])
    taken = Move("t1s5", 1, 5, 2, 3, MoveReason.BALANCE)
    with pytest.raises(TournamentError, match="Seat 3 at table 2 is already taken"):
        apply_moves(tables, [taken])
    with pytest.raises(TournamentError, match="no seat 12 at table 2"):
        apply_moves(tables, [Move("t1s5", 1, 5, 2, 12, MoveReason.BALANCE)])


def test_impossible_seatings_are_refused():
    with pytest.raises(TournamentError, match="t1s1 is seated at table 1 and table 2"):
        propose_moves([_table(1, 9, [1]), TableSeating(2, 9, {1: "t1s1"})])
    with pytest.raises(TournamentError, match="Table 1 has no seat 10"):
        _table(1, 9, [10])


def test_seatings_and_moves_round_trip_through_json():
    table = _table(1, 9, [1, 4, 7], last_big_blind=4)
    assert TableSeating.from_json(json.loads(json.dumps(table.to_json()))) == table
    move = Move("ann", 1, 5, 2, 4, MoveReason.BREAK)
    assert Move.from_json(json.loads(json.dumps(move.to_json()))) == move
