"""What a host types wrong gets a form error, never a server error, and changes nothing:
money that is not a number, a player or table that is not one of the night's, amounts too big
for any night."""

from __future__ import annotations

import pytest
from django.test import Client

from tables.models import Night, Seat, Table
from tables.models.ledger import LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.seating import joining

pytestmark = pytest.mark.django_db

TOO_BIG = "99999999999999999999"


@pytest.mark.parametrize("money", ["Infinity", "-Infinity", "NaN", "sNaN", "1e999999", TOO_BIG])
def test_money_that_is_not_an_amount_is_a_form_error_that_keeps_what_was_typed(
    host_client: Client, night: Night, money: str
) -> None:
    ann = joining.join_night(night, "Ann")
    response = host_client.post(
        f"/host/nights/{night.pk}/ledger/entries/",
        {"player": ann.pk, "kind": "rebuy", "money": money, "why": "cash"},
    )
    assert response.status_code == 400
    content = response.content.decode()
    assert f'name="money" inputmode="decimal" value="{money}"' in content
    assert f'<option value="{ann.pk}" selected>' in content and '<option value="rebuy" selected>' in content
    assert 'value="cash"' in content
    assert _errors(response) in (
        ["Enter the chips, or the money in EUR."],
        ["Enter a whole number of chips, from 1 to 10000000."],
    )
    assert not LedgerEntry.objects.exists()


@pytest.mark.parametrize("chips", [TOO_BIG, "-" + TOO_BIG])
def test_chips_too_many_for_any_night_are_a_form_error(host_client: Client, night: Night, chips: str) -> None:
    ann = joining.join_night(night, "Ann")
    response = host_client.post(
        f"/host/nights/{night.pk}/ledger/entries/",
        {"player": ann.pk, "kind": "buy_in", "chips": chips},
    )
    assert response.status_code == 400
    assert f'value="{chips}"' in response.content.decode()
    assert _errors(response) == ["Enter a whole number of chips, from 1 to 10000000."]
    assert not LedgerEntry.objects.exists()


def test_a_player_that_is_not_a_number_is_a_form_error(host_client: Client, night: Night) -> None:
    response = host_client.post(
        f"/host/nights/{night.pk}/ledger/entries/",
        {"player": "abc", "kind": "buy_in", "chips": "100"},
    )
    assert response.status_code == 400
    assert 'value="100"' in response.content.decode()
    assert _errors(response) == ["Choose a player from the list."]
    assert not LedgerEntry.objects.exists()


def test_a_table_that_is_not_a_number_is_a_form_error(
    host_client: Client, night: Night, table: Table
) -> None:
    ann = joining.join_night(night, "Ann")
    response = host_client.post(
        f"/host/nights/{night.pk}/players/{ann.pk}/panel/move/", {"table": "abc", "seat": "2"}, follow=True
    )
    assert response.status_code == 200
    assert _errors(response) == ["Choose a table from the list."]
    assert not Seat.objects.exists()


def test_a_tournament_buy_in_too_big_is_a_form_error_that_keeps_what_was_typed(
    host_client: Client, night: Night
) -> None:
    response = host_client.post(
        f"/host/nights/{night.pk}/tournaments/new/",
        {"name": "Big one", "template_key": next(iter(_templates())), "buy_in": TOO_BIG},
    )
    assert response.status_code == 400
    content = response.content.decode()
    assert TOO_BIG in content and "Big one" in content
    assert not Tournament.objects.exists()


def test_a_starting_stack_too_big_is_a_form_error_that_keeps_what_was_typed(
    host_client: Client, night: Night
) -> None:
    created = host_client.post(
        f"/host/nights/{night.pk}/tournaments/new/",
        {"name": "Big one", "template_key": next(iter(_templates())), "buy_in": "20"},
    )
    assert created.status_code == 302
    tournament = Tournament.objects.get()
    edit = f"/host/tournaments/{tournament.pk}/edit/"
    form = host_client.get(edit).context["form"]
    rows = host_client.get(edit).context["rows"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(_formset_data(rows))
    data["starting_stack"] = TOO_BIG
    before = Tournament.objects.get().starting_stack
    response = host_client.post(edit, data)
    assert response.status_code == 400
    assert TOO_BIG in response.content.decode()
    assert Tournament.objects.get().starting_stack == before


def _errors(response) -> list[str]:
    return [str(m) for m in response.context["messages"] if m.level_tag == "error"]


def _templates() -> dict:
    from engine.tournament import TEMPLATES

    return TEMPLATES


def _formset_data(rows) -> dict:
    data = {f"{rows.prefix}-{key}": value for key, value in rows.management_form.initial.items()}
    for form in rows.forms:
        for name in form.fields:
            value = form[name].value()
            if value is not None:
                data[form.add_prefix(name)] = value
    return data
