"""The stakes a table opens with, from the two amounts a host types, by the game's forced bets.

Blind Hold'em: "Before the deal, every player puts the same agreed fixed stake into the pot.
There are no blinds, antes, bets, calls or raises beyond this stake."
Variants, bomb pots: "The stakes of a bomb pot table are shown as its ante."
"""

from __future__ import annotations

import doctest

import pytest

import engine.live  # noqa: F401  (the house games join engine.games when the live table loads)
from engine import table_state
from engine.config import Stakes
from engine.games import GAMES
from engine.table_state import stakes_for_game, verify_stakes


def test_blind_holdem_takes_the_big_blind_as_everyones_fixed_stake() -> None:
    assert stakes_for_game("blind_holdem", small_blind=1, big_blind=5) == {"fixed_stake": 5}


def test_a_bomb_pot_takes_the_big_blind_as_its_ante_unless_one_is_given() -> None:
    assert stakes_for_game("plo_bomb", small_blind=1, big_blind=5) == {"bomb_ante": 5, "cap": 0}
    assert stakes_for_game("plo_bomb", small_blind=1, big_blind=5, bomb_ante=3) == {"bomb_ante": 3, "cap": 0}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_opens_with_stakes_it_accepts(game: str) -> None:
    verify_stakes(game, Stakes(**stakes_for_game(game, small_blind=1, big_blind=2)))


def test_docstring_examples() -> None:
    failures, attempted = doctest.testmod(table_state)
    assert attempted > 0 and failures == 0
