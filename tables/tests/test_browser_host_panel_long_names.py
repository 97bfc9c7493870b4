"""The host panel and ledger at 360 px with long names: names wrap between words, never inside
one, and the Move form's table list shows each table's whole name.

Issue 20: "Every host page must fit 360 px." Checked in real headless Chromium at 360x740 with
screenshots in test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from tables.models import Night, Table
from tables.services.hosting import hosting
from tables.services.ledger import ledger
from tables.services.seating import joining, seating
from tables.tests.browser import SCREENSHOTS, create_host, host_logged_in, save_screenshot
from tables.tests.season_helpers import night_in_november

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
LONG_NAMES = ("Alexandra", "Maximiliano Fitzgerald", "Bartholomew", "Konstantinopoulou")
TABLE_NAMES = ("Kitchen table by the window", "Living room")
# Where a word of an element's text is split over two lines: (word, line tops) for each.
SPLIT_WORDS = """el => {
  const split = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(match[0]);
    }
  }
  return split;
}"""


def _night_with_long_names(host: User) -> tuple[Night, list[Table]]:
    night = night_in_november(host, "Friday game", 27)
    tables = [
        hosting.create_table(night, name=name, game="nlhe", max_seats=9, small_blind=1, big_blind=2)
        for name in TABLE_NAMES
    ]
    for number, name in enumerate(LONG_NAMES, start=1):
        player = joining.join_night(night, name)
        ledger.record_chips_in(player, "buy_in", 200, host, "cash at the door")
        seating.move_player(player, tables[0], number)
    return night, tables


@pytest.fixture
def long_names(transactional_db: None) -> tuple[Night, list[Table]]:
    """Made before the browser starts: the write path's hints are sent from this thread, where
    Playwright's event loop must not be running yet."""
    return _night_with_long_names(create_host())


def test_long_names_wrap_between_words_and_the_move_list_shows_whole_table_names(
    long_names: tuple[Night, list[Table]], live_server: Any, browser: Any
) -> None:
    night, tables = long_names
    page = host_logged_in(browser, live_server, SMALL_PHONE)
    page.goto(f"{live_server.url}/host/nights/{night.pk}/panel/")
    seats = page.locator(f"#table-{tables[0].pk} .panel-seat")
    assert seats.count() == len(LONG_NAMES)
    save_screenshot(page, "host-panel-long-names-360x740")
    for index in range(seats.count()):
        name = seats.nth(index).locator(".player-name")
        assert name.evaluate(SPLIT_WORDS) == [], f"a name breaks inside a word: {name.inner_text()}"
    save_screenshot(page, "host-panel-long-names-360x740")

    alexandra = page.locator(f"#table-{tables[0].pk} .panel-seat[data-player='Alexandra']")
    alexandra.locator("summary", has_text="More").click()
    select = alexandra.locator(".move-form select")
    # The closed list shows the chosen table's whole name: it is not cut at the select's edge.
    fits = select.evaluate(
        """s => { const probe = document.createElement('span');
                  probe.style.font = getComputedStyle(s).font;
                  probe.textContent = s.options[s.selectedIndex].text;
                  document.body.append(probe);
                  const text = probe.getBoundingClientRect().width;
                  probe.remove();
                  return {text, inner: s.clientWidth}; }"""
    )
    assert fits["text"] < fits["inner"], f"the table name is cut: {fits}"
    assert select.evaluate("s => [...s.options].map(o => o.text)") == list(TABLE_NAMES)
    overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0, f"the panel is {overflow}px wider than the phone"
    alexandra.screenshot(path=str(SCREENSHOTS / "host-panel-move-form-360x740.png"))

    # The ledger's players table: the same names, whole.
    page.goto(f"{live_server.url}/host/nights/{night.pk}/ledger/")
    rows = page.locator("#players-money tbody th")
    assert sorted(rows.all_inner_texts()) == sorted(LONG_NAMES)
    for index in range(rows.count()):
        assert rows.nth(index).evaluate(SPLIT_WORDS) == [], rows.nth(index).inner_text()
    box = page.locator("#players-money .table-scroll")
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth"), "the players table scrolls sideways"
    page.locator("#players-money").screenshot(path=str(SCREENSHOTS / "host-ledger-long-names-360x740.png"))
