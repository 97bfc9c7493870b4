"""The live table for players who use a screen reader or a keyboard, in a real headless Chromium
against a real Daphne: axe-core in every state that matters, a whole hand played with the keyboard
alone, and the one short line a screen reader hears when something happens to the player.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tables.tests.axe import AxeChecks
from tables.tests.browser import save_screenshot
from tables.tests.test_browser_table import (
    HERE,
    SEED,
    WAIT_MS,
    Phone,
    committed,
    open_phones,
    play_until_over,
    spoken_name,
    tap,
    wait_for_next_action,
    wait_my_turn,
)

pytestmark = [pytest.mark.browser]

# Everything on the page that speaks by itself: live regions, status and alert roles.
LIVE_REGIONS = """[...document.querySelectorAll('[aria-live], [role=status], [role=alert], [role=log]')]
    .filter(e => e.getAttribute('aria-live') !== 'off').map(e => e.id || e.className)"""
# What has the keyboard's focus: its data-action, else its class.
FOCUSED = """(e => e && (e.dataset.action || e.className || e.tagName))(document.activeElement)"""
# The font size in px of each element a selector finds, by its text.
FONT_SIZES = """selector => Object.fromEntries([...document.querySelectorAll(selector)]
    .map(e => [e.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize)]))"""
RING = """(s => [s.outlineStyle, parseFloat(s.outlineWidth)])(getComputedStyle(document.activeElement))"""


def said(phone: Phone) -> list[str]:
    return phone.page.evaluate("window.homegameTable.announced.slice()")


def wait_said(phone: Phone, line: str) -> None:
    phone.page.wait_for_function(
        "line => window.homegameTable.announced.some(said => said.includes(line))", arg=line, timeout=WAIT_MS
    )


def focused(phone: Phone) -> str:
    return phone.page.evaluate(FOCUSED)


def wait_focused(phone: Phone, selector: str) -> None:
    phone.page.wait_for_function(
        "s => document.activeElement && document.activeElement.matches(s)", arg=selector, timeout=WAIT_MS
    )


def press(phone: Phone, *keys: str) -> None:
    for key in keys:
        phone.page.keyboard.press(key)


def test_axe_finds_nothing_serious_on_the_table_in_any_state(daphne_server: Any, browser: Any) -> None:
    """Your turn, not your turn, the raise panel, the act-early question, the showdown and its
    results, the history open, and a player gone away: no serious or critical violation."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[60, 200, 200], seed=SEED, action_seconds=300
    )
    table_id = arranged["table"]
    ann, bo, cy = open_phones(browser, daphne_server, arranged, names)
    states = AxeChecks(full_page=False)
    wait_my_turn(ann)
    states.check(ann.page, "table-your-turn")
    states.check(bo.page, "table-not-your-turn")
    tap(ann, "[data-action=size]")
    states.check(ann.page, "table-raise-open")
    tap(ann, "[data-action=cancel-size]")
    tap(cy, "[data-action=early-fold]")
    states.check(cy.page, "table-act-early-question")
    cy.page.keyboard.press("Escape")

    # Ann (short) all-in, the others call; Bo bets 20 on the flop, Cy calls; checks to the end.
    final = play_until_over(daphne_server, table_id, [ann, bo, cy], {(0, 1): "all-in", (1, 2): 20})
    assert final.hand is not None and final.hand.finished
    for phone in (ann, bo):
        phone.page.locator("#results").wait_for()
        states.check(phone.page, f"table-showdown-{phone.name.lower()}")

    tap(ann, "#history-open")
    ann.page.locator(".history-hand").first.wait_for()
    states.check(ann.page, "table-history-list")
    ann.page.locator(".history-hand").first.tap()
    ann.page.locator(".replay-step").wait_for()
    states.check(ann.page, "table-history-hand")
    ann.page.keyboard.press("Escape")

    # Cy's phone goes to sleep: everyone sees "Away", readable, and nobody's reader hears it.
    heard = len(said(bo))
    cy.context.close()
    bo.page.locator(".seat[data-seat='3'][data-status='away']").wait_for(timeout=WAIT_MS)
    states.check(bo.page, "table-away")  # axe's colour contrast: 4.5:1 for "Away" and the badges
    assert len(said(bo)) == heard, said(bo)[heard:]
    # "At least 4.5:1 and about 14 px": "Away", every badge and the shuffle's words.
    sizes = bo.page.evaluate(FONT_SIZES, ".seat-status.status-away, .badge, .commitment")
    assert sizes and min(sizes.values()) >= 13.5, sizes
    states.assert_clean()


def test_one_short_line_is_said_when_something_happens_to_you_and_nothing_for_pings(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    ann, bo, _ = open_phones(browser, daphne_server, arranged, names)
    state = committed(daphne_server, table_id)
    assert state.hand is not None
    # One voice on the page: the announcer, and the alerts (errors, a lost connection). The
    # connection line with its round-trip time is not one: it changes while nothing happens.
    for phone in (ann, bo):
        assert set(phone.page.evaluate(LIVE_REGIONS)) == {"announce", "toast", "conn-banner", "history-turn"}
    assert ann.page.locator("#conn").get_attribute("aria-live") is None
    assert ann.page.locator("#conn").get_attribute("role") is None

    wait_said(ann, "Your turn: call 2 or raise, pot 3.")
    ann_cards, bo_cards = (", ".join(spoken_name(str(c)) for c in state.hand.seats[n].hole) for n in (0, 1))
    assert said(ann) == [f"Hand #1: your cards {ann_cards}. Your turn: call 2 or raise, pot 3."]
    assert said(bo) == [f"Hand #1: your cards {bo_cards}."]

    # Ann raises to 10: Bo hears his turn, with what it costs and the pot; Ann hears nothing more.
    tap(ann, "[data-action=size]")
    ann.page.fill(".act-exact", "10")
    tap(ann, "[data-action=raise]")
    state = wait_for_next_action(daphne_server, table_id, state)
    bo.wait_version(state.version)
    wait_said(bo, "Your turn: call 9 or raise, pot 13.")
    assert said(bo)[-1] == "Your turn: call 9 or raise, pot 13."
    ann.wait_version(state.version)
    assert len(said(ann)) == 1
    # The sections themselves are not live: a redraw of the board or the buttons says nothing.
    for selector in ("#board", "#actions", "#results", "#run-twice", "#me"):
        assert ann.page.locator(selector).get_attribute("aria-live") is None, selector


def test_a_whole_hand_played_with_the_keyboard_alone(daphne_server: Any, browser: Any) -> None:
    """Tab and Enter only: the focus is on the first action when the turn comes, in the amount
    field when Raise opens, back on Raise after Escape; never lost to the top of the page."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    ann, bo, cy = phones
    state = committed(daphne_server, table_id)
    assert state.hand is not None and state.hand.to_act == 1

    # Bo reads the history while Ann acts: the dialog keeps his keyboard until he closes it.
    press(bo, "Tab", "Tab")  # the Chips link, then History
    assert bo.page.evaluate("document.activeElement.id") == "history-open"
    press(bo, "Enter")
    bo.page.locator("#history[open]").wait_for()
    # Ann: her turn, and the focus is on her first action, with a ring anyone can see.
    wait_focused(ann, "#actions [data-action=fold]")
    style, width = ann.page.evaluate(RING)
    assert style == "solid" and width >= 3
    save_screenshot(ann.page, "a11y-keyboard-focus-first-action", full_page=False)
    # Raise opens on the amount field; Escape cancels it and gives the focus back to Raise.
    press(ann, "Tab", "Tab")
    assert focused(ann) == "size"
    press(ann, "Enter")
    wait_focused(ann, ".act-exact")
    press(ann, "Escape")
    wait_focused(ann, "[data-action=size]")
    assert ann.page.locator(".act-exact").count() == 0
    press(ann, "Enter")
    wait_focused(ann, ".act-exact")
    ann.page.keyboard.type("10")
    save_screenshot(ann.page, "a11y-keyboard-raise-field", full_page=False)
    press(ann, "Enter")  # Enter in the field raises to what it says
    state = wait_for_next_action(daphne_server, table_id, state)
    assert state.hand is not None and state.hand.seat(1).bet == 10
    ann.wait_version(state.version)
    assert ann.page.evaluate("document.activeElement !== document.body"), "the focus fell to the page"

    # Bo's turn came with the history open: "It is your turn", and on Escape, his first action.
    bo.page.locator(".history-turn").wait_for(timeout=WAIT_MS)
    assert focused(bo) != "fold"
    press(bo, "Escape")
    wait_focused(bo, "#actions [data-action=fold]")
    # Cy asks to fold early from the keyboard; the question has a name, and closes (nothing
    # sent) when Bo's call brings the turn to Cy.
    tab_to(cy, "early-fold")
    press(cy, "Enter")
    dialog = cy.page.get_by_role("dialog", name=re.compile("It is not your turn"))
    dialog.wait_for()
    # Bo calls from the keyboard: the first action is Fold, so Tab once to Call.
    wait_focused(bo, "#actions [data-action=fold]")
    press(bo, "Tab")
    assert focused(bo) == "call"
    press(bo, "Enter")
    state = wait_for_next_action(daphne_server, table_id, state)
    cy.wait_version(state.version)
    dialog.wait_for(state="hidden", timeout=WAIT_MS)
    wait_focused(cy, "#actions [data-action=fold]")
    assert state.hand is not None and not state.hand.seat(3).folded, "the early fold was never sent"
    press(cy, "Tab")
    assert focused(cy) == "call"
    press(cy, "Enter")
    state = wait_for_next_action(daphne_server, table_id, state)

    # Flop, turn and river: checked round with Tab and Enter; then the showdown's Show.
    for _ in range(40):
        hand = state.hand
        assert hand is not None
        if hand.finished:
            break
        phone = phones[hand.to_act - 1]
        phone.wait_version(state.version)
        wait_focused(phone, "#actions button")
        actions = hand.legal_actions(hand.to_act)["actions"]
        if "show" not in actions:
            press(phone, "Tab")
            assert focused(phone) == "check"
        press(phone, "Enter")
        state = wait_for_next_action(daphne_server, table_id, state)
    else:
        raise AssertionError("the hand did not end")
    assert state.hand is not None and state.hand.finished
    assert all(s.stack + 0 >= 0 for s in state.table.seats)
    for phone in phones:
        assert phone.errors == []


def tab_to(phone: Phone, action: str, most: int = 15) -> None:
    """Press Tab until the control with this data-action has the focus."""
    for _ in range(most):
        if focused(phone) == action:
            return
        press(phone, "Tab")
        time.sleep(0.02)
    raise AssertionError(f"Tab never reached {action} (at {focused(phone)})")
