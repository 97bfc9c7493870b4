"""Let everyone in: one tap approves every player waiting for the host, each through the one
approval (its own line in the open log); with nobody waiting it is refused and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import AuditEntry, Night, Player
from tables.services.hosting import host_panel
from tables.services.seating import joining


@pytest.fixture
def door(make_night: Callable[..., Night]) -> Night:
    return make_night(require_approval=True)


def test_everyone_waiting_is_let_in_with_a_line_each(door: Night, host: User) -> None:
    for name in ("Ann", "Bea", "Cal"):
        joining.join_night(door, name)
    turned_away = joining.join_night(door, "Dan")
    joining.reject_player(turned_away)
    let_in = host_panel.let_everyone_in(door, host, "they are all friends")
    assert [p.display_name for p in let_in] == ["Ann", "Bea", "Cal"]
    statuses = dict(door.players.values_list("display_name", "status"))
    assert statuses == {"Ann": "approved", "Bea": "approved", "Cal": "approved", "Dan": "rejected"}
    lines = list(AuditEntry.objects.filter(night=door).order_by("id").values_list("what", "why"))[-3:]
    assert lines == [(f"Let {name} in", "they are all friends") for name in ("Ann", "Bea", "Cal")]


def test_nobody_waiting_is_refused(door: Night, host: User) -> None:
    before = AuditEntry.objects.count()
    with pytest.raises(ActionRefused, match="Nobody is waiting to be let in"):
        host_panel.let_everyone_in(door, host)
    assert AuditEntry.objects.count() == before


def test_only_a_host_lets_everyone_in(door: Night) -> None:
    joining.join_night(door, "Ann")
    guest = User.objects.create_user(username="guest", password="x")
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_panel.let_everyone_in(door, guest)
    assert door.players.get().status == Player.Status.PENDING


def test_the_panel_button_lets_them_in(door: Night, host_client: Client) -> None:
    joining.join_night(door, "Ann")
    joining.join_night(door, "Bea")
    page = host_client.get(f"/host/nights/{door.pk}/panel/").content.decode()
    assert "Let everyone in (2)" in page
    response = host_client.post(f"/host/nights/{door.pk}/panel/let-everyone-in/", follow=True)
    assert "Let Ann in; Let Bea in. They wait for a seat." in response.content.decode()
    assert set(door.players.values_list("status", flat=True)) == {"approved"}
