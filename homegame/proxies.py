"""Forwarded addresses, trusted only from the proxy.

Behind a TLS proxy or a tunnel every connection comes from the proxy: without help, every
visitor would share the proxy's address in the guessing limits (tables.rate_limits) and look
like this computer itself to the setup code. The proxy names the client in X-Forwarded-For and
the scheme it was reached by in X-Forwarded-Proto, but any client can send those headers too.
So they are read only from the peers listed in `TRUSTED_PROXIES`, and dropped from everyone
else's requests, before Django or a table socket sees the connection.

With `TRUSTED_PROXIES` empty nothing here changes a request (`BEHIND_PROXY=1` alone keeps
Daphne's own `--proxy-headers`, which trusts the headers from anyone who can reach it).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import Any

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
FORWARDED = (b"x-forwarded-for", b"x-forwarded-proto")


def networks(entries: Iterable[str]) -> list[Network]:
    """The trusted proxies as networks; a bad entry stops the app with its name.

    >>> [str(n) for n in networks(["127.0.0.1", "172.28.0.0/24"])]
    ['127.0.0.1/32', '172.28.0.0/24']
    """
    found = []
    for entry in entries:
        try:
            found.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            from django.core.exceptions import ImproperlyConfigured

            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {entry!r} is not an address or network (e.g. 127.0.0.1, 172.28.0.0/24)."
            ) from None
    return found


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None


def _trusted(text: str, trusted: list[Network]) -> bool:
    address = _address(text)
    return address is not None and any(address in network for network in trusted)


def client_address(peer: str, forwarded_for: list[str], trusted: list[Network]) -> str:
    """Who the client is: the peer itself unless it is a trusted proxy; then, reading
    X-Forwarded-For from the right (the nearest proxy's entry last), the first address that is
    not a trusted proxy. What a client wrote in the header itself sits left of that and is ignored.

    >>> proxy = networks(["127.0.0.1"])
    >>> client_address("127.0.0.1", ["6.6.6.6, 203.0.113.5"], proxy)
    '203.0.113.5'
    >>> client_address("198.51.100.7", ["203.0.113.5"], proxy)
    '198.51.100.7'
    """
    if not _trusted(peer, trusted):
        return peer
    hops = [hop.strip() for value in forwarded_for for hop in value.split(",") if hop.strip()]
    client = peer
    for hop in reversed(hops):
        if _address(hop) is None:
            break  # not an address: nothing left of it can be believed either
        client = str(_address(hop))
        if not _trusted(hop, trusted):
            break
    return client


class TrustedProxyMiddleware:
    """ASGI middleware: the client's address and scheme from a trusted proxy's headers."""

    def __init__(self, application: Any) -> None:
        self.application = application
        self.trusted = networks(settings.TRUSTED_PROXIES)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if self.trusted and scope["type"] in ("http", "websocket"):
            scope = self.rewritten(scope)
        return await self.application(scope, receive, send)

    def rewritten(self, scope: dict[str, Any]) -> dict[str, Any]:
        headers = list(scope.get("headers", []))
        peer, port = scope.get("client") or ("", 0)
        kept = [(name, value) for name, value in headers if name not in FORWARDED]
        if not _trusted(peer, self.trusted):
            return {**scope, "headers": kept}
        values = {name: [v.decode("latin1") for n, v in headers if n == name] for name in FORWARDED}
        client = client_address(peer, values[b"x-forwarded-for"], self.trusted)
        scheme = scope.get("scheme", "http")
        proto = ",".join(values[b"x-forwarded-proto"]).split(",")[-1].strip().lower()
        if proto in ("http", "https"):
            sockets = {"http": "ws", "https": "wss"}
            scheme = sockets[proto] if scope["type"] == "websocket" else proto
        return {**scope, "client": (client, port), "scheme": scheme}
