"""Forwarded addresses are trusted only from the proxy (TRUSTED_PROXIES, homegame.proxies).

Behind a TLS proxy or a tunnel every connection comes from the proxy. X-Forwarded-For and
X-Forwarded-Proto then name the client and the scheme it used, but only the proxy's own
headers count: a client that reaches the app directly and sends them is taken for itself, its
headers dropped. These tests send requests through the real ASGI application (Django behind
the middleware), reading what the pages decide from the address and the scheme: whether the
setup code is asked (this computer needs none) and whether a request is sent to https.
"""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.asgi import get_asgi_application
from django.core.exceptions import ImproperlyConfigured

from homegame.proxies import TrustedProxyMiddleware, client_address, networks

PROXY = "127.0.0.1"
FRIEND = "203.0.113.9"


def test_an_untrusted_peer_is_the_client_whatever_it_writes() -> None:
    assert client_address("198.51.100.7", ["127.0.0.1"], networks([PROXY])) == "198.51.100.7"


def test_behind_the_proxy_the_client_is_the_last_address_the_proxy_did_not_add_itself() -> None:
    """What a client wrote in X-Forwarded-For comes first; the proxy appends who connected."""
    trusted = networks([PROXY, "10.0.0.0/8"])
    assert client_address(PROXY, [f"6.6.6.6, {FRIEND}"], trusted) == FRIEND
    assert client_address(PROXY, [f"6.6.6.6, {FRIEND}, 10.1.2.3"], trusted) == FRIEND
    assert client_address(PROXY, [f"{FRIEND}, not-an-address"], trusted) == PROXY


def test_a_bad_trusted_proxy_entry_is_refused_with_its_name() -> None:
    with pytest.raises(ImproperlyConfigured, match=r"'proxy\.lan' is not an address or network"):
        networks(["127.0.0.1", "proxy.lan"])


async def _answer(app: Any, path: str, peer: str, headers: list[tuple[bytes, bytes]]) -> tuple[int, bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"poker.example.org"), *headers],
        "client": (peer, 50000),
        "server": ("127.0.0.1", 8000),
    }
    talk = ApplicationCommunicator(app, scope)
    await talk.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await talk.receive_output(10)
    body = b""
    while True:
        part = await talk.receive_output(10)
        body += part.get("body", b"")
        if not part.get("more_body"):
            return start["status"], body


@pytest.fixture
def behind_the_proxy(settings: Any) -> Any:
    settings.TRUSTED_PROXIES = [PROXY]
    settings.ALLOWED_HOSTS = ["poker.example.org"]
    return TrustedProxyMiddleware(get_asgi_application())


@pytest.mark.django_db(transaction=True)
async def test_a_friend_through_the_proxy_is_asked_for_the_setup_code(behind_the_proxy: Any) -> None:
    """The proxy runs on this computer: without its header every visitor would look local."""
    status, page = await _answer(behind_the_proxy, "/setup/", PROXY, [(b"x-forwarded-for", FRIEND.encode())])
    assert status == 200 and b'name="setup_code"' in page
    status, page = await _answer(behind_the_proxy, "/setup/", PROXY, [])
    assert status == 200 and b'name="setup_code"' not in page


@pytest.mark.django_db(transaction=True)
async def test_a_client_that_bypasses_the_proxy_cannot_claim_this_computer(behind_the_proxy: Any) -> None:
    forged = [(b"x-forwarded-for", b"127.0.0.1")]
    status, page = await _answer(behind_the_proxy, "/setup/", FRIEND, forged)
    assert status == 200 and b'name="setup_code"' in page


@pytest.mark.django_db(transaction=True)
async def test_only_the_proxy_says_a_request_came_over_https(settings: Any) -> None:
    settings.TRUSTED_PROXIES = [PROXY]
    settings.ALLOWED_HOSTS = ["poker.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    behind_the_proxy = TrustedProxyMiddleware(get_asgi_application())
    https = [(b"x-forwarded-proto", b"https")]
    status, _ = await _answer(behind_the_proxy, "/setup/", PROXY, https)
    assert status == 200
    status, _ = await _answer(behind_the_proxy, "/setup/", FRIEND, https)
    assert status == 301  # taken for plain http, and sent to https


async def test_a_socket_through_the_proxy_is_wss_and_names_the_friend(settings: Any) -> None:
    settings.TRUSTED_PROXIES = [PROXY]
    seen: list[dict[str, Any]] = []

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        seen.append(scope)

    headers = [(b"x-forwarded-for", FRIEND.encode()), (b"x-forwarded-proto", b"https")]
    scope = {"type": "websocket", "scheme": "ws", "path": "/ws/", "headers": headers}
    await TrustedProxyMiddleware(app)({**scope, "client": (PROXY, 1)}, None, None)
    await TrustedProxyMiddleware(app)({**scope, "client": (FRIEND, 1)}, None, None)
    assert (seen[0]["client"][0], seen[0]["scheme"]) == (FRIEND, "wss")
    assert (seen[1]["client"][0], seen[1]["scheme"]) == (FRIEND, "ws")
    assert seen[1]["headers"] == []  # an untrusted peer's forwarded headers reach nothing
