"""A display name that reads as a card is refused, wherever a name is set, and nothing changes.

At a table whose screens are full of cards, a guest called "As" would be read as the ace of
spades (and was once read so by the shuffle's openings: docs/design.md, Visibility, "Nothing may
reveal a hidden card"). The rule has one home, `joining.clean_display_name` (the card text:
`engine.cards.reads_as_cards`): joining from a phone, the admin's player form, and a returning
guest's claim, which would name a person after an earlier night's player, all ask it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import NameClaim, Night, Person, Player
from tables.services.seating import joining, people

pytestmark = pytest.mark.django_db

CARD_NAMES = ["As", "as", "A s", "Ah Kd", "10h", "Td", "AsKs", "a-s", "7h, 2c", "Q♠", " kd. "]
NOT_CARDS = ["Ash", "Ted", "Jack", "Kc2", "Ace", "Sam 2"]
MESSAGE = "reads as a card, and at the table it would be taken for one. Pick another name."


def _stored_as(player: Player, name: str) -> Player:
    """The player as a night from before the rule may have stored them."""
    Player.objects.filter(pk=player.pk).update(display_name=name)
    player.refresh_from_db()
    return player


@pytest.mark.parametrize("name", CARD_NAMES)
def test_joining_with_a_name_that_reads_as_a_card_is_refused(night: Night, name: str) -> None:
    with pytest.raises(ActionRefused, match=MESSAGE):
        joining.join_night(night, name)
    assert not Player.objects.exists()


@pytest.mark.parametrize("name", NOT_CARDS)
def test_a_name_that_only_starts_like_a_card_is_welcome(night: Night, name: str) -> None:
    assert joining.join_night(night, name).display_name == name


@pytest.mark.parametrize("name", ["As", "7h 2c"])
def test_the_join_page_says_why_a_card_name_is_refused(night: Night, name: str) -> None:
    phone = Client()
    response = phone.post(f"/join/{night.join_code}/", {"display_name": name})
    assert response.status_code == 400
    assert f"“{name}” {MESSAGE}" in response.content.decode()
    assert not Player.objects.exists()


def test_the_admin_cannot_rename_a_player_like_a_card(
    host_client: Client, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    url = f"/admin/tables/player/{ann.pk}/change/"
    response = host_client.post(url, {"display_name": "Kd", "user": ""})
    assert response.status_code == 200  # the form again, with its error
    assert MESSAGE in response.content.decode()
    ann.refresh_from_db()
    assert ann.display_name == "Ann"
    renamed = host_client.post(url, {"display_name": "Annie", "user": ""})
    assert renamed.status_code == 302
    ann.refresh_from_db()
    assert ann.display_name == "Annie"


@pytest.fixture
def last_time(make_night: Callable[..., Night]) -> Night:
    return make_night(name="Last time", date=datetime.date(2026, 11, 13))


def test_a_returning_guest_cannot_claim_a_name_that_reads_as_a_card(night: Night, last_time: Night) -> None:
    """A confirmed claim names a person as the claimed player was named: not like a card."""
    then = _stored_as(joining.join_night(last_time, "Ace"), "As")
    now = joining.join_night(night, "Asa")
    assert [c.player_id for c in people.candidates(now)] == []
    with pytest.raises(ActionRefused, match=MESSAGE):
        people.claim_name(now, then.pk)
    assert not NameClaim.objects.exists() and not Person.objects.exists()


def test_the_host_cannot_confirm_a_claim_of_a_name_that_reads_as_a_card(
    night: Night, last_time: Night, host: User
) -> None:
    """A claim made before the rule, waiting for the host: confirming it names nobody like a card."""
    then = _stored_as(joining.join_night(last_time, "Ace"), "Kd")
    now = joining.join_night(night, "Kid")
    claim = NameClaim.objects.create(player=now, claimed=then)
    with pytest.raises(ActionRefused, match=MESSAGE):
        people.confirm_claim(claim.pk, host)
    claim.refresh_from_db()
    assert claim.status == NameClaim.Status.PENDING and not Person.objects.exists()


def test_a_person_already_named_goes_on_being_claimed(
    night: Night, last_time: Night, host: User, make_night: Callable[..., Night]
) -> None:
    """A player recognised before keeps their person's name: nothing is named by the claim."""
    first_time = make_night(name="First time", date=datetime.date(2026, 10, 2))
    earlier = joining.join_night(first_time, "Ann")
    then = _stored_as(joining.join_night(last_time, "Ace"), "As")
    people.confirm_claim(people.claim_name(then, earlier.pk).pk, host)
    now = joining.join_night(night, "Asa")
    assert [c.player_id for c in people.candidates(now)] == [then.pk]
    people.confirm_claim(people.claim_name(now, then.pk).pk, host)
    assert people.person_of(now) == people.person_of(earlier)
