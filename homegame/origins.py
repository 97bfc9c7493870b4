"""Websocket handshakes only from this site's own pages.

A browser lets any page open a websocket to any address, sending the page's Origin, and the
session cookie goes along: a page on another port of the host's laptop could read a player's
cards. So the Origin must be this site exactly, scheme, host and port: the address the
handshake itself was made to (its Host, which must be an allowed host), `PUBLIC_URL`, or one
of `CSRF_TRUSTED_ORIGINS`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}
Origin = tuple[str, str, int]


def parse_origin(text: str) -> Origin | None:
    """(scheme, host, port) of an origin such as http://192.168.1.20:8000, or None.

    >>> parse_origin("http://Poker.example:80")
    ('http', 'poker.example', 80)
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def _header(scope: dict[str, Any], name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return ""


def _own_origin(scope: dict[str, Any]) -> Origin | None:
    """The origin of a page served from the address this handshake was made to."""
    host = _header(scope, b"host")
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy is not None:
        header = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode()
        if _header(scope, header) == proxy[1]:
            scheme = "https"
    return parse_origin(f"{scheme}://{host}")


def origin_allowed(scope: dict[str, Any]) -> bool:
    origin = parse_origin(_header(scope, b"origin"))
    if origin is None:
        return False
    trusted = [settings.PUBLIC_URL, *settings.CSRF_TRUSTED_ORIGINS]
    return origin == _own_origin(scope) or origin in {parse_origin(url) for url in trusted if url}


class SameOriginValidator:
    """ASGI middleware: refuses a websocket handshake whose Origin is not this site."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
