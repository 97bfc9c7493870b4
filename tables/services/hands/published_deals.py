"""What each hand's deal published, read back from its log: the commitment, the root, and each
seat's pledge and value (docs/shuffle.md, "The deal publishes").

A hand's record (`Hand`) keeps the values (`contributions`); the pledges are in the deal's
`table.hand_started` event only. A misdeal's hand was dealt again: its last deal is the one
the hand was played from.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tables.models.live import Hand, HandEvent


def deals_published(rows: Iterable[Hand]) -> dict[int, dict[str, Any]]:
    """The last deal's published fields of each hand, by the hand's id."""
    started = HandEvent.objects.filter(hand_id__in=[row.pk for row in rows], kind="table.hand_started")
    published: dict[int, dict[str, Any]] = {}
    for hand_id, payload in started.order_by("seq").values_list("hand_id", "payload"):
        published[hand_id] = payload
    return published


def seats_published(row: Hand, published: dict[str, Any]) -> list[dict[str, Any]]:
    """Each seat that pledged or sent a value for the hand's deal, in seat order: its pledge and
    its value (None for a value that never came, or a seat that made no pledge)."""
    pledges: dict[str, str] = published.get("pledges") or {}
    values: dict[str, str] = row.contributions or {}
    seats = sorted({*pledges, *values}, key=lambda seat: int(seat) if seat.isdigit() else 0)
    return [{"seat": seat, "pledge": pledges.get(seat), "value": values.get(seat)} for seat in seats]
