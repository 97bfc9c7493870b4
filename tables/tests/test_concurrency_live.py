"""Conflicting actions sent at the same moment on PostgreSQL: the snapshot row lock lets exactly
one apply per version ("lock the table row (select_for_update), reject stale expected_version")."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from conftest import require_service
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models.live import HandEvent
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db(transaction=True)
WORKERS = 8


def _legal(state) -> list[dict]:
    info = state.hand.legal_actions(state.hand.to_act)["actions"]
    actions = []
    for name, details in info.items():
        if not details.get("allowed"):
            continue
        sized = name in ("bet", "raise")
        actions.append({"type": name, "to": details["min_to"]} if sized else {"type": name})
    return actions


def test_conflicting_actions_for_one_table_apply_exactly_once_per_version(table):
    require_service(connection.vendor == "postgresql", "needs PostgreSQL (DATABASE_URL)")
    players = seat_players(table, ["Ann", "Bo", "Cy", "Dee", "Ed", "Flo"])
    apply_intent(table.pk, "host", {"type": "start_hand"})
    chips = load_state(table.pk).hand.chips_total
    rounds = 0
    while (state := load_state(table.pk)).hand_in_progress:
        rounds += 1
        legal = _legal(state)
        others = [s.seat for s in state.hand.seats if s.seat != state.hand.to_act]
        barrier = threading.Barrier(WORKERS)
        results: list[tuple[str, int | None]] = []

        def worker(i: int, state=state, legal=legal, others=others, barrier=barrier, results=results) -> None:
            # Even workers are the player to act (each with a different legal action),
            # odd ones are other players trying to act out of turn.
            seat = state.hand.to_act if i % 2 == 0 else others[i % len(others)]
            action = legal[i % len(legal)] if i % 2 == 0 else {"type": "fold"}
            try:
                barrier.wait()
                applied = apply_intent(
                    table.pk,
                    player_actor(players[seat - 1].pk),
                    {"type": "act", "action": action},
                    f"v{state.version}-w{i}",
                    state.version,
                )
                results.append(("applied", applied.version))
            except ActionRefused as refused:
                results.append((refused.code, None))
            finally:
                connection.close()

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(WORKERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        applied = [version for code, version in results if code == "applied"]
        assert applied == [state.version + 1], results
        assert {code for code, _ in results} <= {"applied", "stale_version", "illegal"}
        assert load_state(table.pk).version == state.version + 1
    final = load_state(table.pk)
    assert sum(s.stack for s in final.table.seats) == chips == 6 * 200
    versions = list(HandEvent.objects.filter(table=table, kind="intent").values_list("version", flat=True))
    assert sorted(versions) == list(range(versions[0], final.version + 1))  # one intent row per version
    assert rounds > 1
