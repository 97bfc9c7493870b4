"""The server's own record of each deal's commitment is written at the cut-off and only added to.

docs/shuffle.md, "Whoever runs the server": "The server's own record of the commitments is
append-only: each cut-off writes the commitment it published, and the app never changes or
removes one." The verify page holds each hand's commitment to it.
"""

from __future__ import annotations

import pytest

from engine.live.fairness import pledge_of
from tables.live import apply_intent, load_state, player_actor
from tables.models import DealCommitment, Table
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db

ANN = "a0" * 32


def _fold_to_the_end(table: Table) -> None:
    while not load_state(table.pk).hand.finished:
        seat = load_state(table.pk).hand.to_act
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": {"type": "fold"}})


def test_the_commitment_is_recorded_at_the_cut_off_before_any_value_comes(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, player_actor(ann.pk), {"type": "shuffle_pledge", "pledge": pledge_of(ANN)})
    apply_intent(table.pk, "host", {"type": "start_hand"})
    shuffling = load_state(table.pk).shuffling
    assert shuffling is not None and not shuffling.values
    recorded = list(DealCommitment.objects.filter(table=table).values_list("hand_number", "commitment"))
    assert recorded == [(1, shuffling.commitment)]
    value = {"type": "shuffle_value", "value": ANN, "commitment": shuffling.commitment}
    apply_intent(table.pk, player_actor(ann.pk), value)
    assert DealCommitment.objects.filter(table=table).count() == 1, "the deal adds no second record"


def test_a_deal_with_no_value_to_wait_for_records_its_commitment_too(table: Table) -> None:
    seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    for number in (1, 2):
        apply_intent(table.pk, "host", {"type": "start_hand"})
        state = load_state(table.pk)
        assert DealCommitment.objects.filter(table=table).last().commitment == state.commitment
        assert DealCommitment.objects.filter(table=table).last().hand_number == number
        _fold_to_the_end(table)
    assert DealCommitment.objects.filter(table=table).count() == 2


def test_the_app_can_neither_change_nor_remove_a_recorded_commitment(table: Table) -> None:
    seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "start_hand"})
    row = DealCommitment.objects.get(table=table)
    kept = row.commitment
    row.commitment = "0" * 64
    with pytest.raises(TypeError, match="never changed"):
        row.save()
    with pytest.raises(TypeError, match="never changed"):
        row.delete()
    with pytest.raises(TypeError, match="never changed"):
        DealCommitment.objects.filter(table=table).update(commitment="0" * 64)
    with pytest.raises(TypeError, match="never changed"):
        DealCommitment.objects.filter(table=table).delete()
    assert list(DealCommitment.objects.values_list("commitment", flat=True)) == [kept]
