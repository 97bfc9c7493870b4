"""The table page for other games and big tables: a double-board bomb pot, 23 seats."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    Phone,
    assert_page_private,
    committed,
    open_phones,
    wait_until_quiet,
)

pytestmark = [pytest.mark.browser]


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


def test_blind_holdem_has_no_betting_and_a_staged_reveal_picks_the_card_by_tap(
    daphne_server: Any, browser: Any
) -> None:
    """Blind Hold'em: "There are no blinds, antes, bets, calls or raises"; staged: "the first
    three board cards (the flop) are dealt, then each player turns one hole card face up".
    The page draws the engine's view of such a hand; tapping a card sends `reveal` with its index."""
    from engine.config import SeatInHand, Stakes
    from engine.forced_bets import standard_config
    from engine.hand import Hand
    from engine.shuffle import shuffled_deck
    from engine.views import view as engine_view

    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    phones = open_phones(browser, daphne_server, arranged, names)
    wait_until_quiet(daphne_server, arranged["table"], phones)
    live = last_view(phones[0])
    players = {s["seat"]: s["player"] for s in live["table"]["seats"]}
    seats = [SeatInHand(n, players[n], 200, name) for n, name in enumerate(names, start=1)]
    config = standard_config(
        "blind_holdem", seats, button=3, stakes=Stakes(fixed_stake=10), options={"reveal": "staged"}
    )
    hand = Hand.deal(config, shuffled_deck(bytes.fromhex(SEED)))
    assert hand.to_act == 1, "left of the button turns a card first"
    ann = phones[0]
    for number, phone in enumerate(phones, start=1):
        phone.page.evaluate(
            "view => window.homegameTable.render(view)", {**live, "hand": engine_view(hand, number)}
        )
        assert phone.page.locator("[data-action=fold], [data-action=call], [data-action=check]").count() == 0
        others = [str(c) for s in hand.seats if s.seat != number for c in s.hole]
        assert not set(
            phone.page.eval_on_selector_all("[data-card]", "c => c.map(e => e.dataset.card)")
        ) & set(others)
    assert ann.page.locator(".act-title").inner_text() == "Turn one of your cards face up"
    ann.page.locator(".act-pick button.card").nth(1).tap()
    ann.shot("table-blind-holdem-reveal")
    ann.page.locator("[data-action=reveal]").tap()
    ann.page.locator("#confirm .confirm-ok").tap()
    deadline = time.monotonic() + 5
    while not any('"reveal"' in text for text in ann.sent):
        assert time.monotonic() < deadline, "the reveal was not sent"
        ann.page.wait_for_timeout(50)
    message = json.loads(next(text for text in ann.sent if '"reveal"' in text))
    assert message["action"] == {"type": "reveal", "index": 1}
