"""The set-up page marks the stacks already handed out, on a phone.

A stack handed out cannot change (docs/chips-and-money.md): beside it the page says "Handed out:
it stays N." and the field is read-only, so the host sees it before typing; the rest of the
set-up still saves. Opened at 390x844 and 360x740 in real headless Chromium; the page is no wider
than the screen. Screenshots in test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.tournament import RebuyRules
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.browser import SCREENSHOTS, create_host, host_logged_in, save_screenshot
from tables.tests.conftest import host_calls, new_night, new_table
from tables.tests.test_browser_host_pages_fit_a_phone import OVERFLOW, SIZES
from tables.tests.tournament_helpers import entry_of, loses_every_chip, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_stacks_handed_out_are_marked_and_the_rest_saves(live_server: Any, browser: Any) -> None:
    """Ann, Bea, Cal and Dan drawn with 10,000 each; Ann busted and rebought: the starting and
    rebuy stacks are handed out, the add-on stack not yet."""
    host = create_host()
    night = new_night(host)
    kitchen = new_table(night, "Kitchen", 6)
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    tournament, players = make_tournament(night, host, rules=rules, rebuy_price=20, add_on_price=10)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    loses_every_chip(kitchen, players[0])
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host)
    url = f"{live_server.url}/host/tournaments/{tournament.pk}/edit/"
    for size, (width, height) in SIZES.items():
        phone = {"viewport": {"width": width, "height": height}, "is_mobile": True, "has_touch": True}
        page = host_logged_in(browser, live_server, phone)
        page.goto(url)
        found = page.evaluate(OVERFLOW, width)
        assert found["scroll"] <= found["width"], found
        starting = page.locator("#id_starting_stack")
        assert starting.get_attribute("readonly") is not None
        assert page.locator("#id_starting_stack_helptext").inner_text() == "Handed out: it stays 10000."
        assert page.locator("#id_rebuy_stack_helptext").inner_text() == "Handed out: it stays 10000."
        assert page.locator("#id_add_on_stack_helptext").count() == 0  # no add-on recorded yet
        assert page.locator("#id_add_on_stack").get_attribute("readonly") is None
        save_screenshot(page, f"set-up-locked-stacks-{size}")
        save_screenshot(page, f"set-up-locked-stacks-{size}-screen", full_page=False)
        page.locator("#id_starting_stack").locator("xpath=..").screenshot(
            path=str(SCREENSHOTS / f"set-up-locked-stacks-{size}-field.png")
        )
        page.context.close()
    # The rest of the set-up still saves from the page, the stacks as they are.
    page = host_logged_in(browser, live_server)
    page.goto(url)
    page.fill("#id_name", "Main event, renamed")
    lines = host_calls().count()
    page.get_by_role("button", name="Save the set-up").click()
    page.wait_for_url(f"{live_server.url}/host/tournaments/{tournament.pk}/")
    assert Tournament.objects.get(pk=tournament.pk).name == "Main event, renamed"
    assert host_calls().count() == lines + 1
    page.context.close()
