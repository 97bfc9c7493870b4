"""A guest who joins another night from the same phone still reads the recap of a night they
played, and only that: the phone is the new night's guest for everything else.

The recap is "for the players of that night"; joining night 2 used to leave the phone pointing
at night 2's guest only, so night 1's recap was refused to the very phone that played it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.identity import EARLIER_KEY, SESSION_KEY
from tables.models import Night, Player
from tables.services.ledger import closing
from tables.services.ledger.transfers import take_over_identity
from tables.tests.conftest import join_from_phone

pytestmark = pytest.mark.django_db


def _closed_night(make_night: Callable[..., Night], host: User, *names: str) -> tuple[Night, list[Client]]:
    night = make_night()
    phones = [join_from_phone(night, name) for name in names]
    Player.objects.filter(night=night).update(status=Player.Status.APPROVED)
    closing.close_night(night, host)
    return night, phones


def _join(phone: Client, night: Night, name: str) -> None:
    response = phone.post(f"/join/{night.join_code}/", {"display_name": name})
    assert response.status_code == 302, response.content.decode()


def test_a_phone_that_joined_another_night_still_reads_the_recap_of_the_night_it_played(
    make_night: Callable[..., Night], host: User
) -> None:
    first, (ann, bea) = _closed_night(make_night, host, "Ann", "Bea")
    other, _ = _closed_night(make_night, host, "Cal")
    second = make_night()
    _join(ann, second, "Ann")
    assert ann.get(f"/nights/{first.pk}/recap/").status_code == 200
    # Only nights it played: another closed night of the host stays closed to it.
    assert ann.get(f"/nights/{other.pk}/recap/").status_code == 403
    # For everything else the phone is the new night's guest.
    now = Player.objects.get(session_token=ann.session[SESSION_KEY])
    assert now.night_id == second.pk
    # A phone new to both nights joining the second one gets nothing of the first.
    newcomer = join_from_phone(second, "Dan")
    assert newcomer.get(f"/nights/{first.pk}/recap/").status_code == 403
    assert bea.get(f"/nights/{first.pk}/recap/").status_code == 200


def test_a_guest_moved_to_another_phone_takes_the_recap_with_them(
    make_night: Callable[..., Night], host: User
) -> None:
    """The old phone kept the token of a guest who since moved to another phone: that token
    points to nobody now, and the old phone reads nothing of that guest's night."""
    first, (ann,) = _closed_night(make_night, host, "Ann")
    second = make_night()
    _join(ann, second, "Ann")
    assert len(ann.session[EARLIER_KEY]) == 1
    player = Player.objects.get(night=first)
    Player.objects.filter(pk=player.pk).update(transfer_token="move-ann")
    take_over_identity("move-ann")
    assert ann.get(f"/nights/{first.pk}/recap/").status_code == 403
