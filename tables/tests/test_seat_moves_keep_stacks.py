"""A player the host moves takes their chips with them.

"A player may also change seats without penalty" (casino rules), and "Table stakes. You can
only wager the chips you have on the table" (house rules): a seat change moves the player
with the chips they have won or lost, never a fresh stack.
"""

from __future__ import annotations

from collections.abc import Callable

from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.seating import seating
from tables.tests.live_helpers import seat_players


def test_a_player_moved_to_another_seat_at_the_same_table_keeps_their_stack(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, "host", {"type": "set_stack", "seat": 1, "stack": 777})
    seating.move_player(ann, table, 5)
    moved = load_state(table.pk).table.seat_of(str(ann.pk))
    assert moved is not None and (moved.seat, moved.stack) == (5, 777)


def test_a_player_moved_to_another_table_takes_their_stack(make_table: Callable[..., Table]) -> None:
    kitchen, lounge = make_table("Kitchen"), make_table("Lounge")
    ann, _ = seat_players(kitchen, ["Ann", "Bob"])
    apply_intent(kitchen.pk, "host", {"type": "set_stack", "seat": 1, "stack": 777})
    seating.move_player(ann, lounge, 3)
    moved = load_state(lounge.pk).table.seat_of(str(ann.pk))
    assert moved is not None and (moved.seat, moved.stack) == (3, 777)
    assert load_state(kitchen.pk).table.seat_of(str(ann.pk)) is None
