"""Omaha hi-lo on phones at 360 px: a hand checked down pays the high half to the best high and the
low half to the best low, and every phone says so, half by half; a 6-card Omaha hand is readable.

"the pot is split between the best high hand and the best low hand" (rules/beyond-holdem.md).
"Four hole cards (five or six in the bigger Omahas)".

Screenshots go to test-artifacts/screenshots/ (omaha-*.png).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from engine import live
from engine.live import LiveTable
from engine.views import view as engine_view
from tables.tests.test_browser_showdown_words import _checked_down
from tables.tests.test_browser_table import HERE, SEED, WAIT_MS, committed, open_phones

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_omaha_hi_lo_pays_the_halves_on_phones"
NAMES = ["Ann", "Bo", "Cy"]


def split_seed(state: LiveTable) -> str:
    """A seed whose hand, checked down, pays the high to one player and the low to another (run in
    the server on the table's state before the deal)."""
    for number in range(5000):
        seed = f"{number:064x}"
        dealt, _ = live.apply(state, "host", {"type": "start_hand", "seed": seed}, now=0)
        awards = _checked_down(dealt).hand.awards
        halves = [a.half for a in awards] == ["high", "low"] and all(len(a.shares) == 1 for a in awards)
        if halves and awards[0].shares[0][0] != awards[1].shares[0][0]:
            return seed
    raise AssertionError("no seed found")


def test_a_hi_lo_hand_pays_each_half_and_every_phone_names_it(daphne_server: Any, browser: Any) -> None:
    arranged = daphne_server.call(
        f"{HERE}:arrange_table",
        names=NAMES,
        stacks=[200] * 3,
        seed=SEED,
        game="plo8",
        seed_for=f"{THIS}:split_seed",
    )
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    for phone in phones:
        phone.page.set_viewport_size({"width": 360, "height": 740})
    daphne_server.call("tables.tests.test_browser_showdown_words:check_down", table=table_id)
    state = committed(daphne_server, table_id)
    high, low = engine_view(state.hand, "public")["results"]
    (high_seat, high_amount), (low_seat, low_amount) = high["winners"][0].values(), low["winners"][0].values()
    assert high_amount + low_amount == state.hand.config.stakes.big_blind * 3
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        phone.page.locator("#results .result-win").first.wait_for(timeout=WAIT_MS)

        def name(seat: int, me: int = number) -> str:
            return "You" if seat == me else NAMES[seat - 1]

        def verb(seat: int, me: int = number) -> str:
            return "win" if seat == me else "wins"

        wins = phone.page.locator("#results .result-win").all_inner_texts()
        assert wins == [
            f"{name(high_seat)} {verb(high_seat)} the high half of the pot ({high_amount}) "
            f"with {high['decided']['winner_words']}.",
            f"{name(low_seat)} {verb(low_seat)} the low half of the pot ({low_amount}) with {low['hand']}.",
        ]
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
        phone.page.locator("#results").scroll_into_view_if_needed()
        if number in (high_seat, low_seat):
            phone.shot(f"omaha-hi-lo-{'high' if number == high_seat else 'low'}-winner-360")
        assert phone.errors == []
    # The stacks shown are the stacks paid.
    for seat in (high_seat, low_seat):
        assert state.hand.seat(seat).won == (high_amount if seat == high_seat else 0) + (
            low_amount if seat == low_seat else 0
        )


def test_six_hole_cards_fit_a_360_px_phone_side_by_side(daphne_server: Any, browser: Any) -> None:
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=NAMES[:2], stacks=[200] * 2, seed=SEED, game="plo6"
    )
    state = committed(daphne_server, arranged["table"])
    phones = open_phones(browser, daphne_server, arranged, NAMES[:2])
    for width, height in ((360, 740), (390, 844)):
        for phone in phones:
            phone.page.set_viewport_size({"width": width, "height": height})
            phone.page.locator("#me .my-cards [data-card]").first.wait_for(timeout=WAIT_MS)
            boxes = phone.page.eval_on_selector_all(
                "#me .my-cards [data-card]",
                "cards => cards.map(c => { const r = c.getBoundingClientRect();"
                " return [c.dataset.card, r.left, r.right, r.top, r.bottom]; })",
            )
            mine = [str(c) for c in state.hand.seat(phones.index(phone) + 1).hole]
            assert sorted(card for card, *_ in boxes) == sorted(mine)
            for (_, left, right, top, bottom), (_, next_left, *_) in pairwise(boxes):
                assert right - left >= 40 and bottom - top >= 56  # big enough to read
                assert next_left >= right - 1  # side by side, none over another
            assert all(left >= 0 and right <= width for _, left, right, *_ in boxes), boxes
            assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
            phone.shot(f"omaha-six-cards-{phone.name}-{width}")
            assert phone.errors == []
