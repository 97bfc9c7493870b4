"""On a 360 px phone, in real headless Chromium: the host picks a payout template, edits a
bracket (a wrong one refused with its reason), sees which bracket pays on the tournament page and
the clock screen; at a break the host works out a colour-up and writes the race in the log.

Screenshots in test-artifacts/screenshots/payouts-*.png and colour-up-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tables.models.ledger import AuditEntry
from tables.services.seating import joining
from tables.services.tournament import tournament_setup
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.conftest import new_night
from tables.tests.test_browser_the_clock_fits_a_phone import CUT_OFF

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_360 = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")


def _shot(page: Any, name: str) -> None:
    """What the phone's screen shows now (the set-up page is many screens long)."""
    save_screenshot(page, name, full_page=False)


def _fits(page: Any, what: str) -> None:
    found = page.evaluate(CUT_OFF, 360)
    assert max(found["scroll"], found["inner"]) <= 360, (what, found)
    assert not found["outside"] and not found["clipped"], (what, found)


def test_the_host_picks_edits_and_sees_the_payout_brackets(live_server: Any, browser: Any) -> None:
    host = create_host()
    night = new_night(host)
    page = host_logged_in(browser, live_server, PHONE_360)
    page.goto(f"{live_server.url}/host/nights/{night.pk}/tournaments/new/")
    page.select_option("#id_payout_template", "flat")
    _shot(page, "payouts-1-new-tournament-360")
    _fits(page, "new tournament")
    page.click("button:has-text('Create the tournament')")
    page.wait_for_url(re.compile(r"/edit/$"))
    tournament = night.tournaments.get()
    assert page.input_value("#id_brackets-0-pays") == "65, 35"

    # Another template fills the rows; each row says the fields it covers and its sum.
    page.select_option("#id_payout_template", "winner-heavy")
    assert page.input_value("#id_brackets-0-pays") == "100"
    assert page.input_value("#id_brackets-1-pays") == "70, 30"
    assert page.locator(".bracket-row").nth(1).locator("[data-bracket-from]").inner_text() == (
        "7–10 entries · 2 paid · 100%"
    )
    page.fill("#id_brackets-1-pays", "60, 30")
    assert "bracket-wrong" in (
        page.locator(".bracket-row").nth(1).locator("[data-bracket-from]").get_attribute("class")
    )
    page.locator("#payouts").scroll_into_view_if_needed()
    _shot(page, "payouts-2-bracket-editor-wrong-sum-360")
    _fits(page, "set-up page")
    page.click("button:has-text('Save the set-up')")
    assert (
        page.locator(".form-error, [role=alert]")
        .first.inner_text()
        .count("Bracket 2: The payout percentages add up to 90%")
    )
    _shot(page, "payouts-3-refused-360")
    page.fill("#id_brackets-1-pays", "60, 40")
    page.click("button:has-text('Save the set-up')")
    page.wait_for_url(re.compile(rf"/host/tournaments/{tournament.pk}/$"))

    tournament_setup.register_players(tournament.pk, host, [joining.join_night(night, n) for n in NAMES])
    page.reload()
    page.locator("#payouts").scroll_into_view_if_needed()
    assert page.locator("[data-payout-rule]").inner_text() == (
        "7 entries: the 7–10 entries bracket pays 2 places."
    )
    assert page.locator(".payouts li").all_inner_texts() == ["1. 84 EUR", "2. 56 EUR"]
    _shot(page, "payouts-4-tournament-page-360")
    _fits(page, "tournament page")

    clock = browser.new_context(**PHONE_360).new_page()
    clock.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
    clock.locator('[data-field="payout-rule"]').wait_for()
    assert clock.locator('[data-field="payout-rule"]').inner_text() == (
        "7 entries: the 7–10 entries bracket pays 2 places"
    )
    clock.locator('[data-field="pool"]').scroll_into_view_if_needed()
    _shot(clock, "payouts-5-clock-360")


def test_the_host_works_out_a_colour_up_and_logs_it(live_server: Any, browser: Any) -> None:
    host = create_host()
    night = new_night(host)
    tournament = tournament_setup.create_tournament(
        night, host, name="Main event", template_key="home-2h", buy_in=20
    )
    tournament_setup.register_players(tournament.pk, host, [joining.join_night(night, n) for n in NAMES[:4]])
    page = host_logged_in(browser, live_server, PHONE_360)
    page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/colour-up/")
    page.fill("#leaving", "25")
    page.click("button:has-text('Work it out')")
    for name, count in zip(NAMES[:4], (7, 2, 5, 0), strict=True):
        page.get_by_label(f"{name}: chips of 25").fill(str(count))
    _shot(page, "colour-up-1-counts-360")
    _fits(page, "colour-up counts")
    page.click("button:has-text('Work it out')")
    assert "the race is for 2 chips of 100" in page.locator("[data-field=race]").inner_text()
    page.get_by_label("Ann", exact=True).check()
    page.get_by_label("Bea", exact=True).check()
    page.locator("#race").scroll_into_view_if_needed()
    _shot(page, "colour-up-2-race-360")
    page.click("button:has-text('Show the new chips')")
    assert page.locator("[data-new-chips]").all_inner_texts() == ["Ann\n2", "Bea\n1", "Cal\n1", "Dan\n0"]
    _shot(page, "colour-up-3-result-360")
    _fits(page, "colour-up result")
    page.click("button:has-text('Write it in the night')")
    page.wait_for_load_state()
    assert page.url.endswith(f"/host/tournaments/{tournament.pk}/#top"), page.url
    assert AuditEntry.objects.filter(what__contains="Colour-up: the 25s leave for 100s").count() == 1
    _shot(page, "colour-up-4-logged-360")
