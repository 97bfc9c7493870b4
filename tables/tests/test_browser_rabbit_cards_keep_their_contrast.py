"""The rabbit's cards are set apart from the board (dashed, in a labelled box), yet their ranks
keep the contrast of WCAG AA (1.4.3: "at least 4.5:1", or 3:1 for large text), as axe-core's
color-contrast rule measures it on 390x844 and 360x740 phones, at 200% zoom too (where the cards shrink to
fit and their ranks are no longer large text), with the two-colour and the four-colour deck.
Screenshots: test-artifacts/screenshots/table-rabbit-contrast-*.png."""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.axe import contrast_shortfalls
from tables.tests.browser import save_screenshot
from tables.tests.test_browser_house_games import CARD_CODES, _fold_round, _holdem_table, _wait_state

pytestmark = [pytest.mark.browser]

VIEWS = {
    "390x844": ((390, 844), ""),
    "360x740": ((360, 740), ""),
    "360x740-zoom-200": ((360, 740), "2"),
}


def test_the_rabbits_cards_are_set_apart_but_keep_aa_contrast(daphne_server: Any, browser: Any) -> None:
    table_id, phones = _holdem_table(
        daphne_server, browser, {"width": 390, "height": 844}, options={"rabbit_hunt": True}, deal_delay=20
    )
    state = _fold_round(daphne_server, table_id, phones)
    for phone in phones:
        phone.wait_version(state.version)
    phones[1].page.locator("#rabbit [data-action=rabbit_hunt]").tap()
    state = _wait_state(daphne_server, table_id, lambda s: "rabbit_hunt" in s.hand.extras)
    page = phones[0].page
    phones[0].wait_version(state.version)
    shown = page.eval_on_selector_all(".rabbit-cards [data-card]", CARD_CODES)
    assert shown == state.hand.extras["rabbit_hunt"]["boards"][0]
    # Red, and in the four-colour deck blue and green, are all among them.
    assert {code[1] for code in shown} >= {"d", "c"}, shown
    found = []
    for deck in ("two-colour", "four-colour"):
        if deck == "four-colour":
            page.locator("#four-colour").click()
            assert page.locator("#four-colour").get_attribute("aria-pressed") == "true"
        for name, ((width, height), zoom) in VIEWS.items():
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("zoom => { document.documentElement.style.zoom = zoom; }", zoom)
            page.evaluate("document.querySelector('.rabbit').scrollIntoView({block: 'start'})")
            save_screenshot(page, f"table-rabbit-contrast-{name}-{deck}", full_page=False)
            short = contrast_shortfalls(page, within=".rabbit")
            if short:
                found.append(f"{name}, {deck}:\n    " + "\n    ".join(short))
            # Still set apart from the board: each card drawn with a dashed edge.
            card = page.locator(".rabbit-cards .card").first
            assert card.evaluate("e => getComputedStyle(e).outlineStyle") == "dashed", name
    assert not found, "\n".join(found)
    assert phones[0].errors == []
