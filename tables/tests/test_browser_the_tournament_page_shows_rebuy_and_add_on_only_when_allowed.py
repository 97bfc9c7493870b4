"""On a phone, in real headless Chromium: a freeze-out's "Players still in" rows have no Rebuy or
Add-on button, and a rebuy tournament's show Add-on at the first break, and the rows fit.

Screenshots of the section at 390x844 and 360x740 in test-artifacts/screenshots/.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.models.tournaments import TournamentAction
from tables.services.hosting import hosting
from tables.services.tournament import tournament_clock
from tables.tests.browser import SCREENSHOTS, create_host, host_logged_in
from tables.tests.tournament_helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONES = {"390x844": (390, 844), "360x740": (360, 740)}
REBUYS = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)


def test_rebuy_and_add_on_buttons_follow_the_rules_on_a_phone(live_server: Any, browser: Any) -> None:
    host = create_host()
    nights = [
        hosting.create_night(
            host,
            name=name,
            date=datetime.date(2026, 11, 27),
            currency="EUR",
            chip_value=Decimal("0.10"),
            require_approval=False,
        )
        for name in ("Friday game", "Saturday game")
    ]
    freeze_out, _ = make_tournament(nights[0], host, names=("Ann", "Bea", "Cal"))
    with_rebuys, _ = make_tournament(
        nights[1], host, names=("Dan", "Eve", "Fay"), rules=REBUYS, rebuy_price=20, add_on_price=10
    )
    now = timezone.now()
    tournament_clock.run_clock(freeze_out.pk, host, TournamentAction.START, now=now)
    at_break = now - datetime.timedelta(minutes=62)  # home-2h: the first break follows level 4
    tournament_clock.run_clock(with_rebuys.pk, host, TournamentAction.START, now=at_break)
    for size, (width, height) in PHONES.items():
        phone = {"viewport": {"width": width, "height": height}, "is_mobile": True, "has_touch": True}
        page = host_logged_in(browser, live_server, phone)
        for name, tournament, buttons in (
            ("freeze-out", freeze_out, []),
            ("first-break", with_rebuys, ["Add-on"] * 3),
        ):
            page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/")
            section = page.locator("section.card", has_text="Players still in")
            assert section.locator(".entry-row .actions button").all_inner_texts() == buttons, name
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert page.evaluate("innerWidth") == width
            section.screenshot(path=str(SCREENSHOTS / f"tournament-still-in-{name}-{size}.png"))
        page.context.close()
