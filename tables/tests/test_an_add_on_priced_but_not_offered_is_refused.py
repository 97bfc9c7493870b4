"""An add-on is offered, or it has no price and no stack: never half of each.

Issue 39, item 2: an add-on price and stack saved with "Add-on at the first break" unticked made
the prize pool line say "add-ons 10" while no Add-on button ever came at the break. The set-up
form refuses that contradiction with a clear error on the add-on box, and saves nothing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night
from tables.models.tournaments import Tournament
from tables.tests.test_tournament_setup import _edit_data
from tables.tests.tournament_helpers import make_tournament


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host)[0]


def _post(host_client: Client, tournament: Tournament, **changes: object) -> tuple[int, str]:
    response = host_client.post(f"/host/tournaments/{tournament.pk}/edit/", _edit_data(tournament, **changes))
    return response.status_code, response.content.decode().replace("&#x27;", "'")


@pytest.mark.parametrize(
    "changes",
    [
        {"add_on_price": 10, "add_on_stack": 5_000},
        {"add_on_price": 10, "add_on_stack": 0},
        {"add_on_price": 0, "add_on_stack": 5_000},
    ],
)
def test_an_add_on_price_or_stack_without_the_add_on_ticked_is_refused(
    tournament: Tournament, host_client: Client, changes: dict[str, int]
) -> None:
    before = (tournament.add_on_price, tournament.rebuy_rules, tournament.version)
    status, page = _post(host_client, tournament, **changes)
    assert status == 400
    assert "tick “Add-on at the first break” to offer it, or set both to 0" in page
    tournament.refresh_from_db()
    assert (tournament.add_on_price, tournament.rebuy_rules, tournament.version) == before


def test_an_add_on_ticked_with_no_stack_is_refused(tournament: Tournament, host_client: Client) -> None:
    status, page = _post(host_client, tournament, add_on="on", add_on_price=10, add_on_stack=0)
    assert status == 400
    assert "An add-on gives chips: give its stack, or untick the add-on." in page
    tournament.refresh_from_db()
    assert not tournament.get_rebuy_rules().add_on and tournament.add_on_price == 0


def test_an_add_on_ticked_with_its_price_and_stack_is_saved(
    tournament: Tournament, host_client: Client
) -> None:
    status, _ = _post(host_client, tournament, add_on="on", add_on_price=10, add_on_stack=5_000)
    assert status == 302
    tournament.refresh_from_db()
    rules = tournament.get_rebuy_rules()
    assert rules.add_on and rules.add_on_stack == 5_000 and tournament.add_on_price == 10


def test_no_add_on_at_all_is_saved(tournament: Tournament, host_client: Client) -> None:
    status, _ = _post(host_client, tournament)
    assert status == 302
