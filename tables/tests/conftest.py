"""Fixtures for the app's tests: a host, their night and tables, and guests' phones."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night, Player, Table
from tables.services import hosting, joining


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: object) -> None:
    # The real hasher is slow on purpose; these tests check flows, not hashing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def host(db: None) -> User:
    return User.objects.create_superuser(username="hostess", password="a-long-host-password")


@pytest.fixture
def host_client(host: User) -> Client:
    client = Client()
    client.force_login(host)
    return client


@pytest.fixture
def make_night(host: User) -> Callable[..., Night]:
    def make(**overrides: object) -> Night:
        fields: dict = {
            "name": "Friday game",
            "date": datetime.date(2026, 11, 27),
            "currency": "EUR",
            "chip_value": Decimal("0.10"),
            "require_approval": False,
        }
        fields.update(overrides)
        return hosting.create_night(host, **fields)

    return make


@pytest.fixture
def night(make_night: Callable[..., Night]) -> Night:
    return make_night()


@pytest.fixture
def make_table(night: Night) -> Callable[..., Table]:
    def make(name: str = "Main table", max_seats: int = 9, target: Night | None = None) -> Table:
        return hosting.create_table(
            target or night, name=name, game="nlhe", max_seats=max_seats, small_blind=1, big_blind=2
        )

    return make


@pytest.fixture
def table(make_table: Callable[..., Table]) -> Table:
    return make_table()


@pytest.fixture
def make_player(night: Night) -> Callable[..., Player]:
    def make(name: str, target: Night | None = None) -> Player:
        return joining.join_night(target or night, name)

    return make


def join_from_phone(night: Night, name: str) -> Client:
    """A new phone opens the join link and enters a name; returns its logged session."""
    phone = Client()
    response = phone.post(f"/join/{night.join_code}/", {"display_name": name})
    assert response.status_code == 302, response.content.decode()
    return phone
