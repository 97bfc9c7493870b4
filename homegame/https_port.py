"""`make run`'s plain http port, once it serves https on a port of its own: every page request
is sent to the same address on the https port, and a websocket is refused, so that no card and
no cookie crosses the Wi-Fi unencrypted even when a phone types the address without https://.

The redirect is a temporary one (302): after `HTTPS=0 make run` the same address must serve
plain http again, which a remembered permanent redirect would forbid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.request import split_domain_port


def https_address(request: HttpRequest, port: int) -> str:
    """The request's own address on the https port, e.g. https://192.168.1.20:8443/join/."""
    domain, _port = split_domain_port(request.get_host())
    host = f"[{domain}]" if ":" in domain else domain
    suffix = "" if port == 443 else f":{port}"
    return f"https://{host}{suffix}{request.get_full_path()}"


class HttpsPortRedirectMiddleware:
    """Sends a plain http request to the https port, before anything else answers it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.HTTPS_PORT and not request.is_secure():
            try:
                return HttpResponseRedirect(https_address(request, settings.HTTPS_PORT))
            except DisallowedHost:
                pass  # answered as Django answers a host it does not serve (400)
        return self.get_response(request)


class SecureSocketsOnly:
    """ASGI middleware: with an https port, a table socket opens only over wss."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and settings.HTTPS_PORT and scope.get("scheme") != "wss":
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
