"""A player with cash chips is never seated at a table a tournament plays at.

docs/chips-and-money.md: "Tournament chips are never cash chips." Before, the host's Move (the
night page's form, the panel's seat form) put Zed, who bought 200 cash chips, beside Ann and Bea
at the Main event's table without a word: after one hand all in, the night's cash players held
1000 chips against 600 bought, and the Main event's players 29600 of the 30000 chips it counts in
play (one run; the deck decides which way it goes, never that it balances).

Every seating path asks one rule (`tables.services.tournament.tournament_tables.check_may_sit`): it refuses,
in words, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from tables.live import load_state
from tables.models import Night, Table
from tables.tests.cash_beside_tournament import (
    Scene,
    check_counts_hold,
    everything,
    move_url,
    page_says,
    panel_move_url,
    post_refused_seating,
    scene_fixture,  # noqa: F401  (the fixture `scene`)
    tournament_beside_cash,
)
from tables.tests.live_helpers import Phone, host_cookie

pytestmark = pytest.mark.django_db

REFUSAL = "Kitchen is a table of Main event"


def test_the_move_form_refuses_to_move_a_cash_player_to_a_tournament_table(
    host_client: Client, scene: Scene
) -> None:
    """Zed, at the Den with his 200 cash chips, moved to the Kitchen's seat 3."""
    destination = {"destination": f"{scene.kitchen.pk}:3"}
    response = post_refused_seating(
        host_client, scene, move_url(scene, scene.zed), destination, hand_at=scene.kitchen
    )
    page_says(response, f"{REFUSAL}: Zed's chips are cash chips")


def test_the_panels_seat_form_refuses_to_seat_a_cash_player_waiting_at_a_tournament_table(
    host_client: Client, scene: Scene
) -> None:
    """Uma bought 200 cash chips and waits for a seat: the Kitchen's seat 3 is not one for her."""
    seat = {"table": scene.kitchen.pk, "seat": 3}
    response = post_refused_seating(
        host_client, scene, panel_move_url(scene, scene.uma), seat, hand_at=scene.kitchen
    )
    page_says(response, f"{REFUSAL}: Uma's chips are cash chips")


def test_seating_the_waiting_players_at_a_tournament_table_is_refused(
    host_client: Client, scene: Scene
) -> None:
    before = everything(scene)
    url = f"/host/nights/{scene.night.pk}/tables/{scene.kitchen.pk}/seat-waiting/"
    response = host_client.post(url, follow=True)
    assert everything(scene) == before
    page_says(response, f"{REFUSAL}: its seats come from the tournament's draw.")
    check_counts_hold(scene)


@pytest.mark.django_db(transaction=True)
async def test_the_host_cannot_seat_a_cash_player_at_a_tournament_table_over_the_socket(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    """The table's socket takes no "sit" from the host: seats come from the host's pages."""
    scene = await database_sync_to_async(tournament_beside_cash)(night, host, make_table)
    before = await database_sync_to_async(everything)(scene)
    phone = Phone(scene.kitchen.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    sit = {"type": "sit", "seat": 3, "player": str(scene.uma.pk), "stack": 200, "name": "Uma"}
    reply = await phone.request(
        {"type": "host", "client_id": "sit", "version": phone.version, "command": sit}
    )
    await phone.close()
    assert reply["type"] == "error" and "Seat players from the host page" in reply["message"], reply
    assert await database_sync_to_async(everything)(scene) == before
    seats = await database_sync_to_async(lambda: load_state(scene.kitchen.pk).table.seats)()
    assert {seat.name for seat in seats} == {"Ann", "Bea"}
