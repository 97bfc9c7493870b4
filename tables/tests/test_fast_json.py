"""Views and snapshots are written by orjson (tables.fast_json): the text must read back as
exactly what the standard library's encoder would have written."""

from __future__ import annotations

import json

import pytest

from engine.live import view
from tables.fast_json import FastJSONEncoder, dumps
from tables.live import apply_intent, load_state
from tables.models.live import TableSnapshot
from tables.tests.live_helpers import SEED, seat_players


@pytest.mark.parametrize(
    "value",
    [
        {"version": 3, "stacks": {1: 200, 2: 0}},
        {"name": "Zoë 🂡", "odds": 0.1 + 0.2, "seats": (1, 2), "none": None, "yes": True},
        [],
    ],
)
def test_text_reads_back_as_the_standard_encoders(value):
    assert json.loads(dumps(value)) == json.loads(json.dumps(value))
    assert json.loads(json.dumps(value, cls=FastJSONEncoder)) == json.loads(json.dumps(value))


@pytest.mark.django_db
def test_a_live_tables_snapshot_and_views_read_back_unchanged(table):
    seat_players(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    state = load_state(table.pk)
    stored = TableSnapshot.objects.get(table=table).state
    assert {k: v for k, v in stored.items() if k != "log"} == json.loads(json.dumps(state.to_json()))
    for viewer in [*(s.seat for s in state.hand.seats), "host", "public"]:
        projection = view(state, viewer)
        assert json.loads(dumps(projection)) == json.loads(json.dumps(projection))
