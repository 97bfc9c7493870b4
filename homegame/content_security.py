"""The Content-Security-Policy every response carries.

The pages load their scripts and styles as files from this site and have no inline script,
no event-handler attribute and no style attribute (tables/tests/test_content_security_policy.py
reads the templates for them), so the policy allows nothing inline. The table socket goes to the
page's own host and port: current browsers count ws:// and wss:// there as 'self', and older
ones (Safari before 15.4) do not, so connect-src names them too.
The QR codes are inline SVG or SVG files from this site, so images need no data: URI.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def policy_for(request: HttpRequest) -> str:
    """The policy, with the socket's address of this request's own host in connect-src."""
    try:
        host = request.get_host()  # one of ALLOWED_HOSTS, and nothing but a host and port
    except DisallowedHost:
        return POLICY
    return POLICY.replace("connect-src 'self'", f"connect-src 'self' ws://{host} wss://{host}")


class ContentSecurityPolicyMiddleware:
    """Sets the policy on every response (static files included, when placed before WhiteNoise)
    that did not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", policy_for(request))
        return response
