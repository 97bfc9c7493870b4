"""A hand set up for fewer players than its game allows is refused with a ConfigurationError
that says so, whichever way it is set up: the forced bets cannot be worked out among too few
players, and asking for them must not crash with an IndexError."""

from __future__ import annotations

import pytest

from engine.config import SeatInHand, Stakes
from engine.errors import ConfigurationError
from engine.forced_bets import standard_config

BLINDS = Stakes(small_blind=1, big_blind=2)


@pytest.mark.parametrize("game", ["nlhe", "flhe", "short_deck", "blind_holdem"])
def test_standard_config_for_one_player_says_the_game_needs_two(game: str) -> None:
    with pytest.raises(ConfigurationError, match=r"needs 2 to \d+ players, not 1"):
        standard_config(game, [SeatInHand(1, "a", 100)], button=1, stakes=BLINDS)


def test_standard_config_for_nobody_says_the_game_needs_two() -> None:
    with pytest.raises(ConfigurationError, match="not 0"):
        standard_config("nlhe", [], button=1, stakes=BLINDS)


def test_a_bomb_pot_for_one_player_is_refused_too() -> None:
    with pytest.raises(ConfigurationError, match="not 1"):
        standard_config("bomb_pot", [SeatInHand(1, "a", 100)], button=1, stakes=Stakes(bomb_ante=5))
