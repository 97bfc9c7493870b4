"""The ledger pages: entries, corrections, chip requests, closing, settle-up and CSV exports for
the host; the open log of the host's calls and the chip request form for players."""

from __future__ import annotations

import csv
import re
from decimal import Decimal, InvalidOperation
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tables import live
from tables.access import can_host
from tables.errors import ActionRefused
from tables.forms import whole_number
from tables.identity import current_player
from tables.models import Night, Player
from tables.models.ledger import KINDS_IN, ChipRequest, EntryKind, LedgerEntry
from tables.services.hosting import audit
from tables.services.ledger import chip_requests, closing, ledger, money_words, night_totals, settle_up
from tables.views.host_panel import get_hosted_night, run_and_confirm


def _ledger_url(night_id: int, anchor: str = "") -> str:
    return reverse("ledger", args=[night_id]) + (f"#{anchor}" if anchor else "")


# Whole digits a money amount may have (LedgerEntry.money: 14 digits, 4 after the point).
MONEY_DIGITS = 10


def _chips_from_form(night: Night, post: dict) -> int:
    """Chips from the form: entered as chips, or as money at the night's chip value."""
    raw_chips, raw_money = (post.get("chips") or "").strip(), (post.get("money") or "").strip()
    if raw_chips:
        try:
            return int(raw_chips)
        except ValueError:
            raise ActionRefused("Enter a whole number of chips.") from None
    try:
        money = Decimal(raw_money.replace(",", "."))
    except InvalidOperation:
        money = Decimal("NaN")
    # Infinity and NaN are Decimals too, and 1e999999 is one no division survives.
    if not money.is_finite() or money.adjusted() >= MONEY_DIGITS:
        raise ActionRefused(f"Enter the chips, or the money in {night.currency}.")
    return ledger.chips_for_money(night, money)


def _player_rows(night: Night) -> list[tuple[str, Decimal, Decimal, Decimal]]:
    """Each player's in, out and net, the one table the page and the players CSV both show.
    In counts buy-ins and tournament entries, rebuys and add-ons; out counts cash-outs, chips
    still in play at chip value, prizes and deal shares; net = out - in (+ up, - down)."""
    return [(row.name, row.put_in, row.took_out, row.net) for row in settle_up.player_money(night)]


def ledger_context(night: Night) -> dict:
    entries = list(ledger.entries(night).select_related("recorded_by"))
    names = settle_up.payee_names(night)
    voided = {entry.corrects_id for entry in entries if entry.is_void}
    first_close = closing.first_close(night)
    for entry in entries:
        entry.payee = names[entry.player_id]
        entry.voided = entry.pk in voided  # shown struck, kept
        entry.after_reopening = first_close is not None and entry.recorded_at > first_close.reopened_after
    totals = night_totals.totals(night)
    money = partial(money_words.format_money, currency=night.currency)
    people = [
        (name, money(money_in), money(money_out), money_words.signed_money(net, night.currency))
        for name, money_in, money_out, net in _player_rows(night)
    ]
    try:
        settlement = settle_up.settle(night)
        settlement_error = ""
    except ActionRefused as refusal:
        settlement, settlement_error = None, str(refusal)
    return {
        "night": night,
        "entries": entries[::-1],
        "players": night.players.filter(status=Player.Status.APPROVED),
        "kinds": [(kind.value, kind.label) for kind in KINDS_IN],
        "requests": ChipRequest.objects.filter(night=night, status=ChipRequest.Status.PENDING).select_related(
            "player"
        ),
        "totals": totals,
        "difference": money_words.difference_words(totals.difference, night.currency),
        "bank_difference": money_words.bank_words(totals.bank_chips, totals.bank_money, night.currency),
        "people": people,
        "first_close": first_close,
        "settlement": settlement,
        "settlement_error": settlement_error,
        "transfers": [
            (t.payer, t.payee, settle_up.format_minor(t.amount, night.currency))
            for t in (settlement.transfers if settlement else [])
        ],
    }


@login_required
@require_GET
def ledger_page(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    return render(request, "tables/ledger.html", ledger_context(night))


ENTRY_FIELDS = ("player", "kind", "chips", "money", "why")


@login_required
@require_POST
def entry_create(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    kind = request.POST.get("kind", "")
    back = (
        reverse("host_panel", args=[night.pk])
        if request.POST.get("next") == "panel"
        else _ledger_url(night.pk)
    )
    why = request.POST.get("why", "")
    try:
        player = night.players.filter(pk=whole_number(request.POST.get("player"))).first()
        if player is None:
            raise ActionRefused("Choose a player from the list.")
        if kind == EntryKind.CASH_OUT:
            typed = (request.POST.get("chips") or request.POST.get("money") or "").strip()
            # Chips typed with a cash-out are the host's count: checked against the stack, never replaced.
            counted = _chips_from_form(night, request.POST) if typed else None
            entry = ledger.cash_out(player, request.user, why, counted=counted)
        else:
            entry = ledger.record_chips_in(
                player, kind, _chips_from_form(night, request.POST), request.user, why
            )
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        if back != _ledger_url(night.pk):
            return redirect(back)
        # The form again, with what the host typed, so one wrong field costs one fix.
        typed = {name: request.POST.get(name, "") for name in ENTRY_FIELDS}
        return render(request, "tables/ledger.html", {**ledger_context(night), "typed": typed}, status=400)
    messages.success(
        request,
        f"{entry.get_kind_display()} for {player}: {entry.chips} chips = "
        f"{money_words.format_money(entry.money, night.currency)}.",
    )
    return redirect(back)


@login_required
@require_POST
def entry_correct(request: HttpRequest, night_id: int, entry_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    entry = get_object_or_404(
        LedgerEntry.objects.select_related("player__night", "corrects"), pk=entry_id, night=night
    )
    try:
        chips = int(request.POST.get("chips", ""))
    except ValueError:
        messages.error(request, "A correction is a whole number of chips, + or -.")
        return redirect(_ledger_url(night.pk))
    fix = partial(ledger.correct, entry, chips, request.user, request.POST.get("why", ""))
    return run_and_confirm(request, night, fix, _ledger_url(night.pk, "entries"))


@login_required
@require_POST
def entry_void(request: HttpRequest, night_id: int, entry_id: int) -> HttpResponse:
    """Void a mistaken entry with a reason: it stays in the ledger, struck, and in the log."""
    night = get_hosted_night(request, night_id)
    entry = get_object_or_404(
        LedgerEntry.objects.select_related("player__night", "corrects"), pk=entry_id, night=night
    )
    void = partial(ledger.void, entry, request.user, request.POST.get("why", ""))
    return run_and_confirm(request, night, void, _ledger_url(night.pk, "entries"))


@login_required
@require_POST
def request_decide(request: HttpRequest, night_id: int, request_id: int, decision: str) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    back = (
        reverse("host_panel", args=[night.pk])
        if request.POST.get("next") == "panel"
        else _ledger_url(night.pk)
    )
    if decision == "approve":
        approve = partial(chip_requests.approve_request, night, request_id, request.user)
        return run_and_confirm(request, night, approve, back)
    if decision == "decline":
        decline = partial(
            chip_requests.decline_request, night, request_id, request.user, request.POST.get("why", "")
        )
        return run_and_confirm(request, night, decline, back)
    messages.error(request, f"Approve or decline the request: “{decision[:40]}” is neither.")
    return redirect(back)


@login_required
@require_POST
def night_close(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    close = partial(closing.close_night, night, request.user)
    return run_and_confirm(request, night, close, _ledger_url(night.pk))


# A spreadsheet runs a cell that starts with one of these as a formula (a player named
# =HYPERLINK(...)); a plain number such as -20.00 is still a number.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def spreadsheet_safe(cell: object) -> object:
    """The cell as a spreadsheet shows it as text: a leading apostrophe before a formula start.

    >>> spreadsheet_safe("=1+1"), spreadsheet_safe("-20.00"), spreadsheet_safe("Ann")
    ("'=1+1", '-20.00', 'Ann')
    """
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


class SafeCsvWriter:
    """csv.writer whose every cell goes through spreadsheet_safe."""

    def __init__(self, response: HttpResponse) -> None:
        self._writer = csv.writer(response)

    def writerow(self, row: list[object]) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])


def _csv_response(filename: str) -> tuple[HttpResponse, SafeCsvWriter]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response, SafeCsvWriter(response)


@login_required
@require_GET
def ledger_csv(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    response, writer = _csv_response(f"ledger-{night.date:%Y-%m-%d}-{night.pk}.csv")
    writer.writerow(
        [
            "id",
            "recorded_at",
            "player",
            "kind",
            "chips",
            "money",
            "currency",
            "corrects",
            "table",
            "by",
            "reason",
            "tournament",
        ]
    )
    names = settle_up.payee_names(night)
    for entry in ledger.entries(night).select_related("recorded_by"):
        writer.writerow(
            [
                entry.pk,
                entry.recorded_at.isoformat(),
                names[entry.player_id],
                "void" if entry.is_void else entry.kind,
                entry.chips,
                f"{entry.money:f}",
                night.currency,
                entry.corrects_id or "",
                entry.table.name if entry.table else "",
                entry.recorded_by.get_username() if entry.recorded_by else "",
                entry.reason,
                entry.tournament.name if entry.tournament else "",
            ]
        )
    return response


@login_required
@require_GET
def players_csv(request: HttpRequest, night_id: int) -> HttpResponse:
    """The ledger's players table: in, out and net (the page's sign: - is down), as numbers."""
    night = get_hosted_night(request, night_id)
    response, writer = _csv_response(f"players-{night.date:%Y-%m-%d}-{night.pk}.csv")
    writer.writerow(["player", "in", "out", "net", "currency"])
    for name, money_in, money_out, net in _player_rows(night):
        writer.writerow([name, f"{money_in:.2f}", f"{money_out:.2f}", f"{net:.2f}", night.currency])
    return response


@login_required
@require_GET
def settlement_csv(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_hosted_night(request, night_id)
    try:
        settlement = settle_up.settle(night)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
        return redirect(_ledger_url(night.pk))
    response, writer = _csv_response(f"settlement-{night.date:%Y-%m-%d}-{night.pk}.csv")
    digits = money_words.minor_digits(night.currency)
    writer.writerow(["payer", "payee", "amount", "currency"])
    for transfer in settlement.transfers:
        writer.writerow(
            [
                transfer.payer,
                transfer.payee,
                f"{Decimal(transfer.amount).scaleb(-digits):.{digits}f}",
                night.currency,
            ]
        )
    return response


# The open log ----------------------------------------------------------------------------------


def _may_read_log(request: HttpRequest, night: Night) -> bool:
    if can_host(request.user, night):
        return True
    player = current_player(request)
    return player is not None and player.night_id == night.pk and player.status in Player.ACTIVE_STATUSES


@require_GET
def audit_log(request: HttpRequest, night_id: int) -> HttpResponse:
    """The host's calls, for everyone at the night: "the host's call is final, and open"."""
    night = get_object_or_404(Night, pk=night_id)
    if not _may_read_log(request, night):
        raise PermissionDenied("Join the night to read its log.")
    return render(request, "tables/audit_log.html", {"night": night, "entries": audit.entries(night)[:500]})


# The player's chips, on their phone ------------------------------------------------------------


def chips_status(player: Player | None) -> dict:
    """What the player's phone shows about their chips (their own only); nothing to ask for once
    the night is over."""
    if player is None or player.status != Player.Status.APPROVED or not player.night.is_open:
        return {"enabled": False}
    seat = player.seats.select_related("table").first()
    stack = None
    if seat is not None:
        found = live.load_state(seat.table_id).table.seat_of(str(player.pk))
        stack = found.stack if found else None
    pending = ChipRequest.objects.filter(player=player, status=ChipRequest.Status.PENDING).first()
    last = (
        ChipRequest.objects.filter(player=player)
        .exclude(status=ChipRequest.Status.PENDING)
        .order_by("-id")
        .first()
    )
    bought = sum(
        e.chips for e in LedgerEntry.objects.filter(player=player).select_related("corrects") if e.is_in
    )
    return {
        "enabled": True,
        "stack": stack,
        "in_hand": ledger.chips_in_hand(player) or 0,
        "bought": bought,
        "pending": f"{pending.get_kind_display()} of {pending.chips} chips: waiting for the host"
        if pending
        else "",
        "last": f"{last.get_kind_display()} of {last.chips} chips: {last.get_status_display().lower()}"
        if last
        else "",
        "log_url": reverse("audit_log", args=[player.night_id]),
    }


@never_cache
@require_GET
def play_chips_status(request: HttpRequest) -> JsonResponse:
    return JsonResponse(chips_status(current_player(request)))


@require_POST
def play_chips_request(request: HttpRequest) -> HttpResponse:
    player = current_player(request)
    # The table page asks for JSON (its rebuy button); the seat page's form gets the page back.
    wants_json = "application/json" in request.headers.get("Accept", "")
    if player is None:
        return (
            JsonResponse({"message": "You are not in a night."}, status=403)
            if wants_json
            else redirect("home")
        )
    try:
        chips = int(request.POST.get("chips", ""))
        chip_requests.request_chips(player, request.POST.get("kind", "rebuy"), chips)
    except ValueError:
        answer, status = "Enter a whole number of chips.", 400
    except ActionRefused as refusal:
        answer, status = str(refusal), 400
    else:
        answer, status = "Asked the host: your chips arrive when the host approves.", 200
    if wants_json:
        return JsonResponse({"message": answer}, status=status)
    (messages.success if status == 200 else messages.error)(request, answer)
    return redirect("play")
