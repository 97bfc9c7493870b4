"""The host's tournament pages: set-up, the clock controls, entries, busts, payouts, deals, seating.

Only those who may host the night (tables.access) reach these; each button is one POST
calling one service function, and a refusal comes back as the page's message.
"""

from __future__ import annotations

import datetime
import json
import math
from collections.abc import Callable
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from engine.tournament import DealMethod, Move, TournamentError, can_add_on, can_rebuy, window_text
from tables.access import hosted_nights
from tables.errors import ActionRefused
from tables.forms import whole_number
from tables.forms.forms_tournaments import (
    BracketFormSet,
    PeriodFormSet,
    TournamentCreateForm,
    TournamentSettingsForm,
    bracket_formset,
    clean_setup,
    payout_templates_json,
    period_rows,
)
from tables.models import Night, Player
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.hosting import audit
from tables.services.tournament import tournament_clock as clock_service
from tables.services.tournament import (
    tournament_clock_gaps,
    tournament_deals,
    tournament_play,
    tournament_results,
    tournament_setup,
    tournaments,
)
from tables.services.tournament import tournament_seating as seating_service
from tables.services.tournament.tournament_results import still_to_pay
from tables.services.tournament.tournament_stack_locks import stack_lock_notes
from tables.views.host_panel import confirm, run_and_confirm
from tables.views.links import absolute_url
from tables.views.qr import qr_svg

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
    request: HttpRequest,
    tournament: Tournament,
    action: Callable[[], object],
    anchor: str = "",
    back: str = "tournament_detail",
) -> HttpResponse:
    """One button's service call, confirmed with the line it wrote in the night's log."""
    url = reverse(back, args=[tournament.pk]) + (f"#{anchor}" if anchor else "")
    return run_and_confirm(request, tournament.night, action, url)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _get_night_for_user(request, night_id)
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        since = audit.newest_id(night)
        try:
            tournament = tournament_setup.create_tournament(night, request.user, **form.cleaned_data)
        except ActionRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            confirm(request, night, since, "Check the structure, rebuys and payouts, then save.")
            return redirect("tournament_edit", tournament_id=tournament.pk)
    context = {"night": night, "form": form}
    return render(request, "tables/tournament_new.html", context, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    if request.method == "POST":
        form = TournamentSettingsForm(request.POST).show_locks(stack_lock_notes(tournament))
        rows = PeriodFormSet(request.POST, prefix="periods")
        # The page always posts its bracket rows; a post without them keeps the brackets.
        brackets = (
            BracketFormSet(request.POST, prefix="brackets")
            if "brackets-TOTAL_FORMS" in request.POST
            else None
        )
        current = tournament.get_payouts()
        setup = clean_setup(form, rows, tournament.get_structure().name, brackets, current)
        if setup is not None:
            since = audit.newest_id(tournament.night)
            try:
                tournament_setup.update_tournament(tournament.pk, request.user, **vars(setup))
            except ActionRefused as refusal:
                form.add_error(None, str(refusal))
            else:
                confirm(request, tournament.night, since)
                return redirect("tournament_detail", tournament_id=tournament.pk)
    else:
        form = TournamentSettingsForm.for_tournament(tournament).show_locks(stack_lock_notes(tournament))
        rows = PeriodFormSet(initial=period_rows(tournament.get_structure()), prefix="periods")
        brackets = bracket_formset(tournament.get_payouts())
    if brackets is None:
        brackets = bracket_formset(tournament.get_payouts())
    context = {
        "tournament": tournament,
        "night": tournament.night,
        "form": form,
        "rows": rows,
        "brackets": brackets,
        "payout_templates_json": json.dumps(payout_templates_json()),
        "payout_rule": tournament_results.paid_payout_rule(tournament),
    }
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
    deal = tournament_results.deal_of(tournament)
    if deal is not None:
        by_entry = {str(entry.pk): entry for entry in entries}
        deal.rows = [(by_entry[key], deal.stacks.get(key), amount) for key, amount in deal.amounts.items()]
    still_in = [entry for entry in entries if not entry.is_out]
    plan = tournament.get_payouts()
    busted = {entry.pk for entry, _ in offers}
    for entry in still_in:
        # The buttons follow the rules (the service refuses the rest): none in a freeze-out, Rebuy
        # for a player who busted at the table while the window is open and a rebuy is left,
        # Add-on at the first break, once, to a player who still has chips.
        rebuy = can_rebuy(rules, reading, rebuys_used=entry.rebuys, chips=0 if entry.pk in busted else 1)
        add_on = can_add_on(rules, reading, add_ons_used=entry.add_ons, chips=0 if entry.pk in busted else 1)
        entry.may_rebuy, entry.may_add_on = bool(rebuy), bool(add_on)
    context = {
        "confirm_next": request.GET.get("confirm") == "next" and reading.started,
        "rebuy_until_level": rules.rebuy_until_level,
        "window": window_text(rules, tournament.get_structure(), reading),
        "level_undo": undo,
        "clock_gap": tournament_clock_gaps.gap_words(tournament.clock_gap) if tournament.clock_gap else "",
        "clock_gap_seconds": (tournament.clock_gap or {}).get("seconds"),
        "level_undo_until": datetime.datetime.fromtimestamp(undo["until"], tz=datetime.UTC) if undo else None,
        "tournament": tournament,
        "night": tournament.night,
        "reading": reading,
        "seconds_left_text": f"{left // 60}:{left % 60:02d}",
        "field": tournaments.field(tournament),
        "still_in": still_in,
        "rebuys_now": any(entry.may_rebuy for entry in still_in),
        "add_ons_now": any(entry.may_add_on for entry in still_in),
        "offers": offers,
        "winner": next((entry for entry in entries if entry.place == 1), None),
        "results": tournament_results.results(tournament),
        "deal": deal,
        "pool": tournament_results.pool(tournament),
        "payouts": list(enumerate(tournament_results.paid_payouts(tournament), 1)),
        "payout_plan": plan,
        "payout_brackets": [
            (bracket, bracket == plan.bracket_for(len(entries))) for bracket in plan.brackets.brackets
        ],
        "payout_rule": tournament_results.paid_payout_rule(tournament),
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
    since = audit.newest_id(tournament.night)
    try:
        # The Start button deals the first hand at the tournament's tables, at the level's blinds.
        clock_service.run_clock(tournament.pk, request.user, action, confirmed=confirmed, deal=True)
    except clock_service.ConfirmationNeeded:
        # Nothing changed: the page asks the host to confirm, naming who would lose a rebuy.
        return redirect(reverse("tournament_detail", args=[tournament.pk]) + "?confirm=next#clock-controls")
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("tournament_detail", tournament_id=tournament.pk)
    undo = "Undo it within a minute if it was a mistake." if action in clock_service.LEVEL_CHANGES else ""
    confirm(request, tournament.night, since, undo)
    return redirect(reverse("tournament_detail", args=[tournament.pk]) + "#clock-controls")


@login_required
@require_POST
def tournament_undo_level(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Take back the last level change, within a minute of it."""
    tournament = _get_tournament_for_user(request, tournament_id)
    undo = lambda: clock_service.undo_level_change(tournament.pk, request.user)  # noqa: E731
    return _run(request, tournament, undo, anchor="clock-controls")


@login_required
@require_POST
def tournament_clock_gap(request: HttpRequest, tournament_id: int, choice: str) -> HttpResponse:
    """Give back the clock time that ran while the server was down, or keep the clock as it is."""
    tournament = _get_tournament_for_user(request, tournament_id)
    choices = {"give-back": tournament_clock_gaps.give_back, "keep": tournament_clock_gaps.keep}
    if choice not in choices:
        messages.error(request, "Give the time back or keep the clock as it is.")
        return redirect("tournament_detail", tournament_id=tournament.pk)
    chosen = partial(choices[choice], tournament.pk, request.user)
    return _run(request, tournament, chosen, anchor="clock-controls")


@login_required
@require_POST
def tournament_fix_payouts(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Fix the payouts in force now: they stop following the number of entries."""
    tournament = _get_tournament_for_user(request, tournament_id)
    fix = lambda: tournament_setup.fix_payouts(tournament.pk, request.user)  # noqa: E731
    return _run(request, tournament, fix, anchor="payouts")


@login_required
@require_POST
def tournament_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    ids = [pk for pk in map(whole_number, request.POST.getlist("player")) if pk]
    players = list(tournament.night.players.filter(pk__in=ids))
    if not players:
        messages.error(request, "Choose who is playing.")
        return redirect("tournament_detail", tournament_id=tournament.pk)
    register = lambda: tournament_setup.register_players(tournament.pk, request.user, players)  # noqa: E731
    return _run(request, tournament, register)


@login_required
@require_POST
def tournament_rebuy(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    rebuy = lambda: tournaments.record_rebuy(entry.pk, request.user)  # noqa: E731
    return _run(request, tournament, rebuy)


@login_required
@require_POST
def tournament_add_on(request: HttpRequest, tournament_id: int, entry_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    entry = get_object_or_404(tournament.entries.select_related("player"), pk=entry_id)
    add_on = lambda: tournaments.record_add_on(entry.pk, request.user)  # noqa: E731
    return _run(request, tournament, add_on)


def _chips(request: HttpRequest, entry_id: int) -> int | None:
    raw = request.POST.get(f"chips_{entry_id}", "").strip().replace(",", "").replace(" ", "")
    return int(raw) if raw.isascii() and raw.isdigit() else None  # not "²", which isdigit() takes


@login_required
@require_POST
def tournament_busts(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Players out in one hand, with the chips each had when it started (for the order of places)."""
    tournament = _get_tournament_for_user(request, tournament_id)
    ids = [pk for pk in map(whole_number, request.POST.getlist("entry")) if pk]
    busts = [(entry_id, _chips(request, entry_id)) for entry_id in ids]
    record = lambda: tournaments.record_busts(tournament.pk, request.user, busts)  # noqa: E731
    return _run(request, tournament, record)


@login_required
@require_POST
def tournament_undo_bust(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Take back the latest bust (a wrong "Record who is out"), with the reason, in the open log."""
    tournament = _get_tournament_for_user(request, tournament_id)
    why = request.POST.get("why", "")
    undo = lambda: tournaments.undo_last_bust(tournament.pk, request.user, why)  # noqa: E731
    return _run(request, tournament, undo)


def _deal_rows(
    tournament: Tournament, still_in: list[TournamentEntry], stacks: dict[int, int | None]
) -> tuple[list, str]:
    """Chip chop and ICM for these stacks, each as [(entry, amount)], or the reason there are none."""
    if not still_in:
        return [], ""
    if any(stacks.get(entry.pk) is None for entry in still_in):
        return [], "Enter every player's chips."
    deals = []
    try:
        for method in (DealMethod.ICM, DealMethod.CHIP_CHOP):
            known = {entry_id: chips for entry_id, chips in stacks.items() if chips is not None}
            deal = tournament_deals.propose_deal(tournament, known, method).as_dict()
            deals.append((method, [(entry, deal[str(entry.pk)]) for entry in still_in]))
    except ActionRefused as refusal:
        return [], str(refusal)
    return deals, ""


@login_required
@require_http_methods(["GET", "POST"])
def tournament_deal(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The deal calculator: chip chop and ICM for the players still in, with the chips the tables
    know filled in (the host may change them); each can be recorded as the deal agreed."""
    tournament = _get_tournament_for_user(request, tournament_id)
    still_in = tournament_deals.players_still_in(tournament)
    known = tournament_deals.known_stacks(tournament)
    if request.method == "POST":
        stacks = {entry.pk: _chips(request, entry.pk) for entry in still_in}
    else:
        stacks = dict(known)
    deals, error = _deal_rows(tournament, still_in, stacks)
    if request.method == "GET" and error == "Enter every player's chips.":
        error = ""  # not every stack is at a table: the host types the missing ones
    context = {
        "tournament": tournament,
        "night": tournament.night,
        "still_in": [(entry, "" if stacks.get(entry.pk) is None else stacks[entry.pk]) for entry in still_in],
        "from_tables": stacks == known and all(chips is not None for chips in known.values()),
        "deals": deals,
        "error": error,
        "remaining": still_to_pay(tournament, len(still_in)),
        "finished": tournament.status == Tournament.Status.FINISHED,
    }
    return render(request, "tables/tournament_deal.html", context, status=400 if error else 200)


@login_required
@require_POST
def tournament_deal_record(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Record the deal the players agreed: what each player still in takes."""
    tournament = _get_tournament_for_user(request, tournament_id)
    still_in = tournament_deals.players_still_in(tournament)
    amounts = {entry.pk: _amount(request, entry.pk) for entry in still_in}
    try:
        if any(amount is None for amount in amounts.values()):
            raise ActionRefused("Enter what each player takes, a whole amount (0 or more).")
        whole = {entry_id: amount for entry_id, amount in amounts.items() if amount is not None}
        tournament_deals.record_deal(tournament.pk, request.user, whole, request.POST.get("why", ""))
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("tournament_deal", tournament_id=tournament.pk)
    messages.success(
        request, "The deal is recorded: the tournament is over and its prizes are in the ledger."
    )
    return redirect("tournament_detail", tournament_id=tournament.pk)


def _amount(request: HttpRequest, entry_id: int) -> int | None:
    raw = request.POST.get(f"amount_{entry_id}", "").strip().replace(",", "").replace(" ", "")
    return int(raw) if raw.isascii() and raw.isdigit() else None  # not "²", which isdigit() takes


@login_required
@require_GET
def tournament_seating(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    try:
        # Drawn once and kept: a reload shows the same moves (tournament_seating.planned_moves).
        moves = seating_service.planned_moves(tournament.pk, request.user)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        moves = ()
    tournament.refresh_from_db()
    names = {
        str(entry.player_id): entry.player.display_name
        for entry in tournament.entries.select_related("player")
    }
    tables = seating_service.numbered_tables(tournament)
    seating = [
        (
            tables[table.number],
            [(seat, names.get(player, "?")) for seat, player in table.players.items()],
            table.seats,
        )
        for table in seating_service.current_seating(tournament)
    ]
    last = [Move.from_json(move) for move in (tournament.last_moves or {}).get("moves", [])]
    chosen = {row["table"]: row["seats"] for row in tournament.tables or []}
    choices = [
        (table, table.pk in chosen, chosen.get(table.pk, table.max_seats))
        for table in tournament.night.tables.exclude(status="removed").order_by("created_at", "id")
    ]
    context = {
        "table_choices": choices,
        "tournament": tournament,
        "night": tournament.night,
        "seating": seating,
        "moves": [(move, names.get(move.player, "?"), json.dumps([move.to_json()])) for move in moves],
        "all_moves": json.dumps([move.to_json() for move in moves]),
        "last_moves": [(move, names.get(move.player, "?")) for move in last],
        "waiting_moves": [
            (move, names.get(move.player, "?"), table_name)
            for move, table_name in seating_service.waiting_moves(tournament)
        ],
    }
    return render(request, "tables/tournament_seating.html", context)


@login_required
@require_POST
def tournament_draw_again(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Draw the proposed moves again on purpose (logged with the reason)."""
    tournament = _get_tournament_for_user(request, tournament_id)
    why = request.POST.get("why", "")
    draw = partial(seating_service.planned_moves, tournament.pk, request.user, again=True, why=why)
    return _run(request, tournament, draw, back="tournament_seating")


@login_required
@require_POST
def tournament_undo_moves(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Put the players of the last confirmed moves back (a wrong redraw), before the next hand."""
    tournament = _get_tournament_for_user(request, tournament_id)
    undo = partial(seating_service.undo_last_moves, tournament.pk, request.user, request.POST.get("why", ""))
    return _run(request, tournament, undo, back="tournament_seating")


@login_required
@require_POST
def tournament_draw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    since = audit.newest_id(tournament.night)
    chosen = {}
    for table in tournament.night.tables.order_by("created_at", "id"):
        if request.POST.get(f"table_{table.pk}"):
            chosen[table.pk] = whole_number(request.POST.get(f"seats_{table.pk}"))
    if 0 in chosen.values():
        messages.error(request, "Give each table you chose its number of seats, a whole number.")
        return redirect("tournament_seating", tournament_id=tournament.pk)
    try:
        seating_service.draw_opening_seats(tournament.pk, request.user, tables=chosen)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        confirm(request, tournament.night, since)
    return redirect("tournament_seating", tournament_id=tournament.pk)


@login_required
@require_POST
def tournament_moves(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _get_tournament_for_user(request, tournament_id)
    since = audit.newest_id(tournament.night)
    try:
        moves = [Move.from_json(row) for row in json.loads(request.POST.get("moves", ""))]
        seating_service.confirm_moves(tournament.pk, request.user, moves)
    except (ValueError, KeyError, TypeError, TournamentError):
        messages.error(request, "That move could not be read: look at the proposal again.")
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        confirm(request, tournament.night, since)
    return redirect("tournament_seating", tournament_id=tournament.pk)
