"""The host's pages: first-time setup, nights, the night page and its actions."""

from __future__ import annotations

import hashlib
from functools import partial

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tables.access import hosted_nights
from tables.errors import ActionRefused
from tables.forms import HostSetupForm, LimitedAuthenticationForm, MoveSeatForm, NightForm, TableForm
from tables.models import Night, Player, Table
from tables.services.hosting import host_panel, hosting, verify_links
from tables.services.ledger import closing
from tables.services.tournament.tournament_tables import takes_cash_chips
from tables.views.host_panel import run_and_confirm
from tables.views.links import absolute_url
from tables.views.qr import qr_svg


def _get_night_for_user(request: HttpRequest, night_id: int) -> Night:
    return get_object_or_404(hosted_nights(request.user), pk=night_id)


def _get_player_for_user(request: HttpRequest, night_id: int, player_id: int) -> Player:
    night = _get_night_for_user(request, night_id)
    return get_object_or_404(Player.objects.select_related("night"), pk=player_id, night=night)


def _get_table_for_user(request: HttpRequest, night_id: int, table_id: int) -> Table:
    return get_object_or_404(Table, pk=table_id, night=_get_night_for_user(request, night_id))


@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    if hosting.host_exists():
        return redirect("login")
    form = HostSetupForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        try:
            user = hosting.create_first_host(form.cleaned_data["username"], form.cleaned_data["password1"])
        except ActionRefused as refusal:
            messages.error(request, str(refusal))
            return redirect("login")
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("host_home")
    context = {"form": form, "needs_code": "setup_code" in form.fields}
    return render(request, "tables/host/setup.html", context, status=400 if form.errors else 200)


def login_view(request: HttpRequest) -> HttpResponse:
    if not hosting.host_exists():
        return redirect("setup")
    login = auth_views.LoginView.as_view(
        template_name="tables/host/login.html", authentication_form=LimitedAuthenticationForm
    )
    return login(request)


@login_required
@require_GET
def host_home(request: HttpRequest) -> HttpResponse:
    archive = request.GET.get("archived") == "1"
    nights = hosted_nights(request.user).filter(archived=archive).select_related("host")
    return render(request, "tables/host/nights.html", {"nights": nights, "archive": archive})


@login_required
@require_http_methods(["GET", "POST"])
def night_create(request: HttpRequest) -> HttpResponse:
    form = NightForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        night = hosting.create_night(request.user, **form.cleaned_data)
        for season in night.seasons.all():
            messages.success(
                request, f"{night.name} counts in the season {season.name}: its date is within it."
            )
        return redirect("night_detail", night_id=night.pk)
    return render(request, "tables/host/night_form.html", {"form": form}, status=400 if form.errors else 200)


def _panel_context(night: Night) -> dict:
    players = list(night.players.select_related("user").prefetch_related("seats__table"))
    tables = list(night.tables.prefetch_related("seats__player"))
    for table in tables:
        table.now_dealing = hosting.now_dealing(table)
        by_number = {seat.number: seat for seat in table.seats.all()}
        table.seat_rows = [(number, by_number.get(number)) for number in range(1, table.max_seats + 1)]
    # What the panel shows, as data: the poll compares this, not the HTML, whose CSRF
    # tokens change on every render.
    shown: list[tuple] = [
        (p.pk, p.display_name, p.status, [(s.table_id, s.number) for s in p.seats.all()]) for p in players
    ]
    shown += [(t.pk, t.name, t.max_seats, t.now_dealing) for t in tables]
    return {
        "night": night,
        "pending": [p for p in players if p.status == Player.Status.PENDING],
        "waiting": [p for p in players if p.status == Player.Status.APPROVED and not p.seats.all()],
        "tables": tables,
        # "Seat waiting players" draws among every open cash table: the button says so.
        "cash_tables": sum(1 for t in tables if t.is_open and takes_cash_chips(t)),
        "move_form": MoveSeatForm(night=night),
        "fingerprint": hashlib.sha256(repr(shown).encode()).hexdigest()[:16],
    }


def _render_night_page(
    request: HttpRequest, night: Night, table_form: TableForm | None = None
) -> HttpResponse:
    join_url = absolute_url(request, reverse("join", args=[night.join_code]))
    panel = _panel_context(night)
    context = {
        "night": night,
        "join_url": join_url,
        "join_qr": qr_svg(join_url),
        "join_url_is_local": "//localhost" in join_url or "//127." in join_url,
        "panel": render_to_string("tables/host/_night_panel.html", panel, request=request),
        "panel_fingerprint": panel["fingerprint"],
        "table_form": table_form or TableForm(night=night),
        "verify_link": (
            absolute_url(request, reverse("verify_night_link", args=[night.verify_token]))
            if night.verify_token and not night.is_open
            else ""
        ),
    }
    status = 400 if table_form is not None and table_form.errors else 200
    return render(request, "tables/host/night.html", context, status=status)


@login_required
@require_GET
def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    return _render_night_page(request, _get_night_for_user(request, night_id))


@never_cache
@login_required
@require_GET
def night_status(request: HttpRequest, night_id: int) -> JsonResponse:
    """The night page polls this; the panel's HTML comes only when it changed."""
    night = _get_night_for_user(request, night_id)
    panel = _panel_context(night)
    counts = {s: night.players.filter(status=s).count() for s in Player.Status.values}
    payload = {"fingerprint": panel["fingerprint"], "status": night.status, "players": counts}
    if request.GET.get("since") != panel["fingerprint"]:
        payload["html"] = render_to_string("tables/host/_night_panel.html", panel, request=request)
    return JsonResponse(payload)


@login_required
@require_POST
def night_set_status(request: HttpRequest, night_id: int) -> HttpResponse:
    """Close the night (the ledger must balance), or reopen it with a reason
    (tables.services.ledger.closing)."""
    night = _get_night_for_user(request, night_id)
    status = request.POST.get("status")
    if status == Night.Status.CLOSED:
        change = partial(closing.close_night, night, request.user)
    elif status == Night.Status.OPEN:
        change = partial(closing.reopen_night, night, request.user, request.POST.get("why", ""))
    else:
        messages.error(request, "Choose open or closed.")
        return redirect("night_detail", night_id=night.pk)
    return run_and_confirm(request, night, change, reverse("night_detail", args=[night.pk]))


@login_required
@require_POST
def night_verify_link(request: HttpRequest, night_id: int) -> HttpResponse:
    """Make the closed night's public verify link ("make"), or revoke it ("revoke")."""
    night = _get_night_for_user(request, night_id)
    why = request.POST.get("why", "")
    if request.POST.get("link") == "revoke":
        revoke = lambda: verify_links.revoke_verify_link(night, request.user, why)  # noqa: E731
        return _run(request, night_id, revoke, "The public verify link is revoked: it opens nothing now.")
    make = lambda: verify_links.make_verify_link(night, request.user, why)  # noqa: E731
    return _run(request, night_id, make, "The public verify link is made: give it to whoever should check.")


@login_required
@require_POST
def night_archive(request: HttpRequest, night_id: int) -> HttpResponse:
    """Hide the night from the list of nights (archived = "1"), or bring it back ("0")."""
    night = _get_night_for_user(request, night_id)
    archived = request.POST.get("archived", "1") == "1"
    archive = lambda: hosting.archive_night(night, request.user, archived, request.POST.get("why", ""))  # noqa: E731
    done = (
        f"{night.name} is archived: find it under Archived nights." if archived else f"{night.name} is back."
    )
    return _run(request, night_id, archive, done)


@login_required
@require_POST
def table_create(request: HttpRequest, night_id: int) -> HttpResponse:
    night = _get_night_for_user(request, night_id)
    form = TableForm(request.POST, night=night)
    if not form.is_valid():
        return _render_night_page(request, night, table_form=form)
    try:
        table = hosting.create_table(night, **form.cleaned_data, by=request.user)
    except ActionRefused as refusal:
        form.add_error(None, str(refusal))
        return _render_night_page(request, night, table_form=form)
    messages.success(request, f"{table.name} is ready.")
    return redirect("night_detail", night_id=night.pk)


def _run(request: HttpRequest, night_id: int, action: object, success: str) -> HttpResponse:
    """Run one service call for a night page button; a refusal becomes the page's message."""
    try:
        action()
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, success)
    return redirect("night_detail", night_id=night_id)


@login_required
@require_POST
def player_approve(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    player = _get_player_for_user(request, night_id, player_id)
    approve = lambda: host_panel.decide_player(player, request.user, "approve", request.POST.get("why", ""))  # noqa: E731
    return _run(request, night_id, approve, f"{player} is in.")


@login_required
@require_POST
def player_reject(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    player = _get_player_for_user(request, night_id, player_id)
    reject = lambda: host_panel.decide_player(player, request.user, "reject", request.POST.get("why", ""))  # noqa: E731
    return _run(request, night_id, reject, f"{player} was turned away.")


@login_required
@require_POST
def player_remove(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    player = _get_player_for_user(request, night_id, player_id)
    remove = lambda: host_panel.decide_player(player, request.user, "remove", request.POST.get("why", ""))  # noqa: E731
    return _run(request, night_id, remove, f"{player} has left the night.")


@login_required
@require_POST
def table_seat_waiting(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    table = _get_table_for_user(request, night_id, table_id)
    try:
        result = host_panel.seat_waiting(table, request.user)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("night_detail", night_id=night_id)
    messages.success(request, result.words)
    if result.still_waiting:
        messages.warning(request, f"Every table is full: {result.still_waiting} still waiting.")
    return redirect("night_detail", night_id=night_id)


@login_required
@require_POST
def player_move(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    player = _get_player_for_user(request, night_id, player_id)
    form = MoveSeatForm(request.POST, night=player.night)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors.get("destination", ["Pick a free seat."])))
        return redirect("night_detail", night_id=night_id)
    table, number = form.cleaned_data["destination"]
    why = request.POST.get("why", "")
    try:
        seat = host_panel.move_player(player, table, number, request.user, why)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, host_panel.seated_words(seat))
    return redirect("night_detail", night_id=night_id)


@login_required
@require_POST
def player_transfer(request: HttpRequest, night_id: int, player_id: int) -> HttpResponse:
    """Show a one-time "continue on another device" QR for a player."""
    player = _get_player_for_user(request, night_id, player_id)
    try:
        token = hosting.transfer_link(player, request.user, request.POST.get("why", ""))
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("night_detail", night_id=night_id)
    url = absolute_url(request, reverse("continue_here", args=[token]))
    context = {"night": player.night, "player": player, "url": url, "qr": qr_svg(url)}
    return render(request, "tables/host/transfer.html", context)
