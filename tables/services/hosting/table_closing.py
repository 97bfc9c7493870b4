"""Closing a table, opening it again, and taking it off the night.

A closed table seats nobody and deals nothing (its dealer is stopped); a removed one is gone
from the night's pages, the tournament's tables and every seating, while its hands stay for
the recap, the verify page and the open log, which name it. Either needs nothing on the table:
nobody seated (not even away), no chip on a seat, no hand in progress or waiting for the
phones' values. Each is one line in the night's open log.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine import live as engine_live
from tables import live
from tables.access import check_host
from tables.errors import ActionRefused
from tables.models import Night, Seat, Table
from tables.services.hosting import audit

ACTIONS = ("close", "reopen", "remove")


def open_tables(night: Night) -> list[Table]:
    """The night's tables that are not removed (open or closed), in the order they were added."""
    return list(night.tables.exclude(status=Table.Status.REMOVED).order_by("created_at", "id"))


def what_is_on(table: Table) -> str:
    """What keeps the table from closing, in words ("" when nothing does)."""
    seated = list(Seat.objects.filter(table=table).select_related("player").order_by("number"))
    if seated:
        names = ", ".join(seat.player.display_name for seat in seated)
        verb = "sits" if len(seated) == 1 else "sit"
        return f"{names} {verb} at {table.name}: move them or let them leave first."
    state = live.load_state(table.pk)
    if state.hand_in_progress or state.shuffling is not None:
        return f"A hand is in progress at {table.name}: close it when the hand is over."
    with_chips = [seat for seat in state.table.seats if seat.stack > 0]
    if with_chips:
        return (
            f"{sum(seat.stack for seat in with_chips)} chips are still on {table.name}: cash them out first."
        )
    if state.table.seats:
        return f"A seat at {table.name} is still taken: clear it first."
    return ""


def change_status(table_id: int, by: AbstractBaseUser | None, action: str, why: str = "") -> Table:
    """Close the table, open it again, or remove it from the night; logged. Refused, with the
    reason, when something is on the table (closing or removing) or it is already so."""
    if action not in ACTIONS:
        raise ActionRefused("Choose close, open again or remove.")
    with transaction.atomic():
        # The night's lock, which every seat change takes: nobody sits down while it closes.
        table = Table.objects.select_related("night").get(pk=table_id)
        Night.objects.select_for_update().get(pk=table.night_id)
        table = Table.objects.select_for_update().select_related("night").get(pk=table_id)
        check_host(by, table.night)
        if not table.night.is_open:
            raise ActionRefused("This night is closed.")
        if table.status == Table.Status.REMOVED:
            raise ActionRefused(f"{table.name} was taken off the night already.")
        if action == "reopen":
            if table.status == Table.Status.OPEN:
                raise ActionRefused(f"{table.name} is open already.")
            table.status = Table.Status.OPEN
            table.save(update_fields=["status"])
            audit.record(
                table.night, by, f"Opened {table.name} again", why, table=table, payload={"table": "open"}
            )
            return table
        if action == "close" and table.status == Table.Status.CLOSED:
            raise ActionRefused(f"{table.name} is closed already.")
        live.locked_table(table.pk)  # no hand starts here meanwhile
        busy = what_is_on(table)
        if busy:
            raise ActionRefused(busy)
        state = live.load_state(table.pk)
        if state.dealing or state.next_deal_at is not None:
            live.apply_intent(table.pk, engine_live.HOST, {"type": "pause"})
        table.status = Table.Status.CLOSED if action == "close" else Table.Status.REMOVED
        table.save(update_fields=["status"])
        what = f"Closed {table.name}" if action == "close" else f"Took {table.name} off the night"
        audit.record(table.night, by, what, why, table=table, payload={"table": table.status})
    return table
