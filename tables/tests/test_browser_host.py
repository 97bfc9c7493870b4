"""In a real headless Chromium, the host runs the night one-handed on a phone (390x844): lets a
player in, seats them, records a rebuy and makes a ruling, and the player's phone shows each
step by itself."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from tables.models import Seat
from tables.models.ledger import AuditEntry, LedgerEntry
from tables.services.hosting import hosting
from tables.tests.browser import PHONE, create_host, host_logged_in, save_screenshot

LIVE_TIMEOUT_MS = 12_000

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_host_runs_the_night_from_a_phone_and_the_players_phone_follows(
    live_server: object, browser: object
) -> None:
    night = hosting.create_night(
        create_host(),
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=True,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)

    host = host_logged_in(browser, live_server)
    host.goto(f"{live_server.url}/host/nights/{night.pk}/panel/")
    save_screenshot(host, "host-panel-empty")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/join/{night.join_code}/")
    phone.fill("input[name=display_name]", "Ann")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/play/")
    assert phone.locator(".seat-headline").inner_text() == "Waiting for the host"

    # 1. The panel picks up the join request by itself; one tap lets Ann in.
    request = host.locator('#requests [data-player="Ann"]')
    request.wait_for(timeout=LIVE_TIMEOUT_MS)
    save_screenshot(host, "host-panel-join-request")
    request.get_by_role("button", name="Let in").click()
    host.locator(".message-success").wait_for()
    phone.locator(".seat-headline").filter(has_text="Waiting to be seated").wait_for(timeout=LIVE_TIMEOUT_MS)

    # 2. Seats are drawn at random; the phone shows its seat.
    host.get_by_role("button", name="Seat waiting players").click()
    host.locator(".message-success").wait_for()
    seat = Seat.objects.get(player__display_name="Ann", table=table)
    phone.locator(".seat-number").filter(has_text=str(seat.number)).wait_for(timeout=LIVE_TIMEOUT_MS)
    chips = phone.locator('#my-chips [data-field="chips-stack"]')
    save_screenshot(host, "host-panel-seated")

    # 3. A rebuy recorded from the seat's menu puts exactly those chips on the phone's stack.
    row = host.locator(f'.panel-seat[data-seat="{seat.number}"]')
    row.locator("summary", has_text="More").click()
    row.locator("select[name=kind]").select_option("rebuy")
    row.locator("input[name=chips]").fill("300")
    save_screenshot(host, "host-panel-rebuy")
    row.get_by_role("button", name="Record").click()
    host.locator(".message-success").filter(has_text="Rebuy for Ann: 300 chips = 30.00 EUR").wait_for()
    chips.filter(has_text="300").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert LedgerEntry.objects.get().chips == 300
    save_screenshot(phone, "host-player-phone-after-rebuy")

    # 4. A ruling: one tap plus a reason, a confirmation of what changes, then the phone follows.
    box = host.locator(f"#table-{table.pk} [data-rulings]")
    box.locator("summary").click()
    box.get_by_label("Adjust a stack").check()
    box.locator("input[name=seat]").fill(str(seat.number))
    box.locator("input[name=stack]").fill("250")
    # Where the chips went (issue 39, 1): the host says it was a miscounted buy-in.
    box.get_by_label("A miscounted buy-in").check()
    box.locator("input[name=why]").fill("50 chips were paid to the bar")
    box.get_by_role("button", name="Check what changes").click()
    changes = host.locator("#ruling-confirm .changes")
    # Issue 16, 5: the adjustment is written in the ledger as a correction, and the preview says so.
    expected = (
        f"Seat {seat.number} (Ann): stack 300 → 250 chips\nLedger: a correction of -50 chips (-5.00 EUR)"
    )
    assert changes.inner_text().startswith(expected)
    assert host.locator("[data-field=cash-box]").inner_text() == "Cash box: give Ann 5.00 EUR back."
    save_screenshot(host, "host-ruling-confirm")
    host.get_by_role("button", name="Make the ruling").click()
    host.locator(".message-success").filter(has_text="Adjust a stack: ").wait_for()
    chips.filter(has_text="250").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert AuditEntry.objects.filter(
        what__startswith="Kitchen: Adjust a stack: ", why="50 chips were paid to the bar"
    ).exists()
    save_screenshot(host, "host-panel-after-ruling")

    # The player reads the ruling in the open log, linked from their screen.
    phone.get_by_role("link", name="The host's log").click()
    phone.get_by_text("50 chips were paid to the bar").wait_for()
    save_screenshot(phone, "host-player-log")

    # One-handed on a phone: nothing wider than the screen.
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    host.goto(f"{live_server.url}/host/nights/{night.pk}/ledger/")
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    save_screenshot(host, "host-ledger")
