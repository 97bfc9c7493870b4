"""The host panel's fold-outs ("Swap two players", "Ruling", "Game and stakes") show they open.

Seen on a first night, at 360 px and at 1280 px: those three lines read as plain text, with no
arrow, so a new host looking for the misdeal ruling did not know "Ruling" could be tapped. Each
summary must carry a marker, one that turns when the fold-out is open. Checked in real headless
Chromium at 360x740, screenshots in test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.models import Table
from tables.services.hosting import hosting
from tables.services.seating import joining, seating
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.season_helpers import night_in_november

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
# The marker each fold-out's summary shows: the browser's own (a list item's) or one drawn before it.
MARKERS = """() => [...document.querySelectorAll('.panel-details > summary')].map(s => {
  const style = getComputedStyle(s);
  const before = getComputedStyle(s, '::before').content;
  const marker = style.display === 'list-item' ? getComputedStyle(s, '::marker').content : before;
  return {text: s.textContent.trim(), marker, open: s.parentElement.open};
})"""


@pytest.fixture
def table(transactional_db: None) -> Table:
    """Made before the browser starts (the write path's hints must not meet Playwright's loop)."""
    night = night_in_november(create_host(), "Friday game", 27)
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    for number, name in enumerate(("Ann", "Bob"), start=1):
        seating.move_player(joining.join_night(night, name), table, number)
    return table


def test_each_fold_out_has_a_marker_that_turns_when_open(
    table: Table, browser: Any, live_server: Any
) -> None:
    page = host_logged_in(browser, live_server, SMALL_PHONE)
    page.goto(f"{live_server.url}/host/nights/{table.night_id}/panel/")
    closed = page.evaluate(MARKERS)
    assert {row["text"] for row in closed} >= {"Swap two players", "Ruling"}
    for row in closed:
        assert row["marker"] not in ("none", "normal", '""', ""), row
    page.locator(".panel-details > summary", has_text="Ruling").click()
    save_screenshot(page, "panel-fold-outs-360")
    opened = {row["text"]: row for row in page.evaluate(MARKERS)}
    assert opened["Ruling"]["open"]
    assert opened["Ruling"]["marker"] != opened["Swap two players"]["marker"]
