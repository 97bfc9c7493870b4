"""A card exposed during the deal is on every screen: each phone and the host panel say
"Exposed: 7♥ — set aside as the burn", and no screen shows anything else it could not see before.

House rules, At the Deal: "If a card is accidentally flipped face-up as it's dealt so everyone
can see it, we don't re-deal. That card is set aside and treated as a burn". Everyone saw it,
so every screen shows it; the card that replaces it stays its owner's secret.
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.browser import host_logged_in, save_screenshot
from tables.tests.test_browser_table import (
    HERE,
    SEED,
    WAIT_MS,
    assert_frames_private,
    assert_page_private,
    committed,
    open_phones,
)

pytestmark = [pytest.mark.browser]
ME = "tables.tests.test_browser_exposed_card"
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def rule_exposed(table_id: int) -> dict[str, Any]:
    """The host rules seat 2's first card exposed during the deal (run in the server's database)."""
    from django.contrib.auth.models import User

    from tables.live import load_state
    from tables.models import Table
    from tables.services.hosting import host_rulings

    host = User.objects.get(username="hostess")
    table = Table.objects.get(pk=table_id)
    version = load_state(table_id).version
    values = {"seat": "2", "card_number": "1", "during_deal": "on"}
    host_rulings.apply_ruling(table, host, "exposed_card", values, "flipped as it was dealt", version)
    return {"night": table.night_id}


def _text(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def test_every_phone_and_the_host_panel_show_the_exposed_card(daphne_server: Any, browser: Any) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    before = committed(daphne_server, table_id)
    dealt_to_bo = str(before.hand.seat(2).hole[0])
    night = daphne_server.call(f"{ME}:rule_exposed", table_id=table_id)["night"]
    state = committed(daphne_server, table_id)
    assert state.version > before.version
    words = f"Exposed: {_text(dealt_to_bo)} — set aside as the burn"
    for seat, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        line = phone.page.locator(f'.dead-card[data-dead-card="{dealt_to_bo}"]')
        line.wait_for(timeout=WAIT_MS)
        assert line.inner_text().replace("\n", " ").startswith("Exposed:")
        assert words.removeprefix("Exposed: ") in line.inner_text()
        assert "(dealt to Bo)" in line.inner_text()
        # Only that card: every other hidden card, Bo's replacement too, stays hidden.
        assert_page_private(phone, state, seat)
        assert_frames_private(phone, {s.seat: {str(c) for c in s.hole} for s in state.hand.seats}, seat)
        assert not phone.errors, phone.errors
    phones[0].shot("exposed-card-phone-390")
    phones[0].page.set_viewport_size({"width": 360, "height": 740})
    phones[0].shot("exposed-card-phone-360")
    width = phones[0].page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width

    host = host_logged_in(browser, daphne_server)
    host.goto(f"{daphne_server.url}/host/nights/{night}/panel/")
    shown = host.locator('[data-field="dead-card"]')
    assert shown.inner_text() == f"{words} (dealt to Bo)"
    host.locator(f"#table-{table_id}").scroll_into_view_if_needed()
    save_screenshot(host, "exposed-card-host-panel")
