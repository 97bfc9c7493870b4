"""Seating the waiting players keeps the night's cash tables even: each player goes to the table
with the fewest players, so two tables fill together instead of one after the other.

Issue 20: ""Seat waiting players" fills the first table and leaves the second nearly empty: seat
them so the tables stay even." House rules: "Seats will be randomly assigned." (the seat at the
chosen table is still drawn at random).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Seat, Table
from tables.services.hosting import host_panel
from tables.services.seating import seating
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


def _counts(tables: list[Table]) -> list[int]:
    return [Seat.objects.filter(table=table).count() for table in tables]


def _live_counts(tables: list[Table]) -> list[int]:
    return [len(load_state(table.pk).table.seats) for table in tables]


def test_eight_waiting_players_sit_four_and_four(
    host_client: Client, night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    tables = [make_table("Kitchen"), make_table("Lounge")]
    for number in range(1, 9):
        make_player(f"P{number}")
    response = host_client.post(
        reverse("host_table_action", args=[night.pk, tables[0].pk, "seat-waiting"]), follow=True
    )
    assert _counts(tables) == [4, 4]
    assert _live_counts(tables) == [4, 4]  # the live tables agree with the seat records
    said = str(next(iter(response.context["messages"])))
    assert said.count("seated at Kitchen") == 4 and said.count("seated at Lounge") == 4


def test_with_players_already_seated_the_table_with_fewer_fills_first(
    night: Night, host: User, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    kitchen, lounge = make_table("Kitchen"), make_table("Lounge")
    for number, name in enumerate(("Ann", "Bob", "Cy"), 1):
        seating.move_player(make_player(name), kitchen, number)
    seating.move_player(make_player("Dee"), lounge, 1)
    for name in ("Eve", "Fay", "Gus", "Hal"):
        make_player(name)
    # The host presses the button of the fuller table: the emptier one still fills first.
    result = host_panel.seat_waiting(kitchen, host)
    assert [seat.table.name for seat in result.seated] == ["Lounge", "Lounge", "Kitchen", "Lounge"]
    assert _counts([kitchen, lounge]) == [4, 4]


def test_an_odd_player_goes_to_the_table_the_host_chose(
    night: Night, host: User, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    kitchen, lounge = make_table("Kitchen"), make_table("Lounge")
    for name in ("Ann", "Bob", "Cy"):
        make_player(name)
    seating.seat_waiting_players(lounge)
    assert _counts([kitchen, lounge]) == [1, 2]


def test_when_the_smaller_table_is_full_the_rest_go_to_the_other_and_the_others_wait(
    night: Night, host: User, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    small, big = make_table("Small", max_seats=2), make_table("Big", max_seats=4)
    for number in range(1, 9):
        make_player(f"P{number}")
    result = seating.seat_waiting_players(small)
    assert _counts([small, big]) == [2, 4]
    assert result.still_waiting == 2
    assert len(seating.waiting_players(night)) == 2


def test_tournament_players_wait_for_their_draw_not_a_cash_seat(
    night: Night, host: User, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    """Tournament chips are not cash chips (docs/chips-and-money.md): an entrant waiting for the
    tournament's draw is not seated at a cash table with the tournament's starting stack."""
    kitchen = make_table("Kitchen")
    make_tournament(night, host, names=("Ivo", "Jo"))
    make_player("Ann")
    result = seating.seat_waiting_players(kitchen)
    assert [seat.player.display_name for seat in result.seated] == ["Ann"]
    assert {p.display_name for p in seating.waiting_players(night)} == {"Ivo", "Jo"}
    with pytest.raises(ActionRefused, match="seated by the tournament's draw"):
        seating.seat_waiting_players(kitchen)
    assert Seat.objects.count() == 1
