"""Edits in /admin/ are in the host's log: the admin is one more door to a night's names, tables
and co-hosts, and "every host action logged" holds for it too."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import CoHost, Night, Player
from tables.models.ledger import AuditEntry

pytestmark = pytest.mark.django_db


def _lines(night: Night) -> list[str]:
    return list(AuditEntry.objects.filter(night=night).order_by("pk").values_list("what", flat=True))


def test_renaming_a_player_in_the_admin_writes_one_line_naming_before_and_after(
    host_client: Client, night: Night, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    before = _lines(night)
    response = host_client.post(
        f"/admin/tables/player/{ann.pk}/change/", {"display_name": "Annie", "user": ""}
    )
    assert response.status_code == 302
    added = _lines(night)[len(before) :]
    assert len(added) == 1
    assert "in the admin" in added[0] and "“Ann” → “Annie”" in added[0]
    entry = AuditEntry.objects.filter(night=night).latest("pk")
    assert entry.who is not None and entry.who.is_staff


def test_a_refused_admin_edit_writes_no_line(
    host_client: Client, night: Night, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    before = _lines(night)
    response = host_client.post(f"/admin/tables/player/{ann.pk}/change/", {"display_name": "Kd", "user": ""})
    assert response.status_code == 200  # the form again, with its error
    assert _lines(night) == before


def test_adding_and_removing_a_co_host_in_the_admin_are_logged(host_client: Client, night: Night) -> None:
    friend = User.objects.create_user("friend", password="x")
    response = host_client.post("/admin/tables/cohost/add/", {"night": night.pk, "user": friend.pk})
    assert response.status_code == 302, response.content.decode()[:2000]
    co_host = CoHost.objects.get(night=night, user=friend)
    assert any(line.startswith("added") and "friend co-hosts" in line for line in _lines(night))
    response = host_client.post(f"/admin/tables/cohost/{co_host.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not CoHost.objects.filter(pk=co_host.pk).exists()
    assert any(line.startswith("removed") and "friend co-hosts" in line for line in _lines(night))
