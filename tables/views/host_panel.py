"""The host panel: one page to run the night between hands, on a phone or a laptop.

Every view checks that the user hosts the night (the host, a named co-host, or an
administrator); the services check again, so a command is never run on the strength of
having opened the page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import partial
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tables.access import can_host
from tables.errors import ActionRefused
from tables.forms import whole_number
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import CASH, KINDS_IN, ChipRequest, CoHost, EntryKind, LedgerEntry
from tables.models.night import game_choices
from tables.services.hosting import audit, host_panel, host_rulings, second_yes, table_closing, table_settings
from tables.services.ledger import night_totals, stack_rulings
from tables.services.seating import table_buy_in

# What the host reads after deciding on a player: what was done, in a sentence.
DECISION_WORDS = {
    "approve": "{} is in: waiting for a seat.",
    "reject": "{} was turned away.",
    "remove": "{} has left the night.",
}


def get_hosted_night(request: HttpRequest, night_id: int) -> Night:
    night = get_object_or_404(Night.objects.select_related("host"), pk=night_id)
    if not can_host(request.user, night):
        raise PermissionDenied("Only the night's host (or someone they named) can open the panel.")
    return night


def get_hosted_table(request: HttpRequest, night_id: int, table_id: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("night"), pk=table_id, night=get_hosted_night(request, night_id)
    )


def _panel_url(night_id: int, anchor: str = "") -> str:
    return reverse("host_panel", args=[night_id]) + (f"#{anchor}" if anchor else "")


def run_command(request: HttpRequest, action: Callable[[], Any], success: str, back: str) -> HttpResponse:
    """One service call for a panel button; a refusal becomes the page's message."""
    try:
        action()
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, success)
    return redirect(back)


def run_and_confirm(
    request: HttpRequest, night: Night, action: Callable[[], Any], back: str, then: str = ""
) -> HttpResponse:
    """One service call for a host button, confirmed with the line it wrote in the night's
    open log (who, what and how much: the host reads what the players read), and `then`,
    what comes next; a refusal becomes the page's message."""
    since = audit.newest_id(night)
    try:
        action()
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        confirm(request, night, since, then)
    return redirect(back)


def confirm(request: HttpRequest, night: Night, since: int, then: str = "") -> None:
    """The success message for a host command: the lines it wrote after line `since`."""
    done = "; ".join(audit.written_since(night, since, request.user)) or "Done"
    messages.success(request, f"{done.rstrip('.')}.{f' {then}' if then else ''}")


def _chips_kind(bought_in: bool, stack: int) -> str:
    """What the chips form starts on: more chips after a buy-in are a top-up while some are
    left, a rebuy when none are."""
    if not bought_in:
        return EntryKind.BUY_IN
    return EntryKind.TOP_UP if stack > 0 else EntryKind.REBUY


def panel_context(night: Night) -> dict[str, Any]:
    players = list(night.players.prefetch_related("seats__table"))
    tables = host_panel.overview(night)
    settings = {row.table.pk: table_settings.settings_for(row.table) for row in tables}
    requests = list(
        ChipRequest.objects.filter(night=night, status=ChipRequest.Status.PENDING).select_related("player")
    )
    seated = {seat.player_id: seat for seat in Seat.objects.filter(table__night=night)}
    # A player who already bought cash chips buys more as a rebuy or a top-up: the chips form
    # says so first, so a second "buy-in" is not recorded by the default.
    bought_in = {
        str(pk)
        for pk in LedgerEntry.objects.filter(CASH, night=night, kind__in=KINDS_IN)
        .exclude(corrections__is_void=True)
        .values_list("player_id", flat=True)
    }
    for row in tables:
        for seat in row.seats:
            seat["chips_kind"] = _chips_kind(seat["player"] in bought_in, seat["stack"])
    for player in players:
        player.chips_kind = _chips_kind(str(player.pk) in bought_in, 0)
    # What the panel shows, as data: the poll compares this, not the HTML (CSRF tokens change).
    shown = [
        [(p.pk, p.status, seated[p.pk].number if p.pk in seated else None) for p in players],
        [(row.table.pk, row.version, row.table.status, row.table.default_buy_in) for row in tables],
        [r.pk for r in requests],
        list(night.co_hosts.values_list("pk", flat=True)),
    ]
    return {
        "night": night,
        "pending": [p for p in players if p.status == Player.Status.PENDING],
        "waiting": [p for p in players if p.status == Player.Status.APPROVED and p.pk not in seated],
        "seated_players": {str(pk): seat for pk, seat in seated.items()},
        "overview": [(row, settings[row.table.pk]) for row in tables],
        "requests": requests,
        "to_decide": len(requests) + sum(1 for p in players if p.status == Player.Status.PENDING),
        "rulings": host_rulings.available(),
        "missing_rulings": host_rulings.missing(),
        "stack_ruling_choices": stack_rulings.HOW_CHOICES,
        "games": game_choices(),
        "bomb_pots": table_settings.bomb_pot_choices(),
        "house_options": table_settings.HOUSE_OPTION_CHOICES,
        "stage_seconds": table_settings.STAGE_SECONDS_CHOICES,
        "rabbit_window": table_settings.RABBIT_WINDOW_SECONDS,
        "deal_delay_range": table_settings.DEAL_DELAY_RANGE,
        "run_it_twice_range": table_settings.RUN_IT_TWICE_RANGE,
        "co_hosts": list(CoHost.objects.filter(night=night).select_related("user")),
        "totals": night_totals.totals(night),
        "fingerprint": hashlib.sha256(repr(shown).encode()).hexdigest()[:16],
    }


@login_required
@require_GET
def panel(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    context = panel_context(night)
    context["panel"] = render_to_string("tables/host_panel_body.html", context, request=request)
    return render(request, "tables/host_panel.html", context)


@never_cache
@login_required
@require_GET
def panel_status(request: HttpRequest, night_id: int) -> JsonResponse:
    """The panel polls this; the HTML comes only when something it shows changed."""
    night = get_hosted_night(request, night_id)
    return polled_status(request, panel_context(night), "tables/host_panel_body.html")


def polled_status(request: HttpRequest, context: dict[str, Any], template: str) -> JsonResponse:
    """What a polling page (the panel, the felt) asks for: the fingerprint of what it shows, and
    the HTML only when that changed since the fingerprint the page sent (`since`)."""
    payload: dict[str, Any] = {"fingerprint": context["fingerprint"]}
    if request.GET.get("since") != context["fingerprint"]:
        payload["html"] = render_to_string(template, context, request=request)
    return JsonResponse(payload)


@login_required
@require_POST
def player_action(request: HttpRequest, night_id: int, player_id: int, action: str) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    player = get_object_or_404(Player, pk=player_id, night=night)
    why = request.POST.get("why", "")
    back = _panel_url(night.pk)
    if action in host_panel.PLAYER_DECISIONS:
        decide = lambda: host_panel.decide_player(player, request.user, action, why)  # noqa: E731
        return run_command(request, decide, DECISION_WORDS[action].format(player.display_name), back)
    if action in host_panel.SEAT_COMMANDS:
        seat = get_object_or_404(Seat.objects.select_related("table__night", "player"), player=player)
        command = lambda: host_panel.seat_command(seat, request.user, action, why)  # noqa: E731
        return run_and_confirm(request, night, command, back)
    if action == "move":
        table = night.tables.filter(pk=whole_number(request.POST.get("table"))).first()
        if table is None:
            messages.error(request, "Choose a table from the list.")
            return redirect(back)
        try:
            number = int(request.POST.get("seat", ""))
        except ValueError:
            messages.error(request, "Choose a seat number.")
            return redirect(back)
        try:
            seat = host_panel.move_player(player, table, number, request.user, why)
        except ActionRefused as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, f"{host_panel.seated_words(seat)}.")
        return redirect(back)
    raise PermissionDenied("Unknown action.")


@login_required
@require_POST
def table_action(request: HttpRequest, night_id: int, table_id: int, action: str) -> HttpResponse:
    table = get_hosted_table(request, night_id, table_id)
    back = _panel_url(night_id, f"table-{table.pk}")
    why = request.POST.get("why", "")
    if action in host_panel.TABLE_COMMANDS:
        command = lambda: host_panel.table_command(table, request.user, action, why)  # noqa: E731
        return run_command(
            request, command, f"{table.name}: {host_panel.TABLE_COMMANDS[action].lower()}.", back
        )
    if action == "seat-waiting":
        try:
            result = host_panel.seat_waiting(table, request.user, why)
        except ActionRefused as refusal:
            messages.error(request, str(refusal))
        else:
            messages.success(request, f"{result.words}.")
            if result.still_waiting:
                messages.warning(request, f"Every table is full: {result.still_waiting} still waiting.")
        return redirect(back)
    if action == "swap":
        try:
            first, second = int(request.POST.get("first", "")), int(request.POST.get("second", ""))
        except ValueError:
            messages.error(request, "Choose the two seats to swap.")
            return redirect(back)
        swap = lambda: host_panel.swap_players(table, request.user, first, second, why)  # noqa: E731
        return run_and_confirm(request, table.night, swap, back)
    if action == "settings":
        return _save_settings(request, table, back)
    if action in table_closing.ACTIONS:
        change = partial(table_closing.change_status, table.pk, request.user, action, why)
        return run_and_confirm(
            request, table.night, change, back if action != "remove" else _panel_url(night_id)
        )
    if action == "default-buy-in":
        raw = request.POST.get("chips", "").strip()
        chips = whole_number(raw) if raw else None
        if chips == 0:
            messages.error(
                request, "The default buy-in is a whole number of chips, at least 1 (empty for none)."
            )
            return redirect(back)
        set_it = partial(table_buy_in.set_default_buy_in, table, request.user, chips, why)
        return run_and_confirm(request, table.night, set_it, back)
    raise PermissionDenied("Unknown action.")


@login_required
@require_POST
def let_everyone_in(request: HttpRequest, night_id: int) -> HttpResponse:
    """Let in every player waiting for approval, with one tap."""
    night = get_hosted_night(request, night_id)
    let_in = partial(host_panel.let_everyone_in, night, request.user, request.POST.get("why", ""))
    return run_and_confirm(request, night, let_in, _panel_url(night.pk), then="They wait for a seat.")


SETTING_NUMBERS = ("small_blind", "big_blind", "ante", "cap", "action_seconds", "bomb_ante", "bomb_pot_every")


def _save_settings(request: HttpRequest, table: Table, back: str) -> HttpResponse:
    values: dict[str, Any] = {
        "game": request.POST.get("game", ""),
        "straddle_allowed": "straddle_allowed" in request.POST,
        "run_it_twice": "run_it_twice" in request.POST,
    }
    try:
        for name in SETTING_NUMBERS:
            values[name] = int(request.POST.get(name) or 0)
    except ValueError:
        messages.error(request, "Stakes and the action clock are whole numbers.")
        return redirect(back)
    if any(value < 0 for name, value in values.items() if name in SETTING_NUMBERS):
        messages.error(request, "Stakes and the action clock cannot be negative.")
        return redirect(back)
    try:
        # Left out of the form: the table keeps what it has.
        for name in ("deal_delay", "run_it_twice_seconds"):
            if request.POST.get(name):
                values[name] = int(request.POST[name])
    except ValueError:
        messages.error(request, "The time between hands and the time to answer are whole seconds.")
        return redirect(back)
    values["bomb_pot_game"] = request.POST.get("bomb_pot_game") or "bomb_pot"
    if values["game"] not in dict(game_choices()):
        messages.error(request, "Choose a game from the list.")
        return redirect(back)
    announced: dict[str, Any] = {
        "reveal": request.POST.get("reveal") or "all_at_once",
        "look_at_own_cards": "look" in request.POST,
        "rabbit_hunt": "rabbit_hunt" in request.POST,
    }
    try:
        for name in ("stage_seconds", "seven_deuce"):
            if request.POST.get(name):
                announced[name] = int(request.POST[name])
    except ValueError:
        messages.error(request, "Choose the pause between stages and the 7-2 bounty from the lists.")
        return redirect(back)
    why = request.POST.get("why", "")
    save = partial(table_settings.save_settings, table, request.user, why, announced, **values)
    return run_and_confirm(request, table.night, save, back)


@login_required
@require_POST
def ruling(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    """First tap: show what the ruling will change and ask for the reason. With `confirm`, make it."""
    table = get_hosted_table(request, night_id, table_id)
    key = request.POST.get("ruling", "")
    values = {
        name: request.POST.get(name, "")
        for name in ("seat", "stack", "how", "other_seat", "card_number", "during_deal")
    }
    back = _panel_url(night_id, f"table-{table.pk}")
    if request.POST.get("confirm"):
        try:
            version = int(request.POST.get("version", ""))
        except ValueError:
            version = -1
        why = request.POST.get("why", "")
        try:
            host_rulings.apply_ruling(table, request.user, key, values, why, version)
        except ActionRefused as refusal:
            messages.error(request, str(refusal))
        else:
            # The ruling's line in the open log says exactly what it did: the host reads the same.
            messages.success(request, f"{host_panel.latest_line(table.night)}.")
        return redirect(back)
    try:
        shown = host_rulings.preview(table, request.user, key, values)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect(back)
    context = {
        "night": table.night,
        "table": table,
        "preview": shown,
        "values": values,
        "why": request.POST.get("why", ""),
    }
    return render(request, "tables/host_ruling_confirm.html", context)


@login_required
@require_POST
def ruling_answer(request: HttpRequest, night_id: int, table_id: int) -> HttpResponse:
    """A co-host's yes or no to a ruling that waits for a second person (the host who asked it
    may withdraw it, never confirm it)."""
    table = get_hosted_table(request, night_id, table_id)
    back = _panel_url(night_id, f"table-{table.pk}")
    try:
        ruling_id = int(request.POST.get("id", ""))
    except ValueError:
        ruling_id = -1
    try:
        second_yes.answer(table, request.user, ruling_id, request.POST.get("answer") == "yes")
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, f"{host_panel.latest_line(table.night)}.")
    return redirect(back)


@login_required
@require_POST
def co_host_add(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    username = request.POST.get("username", "")
    add = lambda: host_panel.name_co_host(night, request.user, username)  # noqa: E731
    return run_command(
        request, add, f"{username.strip()} can now run this night with you.", _panel_url(night.pk, "co-hosts")
    )


@login_required
@require_POST
def co_host_remove(request: HttpRequest, night_id: int, co_host_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    remove = lambda: host_panel.remove_co_host(night, request.user, co_host_id)  # noqa: E731
    return run_and_confirm(request, night, remove, _panel_url(night.pk, "co-hosts"))
