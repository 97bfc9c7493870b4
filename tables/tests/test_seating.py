"""House rule: "Seats will be randomly assigned." The host seats the waiting players at a table
(seats drawn with `secrets` among the free seats) and may move a player to a free seat."""

from __future__ import annotations

import ast
import inspect
import re
from collections import Counter
from collections.abc import Callable

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from tables.errors import ActionRefused
from tables.live import apply_intent
from tables.models import Night, Player, Seat, Table
from tables.services.seating import seating
from tables.services.seating.joining import remove_player

pytestmark = pytest.mark.django_db


def _seat_url(night: Night, table: Table) -> str:
    return f"/host/nights/{night.pk}/tables/{table.pk}/seat-waiting/"


def _move_url(night: Night, player: Player) -> str:
    return f"/host/nights/{night.pk}/players/{player.pk}/move/"


def test_host_seats_waiting_players_in_distinct_free_seats(
    host_client: Client, night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    for name in ("Ann", "Bob", "Cy"):
        make_player(name)
    response = host_client.post(_seat_url(night, table), follow=True)
    seats = list(Seat.objects.filter(table=table))
    assert len(seats) == 3
    assert len({seat.number for seat in seats}) == 3
    assert all(1 <= seat.number <= table.max_seats for seat in seats)
    assert b"seated at Main table, seat " in response.content


def test_seat_draw_is_not_fixed(night: Night, table: Table, make_player: Callable[..., Player]) -> None:
    """Seated 60 times at an empty 9-seat table, Ann must not always land in the same few seats.

    A uniform draw misses 5+ of 9 seats in 60 tries with probability below 1e-14."""
    ann = make_player("Ann")
    landed: Counter[int] = Counter()
    for _ in range(60):
        result = seating.seat_waiting_players(table)
        landed[result.seated[0].number] += 1
        apply_intent(table.pk, "host", {"type": "leave", "seat": result.seated[0].number})
        assert not Seat.objects.filter(player=ann).exists()
    assert len(landed) >= 5
    assert max(landed.values()) < 30


def test_seats_are_drawn_only_among_free_seats(
    night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    small = make_table(name="Small", max_seats=3)
    first = make_player("Ann")
    seating.move_player(first, small, 2)
    make_player("Bob")
    make_player("Cy")
    for _ in range(15):
        result = seating.seat_waiting_players(small)
        assert sorted(seat.number for seat in result.seated) == [1, 3]
        # Free the two seats again, at the live table too.
        for seat in result.seated:
            apply_intent(small.pk, "host", {"type": "leave", "seat": seat.number})
        Seat.objects.filter(table=small).exclude(player=first).delete()


def test_seating_module_draws_with_secrets_not_random() -> None:
    """Design: "Shuffles use `secrets`", and the seat draw is a shuffle of who sits where."""
    tree = ast.parse(inspect.getsource(seating))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert "secrets" in imported
    assert "random" not in imported


def test_a_full_table_seats_nobody_and_says_so(
    host_client: Client, night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    duel = make_table(name="Duel", max_seats=2)
    make_player("Ann")
    make_player("Bob")
    seating.seat_waiting_players(duel)
    make_player("Cy")
    response = host_client.post(_seat_url(night, duel), follow=True)
    assert b"Duel is full." in response.content
    assert not Seat.objects.filter(player__display_name="Cy").exists()


def test_seating_more_players_than_free_seats_seats_the_first_arrivals(
    host_client: Client, night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    duel = make_table(name="Duel", max_seats=2)
    for name in ("Ann", "Bob", "Cy"):
        make_player(name)
    response = host_client.post(_seat_url(night, duel), follow=True)
    assert set(Seat.objects.values_list("player__display_name", flat=True)) == {"Ann", "Bob"}
    assert b"Every table is full: 1 still waiting." in response.content


def test_seating_with_nobody_waiting_is_refused(night: Night, table: Table) -> None:
    with pytest.raises(ActionRefused, match="Nobody is waiting for a seat"):
        seating.seat_waiting_players(table)


def test_pending_players_are_not_seated(
    make_night: Callable[..., Night], make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    guarded = make_night(name="Guarded", require_approval=True)
    table = make_table(name="Guarded table", target=guarded)
    make_player("Ann", target=guarded)
    with pytest.raises(ActionRefused, match="Nobody is waiting"):
        seating.seat_waiting_players(table)


def test_seating_in_a_closed_night_is_refused(
    night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    make_player("Ann")
    night.status = Night.Status.CLOSED
    night.save(update_fields=["status"])
    with pytest.raises(ActionRefused, match="This night is closed"):
        seating.seat_waiting_players(table)
    assert not Seat.objects.exists()


def test_host_moves_a_seated_player_to_a_free_seat(
    host_client: Client, night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    kitchen, lounge = make_table(name="Kitchen"), make_table(name="Lounge")
    ann = make_player("Ann")
    seating.seat_waiting_players(kitchen)
    host_client.post(_move_url(night, ann), {"destination": f"{lounge.pk}:4"})
    seat = Seat.objects.get(player=ann)
    assert (seat.table, seat.number) == (lounge, 4)
    assert not kitchen.seats.exists()


def test_moving_to_a_taken_seat_is_refused_and_changes_nothing(
    night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    ann, bob = make_player("Ann"), make_player("Bob")
    seating.move_player(ann, table, 1)
    seating.move_player(bob, table, 2)
    with pytest.raises(ActionRefused, match="Seat 1 at Main table is taken by Ann"):
        seating.move_player(bob, table, 1)
    assert Seat.objects.get(player=bob).number == 2


def test_moving_through_the_page_to_a_seat_just_taken_says_so(
    host_client: Client, night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    ann, bob = make_player("Ann"), make_player("Bob")
    seating.move_player(ann, table, 1)
    response = host_client.post(_move_url(night, bob), {"destination": f"{table.pk}:1"}, follow=True)
    assert b"That seat is no longer free: pick another." in response.content
    assert not Seat.objects.filter(player=bob).exists()


def test_moving_beyond_the_last_seat_is_refused(
    night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    duel = make_table(name="Duel", max_seats=2)
    with pytest.raises(ActionRefused, match="Duel has seats 1 to 2"):
        seating.move_player(make_player("Ann"), duel, 3)


def test_moving_to_a_table_of_another_night_is_refused(
    make_night: Callable[..., Night], make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    elsewhere = make_table(name="Elsewhere", target=make_night(name="Other night"))
    with pytest.raises(ActionRefused, match="is not a table of this night"):
        seating.move_player(make_player("Ann"), elsewhere, 1)


def test_a_player_is_never_seated_twice(
    night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    kitchen, lounge = make_table(name="Kitchen"), make_table(name="Lounge")
    ann = make_player("Ann")
    seating.seat_waiting_players(kitchen)
    # Already seated, so no longer waiting: another table's draw does not take her.
    with pytest.raises(ActionRefused, match="Nobody is waiting"):
        seating.seat_waiting_players(lounge)
    seating.move_player(ann, lounge, 3)
    assert Seat.objects.filter(player=ann).count() == 1


def test_the_database_refuses_a_second_seat_for_a_player(
    night: Night, make_table: Callable[..., Table], make_player: Callable[..., Player]
) -> None:
    kitchen, lounge = make_table(name="Kitchen"), make_table(name="Lounge")
    ann = make_player("Ann")
    Seat.objects.create(table=kitchen, number=1, player=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=lounge, number=1, player=ann)


def test_the_database_refuses_two_players_in_one_seat(
    night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    Seat.objects.create(table=table, number=1, player=make_player("Ann"))
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table=table, number=1, player=make_player("Bob"))


def test_a_player_who_has_left_frees_their_seat(
    host_client: Client, night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    seating.seat_waiting_players(table)
    host_client.post(f"/host/nights/{night.pk}/players/{ann.pk}/remove/")
    ann.refresh_from_db()
    assert ann.status == Player.Status.LEFT
    assert not Seat.objects.exists()


def test_a_player_who_left_cannot_be_moved_into_a_seat(
    night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    remove_player(ann)
    with pytest.raises(ActionRefused, match="Ann has not been let in"):
        seating.move_player(ann, table, 1)


def test_host_night_page_lists_each_seat(
    host_client: Client, night: Night, table: Table, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    seating.move_player(ann, table, 7)
    content = host_client.get(f"/host/nights/{night.pk}/").content.decode()
    assert content.count('class="seat-no"') == table.max_seats
    assert re.search(r'seat-no">7</span>\s*<span class="player-name">Ann</span>', content)
