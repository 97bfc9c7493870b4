"""The Content-Security-Policy every response carries.

The pages load their scripts and styles as files from this site and have no inline script,
no event-handler attribute and no style attribute (tables/tests/test_security_headers.py reads
the templates for them), so the policy allows nothing inline. 'self' in connect-src covers the
table socket too: a browser counts ws:// and wss:// to the page's own host and port as 'self'.
The QR codes are inline SVG or SVG files from this site, so images need no data: URI.
"""

from __future__ import annotations

from collections.abc import Callable

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


class ContentSecurityPolicyMiddleware:
    """Sets the policy on every response (static files included, when placed before WhiteNoise)
    that did not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
