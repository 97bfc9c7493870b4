"""Raising on a small phone at 200%: while the player chooses an amount, their own cards, the
board, the pot and the amount to call stay on the screen, and so do Cancel and the button that
sends the raise; every control of the panel can be reached without losing them. At 100% on
390x844 and 360x740, and at 200% zoom and 200% text size (emulated as test_browser_table_zoom.py
explains) on 360x740 and 390x844. Screenshots: test-artifacts/screenshots/raise-panel-*.png."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tables.tests.browser import save_screenshot
from tables.tests.test_browser_table import HERE, SEED, Phone, committed, tap, wait_my_turn

pytestmark = [pytest.mark.browser]

MINE = "tables.tests.test_browser_raising_at_200_percent_keeps_the_table_in_sight"
RESET = "document.documentElement.style.zoom = ''; document.documentElement.style.fontSize = ''"
VIEWS = {
    "390x844": ((390, 844), ""),
    "360x740": ((360, 740), ""),
    "360x740-zoom-200": ((360, 740), "document.documentElement.style.zoom = '2'"),
    "360x740-text-200": ((360, 740), "document.documentElement.style.fontSize = '200%'"),
    "390x844-zoom-200": ((390, 844), "document.documentElement.style.zoom = '2'"),
    "390x844-text-200": ((390, 844), "document.documentElement.style.fontSize = '200%'"),
}
BET = 6


def to_the_flop_facing_a_bet(table: int) -> None:
    """Everyone calls the big blind; on the flop Bo bets 6 and Cy calls, so Ann (the button,
    last to act) faces 6 to call with three cards on the board."""
    from tables.live import apply_intent, load_state

    while (hand := load_state(table).hand).to_act != 1 or hand.street == 0:
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        if hand.street > 0 and actions.get("bet", {}).get("allowed"):
            action = {"type": "bet", "to": BET}
        elif actions.get("call", {}).get("allowed"):
            action = {"type": "call"}
        else:
            action = {"type": "check"}
        apply_intent(table, "system", {"type": "act", "seat": seat, "action": action})


# Each element the selector finds: whether all of it is inside the screen, and whether the
# screen shows it there (its centre and its four corners are it, not something drawn over it).
IN_SIGHT = """([selector, width, height]) => [...document.querySelectorAll(selector)]
    .filter(e => e.getClientRects().length)
    .map(e => {
        const r = e.getBoundingClientRect();
        const inside = r.left >= -1 && r.right <= width + 1 && r.top >= -1 && r.bottom <= height + 1;
        const points = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2], [r.left + 3, r.top + 3],
            [r.right - 3, r.top + 3], [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]];
        const seen = inside && points.every(([x, y]) => {
            const top = document.elementFromPoint(x, y);
            return Boolean(top && (e.contains(top) || top.contains(e)));
        });
        return {what: (e.dataset.card || e.className || e.tagName) + ' ' + e.textContent.trim().slice(0, 30),
                box: [r.left, r.top, r.right, r.bottom].map(Math.round), seen};
    })"""
# The amount to call, in words: "Call 6" on its button, or said again in the raise panel.
TO_CALL = "[data-action=call], .act-to-call"


def in_sight(page: Any, selector: str, width: int, height: int, *, every: bool = True) -> list[str]:
    """What is wrong with the elements `selector` finds (every one of them, or at least one)."""
    found = page.evaluate(IN_SIGHT, [selector, width, height])
    if not found:
        return [f"no {selector}"]
    missing = [f"{f['what']} at {f['box']}" for f in found if not f["seen"]]
    if every:
        return [f"{selector}: {m} not in sight" for m in missing]
    return [] if len(missing) < len(found) else [f"{selector}: none in sight ({missing})"]


def table_in_sight(page: Any, width: int, height: int) -> list[str]:
    """The player's own cards, the board, the pot, the amount to call, Cancel and the raise."""
    problems = in_sight(page, ".my-cards .card", width, height)
    problems += in_sight(page, ".boards .card[data-card]", width, height)
    problems += in_sight(page, ".pot-total, .dock-pot", width, height, every=False)
    problems += in_sight(page, "[data-action=cancel-size]", width, height)
    problems += in_sight(page, "[data-action=raise]", width, height)
    problems += in_sight(page, TO_CALL, width, height, every=False)
    calls = page.eval_on_selector_all(
        TO_CALL, "es => es.filter(e => e.getClientRects().length).map(e => e.textContent)"
    )
    if not any(str(BET) in text for text in calls):
        problems.append(f"the amount to call ({BET}) is not said: {calls}")
    return problems


def test_raising_at_200_percent_keeps_cards_board_pot_call_and_confirm_on_screen(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[1_250, 2_000, 2_000], seed=SEED, action_seconds=300
    )
    table_id = arranged["table"]
    daphne_server.call(f"{MINE}:to_the_flop_facing_a_bet", table=table_id)
    state = committed(daphne_server, table_id)
    assert state.hand.to_act == 1 and len(state.hand.boards[0]) == 3
    ann = Phone(browser, daphne_server, arranged["sessions"][0], "Ann")
    ann.wait_version(state.version)
    wait_my_turn(ann)
    page = ann.page
    found: list[str] = []
    for name, ((width, height), enlarge) in VIEWS.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(RESET)
        if enlarge:
            page.evaluate(enlarge)
        page.evaluate("window.scrollTo(0, 0)")
        tap(ann, "[data-action=size]")
        page.wait_for_selector(".act-amount")
        save_screenshot(page, f"raise-panel-{name}", full_page=False)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        found += [f"{name}: {p}" for p in table_in_sight(page, width, height)]
        # Every control of the panel can be brought into sight, and the rest stays in sight.
        for control in (".act-quick-row", ".act-slider", ".act-exact"):
            page.locator(control).scroll_into_view_if_needed()
            found += [f"{name}, at {control}: {p}" for p in in_sight(page, control, width, height)]
            found += [f"{name}, at {control}: {p}" for p in table_in_sight(page, width, height)]
        # An amount out of range: the panel says so, and still shows its buttons.
        page.fill(".act-exact", "1")
        page.wait_for_selector(".act-range:not([hidden])")
        save_screenshot(page, f"raise-panel-{name}-out-of-range", full_page=False)
        found += [f"{name}, out of range: {p}" for p in table_in_sight(page, width, height)]
        found += [f"{name}, out of range: {p}" for p in in_sight(page, ".act-range", width, height)]
        found += [f"{name}, out of range: {p}" for p in in_sight(page, ".act-exact", width, height)]
        tap(ann, "[data-action=cancel-size]")
        page.wait_for_selector(".act-amount", state="detached")
    assert not found, "\n".join(found)
    # At 200% text on the small phone, the raise goes through with the panel's own buttons.
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate(RESET)
    page.evaluate(VIEWS["360x740-text-200"][1])
    tap(ann, "[data-action=size]")
    page.fill(".act-exact", "20")
    page.locator(".act-exact").press("Tab")
    tap(ann, "[data-action=raise]")
    deadline = time.monotonic() + 10
    while committed(daphne_server, table_id).hand.current_bet != 20:
        assert time.monotonic() < deadline, "the raise never arrived"
        time.sleep(0.1)
    assert ann.errors == []
