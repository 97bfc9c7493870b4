"""A table's house options outlive a switch of game: NL -> Crazy Blind Man -> NL keeps the
rabbit hunt and the 7-2 bounty, and the switch's confirmation says what the new game cannot have.

docs/design.md, "Adding a house rule": "An option the host set stays set until the host changes
it: a game switch keeps it". The 7-2 game: "a shown seven-deuce that wins a whole pot collects a
bounty in big blinds from every other player" (engine.house.seven_deuce).
"""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User

from engine.house.seven_deuce import is_seven_deuce
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.hosting import audit, table_settings
from tables.tests.live_helpers import seat_players
from tables.tests.night_house_rules import give_up_to, play_out, seven_deuce_seed

pytestmark = pytest.mark.django_db

HOUSE_OPTIONS = {"rabbit_hunt": True, "seven_deuce": 5}


def _switch(table: Table, host: User, game: str, game_options: dict | None = None) -> str:
    """The host saves the settings form with another game; the confirmation they are shown (the
    lines it wrote in the night's log, as tables.views.host_panel.confirm shows them)."""
    since = audit.newest_id(table.night)
    table_settings.save_settings(table, host, "", game_options, game=game, small_blind=1, big_blind=2)
    return "; ".join(audit.written_since(table.night, since, host))


def _deal(table: Table) -> dict:
    apply_intent(table.pk, "host", {"type": "start_hand"})
    hand = load_state(table.pk).hand
    assert hand is not None
    return hand.config.options


def _fold_to_the_end(table: Table) -> None:
    play_out(table.pk, random.Random(1), give_up_to(0))


def test_rabbit_hunt_and_the_seven_deuce_bounty_survive_nl_to_crazy_blind_man_and_back(
    table: Table, host: User
) -> None:
    seat_players(table, ["Ana", "Ben", "Cy", "Di"])
    _switch(table, host, "nlhe", HOUSE_OPTIONS)
    _switch(table, host, "crazy_blind_man")
    assert _deal(table) == {"rabbit_hunt": True}  # Crazy Blind Man has a rabbit hunt, no 7-2 game
    _fold_to_the_end(table)
    _switch(table, host, "nlhe")
    assert _deal(table) == HOUSE_OPTIONS


def test_the_form_sent_back_unchanged_keeps_the_options_too(table: Table, host: User) -> None:
    """The settings form sends the options it shows; Crazy Blind Man's has no 7-2 bounty."""
    seat_players(table, ["Ana", "Ben", "Cy"])
    _switch(table, host, "nlhe", HOUSE_OPTIONS)
    _switch(table, host, "crazy_blind_man", {"rabbit_hunt": True, "seven_deuce": 0})
    _switch(table, host, "nlhe", dict(load_state(table.pk).options.game_options))
    assert _deal(table) == HOUSE_OPTIONS


def test_the_switch_confirmation_says_which_options_the_new_game_cannot_have(
    table: Table, host: User
) -> None:
    seat_players(table, ["Ana", "Ben", "Cy"])
    _switch(table, host, "nlhe", HOUSE_OPTIONS)
    said = _switch(table, host, "crazy_blind_man")
    assert "off in Crazy Blind Man, kept for a game that has it: 7-2 bounty: 5 big blinds" in said
    assert "rabbit hunt: on" not in said.split("off in")[1]
    assert "off in" not in _switch(table, host, "nlhe")


def test_a_winning_seven_deuce_is_paid_after_a_switch_there_and_back(table: Table, host: User) -> None:
    seat_players(table, ["Ana", "Ben", "Cy", "Di"])
    _switch(table, host, "nlhe", HOUSE_OPTIONS)
    _switch(table, host, "crazy_blind_man")
    _deal(table)
    _fold_to_the_end(table)
    _switch(table, host, "nlhe")
    seed = seven_deuce_seed(load_state(table.pk), random.Random(7))
    assert seed is not None
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed})
    hand = load_state(table.pk).hand
    assert hand is not None
    favoured = next(s.seat for s in hand.seats if is_seven_deuce(s.hole))
    hand = play_out(table.pk, random.Random(2), give_up_to(favoured)).hand
    assert hand is not None
    paid = [e for e in hand.events if e.type == "seven_deuce_paid"]
    assert paid and paid[0].winner == favoured
    assert all(chips == 10 for _, chips in paid[0].payments)  # 5 big blinds of 2 from each
