"""The settle-up on a player's phone: their own transfers on the night's recap, each with the
payee's tap-to-pay link or QR code and its paid mark, and the form for their payment handle
(tables.services.ledger.payment_handles)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tables.errors import ActionRefused
from tables.identity import current_player, earlier_players
from tables.models import Night, Player
from tables.services.ledger import payment_handles
from tables.views.qr import qr_svg


def reader_of(request: HttpRequest, night: Night) -> Player | None:
    """The player of `night` this phone is (now, or before it joined another night)."""
    readers = [current_player(request), *earlier_players(request)]
    return next((p for p in readers if p is not None and p.night_id == night.pk), None)


def phone_context(request: HttpRequest, night: Night) -> dict[str, Any]:
    """What the recap's settle-up shows the reader: their transfers and their handle."""
    me = reader_of(request, night)
    mine = payment_handles.my_transfers(night, me)
    return {
        "me": me,
        "my_transfers": [{"t": t, "qr": qr_svg(t.link) if t.link else None} for t in mine],
    }


def _back(night: Night) -> str:
    return reverse("night_recap", args=[night.pk]) + "#settle-up-mine"


def _reader_or_refuse(night: Night, request: HttpRequest) -> Player:
    me = reader_of(request, night)
    if me is None:
        raise ActionRefused("Only a player of this night settles up from here.")
    return me


@require_POST
def save_handle(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_object_or_404(Night, pk=night_id)
    try:
        me = _reader_or_refuse(night, request)
        payment_handles.set_handle(me, request.POST.get("handle", ""))
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, "Saved: who pays you sees it." if me.payment_handle else "Removed.")
    return redirect(_back(night))


@require_POST
def mark_paid(request: HttpRequest, night_id: int) -> HttpResponse:
    night = get_object_or_404(Night, pk=night_id)
    paid = request.POST.get("paid") == "1"
    try:
        me = _reader_or_refuse(night, request)
        done = payment_handles.mark_paid(night, me, request.POST.get("transfer", ""), paid)
    except ActionRefused as refusal:
        messages.error(request, str(refusal))
    else:
        state = "paid" if done.paid else "not paid yet"
        messages.success(request, f"{done.payer} pays {done.payee} {done.amount}: {state}.")
    return redirect(_back(night))
