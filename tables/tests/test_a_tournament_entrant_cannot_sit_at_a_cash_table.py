"""A player still in a tournament is never seated at a table that is not one of its own.

docs/chips-and-money.md: "Tournament chips are never cash chips: ... a player still in one can
neither buy cash chips nor cash out (their stack is tournament chips)." Before, the host's Move
(the night page's form, the panel's seat form, a move posted to the tournament's seating page)
took Ann and her 10000 tournament chips to the Den, where Zed and Vic play the cash game with 200
each: after one hand all in, the night's cash players held 200 chips against 600 bought, and the
Main event's players 30400 of the 30000 chips it counts in play (one run; the deck decides which
way it goes, never that it balances). An entrant seated at an empty bomb-pot table was taken
there too, out of the tournament's seating.

Every seating path asks one rule (`tables.services.tournament.tournament_tables.check_may_sit`): it refuses,
in words, and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.test import Client

from tables.models import Table
from tables.services.hosting import hosting
from tables.tests.cash_beside_tournament import (
    Scene,
    check_counts_hold,
    everything,
    move_url,
    page_says,
    panel_move_url,
    post_refused_seating,
    scene_fixture,  # noqa: F401  (the fixture `scene`)
)

pytestmark = pytest.mark.django_db


def test_the_move_form_refuses_to_move_an_entrant_to_a_cash_table(host_client: Client, scene: Scene) -> None:
    """Ann, at the Kitchen with the Main event's 10000 chips, moved to the Den's seat 3."""
    destination = {"destination": f"{scene.den.pk}:3"}
    response = post_refused_seating(
        host_client, scene, move_url(scene, scene.ann), destination, hand_at=scene.den
    )
    page_says(response, "Zed plays the cash game at Den now: Ann's chips are Main event's")


def test_the_panels_seat_form_refuses_to_seat_an_entrant_not_seated_yet_at_a_cash_table(
    host_client: Client, scene: Scene
) -> None:
    """Cal entered the Main event and has not sat down: the Den is not where he sits down."""
    seat = {"table": scene.den.pk, "seat": 3}
    response = post_refused_seating(
        host_client, scene, panel_move_url(scene, scene.cal), seat, hand_at=scene.den
    )
    page_says(response, "Zed plays the cash game at Den now: Cal's chips are Main event's")


def test_a_move_posted_to_the_seating_page_cannot_take_an_entrant_to_a_cash_table(
    host_client: Client, scene: Scene
) -> None:
    """The Den deals Hold'em with blinds, so it is numbered among the tables the Main event can
    play at (table 2); the cash game there is not the tournament's."""
    move = {"player": str(scene.ann.pk), "from_table": 1, "from_seat": 1, "to_table": 2, "to_seat": 3}
    url = f"/host/tournaments/{scene.tournament.pk}/seating/moves/"
    moves = {"moves": json.dumps([{**move, "reason": "balance"}])}
    response = post_refused_seating(host_client, scene, url, moves, hand_at=scene.den)
    page_says(response, "Zed plays the cash game at Den now: Ann's chips are Main event's")


def test_an_entrant_cannot_sit_at_a_table_dealing_a_game_without_blinds(
    host_client: Client, scene: Scene
) -> None:
    """An empty bomb-pot table is no table of the Main event: its levels are blinds."""
    bombs = hosting.create_table(
        scene.night, name="Bombs", game="bomb_pot", max_seats=6, small_blind=1, big_blind=2
    )
    before = everything(scene)
    response = host_client.post(move_url(scene, scene.cal), {"destination": f"{bombs.pk}:1"}, follow=True)
    assert everything(scene) == before
    page_says(response, "Bombs is not a table of Main event")
    check_counts_hold(scene)


def test_an_entrant_may_still_be_seated_at_an_empty_table_with_blinds(
    host_client: Client, scene: Scene, make_table: Callable[..., Table]
) -> None:
    """A table nobody plays at yet may take the tournament (the draw's tables start so)."""
    patio = make_table("Patio", max_seats=6)
    response = host_client.post(move_url(scene, scene.cal), {"destination": f"{patio.pk}:1"}, follow=True)
    page_says(response, "Cal: seated at Patio, seat 1 with 10000 chips")
    check_counts_hold(scene)
