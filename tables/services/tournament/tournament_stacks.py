"""A tournament's chips at the live tables: a rebuy's and an add-on's (the stack an entrant
sits down with is the write path's, `tables.live.starting_stack`), and every stack, for the
clock screen's chip leaders.

Each goes through the one write path, inside the transaction of the tournament's own write
(`tables.services.tournament.tournaments`), so a table's refusal undoes that write too.
"""

from __future__ import annotations

from engine.live import SYSTEM
from tables import live
from tables.errors import ActionRefused
from tables.live import tournament as live_tournament
from tables.models import Seat
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.seating import seat_records


def rebuy_seated(entry: TournamentEntry, stack: int) -> None:
    """The host recorded a rebuy: the player sits back down in their seat with `stack` chips.

    Call inside the rebuy's transaction: a refusal here undoes the rebuy.
    """
    seat = Seat.objects.select_related("player").filter(player_id=entry.player_id).first()
    name = entry.player.display_name
    if seat is None:
        # Nobody would hold its chips: a rebuy is a fresh stack for a player who busted.
        raise ActionRefused(
            f"{name} has not sat down yet: a rebuy is for a player who lost their chips at the table."
        )
    if live.load_state(seat.table_id).table.seat_of(str(entry.player_id)) is not None:
        raise ActionRefused(f"{name} still has chips at the table: a rebuy is for a player who busted.")
    seat_records.hold_for_rebuy(entry, None, None)  # the seat waited for this: it is theirs again
    sit = {"type": "sit", "seat": seat.number, "player": str(entry.player_id), "stack": stack, "name": name}
    live.apply_intent(seat.table_id, SYSTEM, sit)


def add_on_seated(entry: TournamentEntry, chips: int) -> str:
    """The host recorded an add-on (`entry` counts it already): `chips` go onto the player's
    stack at their live table. A player not seated yet sits down with it
    (`tables.live.tournament.chips_before_sitting`); the words say so for the add-on's line.

    Call inside the add-on's transaction: a refusal here (a hand being played) undoes it.
    """
    seat = Seat.objects.filter(player_id=entry.player_id).first()
    if seat is None:
        return f" (not seated yet: sits down with {live_tournament.chips_before_sitting(entry)})"
    sitting = live.load_state(seat.table_id).table.seat_of(str(entry.player_id))
    if sitting is None:
        raise ActionRefused("The add-on is for players still in: rebuy first if you can.")
    topped_up = {"type": "set_stack", "seat": sitting.seat, "stack": sitting.stack + chips}
    live.apply_intent(seat.table_id, SYSTEM, topped_up)
    return ""


def stacks_at_the_tables(tournament: Tournament) -> dict[str, int]:
    """Each player still in's chips at their live table, by display name (those not seated
    are left out). Between hands a table keeps the stacks each hand started with, so a hand
    being played shows only as its result, once it ends."""
    entries = tournament.entries.select_related("player").filter(place__isnull=True)
    names = {str(entry.player_id): entry.player.display_name for entry in entries}
    seats = Seat.objects.filter(player_id__in=[int(pk) for pk in names])
    stacks: dict[str, int] = {}
    for table_id in sorted(set(seats.values_list("table_id", flat=True))):
        for seat in live.load_state(table_id).table.seats:
            if seat.player in names:
                stacks[names[seat.player]] = seat.stack
    return stacks
