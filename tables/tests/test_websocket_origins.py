"""A table socket opens only from this site's own pages: scheme, host and port exactly. A page
on another port of the host's laptop must not read a player's cards."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from homegame.asgi import application
from tables.tests.live_helpers import (
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]


@pytest.fixture
def table(table):
    """The table, with Ann seated and her phone's session cookie kept on it."""
    (ann,) = seat_players(table, ["Ann"])
    table.cookie = player_cookie(ann)
    return table


async def _opens(table, origin: str | None, host: str = "testserver:8000", scheme: str = "ws") -> bool:
    headers = [(b"host", host.encode()), (b"cookie", table.cookie.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/", headers=headers)
    communicator.scope["scheme"] = scheme
    connected, _ = await communicator.connect()
    if connected:
        first = await communicator.receive_json_from(timeout=10)
        await communicator.disconnect()
        return first["type"] == "view"
    return False


async def test_a_page_of_this_site_opens_the_socket(table) -> None:
    assert await _opens(table, "http://testserver:8000")


@pytest.mark.parametrize(
    "origin",
    [
        "http://testserver:9000",  # another port of the same computer
        "http://testserver",  # port 80, not the port the socket was opened on
        "https://testserver:8000",  # another scheme
        "http://evil.example:8000",
        "null",
    ],
)
async def test_a_page_of_another_origin_is_refused(table, origin: str) -> None:
    assert not await _opens(table, origin)


async def test_a_handshake_without_an_origin_is_refused(table) -> None:
    assert not await _opens(table, None)


async def test_a_host_that_is_not_allowed_is_refused_even_with_a_matching_origin(table) -> None:
    """DNS rebinding: the attacker's name, resolved to the laptop, sends its own Host."""
    assert not await _opens(table, "http://rebound.example:8000", host="rebound.example:8000")


async def test_over_tls_the_origin_is_https(table) -> None:
    assert await _opens(table, "https://testserver:8443", host="testserver:8443", scheme="wss")
    assert not await _opens(table, "http://testserver:8443", host="testserver:8443", scheme="wss")


@override_settings(PUBLIC_URL="http://192.168.1.20:8000")
async def test_the_public_url_is_trusted_exactly(table) -> None:
    assert await _opens(table, "http://192.168.1.20:8000")
    assert not await _opens(table, "http://192.168.1.20:8001")
