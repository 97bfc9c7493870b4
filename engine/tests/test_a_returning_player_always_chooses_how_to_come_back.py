"""A player who missed a blind always chooses how to come back, and is told truthfully when.

Casino rules, Blinds, rule 4: "If you miss any or all blinds, you can resume play by either
posting the total amount of the blinds for that limit game or waiting for the big blind."

Two ways this went wrong: a player whose small blind was skipped while the table went heads-up
came back with no choice at all and was charged a dead small blind on the button; and players
coming back together were each told that waiting for the big blind deals them in next hand,
when one big blind can deal in only one of them.
"""

from __future__ import annotations

from engine.config import PostKind
from engine.next_hand import entry_choices
from engine.table import Entry, SeatStatus, TableState, set_stack, sit_in, sit_out, start_hand
from engine.tests.table_helpers import dealt, finish, play, positions, posts, table_with


def _busted_while_the_table_went_heads_up() -> TableState:
    """Three players; seat 1 busts in the big blind, so the next hand is heads-up between 2 and 3.

    Seat 1 would have had the small blind that hand; heads-up it stays with the button (3)
    ("In heads-up play, the small blind is on the button"), skipping seat 1."""
    state, _ = play(table_with((1, 2, 3)))
    state, config = start_hand(state)
    assert positions(config) == (2, 3, 1)
    state = finish(state, busts=[1])
    state, heads_up = play(state)
    assert positions(heads_up) == (3, 3, 2) and 1 not in dealt(heads_up)
    return state


def test_a_small_blind_skipped_while_the_table_played_heads_up_is_a_missed_blind() -> None:
    """ "If you miss any or all blinds": the skipped small blind is recorded as missed."""
    s = _busted_while_the_table_went_heads_up().occupant(1)
    assert s.missed_small_blind


def test_a_rebuy_after_that_offers_the_choice_instead_of_a_dead_small_blind() -> None:
    state = set_stack(_busted_while_the_table_went_heads_up(), 1, 100)
    assert state.occupant(1).status is SeatStatus.SITTING_OUT, "back in only by the player's choice"
    assert {c.entry for c in entry_choices(state, 1)} == {Entry.POST, Entry.WAIT}
    for entry in (Entry.POST, Entry.WAIT):
        table = sit_in(state, 1, entry)
        while True:
            table, config = start_hand(table)
            if 1 in dealt(config):
                break
            table = finish(table)
        mine = [p.kind for p in config.posts if p.seat == 1]
        assert PostKind.DEAD_SMALL_BLIND not in mine or PostKind.NEW_PLAYER_BLIND in mine, (
            f"{entry}: a dead small blind alone is not the total of the blinds: {posts(config)}"
        )


def _three_coming_back() -> TableState:
    """Six players; 4, 5 and 6 sit out while the big blind passes them all, then come back."""
    state, _ = play(table_with((1, 2, 3, 4, 5, 6)))
    for seat in (4, 5, 6):
        state = sit_out(state, seat)
    for _ in range(3):
        state, _ = play(state)
    assert all(state.occupant(seat).missed_big_blind for seat in (4, 5, 6))
    return state


def _wait(state: TableState, seat: int):
    return next(c for c in entry_choices(state, seat) if c.entry is Entry.WAIT)


def test_players_coming_back_together_are_each_told_a_different_hand_for_the_big_blind() -> None:
    """One big blind deals in one player: the second waits a hand more, the third two."""
    state = _three_coming_back()
    told = {seat: _wait(state, seat).hand_number for seat in (4, 5, 6)}
    nxt = state.hand_count + 1
    assert told == {4: nxt, 5: nxt + 1, 6: nxt + 2}
    # And the deal agrees, once all three wait.
    for seat in (4, 5, 6):
        state = sit_in(state, seat, Entry.WAIT)
    first_dealt: dict[int, int] = {}
    while len(first_dealt) < 3:
        state, config = start_hand(state)
        for seat in (4, 5, 6):
            if seat in dealt(config):
                first_dealt.setdefault(seat, config.hand_number)
        state = finish(state)
    assert first_dealt == told


def test_each_is_told_how_much_sooner_if_those_before_them_stay_out() -> None:
    """The hand depends on who comes back first: the phone says so, naming those seats."""
    state = _three_coming_back()
    nxt = state.hand_count + 1
    first, second, third = (_wait(state, seat) for seat in (4, 5, 6))
    assert (first.sooner, first.sooner_if_out) == (None, ())
    assert (second.sooner, second.sooner_if_out) == (nxt, (4,))
    assert (third.sooner, third.sooner_if_out) == (nxt, (4, 5))
    # Seat 4 chooses to stay out for now, and 5 and 6 come back: 5 takes the next big blind.
    state = sit_in(sit_in(state, 5, Entry.WAIT), 6, Entry.WAIT)
    state, config = start_hand(state)
    assert config.big_blind_seat == 5


def test_a_choice_made_is_counted_as_made() -> None:
    """Once seat 4 has chosen to wait, the others' answers no longer hang on it."""
    state = sit_in(_three_coming_back(), 4, Entry.WAIT)
    nxt = state.hand_count + 1
    second = _wait(state, 5)
    assert (second.hand_number, second.sooner, second.sooner_if_out) == (nxt + 1, None, ())
