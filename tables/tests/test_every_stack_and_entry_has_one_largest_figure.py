"""One limit for every figure of chips the host gives: an entry, a correction, a stack.

"Limits are the same in every path: an entry, a correction and a stack are each at most
10,000,000 chips" (docs/chips-and-money.md). The tournament's set-up took stacks of up to
1,000,000,000 chips, and a buy-in onto a seated stack (or into a hand) made a stack the host's
own adjust-stack would refuse: each is refused now, changing nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.forms.forms_tournaments import TournamentSettingsForm
from tables.live import load_state
from tables.models import Night, Player, Table
from tables.models.ledger import LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.ledger import ledger
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY as MAX_CHIPS
from tables.services.seating import joining, seating
from tables.tests.setup_edits import edit_setup
from tables.tests.test_tournament_setup import _edit_data
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db

RULES = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=5_000, add_on=True, add_on_stack=5_000)


def _set_up(tournament: Tournament) -> tuple[Any, ...]:
    tournament.refresh_from_db()
    return (tournament.starting_stack, tournament.structure, tournament.rebuy_rules, tournament.version)


@pytest.mark.parametrize("stack", ["starting_stack", "rebuy_stack", "add_on_stack"])
def test_a_tournament_stack_above_the_limit_is_refused(night: Night, host: User, stack: str) -> None:
    tournament, _ = make_tournament(night, host, rules=RULES)
    before = _set_up(tournament)

    with pytest.raises(ActionRefused, match=f"at most {MAX_CHIPS:,} chips"):
        edit_setup(tournament.pk, host, **{stack: MAX_CHIPS + 1})

    assert _set_up(tournament) == before
    edit_setup(tournament.pk, host, **{stack: MAX_CHIPS})
    assert _set_up(tournament) != before


@pytest.mark.parametrize("field", ["starting_stack", "rebuy_stack", "add_on_stack"])
def test_the_set_up_form_offers_no_stack_above_the_limit(field: str) -> None:
    assert TournamentSettingsForm.base_fields[field].max_value == MAX_CHIPS


def test_the_set_up_page_refuses_a_starting_stack_above_the_limit(
    night: Night, host: User, host_client: Client
) -> None:
    tournament, _ = make_tournament(night, host)
    before = _set_up(tournament)
    response = host_client.post(
        reverse("tournament_edit", args=[tournament.pk]), _edit_data(tournament, starting_stack=MAX_CHIPS + 1)
    )
    assert f"less than or equal to {MAX_CHIPS}" in response.content.decode()
    assert _set_up(tournament) == before


def _entries(night: Night) -> list[tuple[int, int]]:
    return list(LedgerEntry.objects.filter(night=night).values_list("pk", "chips"))


def test_a_buy_in_that_would_make_a_stack_above_the_limit_is_refused(table: Table, host: User) -> None:
    ann = joining.join_night(table.night, "Ann")
    ledger.record_chips_in(ann, "buy_in", MAX_CHIPS - 100, host)
    seating.move_player(ann, table, 1)
    before = _entries(table.night)

    with pytest.raises(ActionRefused, match=f"at most {MAX_CHIPS:,} chips"):
        ledger.record_chips_in(ann, "top_up", 101, host)
    buy_in = LedgerEntry.objects.get(player=ann, kind="buy_in")
    with pytest.raises(ActionRefused, match=f"at most {MAX_CHIPS:,} chips"):
        ledger.correct(buy_in, 101, host, "counted again")

    assert _entries(table.night) == before
    assert load_state(table.pk).table.seat(1).stack == MAX_CHIPS - 100
    ledger.record_chips_in(ann, "top_up", 100, host)
    assert load_state(table.pk).table.seat(1).stack == MAX_CHIPS


def test_chips_in_hand_above_the_limit_are_refused_too(night: Night, host: User) -> None:
    """Not seated, they are the stack the player sits down with."""
    ann = joining.join_night(night, "Ann")
    ledger.record_chips_in(ann, "buy_in", MAX_CHIPS, host)
    before = _entries(night)

    with pytest.raises(ActionRefused, match=f"at most {MAX_CHIPS:,} chips"):
        ledger.record_chips_in(Player.objects.get(pk=ann.pk), "rebuy", 1, host)

    assert _entries(night) == before
