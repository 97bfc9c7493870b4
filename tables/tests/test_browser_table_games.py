"""The table page for other games and big tables: a double-board bomb pot, 23 seats."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    Phone,
    assert_page_private,
    browser,
    committed,
    open_phones,
)

pytestmark = [pytest.mark.browser]
__all__ = ["browser"]  # the fixture, shared with test_browser_table


def last_view(phone: Phone) -> dict[str, Any]:
    views = [json.loads(text) for text in phone.frames if '"type": "view"' in text or '"type":"view"' in text]
    return views[-1]["view"]


def test_a_double_board_bomb_pot_shows_both_boards(daphne_server: Any, browser: Any) -> None:
    """Double board: "the pot is split in half. Each half goes to the best hand on its board"."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[300, 300, 300], seed=SEED, game="bomb_pot_double"
    )
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    state = committed(daphne_server, table_id)
    assert state.hand is not None and len(state.hand.boards) == 2
    for number, phone in enumerate(phones, start=1):
        assert phone.page.locator(".boards .board").count() == 2
        for board in state.hand.boards:
            for c in board:
                assert phone.page.locator(f".boards [data-card='{c}']").count() == 1
        assert_page_private(phone, state, number)
    phones[0].shot("table-bomb-pot-double")


def test_a_table_of_23_stays_readable_on_a_360_px_phone(daphne_server: Any, browser: Any) -> None:
    """Blind Hold'em: "a single deck is enough for up to 23 players". The page draws a view of
    23 seats (the engine's view of a real hand, widened) with no sideways scrolling."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    phone = open_phones(browser, daphne_server, arranged, names)[0]
    view = last_view(phone)
    template_table, template_hand = view["table"]["seats"][1], view["hand"]["seats"][1]
    for number in range(4, 24):
        name = f"Player with a long name {number}"
        view["table"]["seats"].append(
            {**template_table, "seat": number, "player": f"x{number}", "name": name}
        )
        view["hand"]["seats"].append({**template_hand, "seat": number, "player": f"x{number}", "name": name})
    phone.page.set_viewport_size({"width": 360, "height": 780})
    phone.page.evaluate("view => window.homegameTable.render(view)", view)
    assert phone.page.locator("#seats .seat").count() == 22, "everyone but me"
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
    smallest = phone.page.evaluate(
        "Math.min(...[...document.querySelectorAll('.seat-name, .seat-stack')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 11
    phone.shot("table-23-players-360px")
