"""What the next hand holds for a seat, said before it is dealt: who may straddle it, and when a
player coming back is dealt in (post the missed blinds now, or wait for the big blind).

Both are read from the same procedure that deals the hand (`engine.button.plan`), on the table
as it stands; a seat that changes meanwhile (someone sits out, busts or sits down) changes the
answer, and the deal itself decides. During a hand the answer is for the hand after it.

>>> from engine.config import Stakes
>>> from engine.table import move_button, new_table, sit
>>> t = new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2))
>>> for seat, name in [(1, "ann"), (2, "bob"), (3, "cy"), (4, "di")]:
...     t = sit(t, seat, name, 200)
>>> straddler(move_button(t, 1))  # button 1, blinds 2 and 3: seat 4 is under the gun
4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType

from engine.button import Plan, plan
from engine.config import Post, PostKind
from engine.errors import EngineError, TableError
from engine.forced_bets import straddle_refusal
from engine.table import redeal_of, sit_in, start_hand
from engine.table_state import Entry, SeatState, SeatStatus, TableState, next_in, uses_blinds


def _after_this_hand(state: TableState) -> TableState:
    """The table as the next deal will find it: the hand being played counts as finished."""
    return replace(state, current_hand=None)


def _plan(state: TableState) -> Plan | None:
    try:
        return plan(state)
    except EngineError:
        return None


def straddler(state: TableState) -> int | None:
    """The seat that may straddle the next hand, or None when nobody may.

    "Only the player immediately to the left of the big blind (the first to act before the
    flop) may straddle, and it must be exactly double the big blind." Nobody may where the
    table does not allow it, heads-up, with fewer than three players, in a game without blinds,
    when the next deal repeats a void hand, or when that player posts an entry blind instead.
    """
    return for_every_seat(state).straddle_seat


def _straddler(state: TableState) -> int | None:
    if not state.options.straddle_allowed or not uses_blinds(state.game) or redeal_of(state) is not None:
        return None
    planned = _plan(state)
    if planned is None:
        return None
    dealt = [s.seat for s in planned.config.seats]
    if planned.positions.heads_up or len(dealt) < 3:
        return None
    first = next_in(state.max_seats, planned.positions.big_blind, dealt)
    # Their own straddle, once asked, is the one post that still leaves them the choice.
    if any(
        p.seat == first and p.kind not in (PostKind.ANTE, PostKind.STRADDLE) for p in planned.config.posts
    ):
        return None
    return first


def verify_straddle_request(state: TableState, seat: int, wanted: bool) -> None:
    """TableError unless `seat` may ask to straddle the next hand (anyone may stop asking)."""
    s = state.occupant(seat)
    if not wanted:
        return
    if not state.options.straddle_allowed:
        raise TableError("This table does not allow straddles.")
    if straddler(state) != seat:
        raise TableError(
            f"Only the player immediately to the left of the big blind may straddle; "
            f"{s.name or s.player} is not that player next hand."
        )
    refusal = straddle_refusal(state.stakes, s.stack - state.stakes.ante)
    if refusal is not None:
        raise TableError(refusal)


@dataclass(frozen=True, slots=True)
class EntryChoice:
    """One way back in: the hand (by number) the player would be dealt in, and what they post.

    Players coming back together cannot all be dealt in by the same big blind: the hand counts
    every other player offered the choice who has not chosen yet as coming back too (waiting for
    the big blind). When one of them staying out would deal this player in sooner, `sooner` is
    that hand and `sooner_if_out` the seats it depends on (those dealt in first)."""

    entry: Entry
    hand_number: int | None  # None: not within a round of the table as it stands
    posts: tuple[Post, ...]
    sooner: int | None = None
    sooner_if_out: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "entry": self.entry.value,
            "hand_number": self.hand_number,
            "posts": [{"kind": p.kind.value, "amount": p.amount, "live": p.live} for p in self.posts],
            "sooner": self.sooner,
            "sooner_if_out": list(self.sooner_if_out),
        }


def entry_choices(state: TableState, seat: int) -> tuple[EntryChoice, ...]:
    """The casino rule's choice for a cash player who owes blinds and is not playing yet:

    "If you miss any or all blinds, you can resume play by either posting the total amount of
    the blinds for that limit game or waiting for the big blind."

    Each choice says which hand the player would be dealt in if the table stays as it is and
    the other players offered the choice come back too, and what they would post then; and how
    much sooner if those others stay out (`EntryChoice.sooner`). Empty when the seat owes
    nothing (or the game has no blinds). A player already back in keeps both until the deal
    that deals them in (`engine.table.sit_in` switches between them; `engine.table.chosen_entry`
    says which stands).
    """
    return for_every_seat(state).entry_choices.get(seat, ())


def _offered(state: TableState, s: SeatState) -> bool:
    return state.cash_game and uses_blinds(state.game) and s.owes_entry and s.stack >= 1


def _undecided(state: TableState, s: SeatState) -> bool:
    """Offered the choice and not back in yet (sitting out, or out of chips and rebought)."""
    return _offered(state, s) and s.status is not SeatStatus.ACTIVE and not s.leaving


def _entry_choices(state: TableState, seat: int) -> tuple[EntryChoice, ...]:
    s = state.occupant(seat)
    if not _offered(state, s):
        return ()
    if s.status is not SeatStatus.ACTIVE:
        state = state.with_seat(replace(s, status=SeatStatus.SITTING_OUT))
    others = [o.seat for o in state.seats if o.seat != seat and _undecided(state, o)]
    together = state
    for other in others:
        together = _back_waiting(together, other)
    choices = []
    for entry in (Entry.POST, Entry.WAIT):
        told, before = _first_hand_dealt(together, seat, entry)
        if others and told.hand_number is not None:
            alone, _ = _first_hand_dealt(state, seat, entry)
            if alone.hand_number is not None and alone.hand_number < told.hand_number:
                first = tuple(other for other in others if other in before)
                told = replace(told, sooner=alone.hand_number, sooner_if_out=first)
        choices.append(told)
    return tuple(choices)


def _back_waiting(state: TableState, seat: int) -> TableState:
    """The table with the player in `seat` back in, waiting for the big blind ("I'm back")."""
    s = state.occupant(seat)
    try:
        return sit_in(state.with_seat(replace(s, status=SeatStatus.SITTING_OUT)), seat, Entry.WAIT)
    except EngineError:
        return state


def _first_hand_dealt(state: TableState, seat: int, entry: Entry) -> tuple[EntryChoice, frozenset[int]]:
    """Deal hands on a copy of the table (stacks unchanged) until `seat` is dealt in; with the
    seats dealt in the hands before."""
    s = state.occupant(seat)
    coming = state.with_seat(replace(s, status=SeatStatus.SITTING_OUT, waiting_for_big_blind=False))
    try:
        coming = sit_in(coming, seat, entry)
    except EngineError:
        return EntryChoice(entry, None, ()), frozenset()
    before: set[int] = set()
    for _ in range(state.max_seats + 1):
        try:
            after, config = start_hand(coming)
        except EngineError:
            break
        dealt = {d.seat for d in config.seats}
        if seat in dealt:
            posts = tuple(p for p in config.posts if p.seat == seat)
            return EntryChoice(entry, config.hand_number, posts), frozenset(before)
        before |= dealt
        coming = replace(after, current_hand=None)
    return EntryChoice(entry, None, ()), frozenset()


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the next hand holds for every seat: who may straddle it, and each owing seat's ways
    back in (seats that owe nothing are left out)."""

    straddle_seat: int | None
    entry_choices: Mapping[int, tuple[EntryChoice, ...]]


def for_every_seat(state: TableState) -> NextHand:
    """`straddler` and `entry_choices` for the whole table at once, as every view shows them."""
    after = _after_this_hand(state)
    # A table with a void hand to deal again holds that hand's options dict: not a key.
    return _remembered(after) if after.redeal is None else _work_out(after)


def _work_out(state: TableState) -> NextHand:
    choices = {s.seat: c for s in state.seats if (c := _entry_choices(state, s.seat))}
    return NextHand(_straddler(state), MappingProxyType(choices))  # shared: read-only


# Every view of a table carries these answers, and a table changes many times during a hand
# without changing them (they depend on the table as the next deal finds it, not on the hand).
# Planning deals costs more than the rest of a view (benchmarks/next_hand.py), so the answers
# are remembered per table value: tables are frozen, so a remembered answer is the one a fresh
# computation would give.
_remembered = lru_cache(maxsize=128)(_work_out)
