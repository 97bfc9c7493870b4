"""The host's chip commands to a seat of a live table (sent over its socket, or a stack ruling
from the panel), kept by the ledger through the one door, `tables.live.apply_intent`.

`leave` for a player who bought cash chips is their cash-out, the ledger page's own
(`ledger.cash_out_seated`, which checks under the lock that the player is still in the seat
named); `set_stack` for a player the ledger saw is a correction of their last buy-in, rebuy or
top-up. The chips are decided from the table as it stands under the door's one lock (the
intent is a function of the locked table), so the table is locked and read once; the entry is
written after the engine applied the change, in the same transaction, with the stack the table
had before it. A refused command writes nothing. A player the ledger never saw gets the plain
intent: the engine applies it, or refuses it with its own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.live import HOST, LiveTable
from tables import live
from tables.errors import ActionRefused
from tables.live.tournament import tournament_still_playing
from tables.models import Player, Seat, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.services.ledger import ledger
from tables.services.ledger.ledger_lines import StackChange, log_entry


@dataclass(frozen=True, slots=True)
class SeatCommand:
    """What a chip command did: the door's answer, and the ledger's entry (None when the
    ledger had nothing to write: a player it never saw, or a repeated command)."""

    applied: live.Applied
    entry: LedgerEntry | None


@dataclass
class _Plan:
    """What the decision under the lock found, for the entry written after the change."""

    player: Player | None = None
    chips_before: int = 0
    corrects: LedgerEntry | None = None


def seated_player(table: Table, state: LiveTable, seat: object) -> Player | None:
    """The night's player in `seat` of the locked table, or None (an empty seat, a guest)."""
    occupant = state.table.seat(seat) if isinstance(seat, int) and not isinstance(seat, bool) else None
    if occupant is None or not occupant.player.isdigit():
        return None
    players = Player.objects.select_related("night")
    return players.filter(pk=int(occupant.player), night_id=table.night_id).first()


def leave_seat(
    table_id: int,
    intent: Mapping[str, Any],
    by: AbstractBaseUser | None,
    client_id: str = "",
    expected_version: int | None = None,
) -> SeatCommand:
    """Take the player in the intent's seat off the table: for one who bought cash chips, their
    cash-out of the whole stack (`ledger.cash_out_seated`, the page's cash-out)."""
    number = intent.get("seat")
    seat = None
    if isinstance(number, int) and not isinstance(number, bool):
        seat = Seat.objects.select_related("table", "player").filter(table_id=table_id, number=number).first()
    player = seat.player if seat is not None else None
    if seat is None or player is None or player.night_id != seat.table.night_id:
        # An empty seat, a guest, or one leaving during a hand: the engine's own words.
        return SeatCommand(live.apply_intent(table_id, HOST, intent, client_id, expected_version), None)
    playing = tournament_still_playing(player.pk)
    if playing is not None:
        raise ActionRefused(
            f"{player.display_name} is still in {playing.name}: record who is out on its page, "
            "which takes their chips out of play."
        )
    if not ledger.has_cash_entries(player):
        # A tournament's leftover chips, or chips no buy-in backs: not cash.
        return SeatCommand(live.apply_intent(table_id, HOST, intent, client_id, expected_version), None)
    ledger.check_player(seat.table.night, player)
    reason = str(intent.get("reason", "")) or "left the table"
    applied, entry = ledger.cash_out_seated(
        player, seat, by, reason, at=number, client_id=client_id, expected_version=expected_version
    )
    return SeatCommand(applied, entry)


def set_seat_stack(
    table_id: int,
    intent: Mapping[str, Any],
    by: AbstractBaseUser | None,
    client_id: str = "",
    expected_version: int | None = None,
    ruling: str = "",
) -> SeatCommand:
    """Give the intent's seat `intent["stack"]` chips: for a player the ledger saw, the
    difference is a correction of their last entry of chips in."""
    table = Table.objects.select_related("night").get(pk=table_id)
    plan = _Plan()
    reason = str(intent.get("reason", ""))

    def decide(state: LiveTable) -> Mapping[str, Any]:
        player = seated_player(table, state, intent.get("seat"))
        if player is None:
            return intent
        ledger.check_player(table.night, player)
        target, difference = ledger.stack_adjustment(player, intent.get("stack"), state)  # type: ignore[arg-type]
        if target is None:
            return intent  # no entry backs this stack: the totals show it as chips not bought
        ledger.check_correction(target, difference)
        found = state.table.seat_of(str(player.pk))
        assert found is not None
        plan.player, plan.chips_before, plan.corrects = player, found.stack, target
        return {"type": "set_stack", "seat": found.seat, "stack": found.stack + difference}

    with transaction.atomic():
        applied = live.apply_intent(table_id, HOST, decide, client_id, expected_version)
        if plan.player is None or plan.corrects is None or not applied.changed:
            return SeatCommand(applied, None)
        stack = int(intent["stack"])
        difference = stack - plan.chips_before
        why = reason or "stack adjusted by the host"
        correction = ledger.new_entry(
            plan.player, EntryKind.CORRECTION, difference, by, why, table, corrects=plan.corrects
        )
        change = StackChange(table.name, intent["seat"], plan.chips_before, stack)
        log_entry(correction, by, change, ruling)
    return SeatCommand(applied, correction)
