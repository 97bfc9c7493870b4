"""Chips a tournament bust takes out of play, and what undoing the bust may give back.

"Record who is out" on a player who still has chips at a table takes them off it through the
write path; the chips leave play, said in the bust's line in the night's open log. An entrant
who never sat down takes out the chips they would have sat down with (the starting stack, and
an add-on taken before sitting: `tables.live.tournament.chips_before_sitting`), which nobody
else holds. The entry remembers where the player sat and how many chips left play with them
(`TournamentEntry.out_*`), which is all an undone bust may give back: "Bust out of chips and
you're out", so a player who lost all their chips in a hand really busted, and undoing that
bust creates no chips. The last bust takes the winner's chips out of play the same way (their
tournament is over too), and undoing it gives them back to the winner's seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.live.tournament import chips_before_sitting
from tables.models import Player, Seat
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.seating import seat_records
from tables.services.tournament.tournament_tables import refusal_to_sit

OUT_FIELDS = ("out_table", "out_seat", "out_chips")


@dataclass(frozen=True, slots=True)
class Taken:
    """Where a player recorded out sat (None: no seat) and the chips that left play with them."""

    seat: Seat | None
    chips: int


def take_chips_out(entry: TournamentEntry) -> Taken:
    """A player recorded out while they still have chips at their table leaves it through the
    write path with their stack, which goes out of play. Refused while they play a hand: its
    end decides their chips. An entrant with no seat yet takes out the stack they would have
    sat down with."""
    seat = Seat.objects.select_related("table").filter(player_id=entry.player_id).first()
    if seat is None:
        return Taken(None, chips_before_sitting(entry))
    state = load_state(seat.table_id)
    found = state.table.seat_of(str(entry.player_id))
    if found is None:
        return Taken(seat, 0)  # their seat waits for a rebuy: they lost their chips in a hand
    name = entry.player.display_name
    if state.hand_in_progress and state.hand is not None and found.seat in state.hand.index:
        raise ActionRefused(f"{name} is in the hand being played: record who is out when it ends.")
    apply_intent(seat.table_id, HOST, {"type": "leave", "seat": found.seat})
    return Taken(seat, found.stack)


def remember_where_out(entry: TournamentEntry, taken: Taken) -> None:
    """Keep on the entry what undoing its bust needs (saved with the bust, `OUT_FIELDS`)."""
    entry.out_table = taken.seat.table if taken.seat else None
    entry.out_seat = taken.seat.number if taken.seat else None
    entry.out_chips = taken.chips


def bust_payload(entry: TournamentEntry, taken: Taken) -> dict[str, Any]:
    """What a bust's line in the open log keeps: the chips it took out of play and from where."""
    if taken.seat is None or not taken.chips:
        return {"entry": entry.pk, "chips_taken_out": taken.chips}
    seat = taken.seat
    return {"entry": entry.pk, "chips_taken_out": taken.chips, "table": seat.table_id, "seat": seat.number}


def taken_out_words(taken: Taken, joined_by: str = "; ") -> str:
    if not taken.chips:
        return ""
    if taken.seat is None:
        return f"{joined_by}{taken.chips} chips taken out of play (not seated yet)"
    where = f"{taken.seat.table.name}, seat {taken.seat.number}"
    return f"{joined_by}{taken.chips} chips taken out of play from {where}"


def check_can_come_back(entry: TournamentEntry, may_rebuy: bool) -> None:
    """Refuse to undo a bust (or a win) that would need chips from nowhere, or put them where
    they cannot go.

    A player who lost all their chips in a hand busted: undone, they are back only as the
    rebuy offer they had (while the rebuy rules still allow one), never with a fresh stack.
    A player who has left the night, or sits at a table now (the cash game), is not put back
    in; nor are a tournament's chips, at a table the cash game plays at now.
    """
    name = entry.player.display_name
    if entry.player.status == Player.Status.LEFT:
        raise ActionRefused(f"{name} has left the night since: that result stands.")
    elsewhere = Seat.objects.select_related("table").filter(player_id=entry.player_id).first()
    if elsewhere is not None:
        raise ActionRefused(
            f"{name} sits at {elsewhere.table.name} now: take them off it before undoing the bust."
        )
    if entry.out_table_id is not None and entry.out_chips == 0 and not may_rebuy:
        raise ActionRefused(
            f"{name} lost all their chips in a hand: that bust stands (\u201cbust out of chips and "
            "you're out\u201d). Undoing a bust gives back only chips the host took out of play with it."
        )
    if entry.out_table_id is not None:
        taken = Seat.objects.filter(table_id=entry.out_table_id, number=entry.out_seat).first()
        if taken is not None and taken.player_id != entry.player_id:
            raise ActionRefused(
                f"{name}'s seat {entry.out_seat} at {entry.out_table.name} is taken now: free it first."
            )
        # A tournament's chips never sit down beside cash chips: its table went to the cash game.
        refusal = refusal_to_sit(entry.player, entry.out_table, entry.tournament)
        if refusal:
            raise ActionRefused(f"{refusal} The bust stands until the chips can come back there.")


def give_back(entry: TournamentEntry) -> str:
    """Undo what the bust did to the player's seat (after `check_can_come_back`, with the entry
    in again, saved); says what. What the entry kept for the undo is used up (`OUT_FIELDS`),
    except for a player who had lost their chips in a hand: their seat waits for the rebuy
    again (`seat_records`)."""
    name = entry.player.display_name
    table, number, chips = entry.out_table, entry.out_seat, entry.out_chips
    if table is not None and number is not None and chips == 0:
        seat_records.hold_for_rebuy(entry, table.pk, number)
        return f"{name} is back in seat {number} at {table.name}, busted, with a rebuy to decide"
    seat_records.hold_for_rebuy(entry, None, None)  # nothing held: the undo's record is used up
    if table is None or number is None:
        if chips:
            return f"{name} is back in, not seated yet, with the {chips} chips taken out"
        return f"{name} is back in, not seated yet"
    sit = {
        "type": "sit",
        "seat": number,
        "player": str(entry.player_id),
        "stack": chips,
        "name": name,
    }
    apply_intent(table.pk, HOST, sit)
    return f"{name} is back in seat {number} at {table.name} with the {chips} chips taken out"


def chips_taken_out(tournament: Tournament) -> int:
    """Chips that left play with players recorded out before they had lost them."""
    out = tournament.entries.filter(place__isnull=False)
    return sum(out.values_list("out_chips", flat=True))
