"""The admin moves no chip: seats, a player's status and night, and a table's night change only
through the host's pages, which move the chips with them and write the open log.

"Every host tool is one of these operations; there is no second way to make or destroy a chip"
(docs/chips-and-money.md). Through the admin, deleting a seat record left the player's stack on
the live table and gave them its chips again in their hand (cashed out, paid twice); marking a
player as gone let chips in their hand vanish without a cash-out; and moving a table to another
night took its stacks from one night's count into another's.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night, Player, Seat, Table
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann_seated(table: Table, host: User) -> Player:
    ann = joining.join_night(table.night, "Ann")
    ledger.record_chips_in(ann, "buy_in", 200, host)
    seating.move_player(ann, table, 1)
    return ann


def test_a_seat_record_cannot_be_deleted_added_or_changed_in_the_admin(
    host_client: Client, table: Table, ann_seated: Player
) -> None:
    seat = Seat.objects.get(player=ann_seated)

    deleted = host_client.post(f"/admin/tables/seat/{seat.pk}/delete/", {"post": "yes"})
    changed = host_client.post(
        f"/admin/tables/seat/{seat.pk}/change/", {"table": table.pk, "number": 5, "player": ann_seated.pk}
    )
    added = host_client.get("/admin/tables/seat/add/")

    assert deleted.status_code == changed.status_code == added.status_code == 403
    assert Seat.objects.get(player=ann_seated).number == 1
    assert ledger.chips_in_hand(ann_seated) == 0
    assert night_totals.totals(table.night).balanced
    assert host_client.get(f"/admin/tables/seat/{seat.pk}/change/").status_code == 200  # still shown


def _player_form(player: Player, **changes: object) -> dict[str, object]:
    return {
        "night": player.night_id,
        "display_name": player.display_name,
        "status": player.status,
        "user": "",
        **changes,
    }


def test_a_player_s_status_and_night_stay_as_the_host_s_pages_set_them(
    host_client: Client, night: Night, host: User, make_night: object
) -> None:
    """Ann holds 200 chips in her hand: "Has left" refuses to let her go with them."""
    ann = joining.join_night(night, "Ann")
    ledger.record_chips_in(ann, "buy_in", 200, host)
    other = make_night(name="Another night")  # type: ignore[operator]

    host_client.post(
        f"/admin/tables/player/{ann.pk}/change/", _player_form(ann, status="left", night=other.pk)
    )

    ann.refresh_from_db()
    assert ann.status == Player.Status.APPROVED and ann.night_id == night.pk
    assert ledger.chips_in_hand(ann) == 200
    assert night_totals.totals(night).balanced


def test_a_table_stays_in_its_night(
    host_client: Client, table: Table, ann_seated: Player, make_night: object
) -> None:
    other = make_night(name="Another night")  # type: ignore[operator]

    host_client.post(
        f"/admin/tables/table/{table.pk}/change/", {"name": table.name, "night": other.pk, "max_seats": 9}
    )

    table.refresh_from_db()
    assert table.night_id == ann_seated.night_id
    assert night_totals.totals(table.night).chips_on_tables == 200
