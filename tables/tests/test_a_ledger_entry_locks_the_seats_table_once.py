"""A ledger entry for a seated player changes their seat through the one door, decided from the
table under its one lock, and the entry is written in the same transaction: the table is locked
and read once (docs/design.md, "The one write path").

"A table stack changes only through these entries and the hands" (docs/chips-and-money.md).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Player, Table
from tables.models.ledger import LedgerEntry
from tables.services.ledger import ledger
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def _table_locks(queries: CaptureQueriesContext) -> int:
    return sum("FOR UPDATE" in q["sql"].upper() and "snapshot" in q["sql"].lower() for q in queries)


def _ann_and_bob_bought_in(table: Table, host: User) -> tuple[Player, Player]:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    for player in (ann, bob):
        ledger.record_chips_in(player, "buy_in", 200, host)
    return ann, bob


def _stack(table: Table, player: Player) -> int | None:
    found = load_state(table.pk).table.seat_of(str(player.pk))
    return found.stack if found is not None else None


ENTRIES: dict[str, Callable[[Player, User], LedgerEntry]] = {
    "top-up": lambda ann, host: ledger.record_chips_in(ann, "top_up", 50, host),
    "correction": lambda ann, host: ledger.correct(
        LedgerEntry.objects.get(player=ann, kind="buy_in"), -20, host, "counted twice"
    ),
    "void": lambda ann, host: ledger.void(LedgerEntry.objects.get(player=ann, kind="buy_in"), host, "wrong"),
    "cash-out": lambda ann, host: ledger.cash_out(ann, host, "going home", counted=200),
}
STACK_AFTER = {"top-up": 250, "correction": 180, "void": 0, "cash-out": None}


@pytest.mark.parametrize("kind", list(ENTRIES))
def test_an_entry_for_a_seated_player_locks_their_table_once(table: Table, host: User, kind: str) -> None:
    ann, _ = _ann_and_bob_bought_in(table, host)
    version = load_state(table.pk).version
    with CaptureQueriesContext(connection) as queries:
        entry = ENTRIES[kind](ann, host)
    assert _table_locks(queries) == 1, [q["sql"] for q in queries if "FOR UPDATE" in q["sql"].upper()]
    assert load_state(table.pk).version == version + 1
    assert _stack(table, ann) == STACK_AFTER[kind] and entry.table_id == table.pk


def test_an_entry_the_table_refuses_is_not_written(table: Table, host: User) -> None:
    """In the hand being played, the stack is the hand's: the table refuses, and the entry with it."""
    ann, _ = _ann_and_bob_bought_in(table, host)
    apply_intent(table.pk, "host", {"type": "start_hand"})
    entries, version = LedgerEntry.objects.count(), load_state(table.pk).version
    for kind in ("top-up", "cash-out"):
        with pytest.raises(ActionRefused):
            ENTRIES[kind](ann, host)
    assert (LedgerEntry.objects.count(), load_state(table.pk).version) == (entries, version)
