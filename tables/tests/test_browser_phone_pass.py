"""The phone at the table, second pass: the raise field, a straddle from the phone, "It is your
turn" over the open history, fold when checking is free, and a game changed for the next hand
(the top bar keeps its height, the notice sits below it), each at 390x844 and at 360x740.

Screenshots go to test-artifacts/screenshots/ (phone-pass-*.png).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    WAIT_MS,
    committed,
    open_phones,
    tap,
    wait_for_next_action,
    wait_my_turn,
)

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_phone_pass"


def deal_next(table: int, seed: str) -> None:
    """The host deals the next hand (run inside the server by DaphneServer.call)."""
    from tables.tests.test_browser_table import deal_and_wait

    deal_and_wait(table, seed)


def change_game(table: int, game: str) -> None:
    """The host changes the game for the next hand."""
    from tables.live import apply_intent

    apply_intent(
        table, "host", {"type": "set_game", "game": game, "stakes": {"small_blind": 1, "big_blind": 2}}
    )


def _agree(phone: Any) -> tuple[str, str, str, bool]:
    """The field, the slider and the button, as the player sees them now."""
    return tuple(
        phone.page.evaluate(
            """() => [document.querySelector('.act-exact').value, document.querySelector('.act-slider').value,
                 document.querySelector('[data-action=raise]').textContent,
                 document.querySelector('[data-action=raise]').disabled]"""
        )
    )


def _wait_until(condition: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT_MS / 1000
    while not (value := condition()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return value


# The top bar, the notice below it, and the line saying the next hand's game.
LAYOUT = """() => {
    const box = (selector) => { const e = document.querySelector(selector);
        return e && !e.hidden ? e.getBoundingClientRect().toJSON() : null; };
    return { bar: box('.tbar'), toast: box('#toast'), next: box('#next-game') };
}"""


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390", "360"])
def test_the_raise_field_slider_and_button_agree_at_every_keystroke_and_a_straddle_acts_last(
    daphne_server: Any, browser: Any, size: tuple[int, int]
) -> None:
    width, height = size
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    ann, bo, cy = open_phones(browser, daphne_server, arranged, names)
    for phone in (ann, bo, cy):
        phone.page.set_viewport_size({"width": width, "height": height})
    wait_my_turn(ann)

    # Bug 1: "Raise..., All-in (the button reads "Raise to 200"), type 6".
    tap(ann, "[data-action=size]")
    tap(ann, ".act-quick:text-is('All-in')")
    assert _agree(ann) == ("200", "200", "Raise to 200", False)
    field = ann.page.locator(".act-exact")
    field.fill("")
    field.press_sequentially("1")  # below the minimum raise (to 4): nothing to send yet
    assert _agree(ann)[0] == "1" and _agree(ann)[3] is True
    assert "from 4 to 200" in ann.page.locator(".act-range").inner_text()
    ann.shot(f"phone-pass-raise-typing-{width}")
    field.press_sequentially("5")
    assert _agree(ann) == ("15", "15", "Raise to 15", False)
    field.press("Backspace")
    assert _agree(ann)[3] is True
    field.press_sequentially("2")
    assert _agree(ann) == ("12", "12", "Raise to 12", False)
    ann.shot(f"phone-pass-raise-agrees-{width}")
    state = committed(daphne_server, table_id)
    tap(ann, "[data-action=raise]")
    state = wait_for_next_action(daphne_server, table_id, state)
    assert state.hand is not None and state.hand.current_bet == 12, "what is sent is what the button said"

    # Bug 2: Bo is under the gun next hand (button 2, blinds 3 and 1): "Straddle next hand".
    toggle = bo.page.locator("[data-action=straddle]")
    toggle.wait_for(timeout=WAIT_MS)
    assert toggle.inner_text() == "Straddle next hand (4)"
    assert ann.page.locator("[data-action=straddle]").count() == 0
    tap(bo, "[data-action=straddle]")
    bo.page.locator("[data-action=straddle][aria-pressed=true]").wait_for(timeout=WAIT_MS)
    bo.shot(f"phone-pass-straddle-asked-{width}")
    assert committed(daphne_server, table_id).table.occupant(2).straddle
    # Cy reads the history while Bo decides: when it becomes Cy's turn, the history says so.
    tap(cy, "#history-open")
    cy.page.locator("#history[open]").wait_for(timeout=WAIT_MS)
    assert cy.page.locator(".history-turn").is_hidden()
    for phone in (bo, cy):  # both fold to the raise: no question asked when checking is not free
        wait_my_turn(phone)
        if phone is cy:
            banner = cy.page.locator(".history-turn")
            banner.wait_for(timeout=WAIT_MS)
            assert banner.inner_text().startswith("It is your turn.")
            assert banner.evaluate("e => e.getBoundingClientRect().right <= window.innerWidth")
            cy.shot(f"phone-pass-history-your-turn-{width}")
            tap(cy, ".history-back")
            cy.page.locator("#history[open]").wait_for(state="detached", timeout=WAIT_MS)
        tap(phone, "[data-action=fold]")
        time.sleep(0.2)
    _wait_until(lambda: not committed(daphne_server, table_id).hand_in_progress, "the hand did not end")

    daphne_server.call(f"{THIS}:deal_next", table=table_id, seed="6b" * 32)
    state = committed(daphne_server, table_id)
    assert state.hand is not None and state.hand.config.straddle_seat == 2
    for phone in (ann, bo, cy):  # shown to everyone when posted
        phone.wait_version(state.version)
        badge = phone.page.locator(".me .badge-blind" if phone is bo else ".seat[data-seat='2'] .badge-blind")
        assert badge.locator("[aria-hidden=true]").inner_text() == "Str"  # and read "straddle"
        assert badge.locator(".visually-hidden").inner_text().strip() == "straddle"
    ann.shot(f"phone-pass-straddle-posted-{width}")
    order = []
    for _ in range(3):
        seat = state.hand.to_act
        order.append(seat)
        phone = {1: ann, 2: bo, 3: cy}[seat]
        wait_my_turn(phone)
        actions = state.hand.legal_actions(seat)["actions"]
        tap(phone, "[data-action=check]" if actions["check"]["allowed"] else "[data-action=call]")
        state = wait_for_next_action(daphne_server, table_id, state)
    assert order == [3, 1, 2], "the straddler acts last pre-flop"

    # Fold when check is free asks first; the host changes the game for the next hand meanwhile.
    first = {1: ann, 2: bo, 3: cy}[state.hand.to_act]
    bar_before = first.page.evaluate(LAYOUT)["bar"]
    daphne_server.call(f"{THIS}:change_game", table=table_id, game="plo")
    state = committed(daphne_server, table_id)
    wait_my_turn(first)
    first.wait_version(state.version)
    next_game = first.page.locator("#next-game")
    next_game.wait_for(timeout=WAIT_MS)
    assert "Next hand: Pot-Limit Omaha" in next_game.inner_text()
    assert first.page.evaluate("document.documentElement.scrollWidth") <= width
    # The top bar does not grow with the news, and the notice of it sits below the bar.
    layout = first.page.evaluate(LAYOUT)
    assert layout["bar"]["height"] == bar_before["height"]
    assert layout["toast"] is not None and layout["toast"]["top"] >= layout["bar"]["bottom"]
    assert layout["next"]["top"] >= layout["bar"]["bottom"]
    first.shot(f"phone-pass-next-game-{width}")
    tap(first, "[data-action=fold]")
    assert "Checking costs nothing" in first.page.locator("#confirm .confirm-text").inner_text()
    first.shot(f"phone-pass-fold-when-check-is-free-{width}")
    tap(first, "#confirm [value=cancel]")
    time.sleep(0.3)
    assert committed(daphne_server, table_id).version == state.version, "Cancel sent nothing"
    # Disabled buttons are not struck through.
    assert "line-through" not in first.page.evaluate(
        "getComputedStyle(document.querySelector('.act-button')).textDecorationLine"
    )
    for phone in (ann, bo, cy):
        assert phone.errors == []
