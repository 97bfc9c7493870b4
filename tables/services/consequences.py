"""What a change to a table means for the night, by the engine's event type (`AFTER_EVENT`) and
the intent it checks (`BEFORE_INTENT`), installed in the write path when the app is ready
(`tables.live.consequences`). So every door that changes a table (a phone, the host's panel or
socket, a ruling, a timer, a seating service) records the same things in the same transaction:

- a finished hand at a tournament's table places its busted players (`tournament_play`), and
  then makes the confirmed moves that waited for it (`tournament_seating.after_hand`);
- a player who sits down, leaves, moves or busts: the seat records follow the table
  (`seat_records`, which the whole night reads to know who sits where);
- a cash deal is checked before it is dealt: bought chips meet only bought chips;
- a deal's cut-off writes its commitment to the append-only record (`deal_commitments`).
- a second person's answer to a host's ruling is in the night's log (`second_yes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.live import LiveTable
from engine.live.dealing import players_dealt_next
from tables.errors import ActionRefused
from tables.live import Applied
from tables.live.consequences import Check, Consequence
from tables.live.tournament import tournament_at
from tables.models import Player
from tables.models.ledger import CASH, LedgerEntry
from tables.services.hands import deal_commitments
from tables.services.hosting import second_yes
from tables.services.seating import seat_records
from tables.services.tournament import tournament_play, tournament_seating


def place_busted_players(applied: Applied) -> None:
    tournament_play.hand_played(applied)


def make_waiting_moves(applied: Applied) -> None:
    tournament_seating.after_hand(applied)


def bought_chips_play_only_bought_chips(table_id: int, state: LiveTable, intent: Mapping[str, Any]) -> None:
    """Refuse a cash deal that would seat a stack no buy-in backs beside bought chips.

    A guest seated before their buy-in has the table's default stack, which their first buy-in
    replaces: had it won or lost bought chips first, that replacement would make or destroy them.
    Guests with no buy-in yet may play among themselves (nothing bought is at stake). Checked
    before the deal, on who it would deal in: a refused deal deals nothing."""
    dealt_in = players_dealt_next(state)
    if not dealt_in or tournament_at(table_id) is not None:
        return  # nothing to deal, or a tournament's chips, bought with its entries
    players = {int(player) for player in dealt_in if player.isdigit()}
    bought = set(
        LedgerEntry.objects.filter(CASH, player_id__in=players).values_list("player_id", flat=True).distinct()
    )
    if not bought or bought == players:
        return
    guests = (
        Player.objects.filter(pk__in=players - bought).order_by("pk").values_list("display_name", flat=True)
    )
    names = ", ".join(guests)
    raise ActionRefused(
        f"{names} {'has' if len(guests) == 1 else 'have'} no buy-in yet: a stack no buy-in backs "
        "cannot win or lose bought chips. Record it before the next deal, or sit them out."
    )


# In the order they run: a bust places its player, or holds their seat for a rebuy, before the
# seat records follow the table; the moves waiting for the hand read those records.
AFTER_EVENT: dict[str, tuple[Consequence, ...]] = {
    "table.hand_finished": (place_busted_players, seat_records.follow_the_table, make_waiting_moves),
    "table.sit": (seat_records.follow_the_table,),
    "table.leave": (seat_records.follow_the_table,),
    "table.change_seat": (seat_records.follow_the_table,),
    "table.cut_off": (deal_commitments.record_cut_off,),
    "table.hand_started": (deal_commitments.record_cut_off,),
    "table.ruling_confirmed": (second_yes.log_answer,),
    "table.ruling_declined": (second_yes.log_answer,),
}
BEFORE_INTENT: dict[str, tuple[Check, ...]] = {
    "start_hand": (bought_chips_play_only_bought_chips,),
}
