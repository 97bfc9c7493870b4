"""Requests from players' phones: a player asks for a buy-in, rebuy or top-up, and it waits for
the host, who approves it (one ledger entry, as if the host had typed it) or declines it.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from tables.errors import ActionRefused
from tables.models import Night, Player
from tables.models.ledger import KINDS_IN, ChipRequest, LedgerEntry
from tables.services.hosting import audit
from tables.services.ledger.ledger import check_chips, check_player, record_chips_in


def request_chips(player: Player, kind: str, chips: int) -> ChipRequest:
    """A player asks for a buy-in, rebuy or top-up; it waits for the host."""
    check_player(player.night, player)
    check_chips(chips)
    if player.status != Player.Status.APPROVED:
        raise ActionRefused("The host has to let you in first.")
    if kind not in KINDS_IN:
        raise ActionRefused("Choose buy-in, rebuy or top-up.")
    if ChipRequest.objects.filter(player=player, status=ChipRequest.Status.PENDING).exists():
        raise ActionRefused("You already have a request waiting for the host.")
    return ChipRequest.objects.create(night=player.night, player=player, kind=kind, chips=chips)


def _decide(request_id: int, night: Night) -> ChipRequest:
    request = (
        ChipRequest.objects.select_for_update()
        .select_related("player__night")
        .filter(pk=request_id, night=night)
        .first()
    )
    if request is None:
        raise ActionRefused("This request does not exist.")
    if request.status != ChipRequest.Status.PENDING:
        raise ActionRefused(f"This request was already {request.get_status_display().lower()}.")
    return request


def approve_request(night: Night, request_id: int, by: AbstractBaseUser | None) -> LedgerEntry:
    with transaction.atomic():
        request = _decide(request_id, night)
        entry = record_chips_in(request.player, request.kind, request.chips, by, "asked from their phone")
        request.status, request.entry, request.decided_at = ChipRequest.Status.APPROVED, entry, timezone.now()
        request.save(update_fields=["status", "entry", "decided_at"])
    return entry


def decline_request(night: Night, request_id: int, by: AbstractBaseUser | None, reason: str = "") -> None:
    with transaction.atomic():
        request = _decide(request_id, night)
        request.status, request.decided_at = ChipRequest.Status.DECLINED, timezone.now()
        request.save(update_fields=["status", "decided_at"])
        what = f"Declined {request.player.display_name}'s {request.get_kind_display().lower()} request"
        audit.record(night, by, f"{what} ({request.chips} chips)", reason, payload={"request": request.pk})
