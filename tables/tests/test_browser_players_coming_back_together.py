"""Three players coming back together, on their phones: each is told truthfully which hand
waiting for the big blind deals them in, and how much sooner if those before them stay out.
At 390x844 and 360x740.

"4. If you miss any or all blinds, you can resume play by either posting the total amount of the
blinds for that limit game or waiting for the big blind." One big blind deals in one player.

Screenshots go to test-artifacts/screenshots/ (coming-back-together-*.png).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tables.tests.test_browser_coming_back import SIZES
from tables.tests.test_browser_table import HERE, SEED, WAIT_MS, Phone, apply_when_free, committed

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_players_coming_back_together"
COMING = "tables.tests.test_browser_coming_back"
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def sit_out(table: int, seats: list[int]) -> None:
    for seat in seats:
        apply_when_free(table, "host", {"type": "sit_out", "seat": seat})


def _wait_text(phone: Phone) -> str:
    button = phone.page.locator("[data-action=sit_in_wait]")
    button.wait_for(timeout=WAIT_MS)
    return button.inner_text()


def _hand_in(text: str) -> int:
    found = re.search(r"dealt in hand #(\d+)", text)
    assert found, text
    return int(found.group(1))


def test_three_coming_back_are_each_told_a_different_hand(daphne_server: Any, browser: Any) -> None:
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=NAMES, stacks=[200] * 6, seed=SEED)
    table_id = arranged["table"]
    daphne_server.call(f"{COMING}:fold_out", table=table_id)
    daphne_server.call(f"{THIS}:sit_out", table=table_id, seats=[4, 5, 6])
    for _ in range(6):
        state = committed(daphne_server, table_id)
        if all(state.table.occupant(seat).missed_big_blind for seat in (4, 5, 6)):
            break
        daphne_server.call(f"{COMING}:deal", table=table_id)
        daphne_server.call(f"{COMING}:fold_out", table=table_id)
    state = committed(daphne_server, table_id)
    assert all(state.table.occupant(seat).missed_big_blind for seat in (4, 5, 6))
    phones = {
        seat: Phone(browser, daphne_server, arranged["sessions"][seat - 1], NAMES[seat - 1])
        for seat in (4, 5, 6)
    }
    for phone in phones.values():
        phone.wait_version(state.version)
    told = {seat: _wait_text(phone) for seat, phone in phones.items()}
    hands = {seat: _hand_in(text) for seat, text in told.items()}
    assert len(set(hands.values())) == 3, f"one big blind deals in one player: {told}"
    first = min(hands, key=hands.get)
    assert "stay" not in told[first], "the first of them depends on nobody"
    for seat, text in told.items():
        if seat != first:
            assert re.search(r"or (the next hand|in \d+ hands) if .+ stays? out", text), text
            before = [NAMES[other - 1] for other in hands if hands[other] < hands[seat]]
            assert all(name in text.split(" if ")[-1] for name in before), (text, before)
    for seat, phone in phones.items():
        for width, height in SIZES:
            phone.page.set_viewport_size({"width": width, "height": height})
            phone.page.locator("[data-field=entry-choice]").scroll_into_view_if_needed()
            assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
            phone.shot(f"coming-back-together-{NAMES[seat - 1].lower()}-{width}")
        assert phone.errors == []
