"""The public clock screen (projector or TV): the page, its JSON state and a QR of its link.

No login: the unguessable clock token in the URL opens it, and it shows nothing private.
The state carries the clock's stored times and the server's time; each screen counts down
by itself from those, so every screen agrees and a reload or a restart changes nothing.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine.tournament import clock_state, next_chime
from tables.links import absolute_url
from tables.models.tournaments import Tournament
from tables.qr import qr_svg
from tables.services import tournament_results, tournaments


def _get_tournament(token: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("night"), clock_token=token)


def clock_payload(tournament: Tournament, now: datetime.datetime | None = None) -> dict[str, Any]:
    """Everything the clock screen shows: the stored times, the structure and the server's time,
    so each screen counts down by itself; plus the reading at `now`, for checking."""
    now = now if now is not None else timezone.now()
    clock, structure = tournament.get_clock(), tournament.get_structure()
    chime = next_chime(clock, structure, now)
    champion = tournament.entries.filter(place=1).select_related("player").first()
    return {
        "name": tournament.name,
        "status": tournament.status,
        "version": tournament.version,
        "server_now": now.timestamp(),
        "clock": clock.to_json(),
        "structure": structure.to_json(),
        "reading": clock_state(clock, structure, now).to_json(),
        "next_chime": chime.to_json() if chime else None,
        "field": tournaments.field(tournament, now).to_json(),
        "currency": tournament.night.currency,
        "prize_pool": tournament_results.pool(tournament),
        "payouts": [
            {"place": place, "amount": amount}
            for place, amount in enumerate(tournament_results.payouts(tournament), 1)
        ],
        "winner": champion.player.display_name if champion else None,
    }


@require_GET
def clock_screen(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _get_tournament(token)
    return render(request, "tables/clock.html", {"tournament": tournament})


@never_cache
@require_GET
def clock_state_json(request: HttpRequest, token: str) -> JsonResponse:
    return JsonResponse(clock_payload(_get_tournament(token)))


@require_GET
def clock_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The clock screen's link as a QR code, for a page that cannot draw one itself."""
    tournament = _get_tournament(token)
    url = absolute_url(request, reverse("clock_screen", args=[tournament.clock_token]))
    return HttpResponse(str(qr_svg(url)), content_type="image/svg+xml")
