"""The options a game announces before each deal are declared once, in the engine's game
definition (`engine.games.GameDef.options`); the host panel passes on exactly those."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.games import GAMES
from tables.live import load_state
from tables.models import Table
from tables.services.hosting import table_settings
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def test_an_option_the_engine_declares_for_a_game_reaches_the_table(table: Table, host: User) -> None:
    """Crazy Blind Man: "each active player removes a card from the nearest active player on
    their left" is its announced removal method."""
    seat_players(table, ["Ann", "Bob", "Cy"])
    assert [option.key for option in GAMES["crazy_blind_man"].options] == ["removal", "rabbit_hunt"]
    table_settings.save_settings(
        table,
        host,
        game="crazy_blind_man",
        small_blind=1,
        big_blind=2,
        game_options={"removal": "nearest_active"},
    )
    assert load_state(table.pk).options.game_options == {"removal": "nearest_active"}


def test_an_option_the_game_does_not_declare_is_not_sent(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    table_settings.save_settings(
        table, host, game="blind_holdem", big_blind=5, game_options={"reveal": "staged", "sideways": True}
    )
    assert load_state(table.pk).options.game_options == {"reveal": "staged"}
