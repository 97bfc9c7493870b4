"""Two phones or two host taps at the same moment, on the real PostgreSQL: the database and
the night lock keep "one name per night" and "never seated twice" true."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tables.errors import ActionRefused
from tables.models import Night, Player, Seat, Table
from tables.services.seating import joining, seating
from tables.tests.concurrency import at_once, require_postgresql

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    require_postgresql()


def test_two_phones_choosing_the_same_name_at_once_get_one_player(night: Night) -> None:
    results = at_once([lambda: joining.join_night(night, "Ann"), lambda: joining.join_night(night, "ANN")])
    assert sum(isinstance(r, Player) for r in results) == 1
    refusals = [r for r in results if isinstance(r, ActionRefused)]
    assert len(refusals) == 1
    assert "already called" in str(refusals[0])
    assert Player.objects.count() == 1


def test_seating_the_same_waiting_players_at_two_tables_at_once_seats_each_once(
    night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    kitchen, lounge = make_table(name="Kitchen"), make_table(name="Lounge")
    for name in ("Ann", "Bob", "Cy"):
        make_player(name)
    results = at_once(
        [lambda: seating.seat_waiting_players(kitchen), lambda: seating.seat_waiting_players(lounge)]
    )
    assert sum(isinstance(r, seating.SeatingResult) for r in results) == 1
    assert [str(r) for r in results if isinstance(r, Exception)] == ["Nobody is waiting for a seat."]
    assert Seat.objects.count() == 3
    assert Seat.objects.values("player").distinct().count() == 3


def test_moving_two_players_into_one_seat_at_once_seats_one(
    night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    ann, bob = make_player("Ann"), make_player("Bob")
    results = at_once(
        [lambda: seating.move_player(ann, table, 5), lambda: seating.move_player(bob, table, 5)]
    )
    assert sum(isinstance(r, Seat) for r in results) == 1
    assert sum(isinstance(r, ActionRefused) for r in results) == 1
    assert Seat.objects.filter(table=table, number=5).count() == 1
