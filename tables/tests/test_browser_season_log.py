"""In a real headless Chromium, on a phone (390x844 and 360x740): the host makes a season,
chooses its nights with a reason, and reads each change as one line in the season's log on
the season page. Screenshots in test-artifacts/screenshots/.

House rules: "The host's call is final, and open."
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tables.models import Season
from tables.tests.browser import host_logged_in, save_screenshot
from tables.tests.season_helpers import night_in_november
from tables.tests.test_browser_seasons import _fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"390x844": (390, 844), "360x740": (360, 740)}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_host_makes_a_season_and_reads_each_change_in_its_log(
    live_server: Any, browser: Any, size: str
) -> None:
    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    for name, day in (("Early game", 6), ("Friday game at the long kitchen table", 27)):
        night_in_november(host, name, day)
    width, height = SIZES[size]
    page = host_logged_in(
        browser,
        live_server,
        {"viewport": {"width": width, "height": height}, "is_mobile": True, "has_touch": True},
    )

    page.goto(f"{live_server.url}/host/seasons/")
    page.fill("input[name=name]", "Autumn")
    page.fill("input[name=starts_on]", "2026-11-01")
    page.fill("input[name=ends_on]", "2026-11-30")
    page.click("button:text('Make the season')")
    page.wait_for_url("**/edit/")

    # A season counts the nights already within its dates: both are ticked.
    assert page.locator("input[name=nights]:checked").count() == 2
    page.uncheck("input[name=nights] >> nth=0")
    page.fill("#nights-why", "The early game was a friendly")
    page.click("button:text('Save the nights')")
    message = page.locator(".message-success").inner_text()
    assert message == "Nights that count: took out Early game (06 Nov 2026); 1 night counts now"
    _fits(page)
    save_screenshot(page, f"season-edit-saved-{size}")

    page.goto(f"{live_server.url}/seasons/{Season.objects.get().pk}/")
    lines = page.locator("#season-log .audit-entry")
    assert lines.count() == 2  # made, then the nights: newest first
    assert "1 night counts now" in lines.nth(0).inner_text()
    assert "“The early game was a friendly”" in lines.nth(0).inner_text()
    assert (
        lines.nth(1).inner_text().startswith(lines.nth(1).locator("time").inner_text() + " · Made the season")
    )
    _fits(page)
    page.locator("#season-log").scroll_into_view_if_needed()
    save_screenshot(page, f"season-log-{size}")
