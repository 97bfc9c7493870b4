"""A tournament on chosen tables: the host picks which tables and how many seats each, and the
draw seats the entrants there only, spread evenly.

House rules: "Seats will be randomly assigned." The balancing the engine follows
(`engine.tournament.balancing`): tables in play "differ by at most one"; "once everyone fits at
one table, everyone draws a new seat at it". A cash table nobody chose is never drawn, nor is
a seat beyond the ones the host gave a table.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import AuditEntry, Night, Seat, Table
from tables.models.tournaments import Tournament
from tables.services.hosting import host_panel
from tables.services.ledger import ledger
from tables.services.seating import joining
from tables.services.tournament import tournament_seating
from tables.services.tournament.tournament_tables import numbered_tables
from tables.tests.tournament_helpers import make_tournament

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host, names=NAMES)[0]


@pytest.fixture
def three_tables(make_table: Callable[..., Table]) -> list[Table]:
    # The cash table first, with nine seats: the draw used to fill it with everyone.
    return [
        make_table("Cash", max_seats=9),
        make_table("Kitchen", max_seats=9),
        make_table("Lounge", max_seats=9),
    ]


def _counts(tables: list[Table]) -> dict[str, int]:
    return {table.name: Seat.objects.filter(table=table).count() for table in tables}


def test_the_draw_uses_only_the_chosen_tables_with_their_seats(
    tournament: Tournament, host: User, three_tables: list[Table]
) -> None:
    _, kitchen, lounge = three_tables
    tournament_seating.draw_opening_seats(tournament.pk, host, tables={kitchen.pk: 5, lounge.pk: 5})
    assert _counts(three_tables) == {"Cash": 0, "Kitchen": 4, "Lounge": 4}
    numbers = set(Seat.objects.filter(table__in=[kitchen, lounge]).values_list("number", flat=True))
    assert numbers <= {1, 2, 3, 4, 5}
    tournament.refresh_from_db()
    assert list(numbered_tables(tournament).values()) == [kitchen, lounge]
    line = AuditEntry.objects.filter(night=tournament.night).order_by("id").last().what
    assert line.endswith("(the tables chosen: Kitchen, 5 seats, Lounge, 5 seats)"), line


def test_a_table_not_chosen_takes_no_entrant_by_hand_either(
    tournament: Tournament, host: User, three_tables: list[Table]
) -> None:
    cash, kitchen, lounge = three_tables
    tournament_seating.draw_opening_seats(tournament.pk, host, tables={kitchen.pk: 5, lounge.pk: 5})
    ann = tournament.entries.get(player__display_name="Ann").player
    with pytest.raises(ActionRefused, match="is not a table of Main event"):
        host_panel.move_player(ann, cash, 1, host)


def test_cash_players_keep_their_table_while_the_tournament_draws_beside_them(
    night: Night, tournament: Tournament, host: User, three_tables: list[Table]
) -> None:
    cash, _, lounge = three_tables
    guest = joining.join_night(night, "Zed")
    ledger.record_chips_in(guest, "buy_in", 200, host)
    host_panel.move_player(guest, cash, 1, host)
    tournament_seating.draw_opening_seats(tournament.pk, host, tables={lounge.pk: 9})
    assert _counts(three_tables) == {"Cash": 1, "Kitchen": 0, "Lounge": 8}


@pytest.mark.parametrize(
    ("choice", "refusal"),
    [
        ({}, "Choose at least one table"),
        ("kitchen:1", "can seat 2 to 9 players"),
        ("kitchen:10", "can seat 2 to 9 players"),
        ("cash_taken", "Zed sits at Cash: the draw seats entrants at empty tables"),
        ("closed", "Lounge is closed"),
        ("other_night", "Choose the tables from the list"),
        ("too_few", "8 players do not fit in 4 seats"),
    ],
)
def test_a_bad_choice_is_refused_and_changes_nothing(
    night: Night,
    tournament: Tournament,
    host: User,
    three_tables: list[Table],
    make_night: Callable[..., Night],
    make_table: Callable[..., Table],
    choice: object,
    refusal: str,
) -> None:
    cash, kitchen, lounge = three_tables
    chosen: dict[int, int] = {}
    if choice == "kitchen:1":
        chosen = {kitchen.pk: 1}
    elif choice == "kitchen:10":
        chosen = {kitchen.pk: 10}
    elif choice == "cash_taken":
        guest = joining.join_night(night, "Zed")
        ledger.record_chips_in(guest, "buy_in", 200, host)
        host_panel.move_player(guest, cash, 1, host)
        chosen = {cash.pk: 9}
    elif choice == "closed":
        Table.objects.filter(pk=lounge.pk).update(status=Table.Status.CLOSED)
        chosen = {kitchen.pk: 6, lounge.pk: 6}
    elif choice == "other_night":
        chosen = {make_table("Elsewhere", target=make_night(name="Other night")).pk: 6}
    elif choice == "too_few":
        chosen = {kitchen.pk: 2, lounge.pk: 2}
    seats_before = list(Seat.objects.values_list("pk", "table_id", "number"))
    lines_before = AuditEntry.objects.count()
    with pytest.raises(ActionRefused, match=refusal):
        tournament_seating.draw_opening_seats(tournament.pk, host, tables=chosen)
    tournament.refresh_from_db()
    assert tournament.tables == []
    assert list(Seat.objects.values_list("pk", "table_id", "number")) == seats_before
    assert AuditEntry.objects.count() == lines_before


def test_the_seating_page_draws_at_the_tables_ticked(
    host_client: Client, tournament: Tournament, three_tables: list[Table]
) -> None:
    _, kitchen, lounge = three_tables
    page = host_client.get(f"/host/tournaments/{tournament.pk}/seating/").content.decode()
    assert f'name="table_{kitchen.pk}"' in page and f'name="seats_{kitchen.pk}"' in page
    response = host_client.post(
        f"/host/tournaments/{tournament.pk}/seating/draw/",
        {
            f"table_{lounge.pk}": "on",
            f"seats_{lounge.pk}": "6",
            f"table_{kitchen.pk}": "on",
            f"seats_{kitchen.pk}": "6",
        },
        follow=True,
    )
    assert "Drew seats for 8 players" in response.content.decode()
    assert _counts(three_tables) == {"Cash": 0, "Kitchen": 4, "Lounge": 4}


def test_the_seating_page_refuses_a_seat_count_that_is_not_a_number(
    host_client: Client, tournament: Tournament, three_tables: list[Table]
) -> None:
    kitchen = three_tables[1]
    response = host_client.post(
        f"/host/tournaments/{tournament.pk}/seating/draw/",
        {f"table_{kitchen.pk}": "on", f"seats_{kitchen.pk}": "six"},
        follow=True,
    )
    assert "Give each table you chose its number of seats" in response.content.decode()
    assert not Seat.objects.exists()
