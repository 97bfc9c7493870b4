"""Links that leave the server for a phone: absolute join and transfer links, socket paths."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def absolute_url(request: HttpRequest, path: str) -> str:
    # On a laptop the host often browses http://localhost, which a phone cannot reach:
    # PUBLIC_URL lets the install say the address phones should use.
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL.rstrip("/") + path
    return request.build_absolute_uri(path)


def socket_path(table_id: int) -> str:
    """The table's websocket path (tables.routing, docs/protocol.md)."""
    return f"/ws/tables/{table_id}/"
