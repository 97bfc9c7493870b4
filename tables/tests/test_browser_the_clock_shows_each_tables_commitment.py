"""The clock screen shows each tournament table's deck commitment, whole, on a projector and on a
phone, in real headless Chromium.

docs/shuffle.md, "What your phone keeps": "the host's felt and, in a tournament, the clock screen
show each table's commitment (its first 12 hexadecimal digits, as every phone shows it) from the
cut-off until the hand ends". Screenshots in test-artifacts/screenshots/clock-commitments-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tables.live import hints_held, load_state
from tables.models.tournaments import TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating
from tables.tests.browser import create_host, save_screenshot
from tables.tests.conftest import new_night, new_table
from tables.tests.test_browser_the_clock_fits_a_phone import CUT_OFF
from tables.tests.tournament_helpers import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = {"phone-360x740": (360, 740), "phone-390x844": (390, 844), "projector-1280x720": (1280, 720)}


@pytest.fixture(autouse=True)
def _no_socket_hints() -> Iterator[None]:
    """No table socket is open here: table writes from this thread keep their hints."""
    with hints_held():
        yield


def test_each_dealing_table_shows_its_commitment_on_the_clock(live_server: Any, browser: Any) -> None:
    host = create_host()
    night = new_night(host)
    kitchen, lounge = new_table(night, "Kitchen", max_seats=6), new_table(night, "Lounge", max_seats=6)
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal", "Dan"))
    tournament_seating.draw_opening_seats(tournament.pk, host, tables={kitchen.pk: 2, lounge.pk: 2})
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, deal=True)
    tournament.refresh_from_db()
    expected = []
    for table in (kitchen, lounge):
        state = load_state(table.pk)
        dealing = state.shuffling.commitment if state.shuffling else state.commitment
        assert dealing, table.name
        expected.append(f"{table.name}\n#1\n{dealing[:12]}")
    for name, (width, height) in SCREENS.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
        rows = page.locator('[data-field="commitments"] li')
        rows.first.wait_for(timeout=12_000)
        assert [" ".join(row.split()) for row in rows.all_inner_texts()] == [
            " ".join(row.split()) for row in expected
        ]
        found = page.evaluate(CUT_OFF, width)
        assert not [item for item in found["outside"] + found["clipped"] if "commitment" in item], found
        save_screenshot(page, f"clock-commitments-{name}")
