"""Joining from a phone: the link, the QR code or the code on the home page, then a display name.

No account, no install; the identity lives in the session.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.conf import settings
from django.test import Client

from tables.identity import SESSION_KEY
from tables.models import Night, Player
from tables.tests.conftest import join_from_phone

pytestmark = pytest.mark.django_db


def test_home_page_has_a_big_join_code_field_and_a_host_link(client: Client, host: object) -> None:
    response = client.get("/")
    assert b'class="code-input"' in response.content
    assert b"Host a night" in response.content


def test_typing_the_code_on_the_home_page_leads_to_the_name_form(client: Client, night: Night) -> None:
    response = client.post("/", {"code": night.join_code})
    assert response["Location"] == f"/join/{night.join_code}/"


def test_the_code_is_forgiving_about_case_spaces_and_dashes(client: Client, night: Night) -> None:
    typed = f" {night.join_code[:3].lower()}-{night.join_code[3:].lower()} "
    response = client.post("/", {"code": typed})
    assert response["Location"] == f"/join/{night.join_code}/"


@pytest.mark.parametrize("typed", ["", "ZZZZZZ", "ABC", "0O1IL0"])
def test_wrong_code_gets_a_clear_message(client: Client, night: Night, typed: str) -> None:
    response = client.post("/", {"code": typed})
    assert response.status_code == 400
    assert b"No night has the code" in response.content or b"This field is required." in response.content


def test_opening_a_link_with_a_wrong_code_says_so(client: Client, night: Night) -> None:
    response = client.get("/join/ZZZZZZ/")
    assert response.status_code == 404
    assert b"No night has the code ZZZZZZ" in response.content


def test_joining_by_link_with_a_name_binds_the_session_to_a_new_player(client: Client, night: Night) -> None:
    page = client.get(f"/join/{night.join_code}/")
    assert page.status_code == 200
    assert night.name.encode() in page.content
    response = client.post(f"/join/{night.join_code}/", {"display_name": "  Ann   Lee "})
    assert response["Location"] == "/play/"
    player = Player.objects.get()
    assert player.display_name == "Ann Lee"
    assert player.status == Player.Status.APPROVED
    assert client.session[SESSION_KEY] == player.session_token
    assert player.user is None


def test_session_survives_closing_the_browser() -> None:
    """The cookie has an expiry date (30 days), so it is not a browser-session cookie."""
    assert settings.SESSION_EXPIRE_AT_BROWSER_CLOSE is False
    assert settings.SESSION_COOKIE_AGE == 60 * 60 * 24 * 30


def test_join_response_sets_a_persistent_session_cookie(client: Client, night: Night) -> None:
    response = client.post(f"/join/{night.join_code}/", {"display_name": "Ann"})
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie["max-age"] == settings.SESSION_COOKIE_AGE


def test_a_joined_player_opening_the_link_again_goes_straight_to_their_page(night: Night) -> None:
    phone = join_from_phone(night, "Ann")
    response = phone.get(f"/join/{night.join_code}/")
    assert response["Location"] == "/play/"
    assert Player.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Enter a name so the table knows who you are."),
        ("    ", "Enter a name so the table knows who you are."),
        ("x" * 40, "Keep your name under 40 characters."),
    ],
)
def test_bad_names_get_a_clear_message_and_change_nothing(
    client: Client, night: Night, name: str, message: str
) -> None:
    response = client.post(f"/join/{night.join_code}/", {"display_name": name})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Player.objects.exists()
    assert SESSION_KEY not in client.session


def test_a_39_character_name_is_accepted(client: Client, night: Night) -> None:
    client.post(f"/join/{night.join_code}/", {"display_name": "x" * 39})
    assert Player.objects.get().display_name == "x" * 39


def test_duplicate_name_in_the_night_is_refused_ignoring_case(
    client: Client, night: Night, make_player: Callable[..., Player]
) -> None:
    make_player("Ann")
    response = client.post(f"/join/{night.join_code}/", {"display_name": "aNN"})
    assert response.status_code == 400
    assert b"Someone here is already called aNN. Pick another name." in response.content
    assert Player.objects.count() == 1


def test_the_same_name_may_be_used_in_another_night(
    client: Client, make_night: Callable[..., Night], make_player: Callable[..., Player]
) -> None:
    make_player("Ann")
    other = make_night(name="Saturday")
    client.post(f"/join/{other.join_code}/", {"display_name": "Ann"})
    assert Player.objects.filter(display_name="Ann").count() == 2


def test_a_name_is_free_again_once_its_player_has_left(
    client: Client, night: Night, make_player: Callable[..., Player]
) -> None:
    from tables.services.seating.joining import remove_player

    remove_player(make_player("Ann"))
    client.post(f"/join/{night.join_code}/", {"display_name": "Ann"})
    assert Player.objects.filter(display_name="Ann", status=Player.Status.APPROVED).count() == 1


def test_joining_a_closed_night_is_refused(client: Client, night: Night) -> None:
    night.status = Night.Status.CLOSED
    night.save(update_fields=["status"])
    response = client.post(f"/join/{night.join_code}/", {"display_name": "Ann"})
    assert response.status_code == 400
    assert b"This night is closed: ask the host." in response.content
    assert not Player.objects.exists()


def test_joined_player_appears_on_the_host_night_page(host_client: Client, night: Night) -> None:
    join_from_phone(night, "Ann")
    response = host_client.get(f"/host/nights/{night.pk}/")
    assert b'data-player="Ann"' in response.content


def test_a_logged_in_host_who_joins_is_linked_to_their_account(host_client: Client, night: Night) -> None:
    host_client.post(f"/join/{night.join_code}/", {"display_name": "The host"})
    player = Player.objects.get()
    assert player.user is not None
    assert player.user.username == "hostess"
