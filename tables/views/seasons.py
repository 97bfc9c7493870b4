"""Seasons: the host's pages to make one and choose its nights, and the season page with its
standings, each person's running result and the season's settle-up.

The season page is for its host and for the players of its nights (a guest of one of them, or
someone the host recognised as such). It shows money, points and places: never a card.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from engine.season import SCORING_NAMES, Standing
from tables.errors import ActionRefused
from tables.identity import current_player
from tables.models import Season, SeasonAuditEntry
from tables.services.hosting import audit
from tables.services.ledger.money_words import minor_digits
from tables.services.ledger.settle_up import format_minor
from tables.services.seasons import season_clock, season_payments, seasons
from tables.services.seating import people, person_links
from tables.views.charts import Line, line_chart


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=80)
    starts_on = forms.DateField(label="First day", widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label="Last day", widget=forms.DateInput(attrs={"type": "date"}))
    scoring = forms.ChoiceField(
        label="Tournament points", choices=[(s.value, name) for s, name in SCORING_NAMES.items()]
    )
    fixed_points = forms.CharField(
        required=False,
        label="Fixed points by place",
        help_text="For fixed points: 1st first, e.g. 10, 7, 5, 3, 1.",
    )
    knockout_points = forms.DecimalField(
        label="Points per knockout", min_value=0, initial=0, decimal_places=2
    )
    attendance_points = forms.DecimalField(
        label="Points per night played", min_value=0, initial=0, decimal_places=2
    )
    best_of = forms.IntegerField(
        required=False,
        min_value=1,
        label="Count each player's best N nights",
        help_text="Empty: every night counts.",
    )
    show_on_clock = forms.BooleanField(
        required=False,
        label="Show the standings on the clock screen in breaks",
        help_text=f"The best {season_clock.TOP_PLACES} by points, alternating with the break's "
        "clock. Points only: the projector is for the whole room, so no money is shown.",
    )

    def settings(self) -> seasons.SeasonSettings:
        data = self.cleaned_data
        return seasons.SeasonSettings(
            name=data["name"],
            starts_on=data["starts_on"],
            ends_on=data["ends_on"],
            scoring=data["scoring"],
            fixed_points=seasons.parse_points(data["fixed_points"] or ""),
            knockout_points=data["knockout_points"] or Decimal(0),
            attendance_points=data["attendance_points"] or Decimal(0),
            best_of=data["best_of"],
            show_on_clock=data["show_on_clock"],
        )


class SeasonEditForm(SeasonForm):
    why = forms.CharField(
        required=False, max_length=300, label="Why", help_text="Shown with the change in the season's log."
    )


def _initial(season: Season) -> dict[str, Any]:
    return {
        "name": season.name,
        "starts_on": season.starts_on,
        "ends_on": season.ends_on,
        "scoring": season.scoring,
        "fixed_points": ", ".join(f"{p:g}" for p in season.fixed_points),
        "knockout_points": season.knockout_points,
        "attendance_points": season.attendance_points,
        "best_of": season.best_of,
        "show_on_clock": season.show_on_clock,
    }


def get_season_for_user(request: HttpRequest, season_id: int) -> Season:
    return get_object_or_404(Season, pk=season_id, pk__in=[s.pk for s in seasons.seasons_for(request.user)])


def _saved(request: HttpRequest, line: SeasonAuditEntry | None) -> None:
    """Say what was done, as the season's log says it."""
    messages.success(request, line.what if line is not None else "Nothing to change.")


@login_required
@require_http_methods(["GET", "POST"])
def season_list(request: HttpRequest) -> HttpResponse:
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = seasons.create_season(request.user, form.settings())
        except ActionRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            return redirect("season_edit", season_id=season.pk)
    context = {"form": form, "seasons": seasons.seasons_for(request.user)}
    return render(request, "tables/seasons/season_list.html", context, status=400 if form.errors else 200)


def _save_nights(request: HttpRequest, season: Season) -> None:
    try:
        chosen = [int(pk) for pk in request.POST.getlist("nights")]
        _saved(request, seasons.set_nights(season, chosen, request.user, request.POST.get("why", "")))
    except (ActionRefused, ValueError) as refusal:
        messages.error(request, str(refusal) if isinstance(refusal, ActionRefused) else "Choose nights.")


@login_required
@require_http_methods(["GET", "POST"])
def season_edit(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_season_for_user(request, season_id)
    if request.method == "POST" and request.POST.get("part") == "nights":
        _save_nights(request, season)
        return redirect("season_edit", season_id=season.pk)
    form = SeasonEditForm(request.POST or None, initial=_initial(season))
    if request.method == "POST" and form.is_valid():
        try:
            line = seasons.update_season(season, form.settings(), request.user, form.cleaned_data["why"])
        except ActionRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            _saved(request, line)
            return redirect("season_edit", season_id=season.pk)
    counted = set(season.nights.values_list("pk", flat=True))
    context = {
        "season": season,
        "form": form if request.method == "POST" else SeasonEditForm(initial=_initial(season)),
        "nights": [(night, night.pk in counted) for night in seasons.nights_to_choose(season)],
    }
    return render(request, "tables/seasons/season_edit.html", context, status=400 if form.errors else 200)


# The season page -------------------------------------------------------------------------------

SORTS: dict[str, tuple[str, Any]] = {
    "points": ("Points", lambda s: -s.points),
    "money": ("Money", lambda s: -s.money_net),
    "bbh": ("BB/hour", lambda s: -(s.big_blinds_per_hour if s.big_blinds_per_hour is not None else -1e9)),
    "nights": ("Nights", lambda s: -s.nights),
    "pot": ("Biggest pot", lambda s: -s.biggest_pot),
    "finish": ("Best finish", lambda s: s.best_finish.place if s.best_finish else 1e9),
}


def _may_read(request: HttpRequest, season: Season) -> bool:
    if any(s.pk == season.pk for s in seasons.seasons_for(request.user)):
        return True
    return people.played_in(current_player(request), list(season.nights.values_list("pk", flat=True)))


def _row(row: seasons.SeasonRow, currency: str) -> dict[str, Any]:
    s: Standing = row.standing
    finish = s.best_finish
    return {
        "name": row.name,
        "s": s,
        "money": format_minor(s.money_net, currency),
        "cash": format_minor(s.cash_net, currency),
        "bbh": "" if s.big_blinds_per_hour is None else f"{s.big_blinds_per_hour:+.1f}",
        "best": f"{finish.place} of {finish.entrants}" if finish else "",
    }


def _settling(owed: season_payments.StillOwed | None) -> dict[str, Any]:
    """The settle-up as the page shows it: the transfers still to pay (with what the host posts
    to mark one paid), each balance still open, and the payments marked so far."""
    if owed is None:
        return {"transfers": [], "open_balances": [], "paid": []}
    name = owed.names.get
    return {
        "transfers": [
            (t, name(t.payer, t.payer), name(t.payee, t.payee), owed.words(t.amount)) for t in owed.transfers
        ],
        "open_balances": [
            (key, name(key, key), owed.words(abs(left)), left > 0)
            for key, left in sorted(owed.remaining.items(), key=lambda kv: name(kv[0], kv[0]).lower())
            if left
        ],
        "paid": owed.paid,
        "bank_name": owed.names[season_payments.BANK],
    }


@require_GET
def season_page(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=season_id)
    if not _may_read(request, season):
        raise PermissionDenied("Only the players of this season's nights can read its standings.")
    table = seasons.season_table(season)
    currency = table.nights[0].currency if table.nights else "EUR"
    sort = request.GET.get("sort", "points")
    key = SORTS.get(sort, SORTS["points"])[1]
    rows = sorted(table.rows, key=lambda r: (key(r.standing), r.name.lower()))
    chart = line_chart(
        [
            Line(
                table.names[s.person],
                [(i + 1, v / 10 ** minor_digits(currency)) for i, (_, v) in enumerate(s.points)],
            )
            for s in table.series
        ],
        x_label="Night",
        y_label=f"Money ({currency})",
        title="Each player's result, night after night",
    )
    try:
        owed = season_payments.still_owed(table)
        settle_refusal = ""
    except ActionRefused as refusal:
        owed, settle_refusal = None, str(refusal)
    is_owner = any(s.pk == season.pk for s in seasons.seasons_for(request.user))
    context = {
        "season": season,
        "table": table,
        "rows": [_row(row, currency) for row in rows],
        "sorts": [(key_, label) for key_, (label, _) in SORTS.items()],
        "sort": sort if sort in SORTS else "points",
        "chart": chart,
        **_settling(owed),
        "settle_refusal": settle_refusal,
        "is_owner": is_owner,
        "people_choices": sorted(((k, n) for k, n in table.names.items()), key=lambda kn: kn[1].lower())
        if is_owner
        else [],
        "links": person_links.links_in(season) if is_owner else [],
        "log": audit.season_entries(season)[:200],
    }
    return render(request, "tables/seasons/season_page.html", context)
