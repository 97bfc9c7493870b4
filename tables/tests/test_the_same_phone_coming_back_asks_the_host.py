"""A phone that played an earlier night of the host's joins again: the host is asked "same person?"
for the guest, as if they had tapped "Played here before?", so the split is prevented where it is
safe. Nothing is linked without the host's word (docs/seasons.md: "Two guests with one name are
never merged without the host's word").

The issue: "the same guests on the same phones with the same names on night 2, without tapping
'Played here before?', become 'Bob (05 Dec)' and 'Bob (05 Dec) (2)'."
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import AuditEntry, NameClaim, Night, PersonLink, Player
from tables.services.seating import people
from tables.tests.conftest import new_night

pytestmark = pytest.mark.django_db


def _join(phone: Client, night: Night, name: str) -> Player:
    response = phone.post(f"/join/{night.join_code}/", {"display_name": name})
    assert response.status_code == 302, response.content.decode()
    return Player.objects.get(night=night, display_name=name)


@pytest.fixture
def two_nights(make_night: Callable[..., Night]) -> tuple[Night, Night]:
    return make_night(name="Last time", date=datetime.date(2026, 11, 13)), make_night()


def test_the_same_phone_on_the_next_night_asks_the_host_and_links_nothing_yet(
    two_nights: tuple[Night, Night],
) -> None:
    last_time, tonight = two_nights
    phone = Client()
    bob1 = _join(phone, last_time, "Bob")
    bob2 = _join(phone, tonight, "Bob")
    claim = NameClaim.objects.get(player=bob2)
    assert claim.claimed == bob1 and claim.status == NameClaim.Status.PENDING
    assert not PersonLink.objects.exists()  # the host's word decides
    line = AuditEntry.objects.filter(night=tonight, payload__name_claim=claim.pk).get()
    assert line.what == "Bob joined on the phone that played as Bob on 13 Nov 2026: the same person?"


def test_the_host_confirms_and_both_nights_are_one_person(
    two_nights: tuple[Night, Night], host: User
) -> None:
    last_time, tonight = two_nights
    phone = Client()
    bob1 = _join(phone, last_time, "Bob")
    bob2 = _join(phone, tonight, "Bobby")
    people.confirm_claim(NameClaim.objects.get(player=bob2).pk, host)
    assert people.person_of(bob1) == people.person_of(bob2) is not None


def test_another_phone_asks_nothing(two_nights: tuple[Night, Night]) -> None:
    last_time, tonight = two_nights
    _join(Client(), last_time, "Bob")
    _join(Client(), tonight, "Bob")
    assert not NameClaim.objects.exists()


def test_a_phone_from_another_hosts_night_asks_nothing(two_nights: tuple[Night, Night]) -> None:
    _, tonight = two_nights
    elsewhere = new_night(User.objects.create_user("other-host", password="x"), name="Elsewhere")
    phone = Client()
    _join(phone, elsewhere, "Bob")
    _join(phone, tonight, "Bob")
    assert not NameClaim.objects.exists()


def test_the_returning_players_page_says_the_phone_asked(
    two_nights: tuple[Night, Night], host_client: Client
) -> None:
    last_time, tonight = two_nights
    phone = Client()
    _join(phone, last_time, "Bob")
    _join(phone, tonight, "Bob")
    text = host_client.get(f"/host/nights/{tonight.pk}/people/").content.decode()
    assert "joined on the phone that played as <strong>Bob</strong> at Last time, 13 Nov 2026" in text
