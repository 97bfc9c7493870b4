"""Every host page fits a 360 px phone: no page is wider than the screen, in its main states.

Issue 20: "On a 390 px phone, opening "Game and stakes" widens the page to 672 px and cuts
fields off. Every host page must fit 360 px." Each page is opened at 390x844 and 360x740 in
real headless Chromium, with every fold-out (<details>) closed and then open, and measured:
document.documentElement.scrollWidth <= the phone's width. Screenshots in test-artifacts/screenshots/.
On the way, "Seat waiting players" is pressed with eight players waiting and two tables: four
sit at each.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from engine.tournament import RebuyRules
from tables.live import apply_intent
from tables.models import Night, Seat, Table
from tables.services.hosting import hosting
from tables.services.ledger import ledger
from tables.services.seating import joining
from tables.services.tournament import tournament_clock
from tables.tests.browser import SCREENSHOTS, host_logged_in, save_screenshot
from tables.tests.tournament_helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"390": (390, 844), "360": (360, 740)}
# The widest element, to say what overflows when a page does.
# Measured against the phone's own width: a mobile viewport widens itself to content that is
# too wide (innerWidth grows with the page), so it cannot be the yardstick.
OVERFLOW = """(width) => {
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 0.5 && e.getClientRects().length)
    .map(e => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}`
      + ` (right ${Math.round(e.getBoundingClientRect().right)})`);
  return {scroll: document.documentElement.scrollWidth, width, wide: wide.slice(0, 6)};
}"""


def _night_with_two_tables_and_a_tournament(host: User) -> tuple[Night, list[Table], int]:
    night = hosting.create_night(
        host,
        name="Friday game at the long kitchen table",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    tables = [
        hosting.create_table(night, name=name, game="nlhe", max_seats=9, small_blind=1, big_blind=2)
        for name in ("Kitchen", "Lounge")
    ]
    for name in ("Ann", "Bob", "Cyrille-Alexandra", "Dee", "Eve", "Fay", "Gus", "Hal"):
        ledger.record_chips_in(joining.join_night(night, name), "buy_in", 200, host, "cash at the door")
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=5_000, add_on=True, add_on_stack=5_000)
    tournament, _ = make_tournament(
        night, host, names=("Ivo", "Jo", "Kai", "Lu"), rules=rules, rebuy_price=20, add_on_price=10
    )
    tournament_clock.run_clock(tournament.pk, host, tournament_clock.TournamentAction.START)
    return night, tables, tournament.pk


def _check_fits(page: Any, name: str, problems: list[str], width: int) -> None:
    """Measure the page as it opens, then with every fold-out open; a screenshot of each."""
    for state in ("shown", "all-open"):
        if state == "all-open":
            opened = page.evaluate(
                "() => { const all = [...document.querySelectorAll('details')];"
                " all.forEach(d => d.open = true); return all.length; }"
            )
            if not opened:
                continue
        found = page.evaluate(OVERFLOW, width)
        if found["scroll"] > found["width"]:
            problems.append(
                f"{name} ({state}): {found['scroll']} px wide in {found['width']}: {found['wide']}"
            )
        save_screenshot(page, f"host-fits-{name}-{state}")


def test_every_host_page_fits_a_phone(live_server: Any, browser: Any) -> None:
    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    night, tables, tournament = _night_with_two_tables_and_a_tournament(host)
    base = f"{live_server.url}/host/nights/{night.pk}"
    problems: list[str] = []
    for size, (width, height) in SIZES.items():
        phone = {"viewport": {"width": width, "height": height}, "is_mobile": True, "has_touch": True}
        page = host_logged_in(browser, live_server, phone)
        if size == "390":
            # Eight waiting, two tables: the panel's button seats four at each.
            page.goto(f"{base}/panel/")
            _check_fits(page, f"{size}-panel-waiting", problems, width)
            page.locator(f"#table-{tables[0].pk}").get_by_role("button", name="Seat waiting players").click()
            page.locator(".message-success").wait_for()
            assert [Seat.objects.filter(table=table).count() for table in tables] == [4, 4]
            for table in tables:
                assert page.locator(f"#table-{table.pk} .panel-seat").count() == 4
            save_screenshot(page, "host-fits-seated-four-and-four")
            apply_intent(tables[0].pk, HOST, {"type": "start_hand"})  # a hand on, with its pot
        pages = {
            "nights": f"{live_server.url}/host/",
            "night": f"{base}/",
            "panel": f"{base}/panel/",
            "ledger": f"{base}/ledger/",
            "settle-up": f"{base}/ledger/#settle-up",
            "log": f"{live_server.url}/nights/{night.pk}/log/",
            "new-tournament": f"{base}/tournaments/new/",
            "tournament": f"{live_server.url}/host/tournaments/{tournament}/",
            "tournament-edit": f"{live_server.url}/host/tournaments/{tournament}/edit/",
            "tournament-deal": f"{live_server.url}/host/tournaments/{tournament}/deal/",
            "tournament-seating": f"{live_server.url}/host/tournaments/{tournament}/seating/",
        }
        for name, url in pages.items():
            page.goto(url)
            _check_fits(page, f"{size}-{name}", problems, width)
        # Close-ups of the widest parts, at their real size.
        page.goto(f"{base}/ledger/")
        page.locator("#players-money").screenshot(
            path=str(SCREENSHOTS / f"host-fits-{size}-ledger-players.png")
        )
        # The panel with "Game and stakes" open, as the issue found it.
        page.goto(f"{base}/panel/")
        page.locator(f"#table-{tables[1].pk} summary", has_text="Game and stakes").click()
        _check_fits(page, f"{size}-panel-game-and-stakes", problems, width)
        form = page.locator(f"#table-{tables[1].pk}")
        form.screenshot(path=str(SCREENSHOTS / f"host-fits-{size}-panel-game-and-stakes-table.png"))
        page.context.close()
    assert not problems, "\n".join(problems)
