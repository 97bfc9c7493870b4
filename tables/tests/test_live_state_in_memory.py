"""The write path starts from the committed state this process holds, and only from that.

docs/design.md: "The event log is append-only and is the truth; the snapshot is a cache." A state
kept in memory is a cache of the snapshot in turn: it may stand in for the row only while it
is exactly the row's committed version, never after another process (or a restored
database) wrote a different one.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tables.errors import ActionRefused
from tables.live import LOG_KEY, _recent, apply_intent, load_state, player_actor
from tables.models import Player, Table
from tables.models.live import HandEvent, TableSnapshot
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db

SNAPSHOT_STATE_COLUMN = '"tables_tablesnapshot"."state"'


@pytest.fixture
def dealt(table: Table, django_capture_on_commit_callbacks: Any) -> list[Player]:
    """Three players in a dealt hand, its commits seen by this process (as a server's are)."""
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    with django_capture_on_commit_callbacks(execute=True):
        apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    return players


def _call_intent() -> dict[str, Any]:
    return {"type": "act", "action": {"type": "call"}}


def _actor_to_act(table: Table, players: list[Player]) -> str:
    return player_actor(players[load_state(table.pk).hand.to_act - 1].pk)


def _act(table: Table, players: list[Player], client_id: str = "") -> int:
    state = load_state(table.pk)
    return apply_intent(
        table.pk, _actor_to_act(table, players), _call_intent(), client_id, state.version
    ).version


def test_an_action_after_one_committed_here_does_not_read_the_snapshots_json(
    table, dealt, django_capture_on_commit_callbacks
):
    actor = _actor_to_act(table, dealt)
    version = load_state(table.pk).version
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
        applied = apply_intent(table.pk, actor, _call_intent(), "c-1", version)
    assert applied.version == version + 1
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert reads, "the row is still locked"
    assert not [sql for sql in reads if SNAPSHOT_STATE_COLUMN in sql]
    # An action made for the current version needs no look-up of its client id either.
    assert not [sql for sql in reads if "client_action_id" in sql]


def test_a_version_committed_by_another_process_is_read_from_the_row(table, dealt):
    # Committed without this process seeing it (its on-commit callbacks never run here), as a
    # write by another server process would be: memory still holds the version before it.
    held = _recent[table.pk].state.version
    _act(table, dealt)
    assert load_state(table.pk).version == held + 1
    # The next player can act only if the write path starts from the row: in the state held in
    # memory it is still the previous player's turn.
    assert _act(table, dealt) == held + 2
    assert load_state(table.pk).hand.to_act != _recent[table.pk].state.hand.to_act


def test_a_row_with_the_same_version_but_written_at_another_time_is_not_taken_for_it(table, dealt):
    """A database restored from a backup, or a test's rolled-back transaction, can hold another
    state under a version number this process has seen."""
    held = _recent[table.pk]
    other = {**held.state.to_json(), LOG_KEY: held.log}
    to_act = held.state.hand.to_act
    for seat in other["hand"]["seats"]:
        if seat["seat"] == to_act:
            seat["folded"] = True  # a different hand from the one in memory, at the same version
    other_to_act = next(s["seat"] for s in other["hand"]["seats"] if s["seat"] != to_act)
    other["hand"]["to_act"] = other_to_act
    TableSnapshot.objects.filter(table=table).update(state=other, updated_at=timezone.now())
    assert load_state(table.pk).version == held.state.version
    with pytest.raises(ActionRefused) as refused:
        actor = player_actor(dealt[to_act - 1].pk)
        apply_intent(table.pk, actor, _call_intent(), "", held.state.version)
    assert refused.value.code == "illegal"  # in the row it is no longer their turn


def test_a_client_id_reused_for_the_current_version_is_applied_once(table, dealt):
    """ "Returns the stored result for a repeated client action id": also when a client reuses
    an id with a new version (the log's unique constraint refuses the second write)."""
    actor = _actor_to_act(table, dealt)  # ids are scoped per sender (docs/protocol.md)
    first = _act(table, dealt, client_id="same-id")
    again = apply_intent(table.pk, actor, _call_intent(), "same-id", first)
    assert again.duplicate and again.version == first
    assert load_state(table.pk).version == first
    assert HandEvent.objects.filter(table=table, client_action_id="same-id").count() == 1


def test_a_refused_intent_leaves_the_state_in_memory_as_committed(table, dealt):
    waiting = next(
        s.seat for s in load_state(table.pk).hand.seats if s.seat != load_state(table.pk).hand.to_act
    )
    check = {"type": "act", "action": {"type": "check"}}
    with pytest.raises(ActionRefused):
        apply_intent(table.pk, player_actor(dealt[waiting - 1].pk), check)
    row = TableSnapshot.objects.get(table=table)
    held = {**_recent[table.pk].state.to_json(), LOG_KEY: _recent[table.pk].log}
    assert json.loads(json.dumps(held)) == row.state
