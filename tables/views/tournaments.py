"""The host's tournament pages: set-up, the clock controls, entries, busts, payouts, deals, seating.

Only those who may host the night (tables.access) reach these; each button is one POST
calling one service function, and a refusal comes back as the page's message.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from engine.tournament import DealMethod, Move, TournamentError, window_text
from tables.access import hosted_nights
from tables.errors import ActionRefused
from tables.forms_tournaments import (
    PeriodFormSet,
    TournamentCreateForm,
    TournamentSettingsForm,
    clean_setup,
    period_rows,
)
from tables.links import absolute_url
from tables.models import Night, Player
from tables.models.tournaments import Tournament, TournamentAction
from tables.qr import qr_svg
from tables.services import tournament_clock as clock_service
from tables.services import tournament_play, tournaments
from tables.services import tournament_seating as seating_service

CLOCK_BUTTONS = {
    "start": TournamentAction.START,
    "pause": TournamentAction.PAUSE,
    "resume": TournamentAction.RESUME,
    "next": TournamentAction.NEXT_LEVEL,
    "previous": TournamentAction.PREVIOUS_LEVEL,
    "add-minute": TournamentAction.ADD_TIME,
    "remove-minute": TournamentAction.REMOVE_TIME,
}


def _get_night_for_user(request: HttpRequest, night_id: int) -> Night:
    return get_object_or_404(hosted_nights(request.user), pk=night_id)


def _get_tournament_for_user(request: HttpRequest, tournament_id: int) -> Tournament:
    found = Tournament.objects.select_related("night").filter(night__in=hosted_nights(request.user))
    return get_object_or_404(found, pk=tournament_id)


def _run(
    request: HttpRequest, tournament: Tournament, action: Callable[[], object], success: str
) -> HttpResponse:
    try:
        action()
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, success)
    return redirect("tournament_detail", tournament_id=tournament.pk)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _get_night_for_user(request, night_id)
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournaments.create_tournament(night, request.user, **form.cleaned_data)
        except ActionRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            messages.success(request, "Check the structure, rebuys and payouts, then save.")
            return redirect("tournament_edit", tournament_id=tournament.pk)
    context = {"night": night, "form": form}
    return render(request, "tables/tournament_new.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    if request.method == "POST":
        form = TournamentSettingsForm(request.POST)
        rows = PeriodFormSet(request.POST, prefix="periods")
        setup = clean_setup(form, rows, tournament.get_structure().name)
        if setup is not None:
            try:
                tournaments.update_tournament(tournament.pk, request.user, **vars(setup))
            except ActionRefused as refusal:
                form.add_error(None, str(refusal))
            else:
                messages.success(request, "Saved.")
                return redirect("tournament_detail", tournament_id=tournament.pk)
    else:
        form = TournamentSettingsForm.for_tournament(tournament)
        rows = PeriodFormSet(initial=period_rows(tournament.get_structure()), prefix="periods")
    context = {"tournament": tournament, "night": tournament.night, "form": form, "rows": rows}
    return render(request, "tables/tournament_edit.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET"])
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    try:
        # "...or the rebuy window closes, the next time you bust is for good": settled on each look.
        tournament_play.close_lapsed_offers(tournament, timezone.now())
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    tournament.refresh_from_db()
    rules = tournament.get_rebuy_rules()
    offers = [(entry, rules.max_rebuys - entry.rebuys) for entry in tournament_play.rebuy_offers(tournament)]
    entries = list(tournament.entries.select_related("player"))
    entered = {entry.player_id for entry in entries}
    clock_url = absolute_url(request, reverse("clock_screen", args=[tournament.clock_token]))
    now = timezone.now()
    reading = tournaments.reading(tournament, now)
    left = math.ceil(reading.seconds_left)
    undo = tournament.pending_level_undo(now)
    context = {
        "confirm_next": request.GET.get("confirm") == "next" and reading.started,
        "rebuy_until_level": rules.rebuy_until_level,
        "window": window_text(rules, tournament.get_structure(), reading),
        "level_undo": undo,
        "level_undo_until": datetime.datetime.fromtimestamp(undo["until"], tz=datetime.UTC) if undo else None,
        "tournament": tournament,
        "night": tournament.night,
        "reading": reading,
        "seconds_left_text": f"{left // 60}:{left % 60:02d}",
        "field": tournaments.field(tournament),
        "still_in": [entry for entry in entries if not entry.is_out],
        "offers": offers,
        "winner": next((entry for entry in entries if entry.place == 1), None),
        "results": tournaments.results(tournament),
        "pool": tournaments.pool(tournament),
        "payouts": list(enumerate(tournaments.payouts(tournament), 1)),
        "can_register": [
            player
            for player in tournament.night.players.filter(status=Player.Status.APPROVED)
            if player.pk not in entered
        ],
        "log": list(tournament.log.select_related("actor").order_by("-at", "-id")[:15]),
        "clock_url": clock_url,
        "clock_qr": qr_svg(clock_url),
    }
    return render(request, "tables/tournament_detail.html", context)


@login_required
@require_POST
def tournament_clock(request: HttpRequest, tournament_id: int, button: str) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    action = CLOCK_BUTTONS.get(button)
    if action is None:
        messages.error(request, "That is not a clock button.")
        return redirect("tournament_detail", tournament_id=tournament.pk)
    confirmed = request.POST.get("confirmed") == "1"
    try:
        clock_service.run_clock(tournament.pk, request.user, action, confirmed=confirmed)
    except clock_service.ConfirmationNeeded:
        # Nothing changed: the page asks the host to confirm, naming who would lose a rebuy.
        return redirect(reverse("tournament_detail", args=[tournament.pk]) + "?confirm=next#clock-controls")
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("tournament_detail", tournament_id=tournament.pk)
    if action in clock_service.LEVEL_CHANGES:
        messages.success(request, f"{action.label}. Undo it within a minute if it was a mistake.")
    else:
        messages.success(request, f"{action.label}.")
    return redirect(reverse("tournament_detail", args=[tournament.pk]) + "#clock-controls")


@login_required
@require_POST
def tournament_undo_level(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Take back the last level change, within a minute of it."""
    tournament = _get_tournament_for_user(request, tournament_id)
    undo = lambda: clock_service.undo_level_change(tournament.pk, request.user)  # noqa: E731
    return _run(request, tournament, undo, "The level change is undone: the clock is as it was.")


@login_required
@require_POST
def tournament_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    ids = [int(pk) for pk in request.POST.getlist("player") if pk.isdigit()]
    players = list(tournament.night.players.filter(pk__in=ids))
    if not players:
        messages.error(request, "Choose who is playing.")
        return redirect("tournament_detail", tournament_id=tournament.pk)
    register = lambda: tournaments.register_players(tournament.pk, request.user, players)  # noqa: E731
    return _run(request, tournament, register, f"Entered: {', '.join(p.display_name for p in players)}.")


@login_required
@require_POST
def tournament_rebuy(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    rebuy = lambda: tournaments.record_rebuy(entry.pk, request.user)  # noqa: E731
    return _run(request, tournament, rebuy, f"{entry.player} rebuys.")


@login_required
@require_POST
def tournament_add_on(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    add_on = lambda: tournaments.record_add_on(entry.pk, request.user)  # noqa: E731
    return _run(request, tournament, add_on, f"{entry.player} takes the add-on.")


def _chips(request: HttpRequest, entry_id: int) -> int | None:
    raw = request.POST.get(f"chips_{entry_id}", "").strip().replace(",", "").replace(" ", "")
    return int(raw) if raw.isdigit() else None


@login_required
@require_POST
def tournament_busts(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Players out in one hand, with the chips each had when it started (for the order of places)."""
    tournament = _get_tournament_for_user(request, tournament_id)
    ids = [int(pk) for pk in request.POST.getlist("entry") if pk.isdigit()]
    busts = [(entry_id, _chips(request, entry_id)) for entry_id in ids]
    record = lambda: tournaments.record_busts(tournament.pk, request.user, busts)  # noqa: E731
    return _run(request, tournament, record, "Bust recorded.")


@login_required
@require_POST
def tournament_undo_bust(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Take back the latest bust (a wrong "Record who is out"), with the reason, in the open log."""
    tournament = _get_tournament_for_user(request, tournament_id)
    why = request.POST.get("why", "")
    undo = lambda: tournaments.undo_last_bust(tournament.pk, request.user, why)  # noqa: E731
    return _run(request, tournament, undo, "Bust undone.")


@login_required
@require_http_methods(["GET", "POST"])
def tournament_deal(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The deal calculator: chip chop and ICM for the players still in. It records nothing."""
    tournament = _get_tournament_for_user(request, tournament_id)
    still_in = [entry for entry in tournament.entries.select_related("player") if not entry.is_out]
    deals, error = [], ""
    if request.method == "POST":
        stacks = {entry.pk: _chips(request, entry.pk) for entry in still_in}
        if any(chips is None for chips in stacks.values()):
            error = "Enter every player's chips."
        else:
            try:
                for method in (DealMethod.CHIP_CHOP, DealMethod.ICM):
                    deal = tournaments.propose_deal(tournament, stacks, method).as_dict()
                    deals.append((method, [(entry, deal[str(entry.pk)]) for entry in still_in]))
            except ActionRefused as refusal:
                error, deals = str(refusal), []
    context = {
        "tournament": tournament,
        "night": tournament.night,
        "still_in": [(entry, request.POST.get(f"chips_{entry.pk}", "")) for entry in still_in],
        "deals": deals,
        "error": error,
        "remaining": sum(tournaments.payouts(tournament)[: len(still_in)]),
    }
    return render(request, "tables/tournament_deal.html", context, status=400 if error else 200)


@login_required
@require_http_methods(["GET"])
def tournament_seating(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    try:
        moves = seating_service.propose_moves(tournament)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        moves = ()
    names = {
        str(entry.player_id): entry.player.display_name
        for entry in tournament.entries.select_related("player")
    }
    tables = seating_service.numbered_tables(tournament)
    seating = [
        (tables[table.number], [(seat, names.get(player, "?")) for seat, player in table.players.items()])
        for table in seating_service.current_seating(tournament)
    ]
    context = {
        "tournament": tournament,
        "night": tournament.night,
        "seating": seating,
        "moves": [(move, names.get(move.player, "?"), json.dumps([move.to_json()])) for move in moves],
        "all_moves": json.dumps([move.to_json() for move in moves]),
    }
    return render(request, "tables/tournament_seating.html", context)


@login_required
@require_POST
def tournament_draw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    try:
        count = seating_service.draw_opening_seats(tournament.pk, request.user)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, f"{count} players have their seats.")
    return redirect("tournament_seating", tournament_id=tournament.pk)


@login_required
@require_POST
def tournament_moves(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    try:
        moves = [Move.from_json(row) for row in json.loads(request.POST.get("moves", ""))]
        seating_service.confirm_moves(tournament.pk, request.user, moves)
    except (ValueError, KeyError, TypeError, TournamentError):
        messages.error(request, "That move could not be read: look at the proposal again.")
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, "Moved." if len(moves) == 1 else f"{len(moves)} players moved.")
    return redirect("tournament_seating", tournament_id=tournament.pk)
