"""The admin is available to hosts (is_staff) for each model of a night."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tables.models import Night, Player, Seat, Table
from tables.services.seating import seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated_night(night: Night, table: Table, make_player: Callable[..., Player]) -> Night:
    make_player("Ann")
    seating.seat_waiting_players(table)
    return night


@pytest.mark.parametrize("model", ["night", "player", "table", "seat"])
def test_admin_lists_and_opens_each_model(host_client: Client, seated_night: Night, model: str) -> None:
    listing = host_client.get(f"/admin/tables/{model}/")
    assert listing.status_code == 200
    pk = {"night": Night, "player": Player, "table": Table, "seat": Seat}[model].objects.get().pk
    change = host_client.get(f"/admin/tables/{model}/{pk}/change/")
    assert change.status_code == 200


def test_admin_never_shows_a_players_tokens(host_client: Client, seated_night: Night) -> None:
    player = Player.objects.get()
    content = host_client.get(f"/admin/tables/player/{player.pk}/change/").content.decode()
    assert player.session_token not in content
    assert "session_token" not in content


def test_admin_is_closed_to_guests(client: Client, seated_night: Night) -> None:
    response = client.get("/admin/tables/player/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
