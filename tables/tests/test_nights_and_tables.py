"""The host creates a night and tables in it; bad input gets a clear message and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.test import Client

from engine.games import GAMES
from tables.errors import ActionRefused
from tables.join_codes import ALPHABET
from tables.live import load_state
from tables.models import Night, Table
from tables.models.live import TableSnapshot
from tables.services.hosting import hosting

pytestmark = pytest.mark.django_db

NIGHT_FORM = {
    "name": "Friday game",
    "date": "2026-11-27",
    "currency": "EUR",
    "chip_value": "0.05",
    "require_approval": "on",
}
TABLE_FORM = {"name": "Kitchen", "game": "nlhe", "max_seats": "9", "small_blind": "1", "big_blind": "2"}


def test_host_creates_a_night_with_a_short_unambiguous_join_code(host_client: Client) -> None:
    response = host_client.post("/host/nights/new/", NIGHT_FORM)
    night = Night.objects.get()
    assert response["Location"] == f"/host/nights/{night.pk}/"
    assert night.name == "Friday game"
    assert night.require_approval is True
    assert night.status == Night.Status.OPEN
    assert len(night.join_code) == 6
    assert set(night.join_code) <= set(ALPHABET)
    assert not set("01OIL") & set(ALPHABET)


def test_join_codes_differ_between_nights(make_night: Callable[..., Night]) -> None:
    codes = {make_night(name=f"Night {i}").join_code for i in range(30)}
    assert len(codes) == 30


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "", b"This field is required."),
        ("chip_value", "0", b"A chip must be worth more than nothing."),
        ("chip_value", "lots", b"Enter a number."),
        ("date", "yesterday", b"Enter a valid date."),
    ],
)
def test_night_form_rejects_bad_input_and_creates_nothing(
    host_client: Client, field: str, value: str, message: bytes
) -> None:
    response = host_client.post("/host/nights/new/", NIGHT_FORM | {field: value})
    assert response.status_code == 400
    assert message in response.content
    assert not Night.objects.exists()


def test_night_page_shows_join_link_qr_code_and_join_code(host_client: Client, night: Night) -> None:
    response = host_client.get(f"/host/nights/{night.pk}/")
    content = response.content.decode()
    assert response.status_code == 200
    assert f"http://testserver/join/{night.join_code}/" in content
    assert re.search(r'<svg viewBox="0 0 \d+ \d+" class="segno">', content)
    assert f">{night.join_code}</p>" in content


def test_join_link_uses_public_url_when_set(host_client: Client, night: Night, settings: object) -> None:
    settings.PUBLIC_URL = "http://192.168.1.20:8000/"
    response = host_client.get(f"/host/nights/{night.pk}/")
    assert f"http://192.168.1.20:8000/join/{night.join_code}/".encode() in response.content


def test_host_cannot_see_another_hosts_night(night: Night) -> None:
    other = User.objects.create_user(username="other", password="a-long-host-password", is_staff=True)
    client = Client()
    client.force_login(other)
    assert client.get(f"/host/nights/{night.pk}/").status_code == 404
    assert client.post(f"/host/nights/{night.pk}/tables/new/", TABLE_FORM).status_code == 404
    assert not Table.objects.exists()


def test_host_creates_a_table_with_its_game_and_stakes(host_client: Client, night: Night) -> None:
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", TABLE_FORM)
    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.night, table.name, table.max_seats) == (night, "Kitchen", 9)
    # The game and stakes are stored once: in the live table's state.
    dealt = load_state(table.pk).table
    assert (dealt.game, dealt.stakes.small_blind, dealt.stakes.big_blind) == ("nlhe", 1, 2)


def test_add_a_table_offers_every_game_the_engine_deals(host_client: Client, night: Night) -> None:
    """ "Add a table" offers each game of engine.games, so the host never has to change it afterwards."""
    page = host_client.get(f"/host/nights/{night.pk}/").content.decode()
    offered = re.findall(r'<option value="([a-z0-9_]+)"', page.split("Add a table", 1)[1])
    assert set(GAMES) <= set(offered)
    game = next(key for key in GAMES if key != "nlhe")
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", {**TABLE_FORM, "game": game})
    assert response.status_code == 302
    assert load_state(Table.objects.get().pk).table.game == game


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"max_seats": "1"}, "No-Limit Hold&#x27;em is played with 2 to 10 seats."),
        ({"max_seats": "11"}, "No-Limit Hold&#x27;em is played with 2 to 10 seats."),
        ({"small_blind": "0"}, "The small blind is at least 1 chip."),
        ({"small_blind": "5", "big_blind": "2"}, "The big blind must be at least the small blind."),
        ({"game": "chess"}, "Select a valid choice."),
        ({"name": ""}, "This field is required."),
    ],
)
def test_table_form_rejects_bad_input_and_creates_nothing(
    host_client: Client, night: Night, changes: dict, message: str
) -> None:
    """House rules: "Play with 2 to 10 players." """
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", TABLE_FORM | changes)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Table.objects.exists()


def test_table_names_are_unique_within_a_night_ignoring_case(host_client: Client, night: Night) -> None:
    host_client.post(f"/host/nights/{night.pk}/tables/new/", TABLE_FORM)
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", TABLE_FORM | {"name": "KITCHEN"})
    assert response.status_code == 400
    assert b"already has a table called KITCHEN" in response.content
    assert Table.objects.count() == 1


def test_database_refuses_a_table_outside_the_seat_range(night: Night) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(night=night, name="Huge", max_seats=24)


def test_a_big_blind_below_the_small_blind_is_refused_and_makes_no_table(night: Night) -> None:
    with pytest.raises(ActionRefused, match="at least the small blind"):
        hosting.create_table(night, name="Odd", game="nlhe", max_seats=9, small_blind=5, big_blind=2)
    assert not Table.objects.exists() and not TableSnapshot.objects.exists()


def test_host_closes_and_reopens_the_night(host_client: Client, night: Night) -> None:
    host_client.post(f"/host/nights/{night.pk}/open-close/", {"status": "closed"})
    night.refresh_from_db()
    assert night.status == Night.Status.CLOSED
    host_client.post(f"/host/nights/{night.pk}/open-close/", {"status": "open"})
    night.refresh_from_db()
    assert night.status == Night.Status.CLOSED  # reopening needs a reason
    host_client.post(f"/host/nights/{night.pk}/open-close/", {"status": "open", "why": "one more hand"})
    night.refresh_from_db()
    assert night.status == Night.Status.OPEN


def test_night_list_shows_the_hosts_nights(host_client: Client, night: Night) -> None:
    response = host_client.get("/host/")
    assert night.name.encode() in response.content
    assert night.join_code.encode() in response.content
