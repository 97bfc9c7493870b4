"""A guest removed from the night leaves the live table through the one write path
(docs/design.md: "Every change to a table ... goes through one service function")."""

from __future__ import annotations

import pytest

from tables.live import apply_intent, load_state
from tables.models import Player, Seat, Table
from tables.models.live import HandEvent
from tables.services.seating.joining import remove_player
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def test_a_player_removed_between_hands_leaves_the_live_table_at_once(table: Table) -> None:
    ann, bob, cat = seat_players(table, ["Ann", "Bob", "Cat"])
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})  # the table is live
    remove_player(bob)
    state = load_state(table.pk)
    assert state.table.seat_of(str(bob.pk)) is None
    assert state.table.seat_of(str(ann.pk)) is not None and state.table.seat_of(str(cat.pk)) is not None
    assert HandEvent.objects.filter(table=table, kind="table.leave", payload__seat=2).exists()
    assert not Seat.objects.filter(player=bob).exists()


def test_a_player_removed_during_a_hand_leaves_when_it_ends(table: Table) -> None:
    """Engine rule (engine/table.py leave): "a player dealt in to the hand being played
    leaves when it finishes"."""
    ann, bob, _cat = seat_players(table, ["Ann", "Bob", "Cat"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    remove_player(bob)
    bob.refresh_from_db()
    assert bob.status == Player.Status.LEFT
    during = load_state(table.pk)
    assert during.hand_in_progress and during.table.seat_of(str(bob.pk)).leaving
    while (state := load_state(table.pk)).hand_in_progress:
        fold = {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        apply_intent(table.pk, "system", fold)
    after = load_state(table.pk)
    assert after.table.seat_of(str(bob.pk)) is None
    assert after.table.seat_of(str(ann.pk)) is not None
