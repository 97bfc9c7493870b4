"""A busted player asks for a rebuy from the table page (JSON), and gets a plain answer."""

from __future__ import annotations

import pytest

from tables.models.ledger import ChipRequest
from tables.tests.live_helpers import seat_players
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


def test_a_rebuy_asked_from_the_table_waits_for_the_host(table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    phone = phone_of(ann)
    response = phone.post("/play/chips/", {"kind": "rebuy", "chips": "200"}, **JSON)
    assert response.status_code == 200
    assert "host" in response.json()["message"]
    request = ChipRequest.objects.get()
    assert (request.player, request.kind, request.chips, request.status) == (ann, "rebuy", 200, "pending")


@pytest.mark.parametrize(("chips", "message"), [("lots", "whole number"), ("0", "")])
def test_a_bad_rebuy_is_refused_plainly_and_asks_nothing(table, chips: str, message: str) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    response = phone_of(ann).post("/play/chips/", {"kind": "rebuy", "chips": chips}, **JSON)
    assert response.status_code == 400
    assert message in response.json()["message"] and response.json()["message"]
    assert not ChipRequest.objects.exists()
