"""In a real headless Chromium on a 360x740 phone: the host of a season says the Bo of the 27th is
the Bo of the 13th (and undoes it), marks a transfer paid, records cash paid to the bank, marks a
payment unpaid, and reads what is still owed. Screenshots in test-artifacts/screenshots/.

The issue: "the host has no way to link or merge them" and "mark a transfer or a cash payment to
the bank as paid, see what is still owed, across nights of a season."
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.models import PersonMerge, SeasonPayment
from tables.services.seasons import season_payments, seasons
from tables.tests.axe import assert_accessible
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.season_helpers import two_nights
from tables.tests.test_browser_seasons import _fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_360 = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def _message(page: Any) -> str:
    return page.locator(".message-success, .message-error").first.inner_text()


def test_the_host_links_two_bos_and_settles_the_season_from_a_phone(live_server: Any, browser: Any) -> None:
    host = create_host()
    nights = two_nights(host, hands=6)
    page = host_logged_in(browser, live_server, PHONE_360)
    season_url = f"{live_server.url}/seasons/{nights.season.pk}/"
    page.goto(season_url)
    names = page.locator("#season-standings tbody th").all_inner_texts()
    assert any(n.startswith("Bo (13 Nov)") for n in names) and any(n.startswith("Bo (27 Nov)") for n in names)

    # Same person: Bo of the 27th is Bo of the 13th.
    page.select_option("#link-merged", label="Bo (27 Nov)")
    page.select_option("#link-into", label="Bo (13 Nov)")
    page.fill("#season-link-form input[name=why]", "Same phone, same Bo")
    page.locator("#season-people").scroll_into_view_if_needed()
    save_screenshot(page, "season-same-person-form-360x740", full_page=False)
    page.click("#season-link-form button[type=submit]")
    assert _message(page) == "Same person: Bo (27 Nov) is Bo (13 Nov); their results add up over 2 nights"
    names = page.locator("#season-standings tbody th").all_inner_texts()
    assert any(n.startswith("Bo") and "Nov" not in n for n in names)
    assert not any(n.startswith("Bo (") for n in names)
    _fits(page)
    save_screenshot(page, "season-same-person-linked-360x740")
    page.locator("#season-standings").scroll_into_view_if_needed()
    save_screenshot(page, "season-same-person-standings-360x740", full_page=False)

    # Undo: two Bos again.
    page.click("#season-links button:text('Undo')")
    assert _message(page) == "Undid same person: Bo (27 Nov) and Bo (13 Nov) are two people again"
    assert PersonMerge.objects.get().undone_at is not None
    # And linked again, for the settle-up below.
    page.select_option("#link-merged", label="Bo (27 Nov)")
    page.select_option("#link-into", label="Bo (13 Nov)")
    page.click("#season-link-form button[type=submit]")

    # Settle up: the first transfer is paid.
    owed = season_payments.still_owed(seasons.season_table(nights.season))
    first = owed.transfers[0]
    transfers = page.locator("#season-transfers li")
    count = transfers.count()
    transfers.first.locator("button:text('Paid')").click()
    assert _message(page).startswith(f"Paid: {owed.names[first.payer]} paid {owed.names[first.payee]}")
    assert page.locator("#season-paid li").count() == 1
    assert page.locator("#season-transfers li").count() in (count - 1, count)  # one fewer, or all paid
    # Cash to the bank from someone who still owes.
    after = season_payments.still_owed(seasons.season_table(nights.season))
    debtor = min((k for k in after.remaining if k != season_payments.BANK), key=lambda k: after.remaining[k])
    assert after.remaining[debtor] < 0
    page.select_option("#bank-person", value=debtor)
    page.fill("#bank-amount", "0.50")
    page.click("#season-bank-form button[type=submit]")
    assert _message(page) == f"Paid: {after.names[debtor]} paid the bank 0.50 EUR"
    assert "The bank pays" in page.locator("#season-transfers").inner_text()
    assert "still owes" in page.locator("#season-open-balances").inner_text()
    _fits(page)
    assert_accessible(page, "the season page with payments and links")
    page.locator("#season-settle-up").scroll_into_view_if_needed()
    save_screenshot(page, "season-settle-up-paid-360x740", full_page=False)
    save_screenshot(page, "season-settle-up-paid-360x740-full")

    # Cash above what is owed is refused and changes nothing.
    page.select_option("#bank-person", value=debtor)
    page.fill("#bank-amount", "100000")
    page.click("#season-bank-form button[type=submit]")
    assert "not 100000.00 EUR" in page.locator(".message-error").inner_text()
    assert SeasonPayment.objects.count() == 2

    # The transfer marked by mistake: not paid.
    page.locator("#season-paid li").first.locator("button:text('Not paid')").click()
    assert _message(page).startswith("Not paid after all:")
    assert page.locator("#season-paid li").count() == 1
    _fits(page)
    lines = page.locator("#season-log .audit-entry")
    assert "Not paid after all" in lines.nth(0).inner_text()
    page.locator("#season-log").scroll_into_view_if_needed()
    save_screenshot(page, "season-log-payments-360x740", full_page=False)
