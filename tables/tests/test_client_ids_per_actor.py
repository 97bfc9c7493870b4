"""Client ids belong to the player (or host) who sent them (docs/protocol.md): "a `client_id`
you already had applied at that table gets its `ack` again, whatever `version` it comes with",
and another player's id is never confused with yours."""

from __future__ import annotations

import pytest

from tables.live import apply_intent, player_actor
from tables.models.live import HandEvent
from tables.tests.live_helpers import SEED, committed, seat_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealt(table):
    players = seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    return table, players


def _to_act(table, players) -> str:
    return player_actor(players[committed(table.pk).hand.to_act - 1].pk)


def test_a_repeat_of_your_own_id_at_the_current_version_is_acked_not_refused(dealt) -> None:
    table, players = dealt
    actor = _to_act(table, players)
    version = committed(table.pk).version
    first = apply_intent(table.pk, actor, {"type": "act", "action": {"type": "call"}}, "mine", version)
    again = apply_intent(table.pk, actor, {"type": "act", "action": {"type": "call"}}, "mine", first.version)
    assert (again.version, again.duplicate) == (first.version, True)
    assert committed(table.pk).version == first.version
    assert HandEvent.objects.filter(client_action_id="mine").count() == 1


def test_another_players_id_is_not_taken_for_yours(dealt) -> None:
    table, players = dealt
    first_actor = _to_act(table, players)
    applied = apply_intent(
        table.pk,
        first_actor,
        {"type": "act", "action": {"type": "call"}},
        "same",
        committed(table.pk).version,
    )
    second_actor = _to_act(table, players)
    assert second_actor != first_actor
    before = committed(table.pk).hand.to_act
    theirs = apply_intent(
        table.pk, second_actor, {"type": "act", "action": {"type": "call"}}, "same", applied.version
    )
    assert not theirs.duplicate and theirs.version == applied.version + 1
    assert committed(table.pk).hand.to_act != before  # the second call was applied
    assert HandEvent.objects.filter(client_action_id="same").count() == 2
