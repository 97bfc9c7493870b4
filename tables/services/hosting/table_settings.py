"""Table settings: a table's game, stakes and options as the host panel's settings form shows
them, and saving them to the live table.

Saving is checked against the night's hosts (tables.access), goes through the one write path as
``host`` intents, and is written to the night's audit log in the same transaction: refused
settings change nothing and log nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine import live as engine_live
from engine.games import BLIND_HOLDEM, GAMES, RABBIT_HUNT, SEVEN_DEUCE, option_named
from engine.live.dealing import RABBIT_WINDOW_SECONDS as RABBIT_WINDOW
from engine.live.settings import DEAL_DELAY, RUN_IT_TWICE_SECONDS
from engine.table_state import forced_bets_of, stakes_for_game, typed_amounts
from tables import live
from tables.access import check_host
from tables.models import Table
from tables.services.hosting import audit, hosting


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's game, stakes and options in the amounts a host types (the settings form). They
    are not stored apart: read from the live table's state, sent back to it as intents."""

    game: str
    small_blind: int
    big_blind: int
    ante: int = 0
    cap: int = 0
    bomb_ante: int = 0
    straddle_allowed: bool = True
    action_seconds: int = 0
    bomb_pot_every: int = 0
    bomb_pot_game: str = "bomb_pot"
    run_it_twice: bool = False
    deal_delay: int = 5  # seconds between hands: the result stays on every screen meanwhile
    run_it_twice_seconds: int = 15  # the time to answer "Run it twice?"


# The settings that are figures of chips (the others are seconds, counts and choices).
CHIP_FIGURES = ("small_blind", "big_blind", "ante", "cap", "bomb_ante")


def settings_for(table: Table) -> TableSettings:
    """What the live table deals from the next hand on, as the settings form shows it."""
    state = live.load_state(table.pk)
    typed = typed_amounts(state.table.stakes)
    # One box for the ante of scheduled bomb pots and of a bomb-pot game (save_settings sends both).
    typed["bomb_ante"] = state.options.bomb_ante or typed["bomb_ante"]
    return TableSettings(
        game=state.table.game,
        **typed,
        straddle_allowed=state.table.options.straddle_allowed,
        action_seconds=state.options.action_seconds,
        bomb_pot_every=state.options.bomb_pot_every,
        bomb_pot_game=state.options.bomb_pot_game,
        run_it_twice=state.options.run_it_twice,
        deal_delay=round(state.options.deal_delay),
        run_it_twice_seconds=state.options.run_it_twice_seconds,
    )


def options_intent(chosen: TableSettings) -> dict[str, Any]:
    """The live table's options: the action clock, the time between hands, the bomb pot every N
    hands, run it twice and its time to answer."""
    return {
        "type": "options",
        "action_seconds": chosen.action_seconds,
        "deal_delay": chosen.deal_delay,
        "run_it_twice_seconds": chosen.run_it_twice_seconds,
        "bomb_pot_every": chosen.bomb_pot_every,
        "bomb_pot_game": chosen.bomb_pot_game,
        "bomb_ante": chosen.bomb_ante,
        "run_it_twice": chosen.run_it_twice,
    }


def bomb_pot_choices() -> list[tuple[str, str]]:
    return [(key, game.name) for key, game in GAMES.items() if forced_bets_of(key).value == "bomb_ante"]


def stakes_for(chosen: TableSettings) -> dict[str, int]:
    """The engine's stakes for the chosen game's kind of forced bets (engine.table_state)."""
    return stakes_for_game(
        chosen.game,
        small_blind=chosen.small_blind,
        big_blind=chosen.big_blind,
        ante=chosen.ante,
        cap=chosen.cap,
        bomb_ante=chosen.bomb_ante,
    )


# Options a game announces before each deal, and the values the panel offers: declared with
# the game (engine.games.GameDef.options).
ANNOUNCED_OPTIONS = {
    key: {option.key: option.values for option in game.options} for key, game in GAMES.items() if game.options
}
# The choices the panel lists for the house options and the staged reveal's pause.
HOUSE_OPTION_CHOICES = {"seven_deuce": SEVEN_DEUCE.choices, "rabbit_hunt": RABBIT_HUNT.choices}
STAGE_SECONDS_CHOICES = BLIND_HOLDEM.option("stage_seconds").choices
# The least time players of a hand over early have to ask for the rabbit (the panel says it).
RABBIT_WINDOW_SECONDS = round(RABBIT_WINDOW)
# The ranges the host may choose from (the engine refuses anything else).
DEAL_DELAY_RANGE = DEAL_DELAY
RUN_IT_TWICE_RANGE = RUN_IT_TWICE_SECONDS


def save_settings(
    table: Table,
    by: AbstractBaseUser | None,
    why: str = "",
    game_options: dict[str, Any] | None = None,
    **values: Any,
) -> TableSettings:
    """Store the table's settings and send them to the live table, which deals them from the
    next hand on (announced to the table as a ``table.game`` / ``table.options`` event).

    `game_options` are the options the host sets now; the table keeps the ones it had for
    the rest (engine.live.settings.set_game), across a switch of game too. An option the new
    game cannot have stays stored for the next game that has it, and the confirmation (the
    line in the night's log) says it is off in this one."""
    check_host(by, table.night)
    current = replace(settings_for(table), **values)
    hosting.check_stake_figures({name: getattr(current, name) for name in CHIP_FIGURES})
    stakes = stakes_for(current)
    game_intent = {
        "type": "set_game",
        "game": current.game,
        "stakes": stakes,
        "straddle_allowed": current.straddle_allowed,
        # Only the options the game announces; the engine checks their values.
        "options": {
            k: v for k, v in (game_options or {}).items() if k in ANNOUNCED_OPTIONS.get(current.game, {})
        },
    }
    with transaction.atomic():
        live.apply_intent(table.pk, engine_live.HOST, game_intent)
        live.apply_intent(table.pk, engine_live.HOST, options_intent(current))
        game_name = GAMES[current.game].name
        off = GAMES[current.game].options_off(live.load_state(table.pk).options.game_options)
        chosen = ", ".join(
            [hosting.stakes_words(stakes), *option_words(current.game, game_intent["options"])]
        )
        clock = f"{current.action_seconds} s to act" if current.action_seconds else "no action clock"
        clock += f"; {current.deal_delay} s between hands"
        if current.bomb_pot_every:
            bomb = GAMES[current.bomb_pot_game].name
            clock += f"; a {bomb} every {current.bomb_pot_every} hands"
        if current.run_it_twice:
            clock += (
                "; run it twice offered when everyone is all-in before the river"
                f" ({current.run_it_twice_seconds} s to answer)"
            )
        if off:
            words = ", ".join(option_words(current.game, off))
            clock += f"; off in {game_name}, kept for a game that has it: {words}"
        audit.record(
            table.night,
            by,
            f"{table.name}: from the next hand, {game_name}, {chosen}; {clock}",
            why,
            table=table,
            payload={**game_intent, **options_intent(current), "type": "settings"},
        )
    return current


def option_words(game: str, options: Mapping[str, Any]) -> list[str]:
    """A game's announced options as the host chose them, in the words the panel offers.

    >>> option_words("blind_holdem", {"look_at_own_cards": False, "reveal": "staged"})
    ['players see their own cards: no', 'reveal: in stages']
    >>> option_words("nlhe", {"seven_deuce": 2, "rabbit_hunt": True})
    ['7-2 bounty: 2 big blinds', 'rabbit hunt: on']
    """
    defined = {option.key: option for option in GAMES[game].options} if game in GAMES else {}
    words = []
    for key, value in options.items():
        option = defined.get(key) or option_named(key)  # kept for another game
        if option is not None:
            chosen = next((label for choice, label in option.choices if choice == value), str(value))
            words.append(f"{option.label.lower()}: {chosen.lower()}")
        else:  # an option the game does not declare (yet): its name and value
            words.append(f"{key.replace('_', ' ')} {value}")
    return words
