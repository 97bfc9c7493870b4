"""Rulings from the host panel: one tap plus a reason, a confirmation of what will change, the
engine's reason when it refuses, and an entry in the open log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from tables.errors import ActionRefused
from tables.ledger_models import AuditEntry
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services import host_rulings, ledger
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def test_adjusting_a_stack_previews_the_change_then_makes_it_with_its_reason(
    table: Table, host: User
) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    shown = host_rulings.preview(table, host, "adjust_stack", {"seat": "1", "stack": "150"})
    assert shown.changes == [
        "Seat 1 (Ann): stack 200 → 150 chips",
        "Chips in play −50 without a ledger entry: the night will not balance until the ledger is corrected.",
    ]
    assert load_state(table.pk).table.seat(1).stack == 200  # a preview changes nothing
    host_rulings.apply_ruling(
        table, host, "adjust_stack", {"seat": "1", "stack": "150"}, "miscounted chips", shown.version
    )
    assert load_state(table.pk).table.seat(1).stack == 150
    logged = AuditEntry.objects.get(what="Main table: Adjust a stack")
    assert (logged.who, logged.why) == (host, "miscounted chips")
    assert logged.payload["changes"] == shown.changes
    # The chips changed outside the ledger: the night no longer balances until it is corrected.
    assert ledger.totals(table.night).chip_difference == 50


def test_moving_the_button_shows_where_it_goes(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob", "Cy"])
    shown = host_rulings.preview(table, host, "move_button", {"seat": "3"})
    assert any(change.endswith("→ seat 3") for change in shown.changes)


def test_a_refused_ruling_shows_the_engines_reason_and_changes_nothing(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    version = load_state(table.pk).version
    with pytest.raises(ActionRefused, match="in the hand being played"):
        host_rulings.apply_ruling(
            table, host, "adjust_stack", {"seat": "1", "stack": "5"}, "why not", version
        )
    assert load_state(table.pk).version == version
    assert not AuditEntry.objects.exists()


def test_a_ruling_needs_a_reason(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    with pytest.raises(ActionRefused, match="Give a reason"):
        host_rulings.apply_ruling(table, host, "pause", {}, " ", 0)


def test_a_ruling_on_a_table_that_moved_on_since_the_preview_is_refused(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    shown = host_rulings.preview(table, host, "move_button", {"seat": "2"})
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    with pytest.raises(ActionRefused):
        host_rulings.apply_ruling(table, host, "move_button", {"seat": "2"}, "late", shown.version)
    assert not AuditEntry.objects.exists()


def test_only_hosts_can_preview_or_make_rulings(table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    stranger = User.objects.create_user(username="stranger", password="x")
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_rulings.preview(table, stranger, "pause", {})
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_rulings.apply_ruling(table, stranger, "pause", {}, "because", 0)


def test_missing_fields_and_unknown_rulings_are_refused_clearly(table: Table, host: User) -> None:
    with pytest.raises(ActionRefused, match="choose the seat"):
        host_rulings.build_intent("adjust_stack", {"stack": "10"})
    with pytest.raises(ActionRefused, match="whole number"):
        host_rulings.build_intent("adjust_stack", {"seat": "one", "stack": "10"})
    with pytest.raises(ActionRefused, match="not available"):
        host_rulings.build_intent("call_the_police", {})


def test_rulings_on_offer_are_those_the_engine_registers() -> None:
    keys = {ruling.key for ruling in host_rulings.available()}
    assert {"adjust_stack", "move_button", "pause"} <= keys
    assert keys.isdisjoint(ruling.key for ruling in host_rulings.missing())
