"""In a real headless Chromium at 360x740 and 390x844: the panel's ruling form asks where an
adjusted stack's chips went, in words a host reads on a phone, and the preview of a transfer
shows both seats and that no money changes hands.

Issue 39, item 1: "The host chooses which on the ruling form (clear words, a preview)."
Screenshots: test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.models import Table
from tables.models.ledger import EntryKind
from tables.services.ledger import ledger
from tables.tests.browser import SCREENSHOTS, create_host, host_logged_in, save_screenshot
from tables.tests.conftest import new_night, new_table
from tables.tests.live_helpers import seat_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def kitchen(transactional_db: None) -> Table:
    """Made before the browser starts: Ines and Bob bought in at the Kitchen table."""
    host = create_host()
    table = new_table(new_night(host), "Kitchen")
    for player in seat_players(table, ["Ines", "Bob"]):
        ledger.record_chips_in(player, EntryKind.BUY_IN, 200, host)
    return table


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 390, "height": 844}])
def test_the_ruling_form_asks_where_the_chips_went_on_a_phone(
    kitchen: Table, live_server: Any, browser: Any, size: dict[str, int]
) -> None:
    label = f"{size['width']}x{size['height']}"
    host = host_logged_in(browser, live_server, {"viewport": size, "is_mobile": True, "has_touch": True})
    host.goto(f"{live_server.url}/host/nights/{kitchen.night_id}/panel/")
    box = host.locator(f"#table-{kitchen.pk} [data-rulings]")
    box.locator("summary").click()
    box.get_by_label("Adjust a stack", exact=True).check()
    choices = box.locator(".ruling-how .ruling-choice")
    assert choices.count() == 3
    for i in range(3):
        found = choices.nth(i).bounding_box()
        assert found is not None and found["height"] >= 44 and found["x"] + found["width"] <= size["width"]
    box.locator("input[name=seat]").fill("1")
    box.locator("input[name=stack]").fill("260")
    box.get_by_label("Moved from or to another player").check()
    box.locator("input[name=other_seat]").fill("2")
    overflow = host.evaluate("document.documentElement.scrollWidth") - size["width"]
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    box.locator(".ruling-how").screenshot(path=_path(f"ruling-where-the-chips-went-{label}"))
    box.get_by_role("button", name="Check what changes").click()
    changes = host.locator("#ruling-confirm .changes").inner_text()
    assert changes.splitlines() == [
        "Seat 2 (Bob): stack 200 → 140 chips",
        "Seat 1 (Ines): stack 200 → 260 chips",
        "No money changes hands: 60 chips go from Seat 2 (Bob) to Seat 1 (Ines)",
    ]
    assert host.locator("[data-field=cash-box]").inner_text() == "Cash box: nothing changes."
    save_screenshot(host, f"ruling-transfer-preview-{label}", full_page=False)


def _path(name: str) -> str:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return str(SCREENSHOTS / f"{name}.png")
