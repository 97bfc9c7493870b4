"""A misdeal through the live table: the same hand is dealt again, under its own number.

House rules: "Some dealing errors void the hand and it's re-dealt from scratch."
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.models.live import Hand, HandEvent
from tables.services.ledger import ledger
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def test_the_re_deal_after_a_misdeal_is_the_same_hand_under_the_same_number(table: Table, host: User) -> None:
    players = seat_players(table, ["Ann", "Bob", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    first = load_state(table.pk).hand
    apply_intent(table.pk, HOST, {"type": "misdeal", "reason": "two cards flipped on the deal"})
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": "77" * 32})
    again = load_state(table.pk).hand
    assert again.config == first.config
    assert [s.hole for s in again.seats] != [s.hole for s in first.seats]
    row = Hand.objects.get(table=table)
    assert (row.number, row.status, row.seed) == (1, Hand.Status.PLAYING, "")
    kinds = list(HandEvent.objects.filter(table=table, hand=row).values_list("kind", "payload"))
    voided = [payload for kind, payload in kinds if kind == "table.misdeal"]
    started = [payload for kind, payload in kinds if kind == "table.hand_started"]
    assert voided == [{"type": "table.misdeal", "hand_number": 1, "redealt": True}]
    assert [p.get("redeal", False) for p in started] == [False, True]
    # The void deal's seed is published with its end, in the log, like any finished deal's.
    finished = [payload for kind, payload in kinds if kind == "table.hand_finished"]
    assert finished[0]["commitment"] == started[0]["commitment"] != started[1]["commitment"]
