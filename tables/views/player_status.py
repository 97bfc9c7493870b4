"""What a guest's phone says about them: one function for the page and its JSON poll."""

from __future__ import annotations

from typing import Any

from tables.models import Player, Seat
from tables.services.hosting.hosting import now_dealing
from tables.services.tournament import tournament_play
from tables.views.links import socket_path


def player_status(player: Player | None) -> dict[str, Any]:
    """The guest's situation as plain data: `state` for scripts, `headline`/`detail` for people."""
    if player is None:
        return {
            "state": "none",
            "headline": "You are not in a night",
            "detail": "Scan the host's QR code or type the join code on the home page.",
        }
    night = player.night
    base: dict[str, Any] = {"night": night.name, "name": player.display_name, "table": None, "seat": None}
    seat = Seat.objects.select_related("table").filter(player=player).first()
    if not night.is_open:
        return base | {"state": "closed", "headline": "This night is over", "detail": "Thanks for playing."}
    if player.status == Player.Status.PENDING:
        return base | {
            "state": "pending",
            "headline": "Waiting for the host",
            "detail": "The host lets each player in. This page updates by itself.",
        }
    if player.status == Player.Status.REJECTED:
        return base | {"state": "rejected", "headline": "The host did not let you in", "detail": ""}
    if player.status == Player.Status.LEFT:
        return base | {"state": "left", "headline": "You have left this night", "detail": ""}
    standing = tournament_play.standing_of(player)
    if standing is not None:
        base["tournament"] = standing
    if seat is None and standing is not None and standing["state"] == "out":
        prize = f" You won {standing['prize']} {standing['currency']}." if standing["prize"] else ""
        if standing["won"]:
            return base | {
                "state": "out",
                "headline": f"You won {standing['tournament']}",
                "detail": f"1st of {standing['players']} players.{prize} Thanks for playing.",
            }
        return base | {
            "state": "out",
            "headline": f"You finished {standing['place']}",
            "detail": f"{standing['tournament']}: out for good.{prize} Thanks for playing.",
        }
    if seat is None:
        return base | {
            "state": "waiting",
            "headline": "Waiting to be seated",
            "detail": "Seats are drawn at random when the host opens a table. Keep this page open.",
        }
    return base | {
        "state": "seated",
        "headline": f"{seat.table.name} · Seat {seat.number}",
        "detail": f"{now_dealing(seat.table)}.",
        "table": seat.table.name,
        "seat": seat.number,
        # What a client needs to open the table's socket and find itself in the view.
        "table_id": seat.table_id,
        "socket_path": socket_path(seat.table_id),
        "player_id": str(player.pk),
    }
