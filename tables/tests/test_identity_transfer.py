"""The host can show a "continue on another device" QR for a player: a one-time link that moves
the identity. Using it binds the new browser's session and invalidates the old one."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.test import Client

from tables.errors import ActionRefused
from tables.models import Night, Player, Seat, Table
from tables.services.ledger import transfers
from tables.services.seating import seating
from tables.services.seating.joining import remove_player
from tables.tests.conftest import join_from_phone

pytestmark = pytest.mark.django_db


def _transfer_link(host_client: Client, night: Night, player: Player) -> str:
    response = host_client.post(f"/host/nights/{night.pk}/players/{player.pk}/transfer/")
    assert response.status_code == 200
    assert b'class="segno"' in response.content
    match = re.search(r'href="http://testserver(/continue/[^"]+/)"', response.content.decode())
    assert match
    return match.group(1)


def test_transfer_link_moves_the_identity_and_its_seat(
    host_client: Client, night: Night, table: Table
) -> None:
    old_phone = join_from_phone(night, "Ann")
    ann = Player.objects.get()
    seating.seat_waiting_players(table)
    link = _transfer_link(host_client, night, ann)

    new_phone = Client()
    response = new_phone.post(link)
    assert response["Location"] == "/play/"
    status = new_phone.get("/play/status.json").json()
    assert (status["state"], status["name"], status["seat"]) == ("seated", "Ann", Seat.objects.get().number)
    # The old browser is nobody now.
    assert old_phone.get("/play/status.json").json()["state"] == "none"
    assert Player.objects.count() == 1


def test_transfer_link_works_only_once(host_client: Client, night: Night) -> None:
    join_from_phone(night, "Ann")
    link = _transfer_link(host_client, night, Player.objects.get())
    first, second = Client(), Client()
    first.post(link)
    response = second.post(link, follow=True)
    assert b"This link has already been used or replaced." in response.content
    assert second.get("/play/status.json").json()["state"] == "none"
    assert first.get("/play/status.json").json()["name"] == "Ann"


def test_opening_the_link_only_asks_and_does_not_use_it(host_client: Client, night: Night) -> None:
    """Link previews and QR scanner apps fetch a link before the person taps it."""
    old_phone = join_from_phone(night, "Ann")
    link = _transfer_link(host_client, night, Player.objects.get())
    page = Client().get(link)
    assert page.status_code == 200
    assert b"Continue as Ann on this device?" in page.content
    assert old_phone.get("/play/status.json").json()["name"] == "Ann"
    assert Player.objects.get().transfer_token is not None


def test_a_used_or_unknown_link_says_it_no_longer_works(client: Client, night: Night) -> None:
    response = client.get("/continue/not-a-real-token/")
    assert response.status_code == 404
    assert b"This link no longer works" in response.content


def test_a_newer_link_replaces_the_older_one(host_client: Client, night: Night) -> None:
    join_from_phone(night, "Ann")
    ann = Player.objects.get()
    older = _transfer_link(host_client, night, ann)
    newer = _transfer_link(host_client, night, ann)
    with pytest.raises(ActionRefused):
        transfers.take_over_identity(older.split("/")[2])
    assert transfers.take_over_identity(newer.split("/")[2]).pk == ann.pk


def test_no_transfer_link_for_a_player_who_left(make_player: Callable[..., Player]) -> None:
    ann = make_player("Ann")
    remove_player(ann)
    with pytest.raises(ActionRefused, match="Ann is no longer in this night"):
        transfers.create_transfer_link_token(ann)


def test_transferring_keeps_one_seat_for_the_identity(
    host_client: Client, night: Night, table: Table
) -> None:
    """An identity is never seated twice at once: it moves, its single seat row follows."""
    join_from_phone(night, "Ann")
    seating.seat_waiting_players(table)
    before = Seat.objects.get()
    Client().post(_transfer_link(host_client, night, Player.objects.get()))
    assert list(Seat.objects.values_list("pk", "number")) == [(before.pk, before.number)]


def test_only_the_host_makes_transfer_links(client: Client, night: Night) -> None:
    join_from_phone(night, "Ann")
    ann = Player.objects.get()
    response = client.post(f"/host/nights/{night.pk}/players/{ann.pk}/transfer/")
    assert response.status_code == 302
    ann.refresh_from_db()
    assert ann.transfer_token is None
