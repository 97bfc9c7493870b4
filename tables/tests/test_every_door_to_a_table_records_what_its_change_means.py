"""Every change to a table goes through one door, which records what the change means for the
night whoever sent it: a service's write, a host command and a player's action alike.

docs/design.md, "The one write path": "Every change to a table goes through
`tables.live.apply_intent`", and what a change means for the night (a tournament's busts, the
seat records, the buy-in check of a deal) is registered by event type
(`tables.services.consequences`) and run in the write's own transaction.
"""

from __future__ import annotations

import pytest

from engine.live import fairness
from tables import live
from tables.errors import ActionRefused
from tables.live import consequences, load_state, player_actor
from tables.models import Seat, Table
from tables.models.live import Hand
from tables.tests.live_helpers import seat_guest, seat_players

pytestmark = pytest.mark.django_db


def test_a_deal_refused_for_a_missing_buy_in_draws_no_seed_and_deals_nothing(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The buy-in check runs before the deal, on who it would deal in: nothing is dealt and
    undone, so no server seed is ever drawn for a deal that does not happen."""
    seat_guest(table, "Ann", 1, bought=None)
    seat_guest(table, "Bob", 2, bought=100)
    before = load_state(table.pk)

    def no_seed() -> bytes:
        raise AssertionError("a seed was drawn for a deal the buy-in check refuses")

    monkeypatch.setattr(fairness, "new_seed", no_seed)
    with pytest.raises(ActionRefused, match="Ann has no buy-in yet"):
        live.apply_intent(table.pk, "host", {"type": "start_hand"})
    assert load_state(table.pk).version == before.version
    assert not Hand.objects.filter(table=table).exists()


def test_a_seat_change_through_the_door_moves_the_seat_record(table: Table) -> None:
    (ann,) = seat_players(table, ["Ann"])
    number = load_state(table.pk).table.seat_of(str(ann.pk)).seat
    to = 6 if number != 6 else 5

    live.apply_intent(table.pk, "host", {"type": "change_seat", "seat": number, "to": to})

    assert Seat.objects.get(player=ann).number == to


def test_a_player_leaving_through_the_door_frees_the_seat_record(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    number = load_state(table.pk).table.seat_of(str(ann.pk)).seat

    live.apply_intent(table.pk, player_actor(ann.pk), {"type": "leave", "seat": number})

    assert not Seat.objects.filter(player=ann).exists()


def test_each_consequence_runs_once_per_write_and_in_its_transaction(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, ...]] = []

    def count(applied: live.Applied) -> None:
        seen.append(tuple(event["type"] == "table.leave" for event in applied.events))

    # Counted beside the app's own (the seat records follow every sit).
    installed = consequences._after_event
    counted = {kind: (*installed.get(kind, ()), count) for kind in ("table.leave", "table.sit")}
    monkeypatch.setattr(consequences, "_after_event", {**installed, **counted})
    ann, _ = seat_players(table, ["Ann", "Bob"])
    assert len(seen) == 2  # one per sit
    number = load_state(table.pk).table.seat_of(str(ann.pk)).seat

    def refuse(applied: live.Applied) -> None:
        raise ActionRefused("Not now.")

    monkeypatch.setattr(consequences, "_after_event", {"table.leave": (refuse,)})
    version = load_state(table.pk).version
    with pytest.raises(ActionRefused, match="Not now"):
        live.apply_intent(table.pk, "host", {"type": "leave", "seat": number})
    assert load_state(table.pk).version == version
    assert load_state(table.pk).table.seat_of(str(ann.pk)) is not None
