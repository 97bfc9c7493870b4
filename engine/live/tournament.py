"""A live table a tournament plays at: its mode, the stakes of each deal, the dealer's waits, busts.

The app reads what it stores of the tournament (`TournamentPlay`: its clock and structure)
and hands it to `prepare` before a sit or a deal; everything decided from it is decided here.

- A table a tournament plays at is in tournament mode: absent players are dealt in, the big
  blind moves forward one seat, busted players are out, and nobody straddles unless the host
  turns the straddle on for it.
- "The stakes of each hand are the level in force when the hand starts": the clock is read
  when the hand is dealt.
- "No hands are dealt during a break", nor before the clock starts, nor while the host has
  paused it (the hands being played finish; resuming deals again): the host's deal is
  refused; when the dealer's timer comes due, it sends ``deal_waits`` instead of
  ``start_hand`` and the next deal is put off until `until` (epoch seconds), when the timer
  looks again. Only the system sends ``deal_waits`` (a player or the host cannot). When the
  host changes the clock, `clock_changed` brings a waiting deal forward: play resumes when the
  clock does.
- When the tournament is over, its table goes back to cash mode at the table's own game and
  stakes, which the table kept aside when the tournament came (`TableState.own_game`: the
  table's state is the one place its stakes are stored, and a tournament's levels overwrite
  the stakes dealt); the dealer's next automatic deal there stops the dealer instead.
- "Bust out of chips and you're out": `busted` names who ran out of chips in a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine import table as engine_table
from engine.errors import IllegalActionError
from engine.live.base import SYSTEM, Actor, Intent, LiveTable, Result
from engine.table_state import CashGame, GameMode, TableState
from engine.tournament import Clock, ClockReading, Structure, clock_state, hands_may_start, stakes_at

# While the clock has not started or is paused, the dealer looks again this often.
WAIT_POLL_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class TournamentPlay:
    """The tournament playing at a table, as a deal needs it: its clock and its structure."""

    clock: Clock
    structure: Structure


@dataclass(frozen=True, slots=True)
class Busted:
    """A player who ran out of chips in a hand, with the chips they started it with."""

    player: str
    chips_at_start: int


def depends_on_tournament(state: LiveTable, intent: Mapping[str, Any]) -> bool:
    """Whether `prepare` needs to know the tournament playing at the table: only a sit or a
    deal between hands does (a hand in progress keeps its own mode and stakes), so other
    intents cost the app no look-up."""
    return intent.get("type") in ("sit", "start_hand") and not state.hand_in_progress


def table_for(table: TableState, play: TournamentPlay | None) -> TableState:
    """A table a tournament plays at is in tournament mode (between hands; a hand keeps its own),
    its own cash game and stakes kept aside for when the tournament is over."""
    if play is None or table.mode is GameMode.TOURNAMENT or table.hand_in_progress:
        return table
    own = CashGame(table.game, table.stakes, table.options.straddle_allowed)
    # The house welcomes a straddle at its cash table; a tournament starts without one, and the
    # host may turn it on there (table settings). The cash table's own choice comes back after.
    options = replace(table.options, straddle_allowed=False)
    return replace(table, mode=GameMode.TOURNAMENT, own_game=own, options=options)


def prepare(
    state: LiveTable,
    actor: Actor,
    intent: Mapping[str, Any],
    now: float,
    play: TournamentPlay | None,
) -> tuple[LiveTable, Mapping[str, Any]]:
    """The state and intent the table applies, given the tournament playing at it (`play`).

    A table left in tournament mode with no tournament any more goes back to its own game
    (`back_to_cash`). Raises `IllegalActionError` when the host deals while the clock forbids it.
    """
    if not depends_on_tournament(state, intent):
        return state, intent
    if play is None:
        if state.table.mode is not GameMode.TOURNAMENT:
            return state, intent
        return back_to_cash(state, actor, intent)
    if (table := table_for(state.table, play)) is not state.table:
        state = replace(state, table=table)
    if intent.get("type") != "start_hand":
        return state, intent
    reading = clock_state(play.clock, play.structure, now)
    if not hands_may_start(reading):
        reason = why_no_deal(reading)
        if actor == SYSTEM and state.next_deal_at is not None and state.next_deal_at <= now:
            return state, {"type": "deal_waits", "until": _clock_allows_at(reading, now), "reason": reason}
        raise IllegalActionError(reason)
    table = engine_table.set_game(state.table, state.table.game, stakes_at(reading))
    return replace(state, table=table), intent


def _clock_allows_at(reading: ClockReading, now: float) -> float:
    """When the dealer next looks, while the clock forbids a deal: when the break ends if the
    clock runs, else soon (a paused or unstarted clock can start again at any moment)."""
    running = reading.started and not reading.paused
    return now + (max(reading.seconds_left, 1.0) if running else WAIT_POLL_SECONDS)


def clock_changed(state: LiveTable, play: TournamentPlay, now: float) -> Intent | None:
    """After the host changed the clock, the intent that brings this table's next deal forward,
    or None when it need not move.

    "No hands are dealt during a break": the dealer waits until the break ends as the clock
    stood then. When the host ends the break early (next level, time removed) or resumes a
    paused clock, play resumes when the clock does, not when the old wait runs out. A deal is
    only ever brought forward, never put off: a later deal than the clock now
    needs would leave the tables idle, while one that comes too early only waits again. Nor
    is it brought forward into the rabbit window after a hand (`LiveTable.rabbit_until`): the
    players keep their time to ask for the rabbit and see it.
    """
    if not state.dealing or state.hand_in_progress or state.next_deal_at is None:
        return None  # the dealer is stopped, busy, or not waiting for anything
    reading = clock_state(play.clock, play.structure, now)
    if hands_may_start(reading):
        until = now + max(state.options.deal_delay, 1.0)
        reason = "The clock allows a deal again."
    else:
        until = _clock_allows_at(reading, now)
        reason = why_no_deal(reading)
    if state.rabbit_until is not None:
        until = max(until, state.rabbit_until)
    if until >= state.next_deal_at:
        return None
    return {"type": "deal_waits", "until": until, "reason": reason}


def back_to_cash(
    state: LiveTable, actor: Actor, intent: Mapping[str, Any]
) -> tuple[LiveTable, Mapping[str, Any]]:
    """A table left in tournament mode with no tournament playing at it: back to a cash table.

    It takes the table's own game and stakes again (kept aside by `table_for`; a table that
    kept none goes on at the last level's); the dealer's timer does not deal on (a pause),
    so later cash play starts when the host deals.
    """
    own = state.table.own_game
    table = replace(state.table, mode=GameMode.CASH, own_game=None)
    if own is not None:
        table = engine_table.set_game(table, own.game, own.stakes)
        table = replace(table, options=replace(table.options, straddle_allowed=own.straddle_allowed))
    state = replace(state, table=table)
    dealer_running = state.dealing or state.next_deal_at is not None
    if actor == SYSTEM and intent.get("type") == "start_hand" and dealer_running:
        return state, {"type": "pause"}
    return state, intent


def why_no_deal(reading: ClockReading) -> str:
    """Why no hand may start now, for people.

    >>> from engine.tournament import start, template
    >>> why_no_deal(clock_state(Clock(), template("home-2h"), now=0))
    'No hands are dealt before the tournament clock starts.'
    >>> home = template("home-2h")  # a break follows its fourth level
    >>> why_no_deal(clock_state(start(Clock(), now=0), home, now=4 * 15 * 60 + 60))
    'No hands are dealt during a break (9:00 left).'
    """
    if not reading.started:
        return "No hands are dealt before the tournament clock starts."
    if reading.paused:
        return "The tournament clock is paused: the next hand is dealt when it resumes."
    left = round(reading.seconds_left)
    return f"No hands are dealt during a break ({left // 60}:{left % 60:02d} left)."


def busted(state: LiveTable, events: list[dict[str, Any]]) -> list[Busted]:
    """The players of a tournament table left with no chips by the hand that just finished.

    `state` is the table after the hand (it still holds the hand, and so who was dealt in
    with how many chips); nobody busts at a cash table, or while no hand finished.
    """
    finished = next((e for e in events if e.get("type") == "table.hand_finished"), None)
    if finished is None or state.table.mode is not GameMode.TOURNAMENT or state.hand is None:
        return []
    final = {int(seat): chips for seat, chips in finished["final_stacks"].items()}
    return [Busted(s.player, s.stack) for s in state.hand.config.seats if final.get(s.seat) == 0]


def deal_waits(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    until = intent.get("until")
    if isinstance(until, bool) or not isinstance(until, int | float) or until <= now:
        raise IllegalActionError("The next deal waits until a later moment")
    reason = intent.get("reason", "")
    if not isinstance(reason, str):
        raise IllegalActionError("The reason for waiting is text")
    if state.hand_in_progress or not state.dealing:
        return state, []  # nothing is waiting to be dealt
    waiting = replace(state, next_deal_at=float(until))
    return waiting, [{"type": "table.deal_waits", "until": float(until), "reason": reason}]
