"""The table page shows all-in odds as on television, in words, on a 360 px phone.

Task text: "show each player's percentage next to their seat and 'All-in on the flop' above
the board, in results too (plain text, readable at 360 px; colour never the only signal)".
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tables.tests.test_browser_table import HERE, SEED, Phone, open_phones

pytestmark = [pytest.mark.browser]


def _last_view(phone: Phone) -> dict[str, Any]:
    views = [json.loads(text) for text in phone.frames if '"type": "view"' in text or '"type":"view"' in text]
    return views[-1]["view"]


def test_an_all_in_on_the_flop_shows_each_players_odds_and_hides_no_card(
    daphne_server: Any, browser: Any
) -> None:
    from engine.config import SeatInHand, Stakes
    from engine.forced_bets import standard_config
    from engine.hand import Hand
    from engine.tests.hand_helpers import play, stacked_deck
    from engine.views import view as engine_view

    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[1000, 1000, 1000], seed=SEED)
    phones = open_phones(browser, daphne_server, arranged, names)
    live = _last_view(phones[0])
    players = {s["seat"]: s["player"] for s in live["table"]["seats"]}
    seats = [SeatInHand(n, players[n], 1000, name) for n, name in enumerate(names, start=1)]
    config = standard_config("nlhe", seats, button=1, stakes=Stakes(50, 100))
    hand = Hand.deal(config, stacked_deck(config, {1: "AsAh", 2: "8c3d", 3: "KsKh"}, ["Kd7c2s"]))
    play(hand, "1 call", "2 call", "3 check", "2 fold", "3 bet 900", "1 call")
    bo = phones[1]
    bo.page.set_viewport_size({"width": 360, "height": 780})
    # The projector's view: Bo folded face down, so his cards appear nowhere, odds included.
    bo.page.evaluate(
        "view => window.homegameTable.render(view)", {**live, "hand": engine_view(hand, "public")}
    )
    page = bo.page
    assert page.locator(".all-in-odds-title").inner_text() == "All-in on the flop"
    odds = page.eval_on_selector_all(
        ".seat", "tiles => tiles.map(t => [t.dataset.seat, t.querySelector('.seat-odds')?.textContent || ''])"
    )
    assert dict(odds) == {"1": "9% to win", "3": "91% to win"}
    assert "All-in on the flop: Ann 9% to win; Cy 91% to win." in page.locator("#results").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shown = set(page.eval_on_selector_all("[data-card]", "c => c.map(e => e.dataset.card)"))
    assert shown.isdisjoint({"8c", "3d"})
    assert {"As", "Ah", "Ks", "Kh"} <= shown
    bo.shot("table-all-in-odds-360px")
