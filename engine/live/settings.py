"""Table settings as `engine.live` intents (listed in engine.live.intents): the action clock, the
pause between hands, scheduled bomb pots, and the game, stakes and announced options from
the next hand on. A hand being played keeps its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine import dealer
from engine import table as tables
from engine.config import Stakes
from engine.errors import EngineError, TableError
from engine.games import GAMES, ForcedBets
from engine.live.base import Actor, Intent, LiveOptions, LiveTable, Result
from engine.live.common import intent_field
from engine.records import non_zero
from engine.table_state import TableState

# The time between hands the host may set (seconds): the result of a hand stays on every screen
# meanwhile, long enough to read at a kitchen table, never so long that the night stalls.
DEAL_DELAY = (2, 120)
# The time everyone all-in has to answer "Run it twice?": enough to hear the question and agree.
RUN_IT_TWICE_SECONDS = (10, 120)


def set_options(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    current = state.options
    seconds = intent_field(intent, "action_seconds", int, current.action_seconds)
    delay = intent.get("deal_delay", current.deal_delay)
    auto = intent_field(intent, "auto_deal", bool, current.auto_deal)
    if not 0 <= seconds <= 3600:
        raise TableError("The action clock is off (0) or 1 to 3600 seconds.")
    if (
        isinstance(delay, bool)
        or not isinstance(delay, int | float)
        or not DEAL_DELAY[0] <= delay <= DEAL_DELAY[1]
    ):
        raise TableError(f"The time between hands is {DEAL_DELAY[0]} to {DEAL_DELAY[1]} seconds.")
    every = intent_field(intent, "bomb_pot_every", int, current.bomb_pot_every)
    bomb_game = intent_field(intent, "bomb_pot_game", str, current.bomb_pot_game)
    bomb_ante = intent_field(intent, "bomb_ante", int, current.bomb_ante)
    if not 0 <= every <= 1000 or bomb_ante < 0:
        raise TableError("A bomb pot comes every 1 to 1000 hands (0: never), with an ante of 0 or more.")
    if bomb_game not in GAMES or GAMES[bomb_game].forced_bets is not ForcedBets.BOMB_ANTE:
        raise TableError(f"{bomb_game!r} is not a bomb pot.")
    twice = intent_field(intent, "run_it_twice", bool, current.run_it_twice)
    twice_seconds = intent_field(intent, "run_it_twice_seconds", int, current.run_it_twice_seconds)
    if not RUN_IT_TWICE_SECONDS[0] <= twice_seconds <= RUN_IT_TWICE_SECONDS[1]:
        low, high = RUN_IT_TWICE_SECONDS
        raise TableError(f"Players have {low} to {high} seconds to answer whether to run it twice.")
    options = LiveOptions(
        action_seconds=seconds,
        deal_delay=float(delay),
        auto_deal=auto,
        bomb_pot_every=every,
        bomb_pot_game=bomb_game,
        bomb_ante=bomb_ante,
        run_it_twice=twice,
        run_it_twice_seconds=twice_seconds,
        game_options=current.game_options,
    )
    if options == current:
        return state, []
    return replace(state, options=options), [{"type": "table.options", **options.to_json()}]


def set_game(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    """The game, stakes and straddle option from the next hand on (a hand being played keeps its own)."""
    game = intent_field(intent, "game", str, state.table.game)
    if game not in GAMES:
        raise TableError(f"{game!r} is not a game this table can deal.")
    amounts = intent.get("stakes", {})
    if not isinstance(amounts, Mapping) or any(
        not isinstance(v, int) or isinstance(v, bool) for v in amounts.values()
    ):
        raise TableError("Stakes are whole numbers of chips.")
    unknown = set(amounts) - set(Stakes.__dataclass_fields__)
    if unknown:
        raise TableError(f"Unknown stakes: {', '.join(sorted(unknown))}.")
    straddle = intent_field(intent, "straddle_allowed", bool, state.table.options.straddle_allowed)
    given = intent.get("options", {})
    if not isinstance(given, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str | bool | int) for k, v in given.items()
    ):
        raise TableError("Game options are names, each with a word, a number or on/off.")
    # The table keeps every option the host chose across a switch of game (a rabbit hunt, a 7-2
    # bounty): each game is dealt with those it has, the others wait for a game that has them.
    chosen = {**state.options.game_options, **given}
    table = tables.set_game(state.table, game, Stakes(**amounts))
    table = tables.set_options(table, replace(table.options, straddle_allowed=straddle))
    _check_game_options(table, chosen)
    options = replace(state.options, game_options=chosen)
    if table == state.table and options == state.options:
        return state, []
    stakes = non_zero(table.stakes)
    event: dict[str, Any] = {"type": "table.game", "game": game, "stakes": stakes}
    event.update(straddle_allowed=straddle, options=GAMES[game].dealt_options(chosen))
    off = GAMES[game].options_off(chosen)
    if off:
        event["off"] = off  # kept, and dealt again by the next game that has them
    return replace(state, table=table, options=options), [event]


def _check_game_options(table: TableState, chosen: dict[str, Any]) -> None:
    """The game's own check of the options it is dealt with, on the next hand as it would be
    dealt now (with too few players to plan a hand, the deal checks them), then every chosen
    option's value against its declaration, whichever game has it: an option kept for a later
    game is checked now, not when that game is dealt."""
    announced = GAMES[table.game].dealt_options(chosen)
    check = dealer.OPTION_CHECKS.get(table.game)
    if check is not None:
        try:
            # As if the hand being played were over: only the options are checked here.
            config = tables.plan_next_hand(replace(table, current_hand=None))
        except EngineError:
            config = None
        if config is not None:
            check(replace(config, options=announced))
    for game in (GAMES[table.game], *GAMES.values()):
        dealer.check_announced(game, chosen)
