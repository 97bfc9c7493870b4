"""In a real headless Chromium: a player opens the join link on a phone, enters a name, and
appears on the host's night page; the host seats them and the phone shows its seat."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from tables.models import Seat
from tables.services.hosting import hosting
from tables.tests.browser import PHONE, create_host, host_logged_in, save_screenshot

# The pages poll every 3 seconds: allow a few polls.
LIVE_TIMEOUT_MS = 12_000

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _night_with_host_logged_in(live_server: object, browser: object, require_approval: bool) -> tuple:
    host = create_host()
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=require_approval,
    )
    page = host_logged_in(browser, live_server, {"viewport": {"width": 1024, "height": 900}})
    page.goto(f"{live_server.url}/host/nights/{night.pk}/")
    return night, page


def test_player_joins_from_a_phone_and_sees_the_seat_the_host_gave_them(
    live_server: object, browser: object
) -> None:
    night, host_page = _night_with_host_logged_in(live_server, browser, require_approval=False)
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    host_page.reload()
    assert host_page.locator(".join-code").inner_text() == night.join_code
    assert host_page.locator(".qr svg").count() == 1
    save_screenshot(host_page, "host-night-empty")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/")
    save_screenshot(phone, "phone-home")
    phone.goto(f"{live_server.url}/join/{night.join_code}/")
    save_screenshot(phone, "phone-join")
    phone.fill("input[name=display_name]", "Ann")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/play/")
    assert phone.locator(".seat-headline").inner_text() == "Waiting to be seated"
    save_screenshot(phone, "phone-waiting")

    # The host's page picks the new player up by itself.
    host_page.locator('#night-panel [data-player="Ann"]').wait_for(timeout=LIVE_TIMEOUT_MS)
    save_screenshot(host_page, "host-night-player-waiting")
    host_page.click("text=Seat waiting players here")
    host_page.wait_for_load_state()
    host_page.locator(".message-success").wait_for()
    seat = Seat.objects.get(player__display_name="Ann", table=table)
    save_screenshot(host_page, "host-night-seated")

    # The phone's poll shows the seat without a reload.
    seat_number = phone.locator(".seat-number")
    seat_number.wait_for(state="visible", timeout=LIVE_TIMEOUT_MS)
    assert seat_number.inner_text() == str(seat.number)
    assert phone.locator(".seat-headline").inner_text() == f"Kitchen · Seat {seat.number}"
    save_screenshot(phone, "phone-seated")

    # Phones first: nothing wider than the screen, for the player and for a host on a small phone.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    host_page.set_viewport_size({"width": 360, "height": 800})
    host_page.reload()
    assert host_page.evaluate("document.documentElement.scrollWidth") <= 360
    save_screenshot(host_page, "host-night-360px")


def test_waiting_screen_updates_by_itself_when_the_host_lets_the_player_in(
    live_server: object, browser: object
) -> None:
    """The host may require approval: a joining player waits on a "waiting for the host" screen
    that updates live when approved."""
    night, host_page = _night_with_host_logged_in(live_server, browser, require_approval=True)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/join/{night.join_code}/")
    phone.fill("input[name=display_name]", "Bea")
    phone.click("button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/play/")
    assert phone.locator(".seat-headline").inner_text() == "Waiting for the host"
    save_screenshot(phone, "phone-waiting-for-approval")

    host_page.locator('#night-panel [data-player="Bea"]').wait_for(timeout=LIVE_TIMEOUT_MS)
    save_screenshot(host_page, "host-night-approval")
    host_page.click("text=Let in")
    host_page.locator(".message-success").wait_for()

    phone.locator(".seat-card[data-state=waiting]").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert phone.locator(".seat-headline").inner_text() == "Waiting to be seated"
