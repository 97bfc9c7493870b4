"""A closed night's money is final; a constraint is a sentence for the host, never its name;
a mistaken entry is voided with a reason, kept and shown struck; a night can be archived."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Table
from tables.services import hosting, ledger
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def test_the_admin_says_a_sentence_not_a_constraint_name(host_client: Client, night: Night) -> None:
    data = {"name": night.name, "date": "2026-11-27", "currency": "EUR", "chip_value": "0", "status": "open"}
    page = host_client.post(
        f"/admin/tables/night/{night.pk}/change/",
        {**data, "host": night.host_id, "tables-TOTAL_FORMS": "0", "tables-INITIAL_FORMS": "0"},
    ).content.decode()
    assert "night_chip_value_positive" not in page
    assert "A chip must be worth more than nothing." in page


def test_a_closed_nights_chip_value_cannot_change(night: Night, host: User) -> None:
    ledger.close_night(night, host)
    night.refresh_from_db()
    night.chip_value = 5
    with pytest.raises(ValidationError, match="closed: its chip value and currency are final"):
        night.save()
    assert Night.objects.get(pk=night.pk).chip_value != 5


def test_a_void_takes_the_chips_back_off_the_table_and_keeps_the_entry(table: Table, host: User) -> None:
    (ann,) = seat_players(table, ["Ann"])
    buy_in = ledger.record_chips_in(ann, "buy_in", 200, host)
    void = ledger.void(buy_in, host, "typed for the wrong player")
    assert (void.is_void, void.chips, void.corrects_id) == (True, -200, buy_in.pk)
    assert load_state(table.pk).table.seat(1).stack == 0
    assert ledger.totals(table.night).chip_difference == 0
    assert ledger.entries(table.night).filter(pk=buy_in.pk).exists()  # kept, shown struck
    line = host_calls().order_by("-id").first()
    assert line.what.startswith("Void: Ann, -200 chips") and line.why == "typed for the wrong player"
    with pytest.raises(ActionRefused, match="was voided"):
        ledger.correct(buy_in, 10, host, "again")


def test_a_void_of_chips_already_lost_is_refused(table: Table, host: User) -> None:
    (ann,) = seat_players(table, ["Ann"])
    buy_in = ledger.record_chips_in(ann, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 1, "stack": 50})  # as if lost in hands
    with pytest.raises(ActionRefused, match="holds 50 now"):
        ledger.void(buy_in, host, "mistake")


def test_an_archived_night_leaves_the_list_and_comes_back(
    host_client: Client, night: Night, host: User
) -> None:
    hosting.archive_night(night, host, True, "test night")
    assert night.name not in host_client.get("/host/").content.decode()
    assert night.name in host_client.get("/host/?archived=1").content.decode()
    hosting.archive_night(night, host, False)
    assert night.name in host_client.get("/host/").content.decode()
