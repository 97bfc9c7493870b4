"""The guest's side, on a phone: join with a code or link, then the seat page."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET, require_http_methods

from engine.cards import card_words
from tables import rate_limits
from tables.errors import ActionRefused
from tables.forms import DisplayNameForm, JoinCodeForm
from tables.identity import SESSION_KEY, bind_player, current_player
from tables.join_codes import normalise_join_code
from tables.models import Night, Player
from tables.services.hosting.hosting import host_exists
from tables.services.ledger.transfers import find_transfer, take_over_identity
from tables.services.seating import people
from tables.services.seating.joining import join_night
from tables.views.night_end import night_end
from tables.views.player_status import player_status


def _get_night_by_code(code: str) -> Night | None:
    return Night.objects.filter(join_code=normalise_join_code(code)).first()


def _home_page(request: HttpRequest, form: JoinCodeForm, status: int = 200) -> HttpResponse:
    context = {"form": form, "host_exists": host_exists(), "player": current_player(request)}
    return render(request, "tables/home.html", context, status=status)


def _too_many_codes(request: HttpRequest, code: str) -> HttpResponse:
    form = JoinCodeForm({"code": code})
    form.add_error(None, rate_limits.JOIN_CODES.message)
    return _home_page(request, form, status=429)


@require_http_methods(["GET", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    form = JoinCodeForm(request.POST or None)
    if request.method == "POST":
        guesser = rate_limits.request_keys(request)
        if rate_limits.blocked(rate_limits.JOIN_CODES, guesser):
            return _too_many_codes(request, request.POST.get("code", ""))
        if form.is_valid():
            return redirect("join", code=form.cleaned_data["code"])
        rate_limits.count(rate_limits.JOIN_CODES, guesser)
        return _home_page(request, form, status=400)
    return _home_page(request, form)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    guesser = rate_limits.request_keys(request)
    if rate_limits.blocked(rate_limits.JOIN_CODES, guesser):
        return _too_many_codes(request, code)
    night = _get_night_by_code(code)
    if night is None:
        rate_limits.count(rate_limits.JOIN_CODES, guesser)
        form = JoinCodeForm({"code": code})
        form.is_valid()  # fills in the "no night has the code" message
        return _home_page(request, form, status=404)
    # The guest this phone already is: of tonight, or of an earlier night of the host's.
    earlier = current_player(request)
    if earlier is not None and earlier.night_id == night.pk and earlier.status in Player.ACTIVE_STATUSES:
        return redirect("play")
    form = DisplayNameForm(request.POST or None, night=night)
    if request.method == "POST" and form.is_valid():
        flood = rate_limits.flooding(None, rate_limits.JOINS_PER_ADDRESS, guesser)
        if flood is not None:
            form.add_error(None, flood)
            return render(request, "tables/player/join.html", {"form": form, "night": night}, status=429)
        try:
            player = join_night(night, form.cleaned_data["display_name"], user=request.user)
        except ActionRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            bind_player(request, player)
            people.claim_from_the_same_phone(player, earlier)
            return redirect("play")
    status = 400 if form.errors else 200
    return render(request, "tables/player/join.html", {"form": form, "night": night}, status=status)


@require_GET
def play(request: HttpRequest) -> HttpResponse:
    player = current_player(request)
    context: dict[str, object] = {"player": player, "status": player_status(player)}
    # A token that points to nobody: the identity moved to another device with the host's link.
    context["moved_away"] = player is None and bool(request.session.get(SESSION_KEY))
    if player is not None and not player.night.is_open:
        context["night_end"] = night_end(player)
        # Every hand of a closed night is checked on the verify page of any of its tables.
        table = player.night.tables.order_by("pk").first()
        context["verify_url"] = f"{reverse('verify_shuffle')}?table={table.pk}" if table else ""
    return render(request, "tables/player/play.html", context)


@never_cache
@require_GET
def play_status(request: HttpRequest) -> JsonResponse:
    return JsonResponse(player_status(current_player(request)))


@require_http_methods(["GET", "POST"])
def continue_here(request: HttpRequest, token: str) -> HttpResponse:
    # GET only asks: link previews and QR scanners fetch links, and must not use them up.
    if request.method == "POST":
        try:
            player = take_over_identity(token)
        except ActionRefused as refusal:
            messages.error(request, str(refusal))
            return redirect("home")
        bind_player(request, player)
        return redirect("play")
    player = find_transfer(token)
    return render(request, "tables/player/continue.html", {"player": player}, status=200 if player else 404)


@require_GET
def web_app_manifest(request: HttpRequest) -> JsonResponse:
    """Add to home screen: the table opens full screen, like an app, at the player's own table."""
    manifest = {
        "name": "Homegame",
        "short_name": "Homegame",
        "description": "Your cards and chips at the home poker night.",
        "start_url": reverse("play"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#0b120f",
        "theme_color": "#0b120f",
        "icons": [
            {"src": static(f"img/icon-{n}.png"), "sizes": f"{n}x{n}", "type": "image/png", "purpose": use}
            for n, use in ((192, "any"), (512, "any"), (512, "maskable"))
        ]
        + [{"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return JsonResponse(manifest, content_type="application/manifest+json")


@require_GET
@cache_control(public=True, max_age=3600)
def card_words_module(request: HttpRequest) -> HttpResponse:
    """How cards are written (rank and suit names, "10" for a ten, suit symbols), as an ES module
    the phones' card drawing imports: the engine's table, served, so a card reads the same on a
    phone as on every page without a second copy of the table in JavaScript."""
    body = f"export const CARD_WORDS = Object.freeze({json.dumps(card_words(), ensure_ascii=False)});\n"
    return HttpResponse(body, content_type="text/javascript; charset=utf-8")
