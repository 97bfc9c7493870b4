"""The verify page on a phone, once the night is closed: a No-Limit hand checked with its seed,
and a Crazy Blind Man hand whose deck stays secret ("No player may see the card that was taken
from them."), with the cards its reader saw checked against the root instead."""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.axe import assert_accessible
from tables.tests.browser import PHONE, create_host, save_screenshot
from tables.tests.conftest import new_night
from tables.tests.live_helpers import player_cookie
from tables.tests.test_a_card_taken_in_crazy_blind_man_stays_unknown_after_the_night_closes import (
    BO,
    play_the_night,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}


@pytest.fixture
def played(transactional_db: None) -> dict[str, Any]:
    """Made before the browser starts: the write path's hints are sent from this thread, where
    Playwright's event loop must not be running yet."""
    host = create_host()
    return play_the_night(new_night(host), host)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_bo_reads_why_the_deck_stays_secret_on_a_phone(
    played: dict[str, Any], live_server: Any, browser: Any, size: str
) -> None:
    context = browser.new_context(**{**PHONE, "viewport": SIZES[size]})
    name, value = player_cookie(played["players"][BO - 1]).split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/verify/?table={played['table'].pk}")
    secret = page.locator(".verify-secret")
    assert secret.count() == 1
    assert "This hand's deck stays secret." in secret.inner_text()
    assert page.locator(".verify-openings li").count() >= 8  # two others' cards, the board, Bo's own
    assert played["nlhe"].seed in page.locator("#night-hands").inner_text()
    page.evaluate("document.querySelector('#night-hands').scrollIntoView()")
    save_screenshot(page, f"verify-night-hands-{size}", full_page=False)
    page.evaluate("document.querySelector('.verify-secret').scrollIntoView()")
    save_screenshot(page, f"verify-secret-deck-{size}", full_page=False)
    page.locator(".verify-opening-command summary").click()
    overflow = page.evaluate("document.documentElement.scrollWidth") - SIZES[size]["width"]
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    page.evaluate("document.querySelector('.verify-opening-command').scrollIntoView()")
    save_screenshot(page, f"verify-secret-deck-command-{size}", full_page=False)
    assert_accessible(page, f"verify page with a secret deck at {size}", within="#night-hands")
