"""The host gives a closed night's public verify link to whoever should check its hands.

docs/shuffle.md: once the night is closed anyone can check "for every hand whose seeds are
revealed: the seed against the commitment published at the cut-off, each value against its
pledge, the whole deck from the seed and the values against the root". Anyone who did not play
reaches that check through the link the host makes on the night page: a secret of its own, which
the host can revoke, that opens nothing while the night is open or after it is revoked.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import Night, Table
from tables.models.ledger import AuditEntry
from tables.models.live import Hand
from tables.services.hosting import verify_links
from tables.services.ledger import closing
from tables.tests.live_helpers import seat_guest
from tables.tests.test_table_page import play_a_hand_ended_by_folds

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="(?:https?://[^/"]+)?(/verify/nights/[^/"]+/)"')


@pytest.fixture
def closed(table: Table, host: User, night: Night) -> Hand:
    for number, name in enumerate(["Ann", "Bo"], 1):
        seat_guest(table, name, number, 100)
    play_a_hand_ended_by_folds(table)
    closing.close_night(night, host)
    return Hand.objects.get(table=table)


def _made_on_the_night_page(host_client: Client, night: Night) -> str:
    page = host_client.post(f"/host/nights/{night.pk}/verify-link/", {"link": "make"}, follow=True)
    [link] = LINK.findall(page.content.decode())
    return link


def test_anyone_with_the_link_checks_every_hand_of_the_closed_night(
    closed: Hand, host_client: Client, night: Night
) -> None:
    link = _made_on_the_night_page(host_client, night)
    page = Client().get(link)
    assert page.status_code == 200
    text = page.content.decode()
    assert closed.seed in text
    assert text.count("seed, contributions and deck match what was published") == 1


def test_the_link_is_a_secret_the_log_never_shows(closed: Hand, host_client: Client, night: Night) -> None:
    link = _made_on_the_night_page(host_client, night)
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert len(token) >= 40 and str(night.pk) != token and night.join_code not in token
    line = AuditEntry.objects.filter(night=night).latest("id")
    assert line.what == "Made the night's public verify link"
    assert token not in f"{line.what} {line.why} {line.payload}"
    assert token not in Client().get(f"/nights/{night.pk}/log/").content.decode()
    assert Client().get("/verify/nights/" + "x" * len(token) + "/").status_code == 404


def test_a_revoked_link_opens_nothing_and_a_new_one_is_another_secret(
    closed: Hand, host_client: Client, night: Night
) -> None:
    first = _made_on_the_night_page(host_client, night)
    page = host_client.post(f"/host/nights/{night.pk}/verify-link/", {"link": "revoke"}, follow=True)
    assert not LINK.findall(page.content.decode())
    assert Client().get(first).status_code == 404
    second = _made_on_the_night_page(host_client, night)
    assert second != first and Client().get(second).status_code == 200


def test_while_the_night_is_open_no_link_is_made_and_none_opens(
    closed: Hand, host_client: Client, host: User, night: Night
) -> None:
    link = _made_on_the_night_page(host_client, night)
    closing.reopen_night(night, host, "a buy-in was missed")
    assert Client().get(link).status_code == 404
    Night.objects.filter(pk=night.pk).update(verify_token=None)
    page = host_client.post(f"/host/nights/{night.pk}/verify-link/", {"link": "make"}, follow=True)
    assert "opens once the night is closed" in page.content.decode()
    assert Night.objects.get(pk=night.pk).verify_token is None
    with pytest.raises(ActionRefused, match="once the night is closed"):
        verify_links.make_verify_link(night, host)
