"""The host's felt: every table of the night as the public sees it, live, on one phone screen.

Seats, stacks, bets, the board and the pot, built from each table's public view
(`host_panel.overview`, which reads `engine.live.view(state, "public")`): the host usually
plays, so the felt shows a card only once everyone may see it (tabled, or ruled exposed),
never a hidden one. The page polls its status and redraws only when a table changed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine.cards import card_text
from tables.models import Night
from tables.services.hosting import host_panel
from tables.views.host_panel import get_hosted_night, polled_status

# A hand moves quickly: the felt asks more often than the panel does.
POLL_MS = 1500


STATUS_WORDS = {
    "active": "",
    "folded": "folded",
    "mucked": "mucked",
    "all_in": "all in",
    "sitting_out": "sitting out",
}


def _seat(seat: dict[str, Any]) -> dict[str, Any]:
    hand = seat["hand"] or {}
    status = hand.get("status") or seat["status"]
    return {
        "seat": seat["seat"],
        "name": seat["name"] or seat["player"],
        "stack": seat["stack"],
        "bet": seat["bet"],
        "status": status,
        "badge": STATUS_WORDS.get(status, status.replace("_", " ")),
        "away": seat["away"],
        "is_turn": seat["is_turn"],
        # Cards the public view holds: tabled ones; a hidden hand's cards are None there.
        "cards": [card_text(card) for card in hand.get("cards") or []],
        "face_up": seat["face_up"],
        "in_hand": bool(hand),
    }


def felt_context(night: Night) -> dict[str, Any]:
    rows = host_panel.overview(night)
    felts = [
        {
            "row": row,
            "boards": [[card_text(card) for card in board] for board in row.boards],
            "seats": [_seat(seat) for seat in row.seats],
        }
        for row in rows
    ]
    shown = [(row.table.pk, row.version, row.table.status) for row in rows]
    return {
        "night": night,
        "felts": felts,
        "fingerprint": hashlib.sha256(repr(shown).encode()).hexdigest()[:16],
    }


@login_required
@require_GET
def felt(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    context = felt_context(night)
    context["felts_html"] = render_to_string("tables/host_felt_tables.html", context, request=request)
    context["poll_ms"] = POLL_MS
    return render(request, "tables/host_felt.html", context)


@never_cache
@login_required
@require_GET
def felt_status(request: HttpRequest, night_id: int) -> JsonResponse:
    """The felt polls this; the HTML comes only when a table changed."""
    night = get_hosted_night(request, night_id)
    return polled_status(request, felt_context(night), "tables/host_felt_tables.html")
