"""The table between hands: seating, sitting out and in, host changes, and each next hand.

Every operation comes as `verify_x(state, ...)` (raises a `TableError` saying why not),
`can_x(...)` (a bool) and `x(...)` (returns the new `TableState`); a refused request
changes nothing. The hand itself is `plan_next_hand` (a preview), `start_hand` (the
state with the hand recorded, and its `HandConfig`) and `finish_hand` (stacks, busts,
finishing places). Where the button and blinds go is explained in `engine.button`.

>>> from engine.config import Stakes
>>> t = new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2))
>>> for seat, name in [(1, "ann"), (3, "bob"), (5, "cy")]:
...     t = sit(t, seat, name, 200)
>>> t, hand = start_hand(t)
>>> hand.button, [(p.seat, p.kind.value) for p in hand.posts]
(1, [(3, 'small_blind'), (5, 'big_blind')])
>>> t = finish_hand(t, {1: 203, 3: 199, 5: 198})
>>> plan_next_hand(t).button
3
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine.button import can_take_big_blind, entry_posts, plan, settle_debts
from engine.config import HandConfig, Post, Stakes
from engine.errors import EngineError, TableError
from engine.games import GAMES, max_players_for_deck
from engine.table_state import (
    MAX_SEATS,
    Entry,
    GameMode,
    SeatState,
    SeatStatus,
    TableOptions,
    TableState,
    new_table,
    seats_between,
    uses_blinds,
    verify_stakes,
)
from engine.tournament.standings import Bust, Finish, place_busts

__all__ = [
    "Entry",
    "GameMode",
    "SeatState",
    "SeatStatus",
    "TableOptions",
    "TableState",
    "blinds_owed",
    "can_change_seat",
    "can_leave",
    "can_move_button",
    "can_set_stack",
    "can_sit",
    "can_sit_in",
    "can_sit_out",
    "change_seat",
    "chosen_entry",
    "finish_hand",
    "leave",
    "move_button",
    "move_chips",
    "new_table",
    "plan_next_hand",
    "redeal_of",
    "seat_limit",
    "set_game",
    "set_options",
    "set_stack",
    "set_straddle",
    "sit",
    "sit_in",
    "sit_out",
    "start_hand",
    "void_hand",
]


def _can(verify: Callable[..., None], *args: Any, **kwargs: Any) -> bool:
    try:
        verify(*args, **kwargs)
    except EngineError:
        return False
    return True


def _dealt_in(state: TableState, seat: int) -> bool:
    return state.current_hand is not None and any(s.seat == seat for s in state.current_hand.seats)


def _verify_seat_number(state: TableState, seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= state.max_seats:
        raise TableError(f"There is no seat {seat}; this table has seats 1 to {state.max_seats}.")


ENTRY_WORDS = {
    Entry.POST: "post the missed blinds now",
    Entry.WAIT: "wait for the big blind",
    Entry.BUY_BUTTON: "buy the button",
}


def _verify_entry(state: TableState, entry: Entry) -> None:
    if Entry(entry) is Entry.BUY_BUTTON and not state.options.higher_limit:
        raise TableError("Buying the button is only allowed at higher-limit tables.")


def seat_limit(game: str) -> int:
    """How many players `game` can deal to at once: its own limit, and what one deck serves."""
    definition = GAMES.get(game)
    return max_players_for_deck(definition) if definition is not None else MAX_SEATS


def _verify_room_for(state: TableState, game: str, players: int) -> None:
    limit = seat_limit(game)
    if players > limit:
        name = GAMES[game].name if game in GAMES else game
        raise TableError(f"{name} is played by at most {limit} players; this table would have {players}.")


def _blind_has_passed(state: TableState, seat: int) -> bool:
    """ "provided a blind has not yet passed that seat": in the opening round, a blind has
    passed a seat once the blinds have been on it or gone by it."""
    if state.hand_count == 0:
        return False
    return state.opening_done or seat in state.opening_seats_passed


# Sitting down and leaving ---------------------------------------------------------------------


def verify_sit(
    state: TableState, seat: int, player: str, stack: int, name: str = "", entry: Entry = Entry.WAIT
) -> None:
    _verify_seat_number(state, seat)
    if state.seat(seat) is not None:
        raise TableError(f"Seat {seat} is taken.")
    if not player:
        raise TableError("A player needs an id to sit down.")
    if state.seat_of(player) is not None:
        raise TableError(f"{name or player} is already seated at this table.")
    _verify_room_for(state, state.game, len(state.seats) + 1)
    if not isinstance(stack, int) or stack < 1:
        raise TableError("A player sits down with chips: the stack must be a whole number above zero.")
    _verify_entry(state, entry)


def can_sit(
    state: TableState, seat: int, player: str, stack: int, name: str = "", entry: Entry = Entry.WAIT
) -> bool:
    return _can(verify_sit, state, seat, player, stack, name, entry)


def sit(
    state: TableState, seat: int, player: str, stack: int, name: str = "", entry: Entry = Entry.WAIT
) -> TableState:
    """Seat a player. Cash games: "A new player may be dealt in immediately by posting a big
    blind, or wait for the big blind" (`entry`); before the blinds pass the seat in the
    opening round there is nothing to post. Tournaments ignore `entry`."""
    verify_sit(state, seat, player, stack, name, entry)
    entry = Entry(entry)
    owes = state.cash_game and _blind_has_passed(state, seat)
    new = SeatState(
        seat=seat,
        player=player,
        stack=stack,
        name=name,
        new_player=owes,
        waiting_for_big_blind=owes and entry is Entry.WAIT,
        buy_button=owes and entry is Entry.BUY_BUTTON,
    )
    return state.with_seat(new)


def verify_leave(state: TableState, seat: int) -> None:
    s = state.occupant(seat)
    if s.leaving:
        raise TableError(f"{s.name or s.player} is already leaving after this hand.")


def can_leave(state: TableState, seat: int) -> bool:
    return _can(verify_leave, state, seat)


def leave(state: TableState, seat: int) -> TableState:
    """Free the seat; a player dealt in to the hand being played leaves when it finishes."""
    verify_leave(state, seat)
    if _dealt_in(state, seat):
        return state.with_seat(replace(state.occupant(seat), leaving=True))
    return state.without_seat(seat)


def verify_change_seat(state: TableState, seat: int, new_seat: int) -> None:
    s = state.occupant(seat)
    _verify_seat_number(state, new_seat)
    if state.seat(new_seat) is not None:
        raise TableError(f"Seat {new_seat} is taken.")
    if _dealt_in(state, seat) or s.leaving:
        raise TableError("Change seats between hands.")


def can_change_seat(state: TableState, seat: int, new_seat: int) -> bool:
    return _can(verify_change_seat, state, seat, new_seat)


def change_seat(state: TableState, seat: int, new_seat: int, entry: Entry = Entry.WAIT) -> TableState:
    """ "A player may also change seats without penalty provided a blind has not yet passed the
    new seat." Free when the big blind will reach the new seat no later than the old one;
    otherwise the player comes in at the new seat as a new player (`entry`: post or wait)."""
    verify_change_seat(state, seat, new_seat)
    s = state.occupant(seat)
    moved = replace(s, seat=new_seat)
    last_big = state.big_blind_position
    if state.cash_game and state.hand_count > 0:
        if last_big is None or not state.opening_done:
            free = not _blind_has_passed(state, new_seat)
        else:
            # Free when the big blind reaches the new seat no later than the old one.
            free = _distance(state, last_big, new_seat) <= _distance(state, last_big, seat)
        if not free:
            _verify_entry(state, entry)
            moved = replace(
                moved,
                new_player=True,
                waiting_for_big_blind=Entry(entry) is Entry.WAIT,
                buy_button=Entry(entry) is Entry.BUY_BUTTON,
            )
    return state.without_seat(seat).with_seat(moved)


def _distance(state: TableState, after: int, seat: int) -> int:
    return len(seats_between(state.max_seats, after, seat))


# Sitting out and back in ----------------------------------------------------------------------


def verify_sit_out(state: TableState, seat: int) -> None:
    s = state.occupant(seat)
    if s.status in (SeatStatus.SITTING_OUT, SeatStatus.AWAY):
        raise TableError(f"{s.name or s.player} is already sitting out.")
    if s.status is SeatStatus.BUSTED:
        raise TableError(f"{s.name or s.player} has no chips and is not being dealt in.")


def can_sit_out(state: TableState, seat: int) -> bool:
    return _can(verify_sit_out, state, seat)


def sit_out(state: TableState, seat: int) -> TableState:
    """The player (or the host for them) sits out from the next hand. In a tournament an
    absent player is still dealt in and posts: they are marked away and the app folds them."""
    verify_sit_out(state, seat)
    status = SeatStatus.SITTING_OUT if state.cash_game else SeatStatus.AWAY
    return state.with_seat(replace(state.occupant(seat), status=status))


def chosen_entry(s: SeatState) -> Entry | None:
    """How a cash player already back in chose to come in, while the choice still stands (until
    the deal that deals them in clears what they owe); None when there is nothing to choose."""
    if s.status is not SeatStatus.ACTIVE or not s.owes_entry:
        return None
    if s.waiting_for_big_blind:
        return Entry.WAIT
    return Entry.BUY_BUTTON if s.buy_button else Entry.POST


def verify_sit_in(state: TableState, seat: int, entry: Entry = Entry.WAIT) -> None:
    s = state.occupant(seat)
    if s.status is SeatStatus.ACTIVE:
        # A player back in who has not been dealt in yet may still switch between posting now and
        # waiting for the big blind: the choice is theirs until the deal.
        chosen = chosen_entry(s) if state.cash_game and not _dealt_in(state, seat) else None
        if chosen is None:
            raise TableError(f"{s.name or s.player} is already playing.")
        if chosen is Entry(entry):
            raise TableError(f"{s.name or s.player} already chose to {ENTRY_WORDS[chosen]}.")
    if s.stack < 1:
        raise TableError(f"{s.name or s.player} needs chips before coming back in.")
    if s.leaving:
        raise TableError(f"{s.name or s.player} is leaving after this hand.")
    _verify_entry(state, entry)


def can_sit_in(state: TableState, seat: int, entry: Entry = Entry.WAIT) -> bool:
    return _can(verify_sit_in, state, seat, entry)


def sit_in(state: TableState, seat: int, entry: Entry = Entry.WAIT) -> TableState:
    """Come back. "If you miss any or all blinds, you can resume play by either posting the total
    amount of the blinds ... or waiting for the big blind" (`entry`)."""
    verify_sit_in(state, seat, entry)
    s = state.occupant(seat)
    entry = Entry(entry)
    owes = state.cash_game and s.owes_entry
    return state.with_seat(
        replace(
            s,
            status=SeatStatus.ACTIVE,
            waiting_for_big_blind=owes and entry is Entry.WAIT,
            buy_button=owes and entry is Entry.BUY_BUTTON,
        )
    )


def set_straddle(state: TableState, seat: int, wanted: bool) -> TableState:
    """A player asks to straddle the next hand dealt, if first to act preflop then (or stops
    asking). The deal clears every request; who may ask is `engine.next_hand.straddler`."""
    s = state.occupant(seat)
    if wanted and not state.options.straddle_allowed:
        raise TableError("This table does not allow straddles.")
    return state.with_seat(replace(s, straddle=wanted))


# Host changes ---------------------------------------------------------------------------------


def verify_set_stack(state: TableState, seat: int, stack: int) -> None:
    s = state.occupant(seat)
    if not isinstance(stack, int) or stack < 0:
        raise TableError("A stack is a whole number of chips, zero or more.")
    if _dealt_in(state, seat):
        raise TableError(f"{s.name or s.player} is in the hand being played; change the stack after it.")
    if stack == 0 and not state.cash_game:
        raise TableError("A tournament player with no chips is out: record it as a bust, not a stack of 0.")


def can_set_stack(state: TableState, seat: int, stack: int) -> bool:
    return _can(verify_set_stack, state, seat, stack)


def set_stack(state: TableState, seat: int, stack: int) -> TableState:
    """The host sets a stack between hands (a ruling, a top-up or a rebuy)."""
    verify_set_stack(state, seat, stack)
    s = state.occupant(seat)
    status = s.status
    if stack == 0 and state.cash_game:
        status = SeatStatus.BUSTED
    elif status is SeatStatus.BUSTED:
        # Topped up: straight back in unless a blind passed meanwhile (then post or wait, by sit_in).
        status = SeatStatus.SITTING_OUT if s.owes_entry else SeatStatus.ACTIVE
    return state.with_seat(replace(s, stack=stack, status=status))


def verify_move_chips(state: TableState, source: int, target: int, chips: int) -> None:
    """Chips from one seat to another between hands: a pot pushed to the wrong seat, put right."""
    giver, taker = state.occupant(source), state.occupant(target)
    if source == target:
        raise TableError("Chips move from one seat to another seat.")
    if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
        raise TableError("Move a whole number of chips, one or more.")
    if chips > giver.stack:
        raise TableError(f"{giver.name or giver.player} has only {giver.stack} chips.")
    verify_set_stack(state, source, giver.stack - chips)
    verify_set_stack(state, target, taker.stack + chips)


def move_chips(state: TableState, source: int, target: int, chips: int) -> TableState:
    """`chips` leave seat `source` for seat `target` in one change: no chip made or lost."""
    verify_move_chips(state, source, target, chips)
    given = set_stack(state, source, state.occupant(source).stack - chips)
    return set_stack(given, target, given.occupant(target).stack + chips)


def verify_move_button(state: TableState, seat: int) -> None:
    if state.hand_in_progress:
        raise TableError("Move the button between hands.")
    s = state.occupant(seat)
    if not can_take_big_blind(state, s):
        raise TableError(f"The button goes to a player who will be dealt in; {s.name or s.player} is not.")


def can_move_button(state: TableState, seat: int) -> bool:
    return _can(verify_move_button, state, seat)


def move_button(state: TableState, seat: int) -> TableState:
    """The host puts the button on `seat` for the next hand; the blinds are the next two players."""
    verify_move_button(state, seat)
    return replace(
        state,
        button=seat,
        small_blind_position=None,
        big_blind_position=None,
        last_hand_heads_up=False,
        redeal=None,
    )


def set_game(state: TableState, game: str, stakes: Stakes) -> TableState:
    """The game and stakes for the next hand (tournament levels may instead pass stakes to each hand).
    A game that cannot deal everyone seated is refused."""
    verify_stakes(game, stakes)
    if game != state.game:
        _verify_room_for(state, game, len(state.seats))
        state = replace(state, redeal=None)  # a void hand of another game is not re-dealt
    return replace(state, game=game, stakes=stakes)


def set_options(state: TableState, options: TableOptions) -> TableState:
    return replace(state, options=options)


def blinds_owed(state: TableState) -> dict[int, tuple[Post, ...]]:
    """What each seat that owes blinds would post to come in now (cash games with blinds):
    a new player's big blind, or a missed big blind (live) and small blind (dead)."""
    if not state.cash_game or not uses_blinds(state.game):
        return {}
    return {s.seat: tuple(entry_posts(s, state.stakes, False)) for s in state.seats if s.owes_entry}


# Hands ------------------------------------------------------------------------------------------


def plan_next_hand(state: TableState, stakes: Stakes | None = None) -> HandConfig:
    """The next hand as it would be dealt now; `stakes` overrides the table's (a tournament level)."""
    return redeal_of(state) or plan(state, stakes).config


def start_hand(state: TableState, stakes: Stakes | None = None) -> tuple[TableState, HandConfig]:
    """Deal the next hand: the table with the hand recorded (positions moved, debts settled or
    recorded), and the `HandConfig` for the hand engine. After a misdeal it is the void hand
    again (`void_hand`), whatever `stakes` says."""
    again = redeal_of(state)
    if again is not None:
        return replace(state, current_hand=again, redeal=None), again
    p = plan(replace(state, redeal=None), stakes)
    return replace(settle_debts(state, p), redeal=None), p.config


def void_hand(state: TableState, config: HandConfig) -> TableState:
    """ "Some dealing errors void the hand and it's re-dealt from scratch." The hand `config`
    was void and every chip went back (it is finished): the next hand is the same deal, with
    the same button, blinds, posts, straddle, players and number, and a new shuffle."""
    if state.hand_in_progress:
        raise TableError("Finish the void hand first.")
    if state.hand_count != config.hand_number:
        raise TableError(f"Hand {config.hand_number} is not the last hand dealt at this table.")
    return replace(state, redeal=config)


def redeal_of(state: TableState) -> HandConfig | None:
    """The void hand the next deal repeats, or None. A re-deal needs every player of the void
    hand still in their seat and able to play; otherwise (one left, sat out, has no chips or the
    host moved the button) the next hand is planned as usual, as hand N + 1. The void hand's
    positions and posts already count as played then, as in any hand."""
    config = state.redeal
    if config is None or state.hand_in_progress:
        return None
    seats = []
    for s in config.seats:
        occupant = state.seat(s.seat)
        if occupant is None or occupant.player != s.player or not can_take_big_blind(state, occupant):
            return None
        seats.append(replace(s, stack=occupant.stack))
    return replace(config, seats=tuple(seats))


def verify_finish_hand(
    state: TableState, final_stacks: Mapping[int, int], rebuys: Mapping[int, int] | None = None
) -> None:
    hand = state.current_hand
    if hand is None:
        raise TableError("No hand is being played.")
    dealt = {s.seat: s for s in hand.seats}
    if set(final_stacks) != set(dealt):
        raise TableError("Final stacks must be given for exactly the players dealt in.")
    if any(not isinstance(v, int) or v < 0 for v in final_stacks.values()):
        raise TableError("A final stack is a whole number of chips, zero or more.")
    if sum(final_stacks.values()) != sum(s.stack for s in dealt.values()):
        raise TableError("The final stacks do not add up to the chips the hand started with.")
    for seat, s in dealt.items():
        occupant = state.seat(seat)
        if occupant is None or occupant.player != s.player:
            raise TableError(f"Seat {seat} changed hands during the hand.")
    for seat, chips in (rebuys or {}).items():
        if final_stacks.get(seat, -1) != 0 or not isinstance(chips, int) or chips < 1:
            raise TableError(
                f"Only a player who busted this hand can rebuy, for a positive stack (seat {seat})."
            )


def finish_hand(
    state: TableState,
    final_stacks: Mapping[int, int],
    *,
    rebuys: Mapping[int, int] | None = None,
    players_left_elsewhere: int = 0,
) -> TableState:
    """Apply a hand's result: stacks, departures, and in tournaments the busts.

    "Bust out of chips and you're out." Players out in the same hand are placed by the chips
    they started it with (more is better; equal stacks share), counting
    `players_left_elsewhere` at other tables. `rebuys` maps a busted seat to its new stack.
    """
    verify_finish_hand(state, final_stacks, rebuys)
    hand = state.current_hand
    assert hand is not None
    started = {s.seat: s.stack for s in hand.seats}
    rebuys = rebuys or {}
    seats: list[SeatState] = []
    busts: list[Bust] = []
    for s in state.seats:
        new = s
        if s.seat in final_stacks:
            new = replace(s, stack=final_stacks[s.seat] + rebuys.get(s.seat, 0))
        if new.leaving:
            continue
        if new.stack == 0 and not state.cash_game:
            busts.append(Bust(s.player, started.get(s.seat, 0)))
            continue
        if new.stack == 0:
            new = replace(new, status=SeatStatus.BUSTED)
        seats.append(new)
    finishes: tuple[Finish, ...] = ()
    if busts:
        in_before = sum(1 for s in state.seats if s.stack > 0) + players_left_elsewhere
        finishes = place_busts(busts, in_before)
        left = in_before - len(busts)
        if left == 1 and players_left_elsewhere == 0:
            finishes = (Finish(seats[0].player, 1), *finishes)
    result = replace(state, current_hand=None, finishes=state.finishes + finishes)
    return result.with_seats(seats)
