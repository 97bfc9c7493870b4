"""In a real headless Chromium at 360 px wide, the host's conveniences for the tables: everyone
let in with one tap, a table's default buy-in paid as the guests sit, an empty table closed and
removed (one with players refused), the live felt, and a tournament drawn at the tables the
host ticks whose Start deals at the clock's blinds."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest

from tables.live import load_state
from tables.models import LedgerEntry, Seat, Table
from tables.services.hosting import hosting
from tables.services.seating import joining
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.tournament_helpers import make_tournament

NARROW = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _fits(page: Any) -> None:
    """Nothing runs off the side of a 360 px phone."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _night(host: Any, approval: bool) -> Any:
    return hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=approval,
    )


def test_the_host_lets_everyone_in_seats_them_on_a_default_buy_in_and_closes_a_table(
    live_server: Any, browser: Any
) -> None:
    night = _night(create_host(), approval=True)
    kitchen = hosting.create_table(
        night, name="Kitchen", game="nlhe", max_seats=6, small_blind=1, big_blind=2
    )
    porch = hosting.create_table(night, name="Porch", game="nlhe", max_seats=6, small_blind=1, big_blind=2)
    for name in ("Ann", "Bea", "Cal"):
        joining.join_night(night, name)
    host = host_logged_in(browser, live_server, NARROW)
    panel = f"{live_server.url}/host/nights/{night.pk}/panel/"
    host.goto(panel)
    save_screenshot(host, "conveniences-1-three-at-the-door")
    _fits(host)
    host.get_by_role("button", name="Let everyone in (3)").click()
    host.locator(".message-success").filter(has_text="Let Ann in; Let Bea in; Let Cal in").wait_for()

    box = host.locator(f"#table-{kitchen.pk} .table-upkeep")
    box.locator("summary").click()
    box.locator("input[name=chips]").fill("200")
    save_screenshot(host, "conveniences-2-default-buy-in")
    box.get_by_role("button", name="Save").click()
    host.locator(".message-success").filter(
        has_text="Kitchen: default buy-in 200 chips (20.00 EUR)"
    ).wait_for()
    host.locator(f"#table-{kitchen.pk}").get_by_role("button", name="Seat waiting players").click()
    host.locator(".message-success").wait_for()
    assert sorted(LedgerEntry.objects.values_list("chips", flat=True)) == [200, 200, 200]
    assert {s.table_id for s in Seat.objects.all()} == {kitchen.pk}
    save_screenshot(host, "conveniences-3-seated-and-paid")
    _fits(host)

    # A table with players is refused, in words; the empty Porch closes, then goes.
    box = host.locator(f"#table-{kitchen.pk} .table-upkeep")
    box.locator("summary").click()
    box.get_by_role("button", name="Close table").click()
    host.locator(".message-error").filter(
        has_text="sit at Kitchen: move them or let them leave first"
    ).wait_for()
    save_screenshot(host, "conveniences-4-close-refused")
    box = host.locator(f"#table-{porch.pk} .table-upkeep")
    box.locator("summary").click()
    box.get_by_role("button", name="Close table").click()
    host.locator(".message-success").filter(has_text="Closed Porch").wait_for()
    host.locator(f"#table-{porch.pk}").get_by_role("button", name="Open again").wait_for()
    save_screenshot(host, "conveniences-5-porch-closed")
    host.locator(f"#table-{porch.pk}").get_by_role("button", name="Remove table").click()
    host.locator(".message-success").filter(has_text="Took Porch off the night").wait_for()
    assert host.locator(f"#table-{porch.pk}").count() == 0
    assert Table.objects.get(pk=porch.pk).status == "removed"

    # The felt: the hand dealt, its blinds and pot, no hole card.
    host.locator(f"#table-{kitchen.pk}").get_by_role("button", name="Start / resume").click()
    host.locator(".message-success").wait_for()
    host.get_by_role("link", name="Felt").click()
    felt = host.locator(f"#felt-{kitchen.pk}")
    felt.locator(".felt-hand").filter(has_text="Hand #1").wait_for()
    assert felt.locator('[data-field="pot"]').inner_text() == "3"
    assert felt.locator(".felt-seat").count() == 3
    assert felt.locator('[data-field="cards"]').count() == 0
    save_screenshot(host, "conveniences-6-felt")
    _fits(host)


def test_the_tournament_draws_at_the_tables_ticked_and_the_start_deals_the_clocks_blinds(
    live_server: Any, browser: Any
) -> None:
    owner = create_host()
    night = _night(owner, approval=False)
    cash = hosting.create_table(night, name="Cash", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    tables = [
        hosting.create_table(night, name=name, game="nlhe", max_seats=9, small_blind=1, big_blind=2)
        for name in ("T1", "T2")
    ]
    tournament, _ = make_tournament(night, owner, names=("Ann", "Bea", "Cal", "Dan", "Eve", "Fay"))
    host = host_logged_in(browser, live_server, NARROW)
    host.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/seating/")
    form = host.locator("#draw-form")
    for table in tables:
        form.locator(f"input[name=table_{table.pk}]").check()
        form.locator(f"input[name=seats_{table.pk}]").fill("4")
    save_screenshot(host, "conveniences-7-tables-ticked")
    _fits(host)
    form.get_by_role("button", name="Draw seats").click()
    host.locator(".message-success").filter(has_text="Drew seats for 6 players").wait_for()
    assert not Seat.objects.filter(table=cash).exists()
    assert [Seat.objects.filter(table=t).count() for t in tables] == [3, 3]
    save_screenshot(host, "conveniences-8-drawn")

    host.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/")
    host.get_by_role("button", name="Start", exact=True).click()
    host.locator(".message-success").filter(has_text="dealing at T1, T2").wait_for()
    save_screenshot(host, "conveniences-9-started")
    first = tournament.get_structure().levels[0]
    for table in tables:
        assert load_state(table.pk).table.stakes.big_blind == first.big_blind
    host.goto(f"{live_server.url}/host/nights/{night.pk}/felt/")
    host.locator(f"#felt-{tables[0].pk}").filter(
        has_text=f"blinds {first.small_blind}/{first.big_blind}"
    ).wait_for()
    save_screenshot(host, "conveniences-10-felt-at-the-clocks-blinds")
    _fits(host)
