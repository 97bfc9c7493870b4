"""In a real headless Chromium at 360x740 and 390x844: the settle-up on the phone of who pays,
with the payee's tap-to-pay link and QR code, and the paid mark both phones then show.

Issue 39, item 4: "the settle-up shows each transfer with a tap-to-pay link or QR and its paid
mark, on the phones of the two people concerned". Screenshots: test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.models import Player
from tables.models.ledger import EntryKind
from tables.services.hosting import host_rulings
from tables.services.ledger import closing, ledger, payment_handles
from tables.tests.browser import create_host, save_screenshot
from tables.tests.conftest import new_night, new_table
from tables.tests.live_helpers import player_cookie, seat_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def closed(transactional_db: None) -> dict[str, Player]:
    """Made before the browser starts (the write path's hints are sent from this thread, where
    Playwright's event loop must not be running yet): Ann won 150 chips from Bob and 50 from Cy
    (0.10 EUR a chip), and the night is closed."""
    host = create_host()
    table = new_table(new_night(host, name="Friday game"))
    names = ["Ann", "Bob", "Cy with a long name"]
    players = dict(zip(names, seat_players(table, names), strict=True))
    for player in players.values():
        ledger.record_chips_in(player, EntryKind.BUY_IN, 200, host)
    for other, stack in (("2", "350"), ("3", "400")):
        values = {"seat": "1", "stack": stack, "how": "transfer", "other_seat": other}
        shown = host_rulings.preview(table, host, "adjust_stack", values)
        host_rulings.apply_ruling(table, host, "adjust_stack", values, "pot to the wrong seat", shown.version)
    closing.close_night(table.night, host)
    payment_handles.set_handle(players["Ann"], "https://paypal.me/ann-the-winner-of-friday")
    return players


def _phone(browser: Any, live_server: Any, player: Player, size: dict[str, int]) -> Any:
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True)
    name, value = player_cookie(player).split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": live_server.url}])
    return context.new_page()


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 390, "height": 844}])
def test_the_payer_taps_to_pay_and_marks_it_paid(
    closed: dict[str, Player], live_server: Any, browser: Any, size: dict[str, int]
) -> None:
    players = closed
    night = players["Ann"].night_id
    label = f"{size['width']}x{size['height']}"
    bob = _phone(browser, live_server, players["Bob"], size)
    bob.goto(f"{live_server.url}/nights/{night}/recap/#settle-up-mine")
    mine = bob.locator("#settle-up-mine")
    pay = mine.locator("a.pay-link")
    assert pay.inner_text() == "Pay 15.00 EUR"
    assert pay.get_attribute("href") == "https://paypal.me/ann-the-winner-of-friday"
    box = pay.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= size["width"]
    mine.locator("details.pay-qr summary").click()
    qr = mine.locator("details.pay-qr svg").bounding_box()
    assert qr is not None and qr["width"] >= 150 and qr["x"] + qr["width"] <= size["width"]
    overflow = bob.evaluate("document.documentElement.scrollWidth") - size["width"]
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    mine.scroll_into_view_if_needed()
    save_screenshot(bob, f"settle-up-payer-{label}", full_page=False)

    mine.locator("button:text('Mark paid')").click()
    bob.wait_for_selector("#settle-up-mine .paid-badge")
    ann = _phone(browser, live_server, players["Ann"], size)
    ann.goto(f"{live_server.url}/nights/{night}/recap/#settle-up-mine")
    paid = ann.locator(".my-transfer", has_text="Bob pays you")
    assert paid.locator(".paid-badge").inner_text() == "Paid"
    assert ann.locator(".my-transfer", has_text="pays you").count() == 2
    save_screenshot(ann, f"settle-up-payee-{label}", full_page=False)
