"""Absolute links that leave the host's screen for a phone (join and transfer links)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def absolute_url(request: HttpRequest, path: str) -> str:
    # On a laptop the host often browses http://localhost, which a phone cannot reach:
    # PUBLIC_URL lets the install say the address phones should use.
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL.rstrip("/") + path
    return request.build_absolute_uri(path)
