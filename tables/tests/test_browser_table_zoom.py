"""The table page at 200% zoom and at 200% text size, on 360x740 and 390x844 phones: the
player's cards, whose turn it is, the pot and the action buttons on the screen, nothing wider
than the screen, nothing overlapping, nothing cut. Screenshots: test-artifacts/screenshots/
table-zoom-*.png and table-text-*.png.

How the two are made, in headless Chromium:
- 200% zoom: CSS `zoom: 2` on the root element. Everything, px included, is drawn twice as large
  and the page lays out in half the width (195 px across a 390 px phone), as a browser's zoom
  does. (A viewport of half the width with deviceScaleFactor 2 is not the same thing: it only
  sharpens the pixels, and leaves the page's own idea of its width alone.)
- 200% text size: a root font-size of 200%, which is what a phone's or a browser's larger text
  setting changes. Only what is sized in rem and em grows: which is the point of sizing cards and
  type that way.
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.browser import save_screenshot
from tables.tests.test_browser_table import HERE, SEED, Phone, open_phones, tap, wait_my_turn

pytestmark = [pytest.mark.browser]

SIZES = {"390x844": (390, 844), "360x740": (360, 740)}
ENLARGE = {
    "zoom": "document.documentElement.style.zoom = '2'",
    "text": "document.documentElement.style.fontSize = '200%'",
}
RESET = "document.documentElement.style.zoom = ''; document.documentElement.style.fontSize = ''"

# What must be on the screen at the player's turn, each as the selector of what is drawn.
ESSENTIAL = {
    "my cards": ".my-cards",
    "whose turn": ".turn-mine",
    "pot": ".pot-total, .dock-pot",
    "fold": "[data-action=fold]",
    "call": "[data-action=call]",
    "raise": "[data-action=size]",
}

# For each essential thing (any one of its selectors' elements will do: the pot is drawn in the
# middle and in the dock), the drawn box of one that the screen shows at its centre, not covered
# by something else; failing that, of the first one displayed.
BOXES = """essential => Object.fromEntries(Object.entries(essential).map(([name, selector]) => {
    const boxes = [...document.querySelectorAll(selector)]
        .filter(e => e.getClientRects().length)
        .map(e => {
            const r = e.getBoundingClientRect();
            const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            const seen = Boolean(top && (e.contains(top) || top.contains(e)));
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, seen};
        });
    return [name, boxes.find(b => b.seen) || boxes[0] || null];
}))"""

# Text or cards cut off: an element whose content is wider or taller than its box (beyond a
# pixel of rounding), or a card's rank or suit poking out of its face.
CUT = """() => {
    const cut = [];
    const texts = ['.tbar-table', '.tbar-hand', '.tool-button', '.act-button', '.act-quick', '.turn-line',
        '.pot-total', '.my-line', '.seat-name', '.badge', '.act-exact'].join(',');
    for (const e of document.querySelectorAll(texts)) {
        if (!e.getClientRects().length) continue;
        const over = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
        if (over) cut.push(e.className + ': ' + e.textContent.trim());
    }
    const outside = (r, face) => r.left < face.left - 1 || r.right > face.right + 1
        || r.top < face.top - 1 || r.bottom > face.bottom + 1;
    for (const card of document.querySelectorAll('.card[data-card]')) {
        const face = card.getBoundingClientRect();
        for (const part of card.querySelectorAll('.card-rank, .card-suit')) {
            if (outside(part.getBoundingClientRect(), face)) cut.push('card ' + card.dataset.card);
        }
    }
    return cut;
}"""

# Things that overlap that should not: any two buttons, the dock and the header, the dock over a
# turn line left in the middle (narrow, it is in the dock and the middle scrolls free).
OVERLAPS = """() => {
    const boxes = sel => [...document.querySelectorAll(sel)]
        .filter(e => e.getClientRects().length).map(e => [e, e.getBoundingClientRect()]);
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const found = [];
    const buttons = boxes('#actions button, .tool-button');
    for (let i = 0; i < buttons.length; i++) for (let j = i + 1; j < buttons.length; j++) {
        const [[a, ra], [b, rb]] = [buttons[i], buttons[j]];
        if (meet(ra, rb)) found.push(a.textContent + ' / ' + b.textContent);
    }
    const dock = document.querySelector('.dock').getBoundingClientRect();
    for (const [e, r] of boxes('.middle .turn-line')) {
        if (meet(r, dock)) found.push('dock over ' + e.textContent);
    }
    if (meet(document.querySelector('.tbar').getBoundingClientRect(), dock)) found.push('dock over header');
    return found;
}"""


def check_layout(phone: Phone, where: str, width: int, height: int) -> None:
    page = phone.page
    # No sideways scrolling: the page is no wider than the phone (a phone browser would
    # otherwise widen its layout viewport and shrink the page to fit).
    assert page.evaluate("window.innerWidth") == width, where
    assert page.evaluate("document.documentElement.scrollWidth") <= width, where
    boxes = page.evaluate(BOXES, ESSENTIAL)
    for name, box in boxes.items():
        assert box is not None, f"{where}: no {name}"
        inside = (
            box["left"] >= -1
            and box["right"] <= width + 1
            and box["top"] >= -1
            and box["bottom"] <= height + 1
        )
        assert inside, f"{where}: {name} is off the screen at {box}"
        assert box["seen"], f"{where}: {name} is covered"
    assert page.evaluate(CUT) == [], where
    assert page.evaluate(OVERLAPS) == [], where


@pytest.mark.parametrize("mode", list(ENLARGE))
def test_the_table_at_200_percent_keeps_cards_turn_pot_and_buttons_on_a_small_phone(
    daphne_server: Any, browser: Any, mode: str
) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[1_250, 2_000, 2_000], seed=SEED, action_seconds=300
    )
    ann, bo, _ = open_phones(browser, daphne_server, arranged, names)
    wait_my_turn(ann)
    for size, (width, height) in SIZES.items():
        for phone in (ann, bo):
            phone.page.set_viewport_size({"width": width, "height": height})
            phone.page.evaluate(RESET)
            phone.page.evaluate(ENLARGE[mode])
            phone.page.evaluate("window.scrollTo(0, 0)")
        where = f"{mode} 200% at {size}"
        save_screenshot(ann.page, f"table-{mode}-200-{size}", full_page=False)
        check_layout(ann, where, width, height)
        # Not my turn: whose turn it is and the pot are on Bo's screen too.
        save_screenshot(bo.page, f"table-{mode}-200-{size}-not-my-turn", full_page=False)
        assert bo.page.evaluate("window.innerWidth") == width
        assert bo.page.evaluate("document.documentElement.scrollWidth") <= width
        turn = bo.page.locator(".turn-line").filter(has_text="Ann to act").locator("visible=true")
        assert turn.count() == 1, where
        assert bo.page.evaluate(OVERLAPS) == [], f"{where}, not my turn"
        # The raise panel: every control on the screen and none cut.
        tap(ann, "[data-action=size]")
        save_screenshot(ann.page, f"table-{mode}-200-{size}-raise", full_page=False)
        assert ann.page.evaluate("document.documentElement.scrollWidth") <= width
        assert ann.page.evaluate(CUT) == [], f"{where}, raising"
        raising = {
            **ESSENTIAL,
            "raise": "[data-action=raise]",
            "amount": ".act-exact",
            "slider": ".act-slider",
        }
        raising.update({"cancel": "[data-action=cancel-size]", "quick sizes": ".act-quick-row"})
        del raising["fold"], raising["call"]  # Cancel brings them back
        for name, box in ann.page.evaluate(BOXES, raising).items():
            assert box is not None and box["seen"], f"{where}, raising: {name} not seen ({box})"
            assert box["left"] >= -1 and box["right"] <= width + 1, f"{where}, raising: {name}"
            assert box["top"] >= -1 and box["bottom"] <= height + 1, (
                f"{where}, raising: {name} off the screen"
            )
        tap(ann, "[data-action=cancel-size]")
    assert ann.errors == [] and bo.errors == []
