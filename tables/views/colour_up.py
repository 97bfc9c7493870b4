"""The host's colour-up calculator at a break (`services.tournament_colour_up`)."""

from __future__ import annotations

from functools import partial

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tables.access import hosted_nights
from tables.models.tournaments import Tournament
from tables.services.tournament import tournament_colour_up, tournaments
from tables.views.host_panel import run_and_confirm


@login_required
@require_http_methods(["GET", "POST"])
def colour_up_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The colour-up calculator at a break: count the chips leaving, run the race, and (POST) write
    the result in the night's log."""
    hosted = Tournament.objects.select_related("night").filter(night__in=hosted_nights(request.user))
    tournament = get_object_or_404(hosted, pk=tournament_id)
    if request.method == "POST":
        data, winners = request.POST.dict(), request.POST.getlist("winner")
        record = partial(tournament_colour_up.record_colour_up, tournament.pk, request.user, data, winners)
        # The success message is at the top of the page (and "#top" replaces the form's "#result").
        back = reverse("tournament_detail", args=[tournament.pk]) + "#top"
        return run_and_confirm(request, tournament.night, record, back)
    sheet = tournament_colour_up.worksheet(tournament, request.GET.dict(), request.GET.getlist("winner"))
    context = {
        "tournament": tournament,
        "night": tournament.night,
        "sheet": sheet,
        "chips_text": ", ".join(map(str, sheet.chips)),
        "leaving_text": ", ".join(map(str, sheet.leaving)),
        "reading": tournaments.reading(tournament),
        "result_rows": [(entry, sheet.result.get(entry.pk)) for entry in sheet.players]
        if sheet.result
        else [],
        "racers": [entry for entry in sheet.players if sheet.plan and str(entry.pk) in sheet.plan.racers],
        "plan_rows": [
            (entry, next(row for row in sheet.plan.rows if row.player == str(entry.pk)))
            for entry in sheet.players
        ]
        if sheet.plan
        else [],
    }
    return render(request, "tables/tournament_colour_up.html", context, status=400 if sheet.error else 200)
