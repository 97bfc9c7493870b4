"""The host may require approval: a joining player waits on a "waiting for the host" screen."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client

from tables.models import Night, Player
from tables.tests.conftest import join_from_phone

pytestmark = pytest.mark.django_db


@pytest.fixture
def approval_night(make_night: Callable[..., Night]) -> Night:
    return make_night(name="Invitation only", require_approval=True)


def test_player_waits_for_the_host_when_approval_is_required(approval_night: Night) -> None:
    phone = join_from_phone(approval_night, "Ann")
    assert Player.objects.get().status == Player.Status.PENDING
    page = phone.get("/play/")
    assert b"Waiting for the host" in page.content
    assert phone.get("/play/status.json").json()["state"] == "pending"


def test_host_sees_pending_players_and_lets_them_in(host_client: Client, approval_night: Night) -> None:
    phone = join_from_phone(approval_night, "Ann")
    player = Player.objects.get()
    page = host_client.get(f"/host/nights/{approval_night.pk}/")
    assert b"Waiting for approval" in page.content
    host_client.post(f"/host/nights/{approval_night.pk}/players/{player.pk}/approve/")
    player.refresh_from_db()
    assert player.status == Player.Status.APPROVED
    assert player.decided_at is not None
    # The waiting phone's next poll shows the change without a reload.
    assert phone.get("/play/status.json").json()["state"] == "waiting"


def test_host_turns_a_player_away(host_client: Client, approval_night: Night) -> None:
    phone = join_from_phone(approval_night, "Ann")
    player = Player.objects.get()
    host_client.post(f"/host/nights/{approval_night.pk}/players/{player.pk}/reject/")
    player.refresh_from_db()
    assert player.status == Player.Status.REJECTED
    assert phone.get("/play/status.json").json()["state"] == "rejected"


def test_approving_twice_is_refused_with_a_message(host_client: Client, approval_night: Night) -> None:
    join_from_phone(approval_night, "Ann")
    player = Player.objects.get()
    url = f"/host/nights/{approval_night.pk}/players/{player.pk}/approve/"
    host_client.post(url)
    response = host_client.post(url, follow=True)
    assert b"Ann is not waiting for approval." in response.content


def test_a_rejected_player_cannot_be_approved_later(host_client: Client, approval_night: Night) -> None:
    join_from_phone(approval_night, "Ann")
    player = Player.objects.get()
    host_client.post(f"/host/nights/{approval_night.pk}/players/{player.pk}/reject/")
    host_client.post(f"/host/nights/{approval_night.pk}/players/{player.pk}/approve/")
    player.refresh_from_db()
    assert player.status == Player.Status.REJECTED


def test_players_join_approved_when_the_night_does_not_require_approval(night: Night) -> None:
    phone = join_from_phone(night, "Ann")
    assert Player.objects.get().status == Player.Status.APPROVED
    assert phone.get("/play/status.json").json()["state"] == "waiting"


def test_approval_actions_need_the_host(client: Client, approval_night: Night) -> None:
    join_from_phone(approval_night, "Ann")
    player = Player.objects.get()
    response = client.post(f"/host/nights/{approval_night.pk}/players/{player.pk}/approve/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
    player.refresh_from_db()
    assert player.status == Player.Status.PENDING


def test_approval_actions_refuse_get(host_client: Client, approval_night: Night) -> None:
    join_from_phone(approval_night, "Ann")
    player = Player.objects.get()
    response = host_client.get(f"/host/nights/{approval_night.pk}/players/{player.pk}/approve/")
    assert response.status_code == 405
