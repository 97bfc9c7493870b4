"""The clock screen fits a phone: a host opens it at the table as often as on the projector.

At 390x844 and 360x740, running, on a break and finished, in real headless Chromium: the page is
no wider than the screen, the header's buttons are whole and inside it, and no text is cut off
(the tools' words, the prize pool, every prize amount, the blinds, the results). Screenshots in
test-artifacts/screenshots/clock-phone-*.png.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.live import apply_intent, hints_held, load_state
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.browser import create_host, save_screenshot
from tables.tests.conftest import new_night, new_table
from tables.tests.tournament_helpers import entry_of, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIVE_TIMEOUT_MS = 12_000
PHONES = {"390x844": (390, 844), "360x740": (360, 740)}
# Nine entrants at 250 EUR, rebuys and add-ons: a pool and prizes with four digits, as a home
# game's bigger night has them.
NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivo")
# Every visible element that reaches past the screen's edges, or whose content is wider than
# its box where the box cuts it off (overflow other than visible: the text is clipped).
# `width` is the phone's: a phone's browser widens its layout to fit a page that is too wide (and
# shrinks it all to fit), so innerWidth alone would not tell.
CUT_OFF = """(width) => {
  const name = e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`
    + (e.dataset.field ? `[${e.dataset.field}]` : '') + ` "${e.textContent.trim().slice(0, 30)}"`;
  const shown = [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
    && getComputedStyle(e).visibility !== 'hidden');
  const outside = shown.filter(e => {
    const box = e.getBoundingClientRect();
    return box.right > width + 0.5 || box.left < -0.5;
  }).map(e => `${name(e)} (${Math.round(e.getBoundingClientRect().left)}..`
    + `${Math.round(e.getBoundingClientRect().right)})`);
  const clipped = shown.filter(e => getComputedStyle(e).overflowX !== 'visible'
    && e.scrollWidth > e.clientWidth + 1 && e !== document.body && e !== document.documentElement)
    .map(e => `${name(e)} (${e.scrollWidth} in ${e.clientWidth})`);
  return {scroll: document.documentElement.scrollWidth, inner: innerWidth, outside: outside.slice(0, 8),
          clipped: clipped.slice(0, 8)};
}"""


@pytest.fixture(autouse=True)
def _no_socket_hints() -> Iterator[None]:
    """No table socket is open here: table writes from this thread keep their hints."""
    with hints_held():
        yield


def _big_tournament(host: User) -> Tournament:
    night = new_night(host)
    table = new_table(night, "Kitchen", max_seats=10)
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    tournament, _ = make_tournament(
        night,
        host,
        names=NAMES,
        rules=rules,
        buy_in=250,
        rebuy_price=250,
        add_on_price=100,
        payouts=(50, 30, 20),
    )
    tournament_seating.draw_opening_seats(tournament.pk, host)
    # Different stacks that add up to the nine starting stacks, so the leaders have an order.
    for number, seat in enumerate(load_state(table.pk).table.seats):
        stack = 10_000 + 1_500 * (number - 4)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": stack})
    started = timezone.now() - datetime.timedelta(minutes=3)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    tournament.refresh_from_db()
    return tournament


def _check(page: Any, name: str, width: int, problems: list[str]) -> None:
    found = page.evaluate(CUT_OFF, width)
    if max(found["scroll"], found["inner"]) > width:
        problems.append(f"{name}: {max(found['scroll'], found['inner'])} px wide in {width}")
    if found["outside"]:
        problems.append(f"{name}: past the edge: {found['outside']}")
    if found["clipped"]:
        problems.append(f"{name}: cut off: {found['clipped']}")
    save_screenshot(page, f"clock-phone-{name}")


def test_the_clock_fits_a_phone_running_on_a_break_and_finished(live_server: Any, browser: Any) -> None:
    host = create_host()
    tournament = _big_tournament(host)
    url = f"{live_server.url}/clock/{tournament.clock_token}/"
    pages = {}
    for size, (width, height) in PHONES.items():
        phone = {"viewport": {"width": width, "height": height}, "is_mobile": True, "has_touch": True}
        pages[size] = browser.new_context(**phone).new_page()
        pages[size].goto(url)
        pages[size].locator("body[data-state=running]").wait_for(timeout=LIVE_TIMEOUT_MS)
    problems: list[str] = []

    for size, page in pages.items():
        assert page.locator('[data-field="payouts"] li').count() == 3
        for button in page.locator(".clock-tool:visible").all():
            assert button.bounding_box()["height"] >= 44, (size, button.inner_text())
        _check(page, f"{size}-running", PHONES[size][0], problems)

    for _ in range(3):
        tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL, confirmed=True)
    for size, page in pages.items():
        page.locator("body[data-break]").wait_for(timeout=LIVE_TIMEOUT_MS)
        _check(page, f"{size}-break", PHONES[size][0], problems)

    for loser in NAMES[:-1]:
        tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, loser), None)])
    for size, page in pages.items():
        page.locator("body[data-state=finished]").wait_for(timeout=LIVE_TIMEOUT_MS)
        _check(page, f"{size}-finished", PHONES[size][0], problems)

    assert not problems, "\n".join(problems)
