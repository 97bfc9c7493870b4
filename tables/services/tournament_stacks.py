"""A tournament's chips at the live tables: a rebuy's and an add-on's (the starting stack is
the write path's, `tables.live.starting_stack`).

Each goes through the one write path, inside the transaction of the tournament's own write
(`tables.services.tournaments`), so a table's refusal undoes that write too.
"""

from __future__ import annotations

from engine.live import SYSTEM
from tables import live
from tables.errors import ActionRefused
from tables.models import Seat
from tables.models.tournaments import TournamentEntry


def rebuy_seated(entry: TournamentEntry, stack: int) -> None:
    """The host recorded a rebuy: the player sits back down in their seat with `stack` chips.

    Call inside the rebuy's transaction: a refusal here undoes the rebuy.
    """
    seat = Seat.objects.select_related("player").filter(player_id=entry.player_id).first()
    name = entry.player.display_name
    if seat is None:
        return  # not at a table yet: they sit down when seated
    if live.load_state(seat.table_id).table.seat_of(str(entry.player_id)) is not None:
        raise ActionRefused(f"{name} still has chips at the table: a rebuy is for a player who busted.")
    sit = {"type": "sit", "seat": seat.number, "player": str(entry.player_id), "stack": stack, "name": name}
    live.apply_intent(seat.table_id, SYSTEM, sit)


def add_on_seated(entry: TournamentEntry, chips: int) -> None:
    """The host recorded an add-on: `chips` go onto the player's stack at their live table.

    Call inside the add-on's transaction: a refusal here (a hand being played) undoes it.
    """
    seat = Seat.objects.filter(player_id=entry.player_id).first()
    if seat is None:
        return  # not at a table yet: the stack they sit down with is the tournament's
    sitting = live.load_state(seat.table_id).table.seat_of(str(entry.player_id))
    if sitting is None:
        raise ActionRefused("The add-on is for players still in: rebuy first if you can.")
    topped_up = {"type": "set_stack", "seat": sitting.seat, "stack": sitting.stack + chips}
    live.apply_intent(seat.table_id, SYSTEM, topped_up)
