"""The seat records: where each player sits, kept from the live tables and written nowhere else.

A table's live state (its snapshot) is the one truth of who sits where. The `Seat` rows are
an index of it the rest of the night reads in one query (which table is Ann's, who sits at
the Kitchen, is anyone seated twice), rebuilt here after every write that changes who sits at
a table (`follow_the_table`, run by the write path in the same transaction) and after a
tournament moves a seat held for a rebuy (`sync`). Services never write a row themselves: they
seat players through the write path and the rows follow.

A table's rows are:
- every player sitting there, except one who left during a hand ("Has left": their seat is
  free at once, though their cards play on until the hand ends);
- every tournament entrant whose seat waits for a rebuy there: "busting isn't the end while
  you still have a rebuy left", so the seat they lost their chips in stays theirs, with no
  chips at the live table, until the host records the rebuy or their bust
  (`TournamentEntry.out_table` / `out_seat` while the entry has no place).

The database's constraints (one seat per player, one player per seat) hold the rows, so a
write that would seat a player at two tables is refused whole.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q

from engine.live import LiveTable
from tables import live
from tables.errors import ActionRefused
from tables.live import Applied
from tables.models import Player, Seat, Table
from tables.models.tournaments import TournamentEntry

# A tournament entry whose seat waits for a rebuy: still in, with the seat it went out of.
WAITING_FOR_REBUY = Q(place__isnull=True, out_table__isnull=False, out_seat__isnull=False)


def wanted_rows(table_id: int, state: LiveTable) -> dict[int, int]:
    """The seat records `table_id` should have, as {player id: seat number}."""
    wanted = {
        int(seat.player): seat.seat
        for seat in state.table.seats
        if not seat.leaving and seat.player.isdigit()
    }
    held = TournamentEntry.objects.filter(WAITING_FOR_REBUY, out_table_id=table_id)
    for player_id, number in held.values_list("player_id", "out_seat"):
        wanted.setdefault(player_id, number)
    return wanted


def sync(table_id: int, state: LiveTable | None = None) -> None:
    """Make the table's seat records what its live state (`state`, or the committed one) and
    the seats held for rebuys there say. Call inside the transaction of the change."""
    wanted = wanted_rows(table_id, state if state is not None else live.load_state(table_id))
    rows = {
        player_id: number
        for player_id, number in Seat.objects.filter(table_id=table_id).values_list("player_id", "number")
    }
    gone = [player_id for player_id, number in rows.items() if wanted.get(player_id) != number]
    if gone:
        Seat.objects.filter(table_id=table_id, player_id__in=gone).delete()
    new = [
        Seat(table_id=table_id, number=number, player_id=player_id)
        for player_id, number in wanted.items()
        if rows.get(player_id) != number
    ]
    if not new:
        return
    try:
        with transaction.atomic():
            Seat.objects.bulk_create(new)
    except IntegrityError:
        raise ActionRefused(_why_not_seated(table_id, new)) from None


def _why_not_seated(table_id: int, new: list[Seat]) -> str:
    """Words for a seat record the constraints refused: the player has a seat at another table
    (or, held for a rebuy, their seat is someone else's)."""
    for seat in new:
        elsewhere = Seat.objects.select_related("table").filter(player_id=seat.player_id).first()
        if elsewhere is not None and elsewhere.table_id != table_id:
            name = Player.objects.get(pk=seat.player_id).display_name
            return f"{name} already sits at {elsewhere.table.name}: a player sits at one table."
    table = Table.objects.get(pk=table_id)
    return f"A seat at {table.name} is taken: choose another."


def follow_the_table(applied: Applied) -> None:
    """After a write that may change who sits at the table (registered by event type in
    `tables.services.consequences`): the records follow, if anyone came, went or moved."""
    assert applied.before is not None and applied.state is not None
    if _sitting(applied.before) == _sitting(applied.state):
        return
    # A consequence run before this one may have written to the table again (the last bust of
    # a tournament takes the winner off it): the records follow the table as it stands now.
    latest = live.current_version(applied.table_id) == applied.version
    sync(applied.table_id, applied.state if latest else None)


def _sitting(state: LiveTable) -> set[tuple[str, int]]:
    return {(seat.player, seat.seat) for seat in state.table.seats if not seat.leaving}


def hold_for_rebuy(
    entry: TournamentEntry, table_id: int | None, number: int | None, *, follow: bool = True
) -> None:
    """Keep `entry`'s seat waiting for a rebuy at (`table_id`, `number`), or none (None); the
    entry is saved, and the records of the tables concerned follow (`follow=False`: a write
    whose own seat records run next, the hand that busted the player)."""
    was = entry.out_table_id
    entry.out_table_id, entry.out_seat, entry.out_chips = table_id, number, 0
    entry.save(update_fields=["out_table", "out_seat", "out_chips"])
    if not follow:
        return
    for concerned in dict.fromkeys(t for t in (was, table_id) if t is not None):
        sync(concerned)


def held_seat(entry: TournamentEntry) -> tuple[int, int] | None:
    """The (table id, seat number) waiting for `entry`'s rebuy, if any."""
    if entry.place is not None or entry.out_table_id is None or entry.out_seat is None:
        return None
    return entry.out_table_id, entry.out_seat
