"""What the night records of a finished hand is written in the hand's own write.

DESIGN.md, "The one write path": every change goes through one transaction; here, whatever a
receiver of `tables.live.hand_finished` records (a tournament's busts) commits with the hand,
and a receiver's refusal undoes the whole write.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tables.errors import ActionRefused
from tables.live import apply_intent, hand_finished, load_state, player_actor
from tables.models import Table
from tables.models.live import Hand
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard() -> Iterator[list[dict[str, Any]]]:
    calls: list[dict[str, Any]] = []

    def listen(sender: object, **kwargs: Any) -> None:
        calls.append(kwargs)

    hand_finished.connect(listen, dispatch_uid="test-listen")
    yield calls
    hand_finished.disconnect(dispatch_uid="test-listen")


def _fold(table: Table) -> None:
    state = load_state(table.pk)
    player = player_actor(int(state.table.seat(state.hand.to_act).player))
    apply_intent(table.pk, player, {"type": "act", "action": {"type": "fold"}})


def test_the_write_that_ends_a_hand_tells_its_receivers_once(table: Table, heard: list) -> None:
    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    assert heard == []
    _fold(table)
    (call,) = heard
    assert call["table_id"] == table.pk and call["state"].version == load_state(table.pk).version
    assert any(event["type"] == "table.hand_finished" for event in call["events"])


def test_a_receivers_refusal_undoes_the_write_that_ended_the_hand(table: Table) -> None:
    def refuse(sender: object, **kwargs: Any) -> None:
        raise ActionRefused("Not now.")

    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    before = load_state(table.pk)
    hand_finished.connect(refuse, dispatch_uid="test-refuse")
    try:
        with pytest.raises(ActionRefused, match="Not now"):
            _fold(table)
    finally:
        hand_finished.disconnect(dispatch_uid="test-refuse")
    after = load_state(table.pk)
    assert after.version == before.version and after.hand_in_progress
    assert Hand.objects.get(table=table).status != Hand.Status.FINISHED
