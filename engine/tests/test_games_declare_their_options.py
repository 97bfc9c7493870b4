"""A game's announced options, their choices and defaults are part of its definition."""

from __future__ import annotations

import pytest

from engine.cards import STANDARD_DECK
from engine.config import SeatInHand, Stakes
from engine.errors import ConfigurationError
from engine.forced_bets import standard_config
from engine.games import GAMES
from engine.hand import Hand


def test_blind_holdem_declares_its_reveal_and_whether_players_see_their_own_cards():
    """ "reveal": "all_at_once" (default) or "staged"; "look_at_own_cards": True (default) or False."""
    options = {option.key: (option.values, option.default) for option in GAMES["blind_holdem"].options}
    assert options == {
        "reveal": (("all_at_once", "staged"), "all_at_once"),
        "look_at_own_cards": ((True, False), True),
        "stage_seconds": ((3, 0, 2, 5, 10), 3),
    }


def test_games_without_announced_options_declare_none():
    assert GAMES["bomb_pot"].options == () and GAMES["blind_holdem"].options[0].key == "reveal"


def test_holdem_games_declare_the_house_options_off_by_default():
    """Rabbit hunt and the 7-2 game: host options per table, off unless the host turns them on."""
    options = {option.key: (option.values, option.default) for option in GAMES["nlhe"].options}
    assert options == {"rabbit_hunt": ((False, True), False), "seven_deuce": ((0, 1, 2, 3, 5), 0)}


def test_a_value_outside_the_declared_choices_is_refused_at_the_deal():
    seats = [SeatInHand(1, "a", 100), SeatInHand(2, "b", 100)]
    config = standard_config(
        "blind_holdem", seats, button=1, stakes=Stakes(fixed_stake=5), options={"reveal": "sideways"}
    )
    with pytest.raises(ConfigurationError, match="Announce the reveal"):
        Hand(config, STANDARD_DECK)
