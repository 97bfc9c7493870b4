"""A stack no buy-in backs never plays a hand against bought chips.

"A guest seated at a cash table before any buy-in (the host seats first and takes the money
after) sits with the table's default stack ... the guest's first buy-in replaces that stack with
the chips bought" (docs/chips-and-money.md). Dealt in beside a player who bought their chips, the
guest would win or lose bought chips with chips nobody bought, and the buy-in replacing their
stack would then make or destroy chips: Bob's 100 bought chips lost to Ann's table stack were
gone from the night for good, which could never balance again. So the deal waits for the buy-in.
"""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, timers
from tables.models import Table
from tables.services.hosting import host_panel
from tables.services.ledger import ledger, night_totals
from tables.services.seating import seating
from tables.tests.ledger_helpers import play_hand, stacks
from tables.tests.live_helpers import seat_guest

pytestmark = pytest.mark.django_db


def _play(table: Table, hands: int) -> None:
    rnd = random.Random(5)
    for _ in range(hands):
        if len([chips for chips in stacks(table.pk).values() if chips]) < 2:
            return
        play_hand(table.pk, rnd)


def test_the_deal_waits_for_the_buy_in_of_a_guest_beside_bought_chips(table: Table, host: User) -> None:
    ann = seat_guest(table, "Ann", 1, bought=None)
    seat_guest(table, "Bob", 2, bought=100)
    version = load_state(table.pk).version

    with pytest.raises(ActionRefused, match="Ann has no buy-in yet") as refused:
        host_panel.table_command(table, host, "deal")

    assert "Record it before the next deal" in refused.value.message
    assert load_state(table.pk).version == version and not load_state(table.pk).hand_in_progress
    with pytest.raises(ActionRefused, match="Ann has no buy-in yet"):
        apply_intent(table.pk, HOST, {"type": "start_hand"})

    ledger.record_chips_in(ann, "buy_in", 100, host)
    _play(table, 5)
    assert sum(stacks(table.pk).values()) == 200
    assert night_totals.totals(table.night).balanced


def test_guests_with_no_buy_in_yet_may_play_among_themselves(table: Table, host: User) -> None:
    """Nothing bought is at stake: their buy-ins replace the stacks, and the night balances."""
    ann = seat_guest(table, "Ann", 1, bought=None)
    bob = seat_guest(table, "Bob", 2, bought=None)
    _play(table, 3)
    for player in (ann, bob):
        ledger.record_chips_in(player, "buy_in", 100, host)
    totals = night_totals.totals(table.night)
    assert totals.balanced and totals.unbacked_chips == 0, totals


def test_a_guest_sitting_out_does_not_hold_up_the_deal(table: Table, host: User) -> None:
    seat_guest(table, "Ann", 1, bought=None)
    seat_guest(table, "Bob", 2, bought=100)
    seat_guest(table, "Cara", 3, bought=100)
    host_panel.seat_command(seating.Seat.objects.get(number=1, table=table), host, "sit_out")

    host_panel.table_command(table, host, "deal")

    assert load_state(table.pk).hand_in_progress or load_state(table.pk).table.hand_count == 1


def test_the_dealers_timer_waits_for_the_buy_in_without_trying_at_every_poll(
    table: Table, host: User
) -> None:
    """The next deal comes due with a guest seated since the last hand and not yet bought in:
    the timer's deal is refused, tried again only after a pause (each try asks the database),
    and deals as soon as the buy-in is recorded."""
    seat_guest(table, "Bob", 2, bought=100)
    seat_guest(table, "Cara", 3, bought=100)
    _play(table, 1)
    ann = seat_guest(table, "Ann", 1, bought=None)
    due = load_state(table.pk).next_deal_at
    assert due is not None

    assert timers.fire_due(now=due, table_ids=[table.pk]) == 0
    with CaptureQueriesContext(connection) as queries:
        assert timers.fire_due(now=due + 1, table_ids=[table.pk]) == 0
    assert len(queries) == 1, [q["sql"] for q in queries]  # only the look for what is due
    assert not load_state(table.pk).hand_in_progress

    ledger.record_chips_in(ann, "buy_in", 100, host)
    assert timers.fire_due(now=due + 2, table_ids=[table.pk]) == 1
    assert str(ann.pk) in {s.player for s in load_state(table.pk).hand.seats}
