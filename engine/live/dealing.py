"""Dealing and playing as `engine.live` intents: the host (or the dealer's timer) starts a
hand or stops dealing, a player acts, and the action clock runs out.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine import table as tables
from engine.cards import Card
from engine.config import HandConfig, Stakes
from engine.errors import EngineError, IllegalActionError, TableError
from engine.events import RoundEnded
from engine.games import GAMES, Structure
from engine.hand import Hand
from engine.house import blind_holdem, run_it_twice, showdown_clock
from engine.house import rabbit_hunt as rabbits
from engine.house.rulings import HandKilled
from engine.live import fairness, player_settings
from engine.live import redeal as redeal_rules
from engine.live.base import SYSTEM, Actor, Events, Intent, LiveOptions, LiveTable, Result, StaleIntentError
from engine.live.common import can_deal, finish_if_over, seat_in_hand, target_seat
from engine.shuffle import commitment, seed_from_hex
from engine.table_state import TableState

# Tried in order when the action clock runs out: check if possible, else fold; at showdown
# a hand that may be mucked is mucked, otherwise shown; during Crazy Blind Man's removal or
# a staged Blind Hold'em reveal, the first card goes (engine.house.home_game.CARD_ACTIONS); asked
# to run it twice, the time running out means once.
TIMEOUT_ACTIONS: tuple[str, ...] = (
    "check",
    "fold",
    "muck",
    "show",
    "remove_first",
    "reveal_first",
    "run_once",
)


@functools.cache
def _action_parameters(act: Callable[..., object]) -> frozenset[str]:
    """The parameters a client may send with an action, read once per `Hand.act` function."""
    parameters = list(inspect.signature(act).parameters)[1:]  # the first is the hand itself
    # `seat` and `action` are the hand's own arguments, never a client's field.
    return frozenset(parameters) - {"seat", "action"}


# Dealing ----------------------------------------------------------------------------------------


def start_hand(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """The deal's cut-off (engine.live.fairness): the hand to deal is fixed, the pledges of the
    players dealt in close and the server seed is drawn. The cards come at once when there is no
    pledged value to wait for, otherwise with the last value (`shuffle_value`) or when the time for them
    runs out (`timeout`)."""
    if state.shuffling is not None:
        raise TableError("The cards are being shuffled; they are dealt in a moment.")
    if state.hand_in_progress:
        raise TableError("A hand is in progress; finish it first.")
    if actor == SYSTEM and (state.next_deal_at is None or state.next_deal_at > now):
        raise StaleIntentError("The next hand is not due yet")
    if actor == SYSTEM and not can_deal(state.table):
        # Not enough players: stop the timer; the next seating change schedules a deal again.
        return replace(state, next_deal_at=None), [{"type": "table.waiting_for_players"}]
    redeal, bomb_pot, table, config = _hand_to_deal(state)
    held = redeal_rules.hold_for_pledges(state, actor, now) if redeal else None
    if held is not None:
        return held
    if bomb_pot:
        # One hand of the bomb pot, then the table's own game and stakes again.
        table = replace(table, game=state.table.game, stakes=state.table.stakes)
    elif state.options.game_options and not redeal and config.game in GAMES:
        # The table's chosen options that this game has (engine.games.GameDef.dealt_options).
        config = replace(config, options=GAMES[config.game].dealt_options(state.options.game_options))
    game = GAMES.get(config.game)
    if state.options.run_it_twice and not redeal and game is not None and run_it_twice.allowed(game):
        config = replace(config, options={**config.options, run_it_twice.OPTION: True})
    # Tests may name the server seed; otherwise it is drawn now, after every pledge is fixed.
    given = seed_from_hex(intent["seed"]) if intent.get("seed") else None
    short_deck = bool(game and game.short_deck)
    shuffling = fairness.cut_off(state, config.to_json(), short_deck, redeal, now, given)
    cut = replace(state, table=table, hand=None, dealing=True, next_deal_at=None, pledges={})
    cut = replace(cut, redeal_wait=None)
    if shuffling.pledges:
        noted = {
            "type": "table.cut_off",
            "hand_number": config.hand_number,
            "waiting_for": len(shuffling.pledges),
            "commitment": shuffling.commitment,
        }
        return replace(cut, shuffling=shuffling, deadline=shuffling.deadline), [noted]
    return deal_cards(cut, shuffling, now)


def _hand_to_deal(state: LiveTable) -> tuple[bool, bool, TableState, HandConfig]:
    """The hand the next deal would deal: whether it is a misdeal's re-deal, whether it is a
    scheduled bomb pot, and the table and hand the deal starts from."""
    # After a misdeal the void hand is dealt again as it was (its game, options and number).
    redeal = tables.redeal_of(state.table) is not None
    bomb_pot = None if redeal else _scheduled_bomb_pot(state)
    table, config = tables.start_hand(bomb_pot or state.table)
    return redeal, bomb_pot is not None, table, config


def players_dealt_next(state: LiveTable) -> tuple[str, ...]:
    """Who the next deal would deal in, worked out without dealing: what the app checks of a
    deal (that bought chips meet only bought chips) before the deal is made. Nobody when no hand
    can be dealt now (one in progress or being shuffled, too few players): the deal itself then
    refuses with its own words."""
    if state.shuffling is not None or state.hand_in_progress or not can_deal(state.table):
        return ()
    try:
        return tuple(seat.player for seat in _hand_to_deal(state)[3].seats)
    except EngineError:
        return ()


def shuffle_value(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """A phone's value for the deal being shuffled; the last one deals the cards."""
    accepted = fairness.accept_reveal(state, actor, intent)
    if accepted is None:
        return state, []
    shuffling, revealed = accepted
    if not shuffling.complete:
        return replace(state, shuffling=shuffling), [revealed]
    new, events = deal_cards(state, shuffling, now)
    return new, [revealed, *events]


def deal_cards(state: LiveTable, shuffling: fairness.Shuffling, now: float) -> Result:
    """The cards of a deal whose values are in, or whose time for them ran out: a player whose
    pledged value never came is dealt a dead hand (docs/shuffle.md), so holding a value back
    after seeing the others' never deals its owner anything better. When no player dealt in
    sent a value, nobody is left to play against the dead hands: the deal is void and dealt
    again from scratch, with new pledges and a new seed."""
    config = HandConfig.from_json(shuffling.config)
    if shuffling.pledges and not shuffling.values and len(shuffling.pledges) == len(config.seats):
        table = tables.finish_hand(state.table, {s.seat: s.stack for s in config.seats})
        table = tables.void_hand(table, config)
        void = {"type": "table.no_values", "hand_number": config.hand_number, "redealt": True}
        return replace(state, table=table, shuffling=None, deadline=None), [{**void, **_void_deck(shuffling)}]
    shuffle = fairness.shuffle_for_deal(shuffling)
    hand = _dealt_with_dead_hands(config, shuffle.deck, shuffle.dead_seats, now)
    new = replace(state, hand=hand, **shuffle.fields)
    started: dict[str, Any] = {"type": "table.hand_started", "hand_number": config.hand_number}
    if shuffling.redeal:
        started["redeal"] = True  # hand N again: the first deal of it was void
    events: Events = [{**started, **shuffle.published}, *(event.to_json() for event in hand.events)]
    return finish_if_over(new, events)


def _void_deck(shuffling: fairness.Shuffling) -> dict[str, Any]:
    """What the app keeps of a deal no phone sent its value for: who withheld it (by seat, and
    who sat there) and the server seed, for the app's record only; like a played deck's, it is
    revealed when the night closes (docs/shuffle.md), never in a view."""
    seat_of = {seat["player"]: seat["seat"] for seat in shuffling.config["seats"]}
    return {
        "commitment": commitment(bytes.fromhex(shuffling.seed)),
        "seed": shuffling.seed,
        "short_deck": shuffling.short_deck,
        "pledges": {str(seat_of[p]): pledge for p, pledge in sorted(shuffling.pledges.items())},
        "withheld": sorted(seat_of[p] for p in shuffling.pledges),
        "players": {str(seat["seat"]): seat["player"] for seat in shuffling.config["seats"]},
    }


def _dealt_with_dead_hands(
    config: HandConfig, deck: tuple[Card, ...], dead: tuple[int, ...], now: float
) -> Hand:
    """The hand dealt, with the `dead` seats' hands killed by the dealer: at the first decision,
    as a host's kill would be (their chips stay in the pot), or, in a game with no betting
    (Blind Hold'em), once the stakes are in the pot and before the hands are tabled.
    It is the dealer's own ruling, not the host's, so it holds in every game."""
    if not dead:
        return Hand.deal(config, deck)
    game = GAMES.get(config.game)
    if game is not None and game.structure is Structure.NO_BETTING:
        # Killed once the board is out and the stakes are in the pot, before the hands are tabled.
        hand = Hand(config, deck)
        while not any(isinstance(event, RoundEnded) for event in hand.events):
            if hand.advance() is None:
                break
    else:
        hand = Hand.deal(config, deck)
    at = datetime.datetime.fromtimestamp(now, tz=datetime.UTC).isoformat()
    for seat in dead:
        if hand.finished or sum(1 for s in hand.seats if s.live) <= 1:
            break
        hand.apply(HandKilled(host="dealer", reason=NO_VALUE_REASON, at=at, seat=seat))
    hand.run_dealer()
    return hand


# The reason the hand's history gives for a hand dealt dead at the deal.
NO_VALUE_REASON = "Dead hand: this phone's pledged value for the shuffle did not come in time"


def _scheduled_bomb_pot(state: LiveTable) -> TableState | None:
    """The table as it deals the next hand when that hand is a scheduled bomb pot, else None."""
    options = state.options
    if not options.bomb_pot_every or (state.table.hand_count + 1) % options.bomb_pot_every:
        return None
    ante = options.bomb_ante or state.table.stakes.big_blind or 1
    stakes = Stakes(bomb_ante=ante, cap=state.table.stakes.cap)
    return tables.set_game(state.table, options.bomb_pot_game, stakes)


def pause(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """Stop dealing after the current hand (the host deals again to resume)."""
    if not state.dealing and state.next_deal_at is None:
        raise TableError("The dealer is already stopped.")
    return replace(state, dealing=False, next_deal_at=None), [{"type": "table.paused"}]


# Playing ----------------------------------------------------------------------------------------


def act(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    seat = target_seat(actor, intent)
    action = intent.get("action")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise IllegalActionError("Say what you do (fold, check, call, bet, raise...)")
    return _play(state, seat, action["type"], {k: v for k, v in action.items() if k != "type"})


def timeout(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """The action clock ran out: check if possible, otherwise fold (see TIMEOUT_ACTIONS). In a
    staged Blind Hold'em reveal, the pause between stages ran out: the next stage is dealt."""
    if intent.get("version") != state.version:
        raise StaleIntentError("This timeout is for an earlier state of the table")
    if state.shuffling is not None:
        if state.shuffling.deadline > now:
            raise StaleIntentError("The time for the shuffle's values has not run out")
        return deal_cards(state, state.shuffling, now)
    hand = state.hand
    if state.deadline is None or state.deadline > now or hand is None:
        raise StaleIntentError("Nobody's time has run out")
    if blind_holdem.waiting_for_stage(hand) is not None:
        return _next_stage(state, hand)
    if hand.to_act is None:
        raise StaleIntentError("Nobody's time has run out")
    names = TIMEOUT_ACTIONS
    if showdown_clock.waiting_to_show(hand) is not None:
        # The cards speak: a hand beaten on the table is mucked, any other turned up.
        names = ("muck", "show") if showdown_clock.cards_speak(hand) == "muck" else ("show", "muck")
    for name in names:
        try:
            new, events = _play(state, hand.to_act, name, {})
        except IllegalActionError:
            continue
        return new, [{"type": "table.timed_out", "seat": hand.to_act, "action": name}, *events]
    raise IllegalActionError("No default action is possible for this player")


# The least time between a hand whose rabbit may be hunted and the next deal: long enough, at a
# kitchen table, to read the result, ask "what would have come?" and tap "Rabbit hunt" (the
# table's usual pause, if longer, still applies).
RABBIT_WINDOW_SECONDS = 15.0


def rabbit_pause(options: LiveOptions) -> float:
    return max(options.deal_delay, RABBIT_WINDOW_SECONDS)


def pause_after(hand: Hand, options: LiveOptions) -> float:
    """Seconds from the end of `hand` to the next automatic deal: the table's pause, but at
    least the rabbit window after a hand whose rabbit a player may still ask for."""
    return rabbit_pause(options) if rabbits.huntable(hand) else options.deal_delay


def rabbit_window_end(hand: Hand, options: LiveOptions, now: float) -> float | None:
    """When the window to ask for the rabbit of `hand`, finished at `now`, ends; None when it has
    no rabbit to hunt."""
    return now + rabbit_pause(options) if rabbits.huntable(hand) else None


def rabbit_hunt(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """After a hand that ended before the river, a player of it (whatever seat they have now)
    sees the board that would have come (engine.house.rabbit_hunt). The request is taken until
    the next deal, and that deal waits until the rabbit has been on every screen for a whole
    pause (`rabbit_pause`), however late in the window it was asked for."""
    if state.hand is None or state.hand_in_progress:
        raise IllegalActionError("The rabbit is hunted once the hand is over")
    # The seat asking names who sits there now; the hand knows them by the seat they had in it.
    seat = seat_in_hand(state, target_seat(actor, intent))
    if seat is None:
        number = state.hand.config.hand_number
        raise IllegalActionError(f"Only a player of hand #{number} may ask for its rabbit")
    hand = state.hand.copy()
    events = [event.to_json() for event in rabbits.hunt(hand, seat)]
    noted = {"type": "table.rabbit_hunt", "seat": seat, "hand_number": hand.config.hand_number}
    rabbit_until = now + rabbit_pause(state.options)
    next_deal_at = state.next_deal_at
    if next_deal_at is not None:
        next_deal_at = max(next_deal_at, rabbit_until)
    return replace(state, hand=hand, next_deal_at=next_deal_at, rabbit_until=rabbit_until), [noted, *events]


def _next_stage(state: LiveTable, hand: Hand) -> Result:
    """The pause after a stage of a staged reveal is over: the dealer deals the next one."""
    hand = hand.copy()
    events = [event.to_json() for event in blind_holdem.next_stage(hand)]
    return finish_if_over(replace(state, hand=hand), [{"type": "table.next_stage"}, *events])


def _play(state: LiveTable, seat: int, action: str, params: dict[str, Any]) -> tuple[LiveTable, Events]:
    if state.hand is None or state.hand.finished:
        raise IllegalActionError("No hand is being played")
    hand = state.hand.copy()  # hands are mutable records: the state given must stay untouched
    accepted = _action_parameters(type(hand).act)
    unknown = [name for name in params if name not in accepted]
    if unknown:
        raise IllegalActionError(f"{action!r} does not take {', '.join(sorted(unknown))}")
    events = [event.to_json() for event in hand.act(seat, action, **params)]
    events += player_settings.muck_for_players(state, hand)  # players who want auto-muck
    return finish_if_over(replace(state, hand=hand), events)
