"""The season page's host actions: "same person as" (and its undo), and settling up for real:
a transfer marked paid, cash paid to the bank or by it, a payment marked unpaid.

Each is a POST of the season's owner, one service call, and back to the season page with what
was done (as the season's log says it) or why it was refused (nothing changed).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tables.errors import ActionRefused
from tables.models import Season, SeasonAuditEntry
from tables.services.seasons import season_payments
from tables.services.seating import person_links
from tables.views.seasons import get_season_for_user


def _run(request: HttpRequest, season: Season, anchor: str, action: Callable[[], object]) -> HttpResponse:
    try:
        action()
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        line = SeasonAuditEntry.objects.filter(season=season).order_by("-id").first()
        messages.success(request, line.what if line is not None else "Done.")
    return redirect(reverse("season_page", args=[season.pk]) + f"#{anchor}")


def _why(request: HttpRequest) -> str:
    return request.POST.get("why", "")


@login_required
@require_POST
def link_people(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_for_user(request, season_id)
    merged, into = request.POST.get("merged", ""), request.POST.get("into", "")
    return _run(
        request,
        season,
        "season-people",
        lambda: person_links.link_people(season, merged, into, request.user, _why(request)),
    )


@login_required
@require_POST
def undo_link(request: HttpRequest, season_id: int, merge_id: int) -> HttpResponse:
    season = get_season_for_user(request, season_id)
    return _run(
        request,
        season,
        "season-people",
        lambda: person_links.undo_link(season, merge_id, request.user, _why(request)),
    )


def _amount(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("amount", ""))
    except ValueError:
        raise ActionRefused("That transfer is not owed any more: reload the page.", "not_owed") from None


@login_required
@require_POST
def mark_paid(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_for_user(request, season_id)
    payer, payee = request.POST.get("payer", ""), request.POST.get("payee", "")
    return _run(
        request,
        season,
        "season-settle-up",
        lambda: season_payments.mark_transfer_paid(
            season, payer, payee, _amount(request), request.user, _why(request)
        ),
    )


@login_required
@require_POST
def cash_with_the_bank(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_for_user(request, season_id)
    person, amount = request.POST.get("person", ""), request.POST.get("amount", "")
    return _run(
        request,
        season,
        "season-settle-up",
        lambda: season_payments.cash_with_the_bank(season, person, amount, request.user, _why(request)),
    )


@login_required
@require_POST
def mark_unpaid(request: HttpRequest, season_id: int, payment_id: int) -> HttpResponse:
    season = get_season_for_user(request, season_id)
    return _run(
        request,
        season,
        "season-settle-up",
        lambda: season_payments.mark_unpaid(season, payment_id, request.user, _why(request)),
    )
