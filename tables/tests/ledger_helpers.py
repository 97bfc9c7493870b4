"""Shared set-up for the ledger tests: hands played through the one write path."""

from __future__ import annotations

import random

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models.ledger import EntryKind, LedgerEntry
from tables.tests.live_helpers import random_action


def play_hand(table_id: int, rnd: random.Random) -> None:
    """Deal one hand and play it out with random legal decisions, as the players would."""
    apply_intent(table_id, HOST, {"type": "start_hand"})
    play_out(table_id, rnd)


def play_out(table_id: int, rnd: random.Random) -> None:
    """Play the hand in progress (if any) to its end with random legal decisions."""
    for _ in range(200):
        state = load_state(table_id)
        if not state.hand_in_progress:
            return
        seat, action = random_action(state, rnd)
        player = state.table.occupant(seat).player
        apply_intent(table_id, f"player:{player}", {"type": "act", "action": action})
    raise AssertionError("The hand did not finish")


def stacks(table_id: int) -> dict[str, int]:
    """Chips on the table by player id, between hands."""
    return {seat.player: seat.stack for seat in load_state(table_id).table.seats}


def money_only_correction(cash_out: LedgerEntry, chips: int) -> LedgerEntry:
    """A correction of `cash_out` as the version before migration 0017 wrote it: the money paid
    changed by `chips` at chip value and no chip moved. Since then the only way a night's money
    can be out of balance (a correction of a cash-out moves chips now)."""
    return LedgerEntry.objects.create(
        night=cash_out.night,
        player=cash_out.player,
        kind=EntryKind.CORRECTION,
        chips=chips,
        money=chips * cash_out.night.chip_value,
        corrects=cash_out,
        money_only=True,
        reason="written before the upgrade",
    )
