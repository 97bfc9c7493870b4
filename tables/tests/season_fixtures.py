"""Two nights of one host in November, played once for a test module and copied for each test
(tables.tests.season_helpers.two_nights): import `nights_made_once_fixture`, `host_fixture`
and `nights_fixture` (the fixtures `nights_made_once`, `host` and `nights`)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User

from tables.tests.conftest import new_host
from tables.tests.made_once import made_once_for_the_module
from tables.tests.season_helpers import TwoNights, two_nights


@pytest.fixture(name="nights_made_once", scope="module")
def nights_made_once_fixture(django_db_setup: None, django_db_blocker: Any) -> Iterator[TwoNights]:
    with made_once_for_the_module(django_db_blocker):
        yield two_nights(new_host(), hands=4)


@pytest.fixture(name="host")
def host_fixture(nights_made_once: TwoNights, db: None) -> User:
    return User.objects.get(pk=nights_made_once.first.host_id)


@pytest.fixture(name="nights")
def nights_fixture(nights_made_once: TwoNights, db: None) -> TwoNights:
    return copy.deepcopy(nights_made_once)
