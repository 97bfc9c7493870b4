"""A returning guest claims their name from an earlier night; the host confirms; results add up.

Issue 21: "Players are recognised across nights: a returning guest claims their name from last
time (the host confirms), so results add up to one person." A wrong claim is refused or
rejected, and two people are never merged without the host's word.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import AuditEntry, NameClaim, Night, Person, PersonLink, Player
from tables.services.hosting import hosting
from tables.services.seating import joining, people
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def last_time(make_night: Callable[..., Night]) -> Night:
    return make_night(name="Last time", date=datetime.date(2026, 11, 13))


def _played(night: Night, name: str) -> Player:
    return joining.join_night(night, name)


def test_a_confirmed_claim_makes_both_players_one_person(night: Night, last_time: Night, host: User) -> None:
    ann_then = _played(last_time, "Ann")
    ann_now = _played(night, "Annie")
    claim = people.claim_name(ann_now, ann_then.pk)
    assert people.person_of(ann_now) is None  # nothing until the host confirms
    people.confirm_claim(claim.pk, host)
    person = people.person_of(ann_now)
    assert person is not None and person == people.person_of(ann_then)
    assert person.name == "Ann"
    keys = people.person_keys([ann_then, ann_now])
    assert keys[ann_then.pk] == keys[ann_now.pk] == (f"person:{person.pk}", "Ann")
    assert AuditEntry.objects.filter(night=night, what__startswith="Recognised Annie as Ann").exists()


def test_two_guests_with_one_name_stay_two_people_without_a_claim(night: Night, last_time: Night) -> None:
    """Never merged silently: the same name on two nights is two people until the host says otherwise."""
    then, now = _played(last_time, "Bo"), _played(night, "Bo")
    keys = people.person_keys([then, now])
    assert keys[then.pk] != keys[now.pk]
    assert not Person.objects.exists()


def test_a_name_of_tonight_is_refused(night: Night) -> None:
    ann, bo = _played(night, "Ann"), _played(night, "Bo")
    with pytest.raises(ActionRefused, match="plays tonight"):
        people.claim_name(bo, ann.pk)
    assert not NameClaim.objects.exists()


def test_a_name_of_another_hosts_night_is_refused(night: Night) -> None:
    other_host = User.objects.create_user("someone-else", password="x" * 20)
    theirs = hosting.create_night(
        other_host,
        name="Elsewhere",
        date=datetime.date(2026, 11, 1),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    stranger = _played(theirs, "Cy")
    with pytest.raises(ActionRefused, match="not from this host"):
        people.claim_name(_played(night, "Cy"), stranger.pk)


def test_a_name_from_a_later_night_is_refused(night: Night, make_night: Callable[..., Night]) -> None:
    later = make_night(name="Next time", date=datetime.date(2026, 12, 11))
    with pytest.raises(ActionRefused, match="after this one"):
        people.claim_name(_played(night, "Di"), _played(later, "Di").pk)


def test_a_person_already_here_tonight_cannot_be_claimed_twice(
    night: Night, last_time: Night, host: User
) -> None:
    ann_then = _played(last_time, "Ann")
    ann_now, impostor = _played(night, "Ann"), _played(night, "Anne")
    people.confirm_claim(people.claim_name(ann_now, ann_then.pk).pk, host)
    with pytest.raises(ActionRefused, match="already here tonight"):
        people.claim_name(impostor, ann_then.pk)
    assert [c.name for c in people.candidates(impostor)] == []  # not offered either


def test_two_claims_of_one_person_the_host_confirms_only_one(
    night: Night, last_time: Night, host: User
) -> None:
    ann_then = _played(last_time, "Ann")
    first = people.claim_name(_played(night, "Ann"), ann_then.pk)
    second = people.claim_name(_played(night, "Anna"), ann_then.pk)
    people.confirm_claim(first.pk, host)
    with pytest.raises(ActionRefused, match="already here tonight"):
        people.confirm_claim(second.pk, host)
    second.refresh_from_db()
    assert second.status == NameClaim.Status.PENDING
    assert PersonLink.objects.filter(night=night).count() == 1


def test_the_host_rejects_a_wrong_claim_and_it_is_logged(night: Night, last_time: Night, host: User) -> None:
    bo_then = _played(last_time, "Bo")
    cheeky = _played(night, "Bo")
    claim = people.claim_name(cheeky, bo_then.pk)
    people.reject_claim(claim.pk, host, "Different Bo")
    claim.refresh_from_db()
    assert claim.status == NameClaim.Status.REJECTED
    assert people.person_of(cheeky) is None and not Person.objects.exists()
    entry = AuditEntry.objects.get(night=night, what__startswith="Did not recognise")
    assert entry.why == "Different Bo" and entry.who == host
    with pytest.raises(ActionRefused, match="already rejected"):
        people.confirm_claim(claim.pk, host)


def test_only_the_host_confirms(night: Night, last_time: Night) -> None:
    claim = people.claim_name(_played(night, "Ann"), _played(last_time, "Ann").pk)
    stranger = User.objects.create_user("nosy", password="x" * 20)
    with pytest.raises(ActionRefused, match="Only the night's host"):
        people.confirm_claim(claim.pk, stranger)
    assert not PersonLink.objects.exists()


def test_one_claim_waits_at_a_time(night: Night, last_time: Night) -> None:
    ann = _played(night, "Ann")
    people.claim_name(ann, _played(last_time, "Ann").pk)
    with pytest.raises(ActionRefused, match="waiting for the host"):
        people.claim_name(ann, _played(last_time, "Bo").pk)


def test_a_recognised_person_is_offered_once_under_their_latest_night(
    night: Night, last_time: Night, make_night: Callable[..., Night], host: User
) -> None:
    first = make_night(name="First", date=datetime.date(2026, 10, 30))
    ann_first = _played(first, "Ann")
    ann_last = _played(last_time, "Ann B")
    people.confirm_claim(people.claim_name(ann_last, ann_first.pk).pk, host)
    _played(first, "Bo")
    offered = people.candidates(_played(night, "Newcomer"))
    assert [(c.name, c.last_played, c.nights) for c in offered] == [
        ("Ann B", datetime.date(2026, 11, 13), 2),
        ("Bo", datetime.date(2026, 10, 30), 1),
    ]


def test_the_phone_claims_and_the_host_confirms_through_the_pages(
    night: Night, last_time: Night, host_client: Client
) -> None:
    ann_then = _played(last_time, "Ann")
    ann_now = _played(night, "Ann")
    phone = phone_of(ann_now)
    page = phone.get("/play/claim/").content.decode()
    assert "Ann" in page and "13 Nov 2026" in page
    phone.post("/play/claim/", {"claimed": ann_then.pk})
    claim = NameClaim.objects.get(player=ann_now)
    assert "says they are" in host_client.get(f"/host/nights/{night.pk}/people/").content.decode()
    # A guest cannot confirm their own claim.
    phone.post(f"/host/nights/{night.pk}/people/claims/{claim.pk}/confirm/")
    assert people.person_of(ann_now) is None
    host_client.post(f"/host/nights/{night.pk}/people/claims/{claim.pk}/confirm/")
    assert people.person_of(ann_now) is not None
    assert "recognised as" in phone.get("/play/claim/").content.decode()


def test_a_refused_claim_from_the_phone_says_why_and_changes_nothing(night: Night) -> None:
    ann, bo = _played(night, "Ann"), _played(night, "Bo")
    response = phone_of(bo).post("/play/claim/", {"claimed": ann.pk}, follow=True)
    assert "plays tonight" in response.content.decode()
    assert not NameClaim.objects.exists()
    response = phone_of(bo).post("/play/claim/", {"claimed": "not-a-number"}, follow=True)
    assert "Choose a name" in response.content.decode()
