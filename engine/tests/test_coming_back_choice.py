"""Coming back after missing blinds: the casino rule's choice, with what each costs and when it deals.

"4. If you miss any or all blinds, you can resume play by either posting the total amount of the
blinds for that limit game or waiting for the big blind. If you choose to post the total amount
of the blinds, an amount up to the size of the minimum opening bet is live, and the remainder is
placed in the pot as 'dead money.'"
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.config import PostKind
from engine.errors import TableError
from engine.next_hand import _work_out, entry_choices, for_every_seat
from engine.table import (
    Entry,
    chosen_entry,
    finish_hand,
    plan_next_hand,
    set_stack,
    sit_in,
    start_hand,
    void_hand,
)
from engine.tests.table_helpers import dealt, finish, play, positions
from engine.tests.test_missed_blinds import missed_both


def _choices(state, seat):
    return {c.entry: c for c in entry_choices(state, seat)}


def _assert_the_deal_keeps(table, seat, choice):
    """Deal (the others folding out each hand) until `seat` is dealt in: in the hand the choice
    named, posting what it said."""
    while True:
        table, config = start_hand(table)
        if seat in dealt(config):
            break
        table = finish(table)
    assert config.hand_number == choice.hand_number
    assert [p for p in config.posts if p.seat == seat] == list(choice.posts)


def test_posting_now_costs_the_big_blind_live_and_the_small_blind_dead():
    state = missed_both()
    post = _choices(state, 5)[Entry.POST]
    assert [(p.kind, p.amount, p.live) for p in post.posts] == [
        (PostKind.NEW_PLAYER_BLIND, 2, True),
        (PostKind.DEAD_SMALL_BLIND, 1, False),
    ]


def test_each_choice_names_the_hand_it_deals_the_player_in_and_the_deal_agrees():
    """The next hand has the button on 3 and the small blind on 7: seat 5 sits between them, where
    a player cannot come in ("the small blind cannot be a player's entry"), so posting deals them
    in the hand after; waiting deals them in when the big blind reaches seat 5."""
    state = missed_both()
    choices = _choices(state, 5)
    assert positions(plan_next_hand(state)) == (3, 7, 1)
    assert choices[Entry.POST].hand_number == state.hand_count + 2
    assert choices[Entry.WAIT].hand_number == state.hand_count + 3
    assert [p.kind for p in choices[Entry.WAIT].posts] == [PostKind.BIG_BLIND]
    for entry, choice in choices.items():
        _assert_the_deal_keeps(sit_in(state, 5, entry), 5, choice)


def test_the_choice_is_offered_during_a_hand_for_the_hands_after_it():
    """Asked while the next hand is being played, the answer names the same hands."""
    state = missed_both()
    before = _choices(state, 5)
    playing, config = start_hand(state)
    assert 5 not in dealt(config)
    assert _choices(playing, 5) == before


def test_a_rebuy_after_busting_gets_the_same_choice():
    """After a rebuy the player owes what the big blind passed while they had no chips."""
    state = missed_both()
    state = set_stack(state, 5, 0)
    state, _ = play(state)
    state = set_stack(state, 5, 100)
    assert state.occupant(5).status.value == "sitting_out"
    assert set(_choices(state, 5)) == {Entry.POST, Entry.WAIT}


def test_a_player_who_owes_nothing_is_offered_no_choice():
    state = missed_both()
    assert entry_choices(state, 1) == ()
    assert entry_choices(state, 9) == ()


def test_a_player_waiting_for_the_big_blind_may_switch_to_posting_now_until_the_deal():
    """Back after a rebuy and "I'm back" (which waits for the big blind), the player may still
    choose the rule's other way: "either posting the total amount of the blinds ... or waiting
    for the big blind". The deal then posts for them and deals them in."""
    state = sit_in(missed_both(), 5, Entry.WAIT)
    assert chosen_entry(state.occupant(5)) is Entry.WAIT
    assert set(_choices(state, 5)) == {Entry.POST, Entry.WAIT}
    post = _choices(state, 5)[Entry.POST]
    state = sit_in(state, 5, Entry.POST)
    assert chosen_entry(state.occupant(5)) is Entry.POST
    _assert_the_deal_keeps(state, 5, post)


def test_a_player_who_chose_to_post_may_switch_back_to_waiting_before_being_dealt_in():
    """Seat 5 cannot come in the next hand (between the button and the small blind), so the
    choice to post still stands during that hand and may be changed for waiting."""
    state = sit_in(missed_both(), 5, Entry.POST)
    playing, config = start_hand(state)
    assert 5 not in dealt(config)
    assert set(_choices(playing, 5)) == {Entry.POST, Entry.WAIT}
    playing = sit_in(playing, 5, Entry.WAIT)
    assert chosen_entry(playing.occupant(5)) is Entry.WAIT
    assert playing.occupant(5).waiting_for_big_blind


def test_choosing_again_what_was_chosen_is_refused_and_changes_nothing():
    state = sit_in(missed_both(), 5, Entry.WAIT)
    with pytest.raises(TableError, match="already chose to wait for the big blind"):
        sit_in(state, 5, Entry.WAIT)
    assert sit_in(state, 5, Entry.POST) != state


def test_once_dealt_in_there_is_nothing_left_to_switch():
    """The deal that deals the player in clears what they owed: the choice is made."""
    state = sit_in(missed_both(), 5, Entry.POST)
    state, _ = play(state)
    state, config = start_hand(state)
    assert 5 in dealt(config)
    assert entry_choices(state, 5) == ()
    for entry in (Entry.POST, Entry.WAIT):
        with pytest.raises(TableError, match="already playing"):
            sit_in(state, 5, entry)


def test_the_answers_remembered_for_a_table_are_those_worked_out_afresh():
    """Every view asks; the answers are remembered per table, and must never go stale: here they
    follow seat 5 from sitting out to choosing, switching, and being dealt in."""
    state = missed_both()
    seen = []
    for change in (
        lambda t: t,
        lambda t: sit_in(t, 5, Entry.WAIT),
        lambda t: sit_in(t, 5, Entry.POST),
        lambda t: play(t)[0],
        lambda t: play(t)[0],
    ):
        state = change(state)
        for table in (state, start_hand(state)[0]):
            for_every_seat(table)  # remembered...
            assert for_every_seat(table) == _work_out(replace(table, current_hand=None))  # ...or afresh
            seen.append(for_every_seat(table).entry_choices.get(5, ()))
    assert seen[0] and seen[-1] == (), "the answers follow the table"


def test_a_table_about_to_deal_a_void_hand_again_is_answered_afresh():
    """A re-deal repeats the void hand's posts; that hand's options cannot key the memory, so the
    answers are worked out each time, and they are those of the re-deal."""
    state = missed_both()
    playing, config = start_hand(state)
    void = void_hand(finish_hand(playing, {s.seat: s.stack for s in config.seats}), config)
    assert void.redeal is not None
    assert for_every_seat(void) == _work_out(void)
    assert for_every_seat(void).straddle_seat is None, "no straddle when the next deal repeats a void hand"
