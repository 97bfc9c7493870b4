"""Crazy Blind Man's removal said with names on every phone, at 390x844 and 360x740.

"The removals are made in turn, starting with the small blind taking a card from the big blind
and continuing clockwise, until every player still in the hand has lost one card." "The removed
card is discarded. No player may see the card that was taken from them."

Screenshots go to test-artifacts/screenshots/ (crazy-removal-*.png).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.cards import card_text
from tables.tests.test_browser_table import (
    HERE,
    SEED,
    apply_when_free,
    committed,
    open_phones,
    spoken_name,
    tap,
    wait_for_next_action,
)
from tables.tests.test_browser_table_crazy import page_cards, removed_cards

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_crazy_removal_names"


def play_to_the_removal(table: int) -> None:
    """Everyone calls or checks until the removal begins (run in the server)."""
    from tables.live import load_state

    for _ in range(20):
        state = load_state(table)
        hand = state.hand
        actions = hand.legal_actions(hand.to_act)["actions"]
        if "remove" in actions:
            return
        name = "check" if actions.get("check", {}).get("allowed") else "call"
        player = state.table.occupant(hand.to_act).player
        apply_when_free(table, f"player:{player}", {"type": "act", "action": {"type": name}})
    raise AssertionError("the removal never began")


def test_waiting_players_see_by_name_who_removes_a_card_from_whom(daphne_server: Any, browser: Any) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[200] * 3, seed=SEED, game="crazy_blind_man"
    )
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    daphne_server.call(f"{THIS}:play_to_the_removal", table=table_id)
    state = committed(daphne_server, table_id)
    pairs = state.hand.extras["removal"]["pairs"]
    for step, (by, target) in enumerate(pairs):
        for number, phone in enumerate(phones, start=1):
            phone.wait_version(state.version)
            line = phone.page.locator("[data-field=removing]").inner_text()
            if number == by:
                assert line == f"Your turn: take a card from {names[target - 1]}"
            elif number == target:
                assert line == f"{names[by - 1]} is choosing one of your cards to remove"
            else:
                assert line == f"{names[by - 1]} is choosing a card to remove from {names[target - 1]}'s hand"
            assert f"{names[by - 1]} to act" not in phone.page.locator("#board").inner_text()
        if step == 0:
            watcher = phones[next(n for n in (1, 2, 3) if n not in (by, target)) - 1]
            for width, height in ((390, 844), (360, 740)):
                watcher.page.set_viewport_size({"width": width, "height": height})
                watcher.shot(f"crazy-removal-waiting-{width}")
                phones[target - 1].page.set_viewport_size({"width": width, "height": height})
                phones[target - 1].shot(f"crazy-removal-target-{width}")
        chooser = phones[by - 1]
        chooser.page.locator(".act-pick button.card").first.tap()
        tap(chooser, "[data-action=remove]")
        tap(chooser, "#confirm .confirm-ok")
        state = wait_for_next_action(daphne_server, table_id, state)

    # After the removal each seat says from whom it took a card, by name and in full, and no
    # page shows a player the card taken from them.
    taken = removed_cards(state)
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        phone.page.set_viewport_size({"width": 360, "height": 740})
        for by, target in pairs:
            if by == number:
                continue
            last = phone.page.locator(f".seat[data-seat='{by}'] .seat-last")
            assert last.inner_text() == f"took a card from {'you' if target == number else names[target - 1]}"
            assert last.evaluate(
                "e => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= 360"
            )
        assert taken[number] not in page_cards(phone)
        # Nor any text: the card as the pages write it, as it is spoken, or its code as a word
        # (a shuffle hash on the page is hex, and may hold "2d" inside it).
        text = phone.page.locator("body").inner_text()
        code = taken[number]
        assert card_text(code) not in text and spoken_name(code) not in text
        assert not re.search(rf"\b{code}\b", text), code
        assert phone.page.locator("[data-field=removing]").count() == 0
        assert phone.errors == []
    phones[0].shot("crazy-removal-done-360")
