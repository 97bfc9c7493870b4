"""A table's default buy-in: what a guest who has not bought in yet buys when the host seats them.

At a kitchen table the host says "everyone's in for 200" and seats people as they arrive; the
money changes hands as they sit. So seating a guest with no buy-in at a cash table with a
default buy-in records that buy-in in the ledger (one entry, with its line in the open log) in
the same transaction as the seat, and they sit with those chips: every chip on the table is
backed by money. A table without one seats a guest as before, with a stack the table's deal
check keeps from playing against bought chips until their buy-in is recorded.

Players who already bought chips bring their own, a tournament's entrants theirs, and a player
moved from another table the stack they had there: none of them buys again.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from tables.access import check_host
from tables.errors import ActionRefused
from tables.live.tournament import tournament_at, tournament_still_playing
from tables.models import Player, Seat, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.services.hosting import audit
from tables.services.ledger import ledger
from tables.services.ledger.money_words import format_money


def set_default_buy_in(table: Table, by: AbstractBaseUser | None, chips: int | None, why: str = "") -> None:
    """Set (or, with None, clear) the chips a guest buys when seated at `table`; logged."""
    check_host(by, table.night)
    if chips is not None:
        ledger.check_chips(chips)
    with transaction.atomic():
        table = Table.objects.select_for_update().select_related("night").get(pk=table.pk)
        if not table.night.is_open:
            raise ActionRefused("This night is closed.")
        if table.status == Table.Status.REMOVED:
            raise ActionRefused(f"{table.name} was taken off the night.")
        if table.default_buy_in == chips:
            raise ActionRefused(f"{table.name}'s default buy-in is {_words(table, chips)} already.")
        table.default_buy_in = chips
        table.save(update_fields=["default_buy_in"])
        what = f"{table.name}: default buy-in {_words(table, chips)}"
        audit.record(table.night, by, what, why, table=table, payload={"default_buy_in": chips})


def _words(table: Table, chips: int | None) -> str:
    if chips is None:
        return "none (each buy-in recorded by hand)"
    return f"{chips} chips ({format_money(ledger.money_for(table.night, chips), table.night.currency)})"


def buy_in_on_sitting(player: Player, table: Table, by: AbstractBaseUser | None) -> LedgerEntry | None:
    """Record the table's default buy-in for a guest about to sit there for the first time with
    nothing bought; None when they need none. Call inside the seating's transaction, before the
    seat is taken: a refused seating takes the buy-in back with it."""
    if table.default_buy_in is None or Seat.objects.filter(player=player).exists():
        return None
    if ledger.has_cash_entries(player) or tournament_still_playing(player.pk) is not None:
        return None
    if tournament_at(table.pk) is not None:
        return None  # the seating refuses cash chips there, in its own words
    reason = f"the default buy-in of {table.name}"
    return ledger.record_chips_in(player, EntryKind.BUY_IN, table.default_buy_in, by, reason)
