"""Who may host a night, asked the same way by every page, the tournament pages and the socket.

House rules: "The host's call is final." The night is run by its host, by the users the host
named co-hosts, and by the install's administrators; a guest at the table or a stranger with
an account may do none of it.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from tables.access import can_host, hosted_nights
from tables.live import load_state
from tables.models import Night, Table
from tables.models.tournaments import Tournament
from tables.services.hosting import host_panel, hosting
from tables.tests.conftest import join_from_phone
from tables.tests.live_helpers import Phone, host_cookie, seat_players

HOSTS = ["co_host", "administrator"]
OUTSIDERS = ["stranger", "player"]


@pytest.fixture
def owner(db: None) -> User:
    """A host who is not an administrator, so an administrator is someone else."""
    return User.objects.create_user(username="owner", password="x")


@pytest.fixture
def owned_night(owner: User) -> Night:
    return hosting.create_night(
        owner,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )


@pytest.fixture
def owned_table(owned_night: Night) -> Table:
    return hosting.create_table(
        owned_night, name="Main table", game="nlhe", max_seats=9, small_blind=1, big_blind=2
    )


def _user(who: str, night: Night, owner: User) -> User:
    if who == "administrator":
        return User.objects.create_superuser(username="admin", password="x")
    user = User.objects.create_user(username=who, password="x")
    if who == "co_host":
        host_panel.name_co_host(night, owner, who)
    return user


def _client(who: str, night: Night, owner: User) -> Client:
    if who == "player":
        return join_from_phone(night, "Eve")
    client = Client()
    client.force_login(_user(who, night, owner))
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("who", HOSTS)
def test_a_co_host_or_an_administrator_may_host_and_a_guest_may_not(
    who: str, owned_night: Night, owner: User
) -> None:
    user = _user(who, owned_night, owner)
    guest = User.objects.create_user(username="guest", password="x")
    assert can_host(user, owned_night) and can_host(user, owned_night.pk)
    assert list(hosted_nights(user)) == [owned_night]
    assert can_host(owner, owned_night)
    assert not can_host(guest, owned_night)
    assert list(hosted_nights(guest)) == []
    assert not can_host(None, owned_night)


@pytest.mark.django_db
@pytest.mark.parametrize("who", HOSTS)
def test_a_co_host_or_an_administrator_runs_the_night_page(who: str, owned_night: Night, owner: User) -> None:
    client = _client(who, owned_night, owner)
    base = f"/host/nights/{owned_night.pk}/"
    assert owned_night.name in client.get("/host/").content.decode()
    assert client.get(base).status_code == 200
    assert client.get(base + "status.json").status_code == 200
    form = {"name": "Second table", "game": "nlhe", "max_seats": 6, "small_blind": 1, "big_blind": 2}
    assert client.post(base + "tables/new/", form).status_code == 302
    assert owned_night.tables.filter(name="Second table").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("who", HOSTS)
def test_a_co_host_or_an_administrator_runs_the_tournament(who: str, owned_night: Night, owner: User) -> None:
    client = _client(who, owned_night, owner)
    new = f"/host/nights/{owned_night.pk}/tournaments/new/"
    assert client.get(new).status_code == 200
    response = client.post(new, {"name": "Turbo", "template_key": "turbo", "buy_in": 10})
    assert response.status_code == 302
    tournament = Tournament.objects.get(night=owned_night)
    base = f"/host/tournaments/{tournament.pk}/"
    assert client.get(base).status_code == 200
    assert client.post(base + "clock/start/").status_code == 302
    tournament.refresh_from_db()
    assert tournament.clock_period_started_at is not None


@pytest.mark.django_db
@pytest.mark.parametrize("who", OUTSIDERS)
def test_a_player_or_a_stranger_cannot_reach_the_night_or_tournament_pages(
    who: str, owned_night: Night, owner: User
) -> None:
    client = _client(who, owned_night, owner)
    base = f"/host/nights/{owned_night.pk}/"
    assert owned_night.name not in client.get("/host/").content.decode()
    assert client.get(base).status_code in (302, 404)
    form = {"name": "Second table", "game": "nlhe", "max_seats": 6, "small_blind": 1, "big_blind": 2}
    assert client.post(base + "tables/new/", form).status_code in (302, 404)
    tournament = {"name": "T", "template_key": "turbo", "buy_in": 10}
    assert client.post(base + "tournaments/new/", tournament).status_code in (302, 404)
    assert not owned_night.tables.exists()
    assert not Tournament.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("who", OUTSIDERS)
def test_a_player_or_a_stranger_cannot_reach_a_tournament(who: str, owned_night: Night, owner: User) -> None:
    tournament = Tournament.objects.create(night=owned_night, name="Main event", structure={})
    client = _client(who, owned_night, owner)
    base = f"/host/tournaments/{tournament.pk}/"
    assert client.get(base).status_code in (302, 404)
    assert client.post(base + "clock/start/").status_code in (302, 404)
    tournament.refresh_from_db()
    assert tournament.clock_period_started_at is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("who", HOSTS)
async def test_a_co_host_or_an_administrator_sends_host_commands_over_the_socket(
    who: str, owned_table: Table, owner: User
) -> None:
    await database_sync_to_async(seat_players)(owned_table, ["Ann", "Bob"])
    user = await database_sync_to_async(_user)(who, owned_table.night, owner)
    phone = Phone(owned_table.pk, await database_sync_to_async(host_cookie)(user))
    assert await phone.connect() == (True, None)
    await phone.drain()  # a hint of the seating may still be on its way: act on the latest view
    reply = await phone.request(
        {"type": "host", "client_id": "d1", "version": phone.version, "command": {"type": "deal"}}
    )
    assert reply["type"] == "ack", (reply, phone.messages)
    assert (await database_sync_to_async(load_state)(owned_table.pk)).hand_in_progress
    await phone.close()


@pytest.mark.django_db(transaction=True)
async def test_a_stranger_with_an_account_gets_no_host_rights_over_the_socket(
    owned_table: Table, owner: User
) -> None:
    await database_sync_to_async(seat_players)(owned_table, ["Ann", "Bob"])
    stranger = await database_sync_to_async(User.objects.create_user)(username="stranger", password="x")
    phone = Phone(owned_table.pk, await database_sync_to_async(host_cookie)(stranger))
    assert await phone.connect() == (True, None)  # the night is open: they watch as the public
    before = (await database_sync_to_async(load_state)(owned_table.pk)).version
    reply = await phone.request(
        {"type": "host", "client_id": "d1", "version": phone.version, "command": {"type": "deal"}}
    )
    assert (reply["type"], reply["code"]) == ("error", "forbidden")
    assert (await database_sync_to_async(load_state)(owned_table.pk)).version == before
    await phone.close()
