"""Returning guests: a phone claims a name from an earlier night, the host confirms or rejects it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from tables.access import hosted_nights
from tables.errors import ActionRefused
from tables.identity import current_player
from tables.models import NameClaim, Night, PersonLink
from tables.services.seating import people


@require_http_methods(["GET", "POST"])
def claim_name(request: HttpRequest) -> HttpResponse:
    """The guest's list of names from the host's earlier nights, and their claim of one."""
    player = current_player(request)
    if player is None or not player.night.is_open:
        return redirect("play")
    if request.method == "POST":
        try:
            people.claim_name(player, int(request.POST.get("claimed", "0") or 0))
        except (ActionRefused, ValueError) as refusal:
            messages.error(request, str(refusal) if isinstance(refusal, ActionRefused) else "Choose a name.")
            return redirect("claim_name")
        messages.success(request, "Sent: the host confirms it was you.")
        return redirect("claim_name")
    # The name looked for: the one typed, else the one the guest plays under tonight.
    typed = request.GET.get("name", player.display_name)[:60]
    context = {
        "player": player,
        "typed": typed,
        "person": people.person_of(player),
        "pending": player.name_claims.filter(status=NameClaim.Status.PENDING)
        .select_related("claimed__night")
        .first(),
        "candidates": people.matching_candidates(player, typed),
    }
    return render(request, "tables/seasons/claim_name.html", context)


def _get_night_for_user(request: HttpRequest, night_id: int) -> Night:
    return get_object_or_404(hosted_nights(request.user), pk=night_id)


@login_required
def night_people(request: HttpRequest, night_id: int) -> HttpResponse:
    """The host's list: claims waiting, and who tonight is recognised as."""
    night = _get_night_for_user(request, night_id)
    links = PersonLink.objects.filter(night=night).select_related("player", "person").order_by("person__name")
    context = {"night": night, "claims": people.pending_claims(night), "links": links}
    return render(request, "tables/seasons/night_people.html", context)


@login_required
@require_POST
def claim_decide(request: HttpRequest, night_id: int, claim_id: int, decision: str) -> HttpResponse:
    night = _get_night_for_user(request, night_id)
    get_object_or_404(NameClaim, pk=claim_id, player__night=night)
    try:
        if decision == "confirm":
            people.confirm_claim(claim_id, request.user)
        elif decision == "reject":
            people.reject_claim(claim_id, request.user, request.POST.get("why", ""))
        else:
            raise ActionRefused("Confirm or reject.", "bad_decision")
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("night_people", night_id=night.pk)
