"""Chips a tournament bust takes out of play, and gives back when the bust is undone.

"Record who is out" on a player who still has chips at a table takes them off it through the
write path; the chips leave play with a line in the night's open log, which is also what an
undone bust reads to seat the player again with the same chips in the same seat.
"""

from __future__ import annotations

from typing import Any

from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import AuditEntry, Seat, Table
from tables.models.tournaments import Tournament, TournamentEntry


def take_chips_out(entry: TournamentEntry) -> tuple[Seat, int] | None:
    """A player recorded out while they still have chips at their table leaves it through the
    write path with their stack, which goes out of play: (their seat, the chips). None when
    they have no chips there. Refused while they play a hand: its end decides their chips."""
    seat = Seat.objects.select_related("table").filter(player_id=entry.player_id).first()
    if seat is None:
        return None
    state = load_state(seat.table_id)
    found = state.table.seat_of(str(entry.player_id))
    if found is None:
        return None
    name = entry.player.display_name
    if state.hand_in_progress and state.hand is not None and found.seat in state.hand.index:
        raise ActionRefused(f"{name} is in the hand being played: record who is out when it ends.")
    apply_intent(seat.table_id, HOST, {"type": "leave", "seat": found.seat})
    return seat, found.stack


def bust_payload(entry: TournamentEntry, taken: tuple[Seat, int] | None) -> dict[str, Any]:
    """What a bust's line in the open log keeps: the chips it took out of play and from where,
    which an undone bust reads to seat the player again with them."""
    if taken is None:
        return {"entry": entry.pk, "chips_taken_out": 0}
    seat, chips = taken
    return {"entry": entry.pk, "chips_taken_out": chips, "table": seat.table_id, "seat": seat.number}


def taken_out_words(taken: tuple[Seat, int] | None) -> str:
    if taken is None:
        return ""
    seat, chips = taken
    return f"; {chips} chips taken out of play from {seat.table.name}, seat {seat.number}"


def give_chips_back(entry: TournamentEntry) -> tuple[str, int]:
    """An undone bust gives back the chips it took out of play, in the seat they were in:
    (the words for the undo's log line, the chips)."""
    line = (
        AuditEntry.objects.filter(night_id=entry.tournament.night_id, payload__tournament=entry.tournament_id)
        .filter(payload__entry=entry.pk)
        .order_by("-id")
        .first()
    )
    chips = int(line.payload.get("chips_taken_out", 0)) if line is not None else 0
    if chips <= 0:
        return "", 0  # out with no chips: back in, seated again by the host's draw or moves
    table = Table.objects.get(pk=line.payload["table"])
    number = line.payload["seat"]
    name = entry.player.display_name
    if Seat.objects.filter(table=table, number=number).exists():
        raise ActionRefused(f"{name}'s seat {number} at {table.name} is taken now: free it first.")
    Seat.objects.create(table=table, number=number, player=entry.player)
    sit = {"type": "sit", "seat": number, "player": str(entry.player_id), "stack": chips, "name": name}
    apply_intent(table.pk, HOST, sit)
    return f"; {name} is back in seat {number} at {table.name} with {chips} chips", chips


def chips_taken_out(tournament: Tournament) -> int:
    """Chips that left play with players recorded out before they had lost them (open log)."""
    lines = AuditEntry.objects.filter(night_id=tournament.night_id, payload__tournament=tournament.pk)
    return sum(int(line.payload.get("chips_taken_out", 0)) for line in lines)
