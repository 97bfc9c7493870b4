"""A closed night's money is final (reopened with a reason, its figures at close kept);
a constraint is a sentence for the host, never its name;
a mistaken entry is voided with a reason, kept and shown struck; a night can be archived."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Table
from tables.services.hosting import hosting
from tables.services.ledger import closing, ledger, night_totals
from tables.services.seating import seating
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
    closing.close_night(night, host)
    night.refresh_from_db()
    night.chip_value = 5
    with pytest.raises(ValidationError, match=r"chip value and currency .* are final"):
        night.save()
    assert Night.objects.get(pk=night.pk).chip_value != 5


def test_a_void_takes_the_chips_back_off_the_table_and_keeps_the_entry(table: Table, host: User) -> None:
    (ann,) = seat_players(table, ["Ann"])
    buy_in = ledger.record_chips_in(ann, "buy_in", 200, host)
    void = ledger.void(buy_in, host, "typed for the wrong player")
    assert (void.is_void, void.chips, void.corrects_id) == (True, -200, buy_in.pk)
    assert load_state(table.pk).table.seat(1).stack == 0
    assert night_totals.totals(table.night).chip_difference == 0
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


def _closed_night_with_two_players(table: Table, host: User) -> tuple[Night, list]:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    ledger.record_chips_in(bob, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 1, "stack": 330})  # as if won in hands
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 2, "stack": 70})
    ledger.cash_out(ann, host)
    ledger.cash_out(bob, host)
    closing.close_night(table.night, host)
    return table.night, [ann, bob]


def test_reopening_needs_a_reason_and_its_line_quotes_the_figures_at_close(
    host_client: Client, table: Table, host: User
) -> None:
    night, _ = _closed_night_with_two_players(table, host)
    url = reverse("night_set_status", args=[night.pk])
    said = [str(m) for m in host_client.post(url, {"status": "open"}, follow=True).context["messages"]]
    assert said == ["Say why the night opens again: players may already have settled up on its figures."]
    assert Night.objects.get(pk=night.pk).status == Night.Status.CLOSED
    said = [
        str(m)
        for m in host_client.post(
            url, {"status": "open", "why": "Bob's cash-out was miscounted"}, follow=True
        ).context["messages"]
    ]
    line = host_calls().order_by("-id").first()
    assert line.what.startswith("Reopened the night (closed at ")
    assert "with 40.00 EUR in, 40.00 EUR out: those figures stay on the ledger)" in line.what
    assert line.why == "Bob's cash-out was miscounted"
    assert said == [f"{line.what}."]
    assert Night.objects.get(pk=night.pk).is_open


def test_after_reopening_the_ledger_shows_the_figures_at_close_beside_the_figures_now(
    host_client: Client, table: Table, host: User
) -> None:
    night, (ann, bob) = _closed_night_with_two_players(table, host)
    page = host_client.get(reverse("ledger", args=[night.pk])).content.decode()
    assert "Figures at close" not in page  # closed once and never reopened: the figures are the same
    closing.reopen_night(night, host, "Ann's cash-out was 10 chips too many")
    # Ann kept a stack of 10 (she holds them again), and lost it to Bob in one more hand.
    fix = ledger.correct(ledger.entries(night).get(player=ann, kind="cash_out"), -10, host, "recount")
    ledger.record_chips_in(bob, "buy_in", 100, host)
    seating.move_player(ann, table, 1)
    seating.move_player(bob, table, 2)
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 1, "stack": 0})  # as if lost in a hand
    apply_intent(table.pk, HOST, {"type": "set_stack", "seat": 2, "stack": 110})
    ledger.cash_out(bob, host)
    page = host_client.get(reverse("ledger", args=[night.pk])).content.decode()
    assert "Figures at close" in page
    rows = re.findall(r"<tr data-at-close[^>]*><th scope=\"row\">(\w+)</th><td>([^<]+)</td><td>([^<]+)", page)
    assert rows == [("Ann", "+13.00 EUR", "+12.00 EUR "), ("Bob", "-13.00 EUR", "-12.00 EUR ")]
    assert "Ann&#x27;s cash-out was 10 chips too many" in page
    entry = re.search(rf'data-entry="{fix.pk}">(.*?)</li>', page, re.S).group(1)
    assert "after reopening" in entry
    # Closing again keeps the first close on the page: the change stays visible.
    closing.close_night(night, host)
    assert "Figures at close" in host_client.get(reverse("ledger", args=[night.pk])).content.decode()


def test_reopening_does_not_unfreeze_the_chip_value(table: Table, host: User) -> None:
    night, _ = _closed_night_with_two_players(table, host)
    closing.reopen_night(night, host, "a mistake")
    night.refresh_from_db()
    night.chip_value = 5
    with pytest.raises(ValidationError, match="are final"):
        night.save()
    assert Night.objects.get(pk=night.pk).chip_value == Decimal("0.10")


def test_an_open_night_with_entries_keeps_its_chip_value(table: Table, host: User) -> None:
    (ann,) = seat_players(table, ["Ann"])
    night = Night.objects.get(pk=table.night_id)
    night.currency = "USD"
    night.save()  # no entry yet: the host may still fix a typo
    ledger.record_chips_in(ann, "buy_in", 200, host)
    night.currency = "GBP"
    with pytest.raises(ValidationError, match="are final"):
        night.save()
    assert Night.objects.get(pk=night.pk).currency == "USD"


def test_the_admin_cannot_reopen_a_night_around_the_reason(
    host_client: Client, table: Table, host: User
) -> None:
    night, _ = _closed_night_with_two_players(table, host)
    page = host_client.get(f"/admin/tables/night/{night.pk}/change/").content.decode()
    assert 'name="status"' not in page and 'name="chip_value"' not in page
