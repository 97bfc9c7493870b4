"""A correction of a cash-out written before such corrections moved chips keeps its meaning.

Before migration 0017 a correction of a cash-out changed the money paid and moved no chip, so
the night showed the difference until another correction explained it. Now one moves chips
(tables/tests/test_a_cash_out_correction_moves_the_chips_it_names.py). "Players may settle up
the minute the night closes, so its figures never change silently" (docs/chips-and-money.md):
the earlier corrections are marked money only, the night's figures stay what they were, and
what is left of them can still be taken back so that the night balances.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from tables.errors import ActionRefused
from tables.models import Night
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining
from tables.tests.ledger_helpers import money_only_correction

BEFORE = [("tables", "0016_tournament_money_of_earlier_nights_in_the_ledger")]


def _old_night_with_cash_out_corrections() -> dict[str, int]:
    """Ann was paid 3.00 EUR too much, Bob 1.00 EUR too little, Cy's buy-in was 5 chips short:
    a night as the version before 0017 stored it."""
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    model = apps.get_model
    host = model("auth", "User").objects.create(username="host")
    night = model("tables", "Night").objects.create(
        name="Friday",
        date=datetime.date(2026, 11, 27),
        join_code="FRIDAY",
        host=host,
        chip_value=Decimal("0.10"),
    )
    ids: dict[str, int] = {"night": night.pk}

    def entry(name: str, kind: str, chips: int, corrects: Any = None) -> Any:
        player, _ = model("tables", "Player").objects.get_or_create(
            night=night, display_name=name, defaults={"status": "approved", "session_token": f"token-{name}"}
        )
        row = model("tables", "LedgerEntry").objects.create(
            night=night,
            player=player,
            kind=kind,
            chips=chips,
            money=chips * night.chip_value,
            corrects=corrects,
        )
        ids[f"{name} {kind}"] = row.pk
        return row

    entry("Ann", "buy_in", 200)
    entry("Ann", "correction", 30, entry("Ann", "cash_out", 200))
    entry("Bob", "buy_in", 100)
    entry("Bob", "correction", -10, entry("Bob", "cash_out", 100))
    entry("Cy", "correction", 5, entry("Cy", "buy_in", 100))
    entry("Cy", "cash_out", 105)
    return ids


@pytest.mark.slow  # migrates the whole schema back and forth: `make test` and CI run it
@pytest.mark.django_db(transaction=True)
def test_earlier_corrections_of_a_cash_out_move_no_chips_and_can_be_taken_back() -> None:
    ids = _old_night_with_cash_out_corrections()
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    money_only = set(LedgerEntry.objects.filter(money_only=True).values_list("pk", flat=True))
    assert money_only == {ids["Ann correction"], ids["Bob correction"]}
    night = Night.objects.get(pk=ids["night"])
    totals = night_totals.totals(night)
    # As before the upgrade: 2.00 EUR more out than in, and nobody holds a chip.
    assert (totals.money_in, totals.money_out, totals.chips_in_hand) == (Decimal("40.5"), Decimal("42.5"), 0)
    assert totals.difference == Decimal(-2)

    host = User.objects.create_user("hostess")
    ann_paid_too_much = LedgerEntry.objects.get(pk=ids["Ann correction"])
    with pytest.raises(ActionRefused, match=r"can only be taken back, by -30 chips at most"):
        ledger.correct(ann_paid_too_much, 5, host, "paid even more")
    ledger.correct(ann_paid_too_much, -30, host, "Ann gave the 3.00 EUR back")
    ledger.correct(LedgerEntry.objects.get(pk=ids["Bob correction"]), 10, host, "Bob got his 1.00 EUR")

    totals = night_totals.totals(night)
    assert totals.balanced and totals.chips_in_hand == 0
    line = AuditEntry.objects.order_by("-id").first()
    bob_cash_out = ids["Bob cash_out"]
    assert (
        line.what == f"Correction: Bob, +10 chips (corrects #{bob_cash_out}, cash-out, money only) = 1.00 EUR"
    )


@pytest.mark.django_db
def test_nothing_of_a_money_only_correction_taken_back_twice(
    night: Night, host: User, host_client: Client
) -> None:
    ann = joining.join_night(night, "Ann")
    ledger.record_chips_in(ann, EntryKind.BUY_IN, 200, host)
    paid_too_much = money_only_correction(ledger.cash_out(ann, host), 30)
    page = host_client.get(f"/host/nights/{night.pk}/ledger/").content.decode()
    assert re.search(rf'data-entry="{paid_too_much.pk}">.*?<span class="badge">money only</span>', page, re.S)
    ledger.correct(paid_too_much, -30, host, "Ann gave it back")
    entries = LedgerEntry.objects.count()

    with pytest.raises(ActionRefused, match="nothing of it is left"):
        ledger.correct(paid_too_much, -30, host, "again")

    assert LedgerEntry.objects.count() == entries
    assert night_totals.totals(night).balanced
