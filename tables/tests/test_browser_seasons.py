"""In a real headless Chromium: a night's recap, a hand replayed from it, and the season page,
on a phone (390x844) and a laptop (1280x800), with screenshots to look at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tables.services.ledger.night_results import night_results
from tables.services.seasons import seasons
from tables.tests.browser import PHONE, SCREENSHOTS, create_host, host_logged_in, save_screenshot
from tables.tests.live_helpers import player_cookie
from tables.tests.season_helpers import TwoNights, two_nights

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {
    "390x844": PHONE,
    "1280x800": {"viewport": {"width": 1280, "height": 800}},
}


@pytest.fixture
def nights(transactional_db: None) -> TwoNights:
    """Made before the browser starts: the write path's hints are sent from this thread, where
    Playwright's event loop must not be running yet."""
    host = create_host()
    return two_nights(host, hands=10)


def _fits(page: object) -> None:
    """Nothing wider than the screen but the standings table, which scrolls in its own box."""
    overflow = page.evaluate("document.documentElement.scrollWidth") - page.viewport_size["width"]
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"


@pytest.mark.parametrize("size", sorted(SIZES))
def test_recap_and_season_pages_at_phone_and_laptop_size(
    live_server: object, browser: object, size: str
) -> None:
    host = create_host()
    nights = two_nights(host, hands=10)
    page = host_logged_in(browser, live_server, SIZES[size])

    page.goto(f"{live_server.url}/nights/{nights.first.pk}/recap/")
    assert page.locator("svg.chart polyline").count() == 3  # Ann, Bo and Cy
    assert page.locator("#recap-tournament").inner_text().count("Main event") == 1
    _fits(page)
    save_screenshot(page, f"recap-{size}")

    page.click("#recap-pots a >> nth=0")
    position = page.locator("[data-position]")
    # The replay is a module script, run once the page has loaded: wait for its first step.
    expect(position).to_have_text(re.compile(r"^Step 1 of \d+"))
    page.click("[data-step='1']")
    expect(position).to_have_text(re.compile(r"^Step 2 of \d+"))
    assert page.locator(".replay-step:not([hidden])").count() == 1
    _fits(page)
    save_screenshot(page, f"recap-hand-{size}")

    page.goto(f"{live_server.url}/seasons/{nights.season.pk}/")
    assert "10 x sqrt(n) / sqrt(k)" in page.locator("#season-formula").inner_text()
    assert page.locator("svg.chart polyline").count() == 5  # Ann, two Bos, Cy, Di
    _fits(page)
    save_screenshot(page, f"season-{size}")
    page.click("#season-standings thead a:text('Money')")
    richest = max(seasons.season_table(nights.season).rows, key=lambda r: r.standing.money_net).name
    assert page.locator("#season-standings tbody tr >> nth=0 >> th").inner_text().startswith(richest)


def test_a_returning_guest_opens_the_recap_from_their_phone(
    nights: TwoNights, live_server: object, browser: object
) -> None:
    context = browser.new_context(**PHONE)
    name, value = player_cookie(nights.players["Ann2"]).split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": live_server.url}])
    phone = context.new_page()
    phone.goto(f"{live_server.url}/play/")
    phone.click("#recap-link")
    assert "Second Friday: the recap" in phone.locator("h1").inner_text()
    # Recognised as the Ann of the first night, she may read that night's recap too.
    phone.goto(f"{live_server.url}/nights/{nights.first.pk}/recap/")
    assert "First Friday: the recap" in phone.locator("h1").inner_text()
    phone.goto(f"{live_server.url}/seasons/{nights.season.pk}/")
    assert phone.locator("#season-standings tbody tr").count() == 5
    save_screenshot(phone, "season-player-390x844")


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 390, "height": 844}])
def test_the_recap_players_table_fits_a_phone_without_scrolling_sideways(
    nights: TwoNights, live_server: object, browser: object, size: dict[str, int]
) -> None:
    """Every column of "Who did what", money included, is on screen at phone size: on a narrow
    phone hands go under the name and money under the chips, and a long name wraps between words."""
    ann = nights.players["Ann1"]
    ann.display_name = "Alexandra Montgomery"
    ann.save(update_fields=["display_name"])
    page = host_logged_in(browser, live_server, {**PHONE, "viewport": size})
    page.goto(f"{live_server.url}/nights/{nights.first.pk}/recap/")
    page.locator("#recap-players").screenshot(
        path=str(SCREENSHOTS / f"recap-players-{size['width']}x{size['height']}.png")
    )
    box = page.locator("#recap-players .scroll-x")
    scroll_width, client_width = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert scroll_width <= client_width, f"the table is {scroll_width - client_width}px too wide"
    # Each player's money is on screen, in full, under their chips.
    shown = page.locator("#recap-players tbody .money-under")
    assert shown.count() == 3
    assert all(text.strip().endswith("EUR") for text in shown.all_inner_texts())
    for money in shown.all():
        right = money.evaluate("m => m.getBoundingClientRect().right")
        assert right <= box.evaluate("b => b.getBoundingClientRect().right")
    first = max(night_results(nights.first).players.values(), key=lambda r: r.money_net or 0)
    played = f"{first.hands_played} hands, {first.hands_won} won"
    assert played in page.locator("#recap-players tbody th >> nth=0").inner_text()
    # "Alexandra Montgomery" takes at most two lines: it wraps between the words, never inside one.
    lines = page.locator("#recap-players tbody th >> nth=0").evaluate(
        """th => { const r = document.createRange(); r.selectNodeContents(th.firstChild);
                   return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""
    )
    assert lines <= 2
    _fits(page)
