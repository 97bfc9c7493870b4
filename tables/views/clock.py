"""The public clock screen (projector or TV): the page, its JSON state and a QR of its link.

No login: the unguessable clock token in the URL opens it, and it shows nothing private.
The state carries the clock's stored times and the server's time; each screen counts down
by itself from those, so every screen agrees and a reload or a restart changes nothing.
"""

from __future__ import annotations

import datetime
import functools
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from engine.tournament import chip_leaders, clock_state, next_chime, rebuy_window_open, window_text
from homegame.certificate import fingerprint_of
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hands.room_commitments import room_commitments
from tables.services.seasons import season_clock
from tables.services.tournament import tournament_results, tournament_stacks, tournaments
from tables.services.tournament.tournament_tables import numbered_tables
from tables.views.links import absolute_url
from tables.views.qr import qr_svg_file


@functools.cache
def _fingerprint_of(path: str) -> str:
    return fingerprint_of(Path(path))


def tls_fingerprint() -> str | None:
    """The SHA-256 fingerprint of the certificate `make run` serves https with, if it does."""
    if not settings.TLS_CERTIFICATE:
        return None
    try:
        return _fingerprint_of(settings.TLS_CERTIFICATE)
    except (OSError, ValueError):
        return None  # no certificate there: nothing to show rather than a wrong one


def _get_tournament(token: str) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("night"), clock_token=token)


def clock_payload(tournament: Tournament, now: datetime.datetime | None = None) -> dict[str, Any]:
    """Everything the clock screen shows: the stored times, the structure and the server's time,
    so each screen counts down by itself; plus the reading at `now`, for checking.

    Public, like the screen: names, chip counts, the tournament's money and the clock; never a
    card. In a break, the season's standings if its host chose so: names and points, no money
    (`season_clock`). Each table's deck commitment while a deal is shuffled or played, for the
    room to compare with the phones' (`room_commitments`)."""
    now = now if now is not None else timezone.now()
    clock, structure = tournament.get_clock(), tournament.get_structure()
    chime = next_chime(clock, structure, now)
    reading = clock_state(clock, structure, now)
    rules = tournament.get_rebuy_rules()
    finished = tournament.status == Tournament.Status.FINISHED
    champion = tournament.entries.filter(place=1).select_related("player").first()
    started = tournament.log.filter(action=TournamentAction.START).order_by("at").values_list("at", flat=True)
    leaders = [] if finished else chip_leaders(tournament_stacks.stacks_at_the_tables(tournament))
    commitments = [] if finished else room_commitments(numbered_tables(tournament).values())
    return {
        "name": tournament.name,
        "status": tournament.status,
        "version": tournament.version,
        "server_now": now.timestamp(),
        "clock": clock.to_json(),
        "structure": structure.to_json(),
        "reading": reading.to_json(),
        "next_chime": chime.to_json() if chime else None,
        "field": tournaments.field(tournament, now).to_json(),
        "currency": tournament.night.currency,
        "prize_pool": tournament_results.pool(tournament),
        # Which bracket of entries the payouts follow now (or that the host fixed them).
        "payout_rule": tournament_results.paid_payout_rule(tournament),
        "payouts": [
            {"place": place, "amount": amount}
            for place, amount in enumerate(tournament_results.paid_payouts(tournament), 1)
        ],
        "winner": champion.player.display_name if champion else None,
        # For the time elapsed: from the first start to now, or to the win.
        "started_at": started[0].timestamp() if started else None,
        "finished_at": champion.finished_at.timestamp() if finished and champion else None,
        "rebuys_open": rebuy_window_open(rules, reading),
        # The screen tells the moment rebuys close by itself, from the clock it reads.
        "rebuy_until_level": None if rules.freeze_out else rules.rebuy_until_level,
        "window": window_text(rules, structure, reading),
        "leaders": [{"name": name, "chips": chips} for name, chips in leaders],
        "commitments": [shown.to_json() for shown in commitments],
        "results": [
            {"place": row.label, "name": row.entry.player.display_name, "prize": row.prize}
            for row in (tournament_results.results(tournament) if finished else [])
        ],
        "season_standings": season_clock.clock_standings(tournament, reading),
    }


@require_GET
def clock_screen(request: HttpRequest, token: str) -> HttpResponse:
    tournament = _get_tournament(token)
    # `make run`'s own certificate, to compare with what a phone's browser showed before going on.
    fingerprint = tls_fingerprint() if request.is_secure() else None
    return render(
        request, "tables/clock.html", {"tournament": tournament, "certificate_fingerprint": fingerprint}
    )


@never_cache
@require_GET
def clock_state_json(request: HttpRequest, token: str) -> JsonResponse:
    # A read only: the tables' due deals after a break are the timer runner's to fire
    # (tables.live.timers), not this page's, however often a projector asks.
    return JsonResponse(clock_payload(_get_tournament(token)))


@require_GET
def clock_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The clock screen's link as a QR code, for a page that cannot draw one itself."""
    tournament = _get_tournament(token)
    url = absolute_url(request, reverse("clock_screen", args=[tournament.clock_token]))
    return HttpResponse(qr_svg_file(url), content_type="image/svg+xml")
