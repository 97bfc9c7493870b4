"""Coming back after missing only the small blind costs the total amount of the blinds.

Casino rules, Blinds, rule 4: "If you miss any or all blinds, you can resume play by either
posting the total amount of the blinds for that limit game or waiting for the big blind. If
you choose to post the total amount of the blinds, an amount up to the size of the minimum
opening bet is live, and the remainder is placed in the pot as 'dead money.'"

"Any or all": a player the small blind passed (but not the big blind) does not get away with
the small blind alone. They post the big blind live and the small blind dead, as a player
who missed both does, or wait for the big blind.
"""

from __future__ import annotations

from engine.config import PostKind
from engine.next_hand import entry_choices
from engine.table import Entry, plan_next_hand, sit_in, sit_out
from engine.tests.table_helpers import play, positions
from engine.tests.test_new_players import settled


def _missed_only_the_small_blind():
    """Seat 3 posts the big blind, then sits out: the small blind passes it, the big blind not."""
    state, config = play(settled())
    assert config.big_blind_seat == 3
    state, after = play(sit_out(state, 3))
    assert positions(after) == (1, 5, 7)
    s = state.occupant(3)
    assert (s.missed_small_blind, s.missed_big_blind) == (True, False)
    return state


def test_posting_to_come_back_is_the_big_blind_live_and_the_small_blind_dead():
    state = sit_in(_missed_only_the_small_blind(), 3, Entry.POST)
    config = plan_next_hand(state)
    mine = [(p.kind, p.amount, p.live) for p in config.posts if p.seat == 3]
    small, big = config.stakes.small_blind, config.stakes.big_blind
    assert mine == [(PostKind.NEW_PLAYER_BLIND, big, True), (PostKind.DEAD_SMALL_BLIND, small, False)]


def test_the_phone_offers_the_total_of_the_blinds_or_waiting_for_the_big_blind():
    state = _missed_only_the_small_blind()
    choices = {c.entry: c for c in entry_choices(state, 3)}
    post = choices[Entry.POST]
    assert sum(p.amount for p in post.posts) == state.stakes.small_blind + state.stakes.big_blind
    assert [p.live for p in post.posts] == [True, False], "the big blind live, the rest dead"
    assert Entry.WAIT in choices
