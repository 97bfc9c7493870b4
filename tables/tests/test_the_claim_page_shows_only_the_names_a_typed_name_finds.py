"""The claim page shows earlier guests' names only when a typed name finds them.

Anyone holding tonight's code can open the claim page: it must not list everyone who ever
played at this host's nights. A guest types the name they played under (tonight's name is
looked for first) and sees only the earlier players of that name.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest

from tables.models import Night, Player
from tables.services.seating import joining
from tables.services.seating.people import names_match
from tables.tests.conftest import join_from_phone

pytestmark = pytest.mark.django_db


@pytest.fixture
def last_time(make_night: Callable[..., Night]) -> Night:
    earlier = make_night(name="Last time", date=datetime.date(2026, 11, 13))
    for name in ["Ann", "Bo Smith", "Cy"]:
        joining.join_night(earlier, name)
    Player.objects.filter(night=earlier).update(status=Player.Status.APPROVED)
    return earlier


def test_a_stranger_with_tonights_code_sees_no_earlier_name(night: Night, last_time: Night) -> None:
    phone = join_from_phone(night, "Zed")
    page = phone.get("/play/claim/").content.decode()
    for name in ["Ann", "Bo Smith", "Cy"]:
        assert name not in page


def test_tonights_name_finds_its_earlier_night(night: Night, last_time: Night) -> None:
    page = join_from_phone(night, "Cy").get("/play/claim/").content.decode()
    assert "13 Nov 2026" in page
    assert "Ann" not in page and "Bo Smith" not in page


def test_a_typed_first_name_finds_the_full_name_and_nothing_else(night: Night, last_time: Night) -> None:
    page = join_from_phone(night, "Robert").get("/play/claim/", {"name": "bo"}).content.decode()
    assert "Bo Smith" in page
    assert "Ann" not in page and ">Cy<" not in page


def test_a_part_of_a_name_finds_nothing() -> None:
    assert not names_match("B", "Bo Smith")
    assert not names_match("Smi", "Bo Smith")
    assert names_match("  BO  smith ", "Bo Smith")
