"""The small JSON endpoints the live pages poll every 3 seconds."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tables.models import Night, Player, Table
from tables.services.seating import seating
from tables.tests.conftest import join_from_phone

pytestmark = pytest.mark.django_db


def test_play_status_without_an_identity_is_none(client: Client) -> None:
    response = client.get("/play/status.json")
    assert response.status_code == 200
    assert response.json()["state"] == "none"
    assert "no-cache" in response["Cache-Control"]


def test_play_status_follows_the_player_from_waiting_to_seated(night: Night, table: Table) -> None:
    phone = join_from_phone(night, "Ann")
    assert phone.get("/play/status.json").json() | {"detail": ""} == {
        "state": "waiting",
        "headline": "Waiting to be seated",
        "detail": "",
        "night": "Friday game",
        "name": "Ann",
        "table": None,
        "seat": None,
    }
    seating.move_player(Player.objects.get(), table, 6)
    status = phone.get("/play/status.json").json()
    assert (status["state"], status["table"], status["seat"]) == ("seated", "Main table", 6)
    assert status["headline"] == "Main table · Seat 6"


def test_play_page_shows_the_seat(night: Night, table: Table) -> None:
    phone = join_from_phone(night, "Ann")
    seating.move_player(Player.objects.get(), table, 6)
    content = phone.get("/play/").content.decode()
    assert "Main table · Seat 6" in content
    # The big number is for the eyes; the headline says the seat to a screen reader.
    assert 'data-field="seat" aria-hidden="true">6</p>' in content


def test_play_status_says_when_the_night_is_over(night: Night) -> None:
    phone = join_from_phone(night, "Ann")
    night.status = Night.Status.CLOSED
    night.save(update_fields=["status"])
    assert phone.get("/play/status.json").json()["state"] == "closed"


def test_play_status_says_when_the_player_left(host_client: Client, night: Night) -> None:
    phone = join_from_phone(night, "Ann")
    ann = Player.objects.get()
    host_client.post(f"/host/nights/{night.pk}/players/{ann.pk}/remove/")
    assert phone.get("/play/status.json").json()["state"] == "left"


def test_night_status_sends_the_panel_only_when_it_changed(
    host_client: Client, night: Night, make_player: Callable[..., Player]
) -> None:
    url = f"/host/nights/{night.pk}/status.json"
    first = host_client.get(url).json()
    assert "html" in first
    unchanged = host_client.get(url, {"since": first["fingerprint"]}).json()
    assert unchanged["fingerprint"] == first["fingerprint"]
    assert "html" not in unchanged
    make_player("Ann")
    changed = host_client.get(url, {"since": first["fingerprint"]}).json()
    assert changed["fingerprint"] != first["fingerprint"]
    assert 'data-player="Ann"' in changed["html"]
    assert changed["players"]["approved"] == 1


def test_night_status_page_fingerprint_matches_the_endpoint(
    host_client: Client, night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    """The panel's forms carry CSRF tokens that differ on every render: the fingerprint must not."""
    make_player("Ann")
    seating.seat_waiting_players(table)
    make_player("Bob")
    page = host_client.get(f"/host/nights/{night.pk}/").content.decode()
    fingerprint = host_client.get(f"/host/nights/{night.pk}/status.json").json()["fingerprint"]
    assert f'data-fingerprint="{fingerprint}"' in page


def test_night_status_is_for_the_nights_host_only(client: Client, night: Night) -> None:
    response = client.get(f"/host/nights/{night.pk}/status.json")
    assert response.status_code == 302
