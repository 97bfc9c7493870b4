"""The phone at 360 and 390 px: the dock while waiting, the showdown, and the game changing.

Issue: "While it is not your turn the bottom dock takes about 45% of the screen with two rows of
early buttons (non-binding pre-actions above binding out-of-turn buttons): one compact row, and
the pot and 'who acts' line never covered." The house rules keep the two kinds apart: "Acting out
of turn isn't allowed, but if you do, it's binding"; the pre-actions are not. At the showdown
"To win, you have to table your hand" and "Mucked cards are dead": mucking a hand no tabled hand
beats asks once. A winner nobody saw says "won, not shown".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    SEED,
    WAIT_MS,
    committed,
    open_phones,
    tap,
    wait_for_next_action,
    wait_my_turn,
)

pytestmark = [pytest.mark.browser]

TABLE = "tables.tests.test_browser_table"
PASS = "tables.tests.test_browser_phone_pass"
HERE = "tables.tests.test_browser_the_phone_is_comfortable_at_360_px"
SHOTS = Path("/tmp/shots-phone-comfort")
SIZES = [(360, 740), (390, 844)]
NAMES = ["Ann", "Bo", "Cy"]

# Where each part of the waiting phone is: the dock, the pot, the line saying who acts, and the
# top of every early button (pre-actions and out-of-turn).
LAYOUT = """() => {
    const box = (e) => e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null;
    const dock = box(document.querySelector('.dock'));
    const visible = (e) => e.getClientRects().length > 0;
    const buttons = [...document.querySelectorAll('#pre-actions button, #actions button')].filter(visible);
    const lines = [...document.querySelectorAll('.turn-line, .pot')].filter(visible).map((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const covered = !(hit && (e.contains(hit) || hit === e));
        return { text: e.textContent, top: r.top, bottom: r.bottom, covered };
    });
    return { dock, tops: [...new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)))],
             buttons: buttons.map((b) => b.dataset.action), lines, height: innerHeight,
             scrollWidth: document.documentElement.scrollWidth };
}"""


def act_for_seat(table: int, seat: int, action: dict[str, Any]) -> None:
    """The player in `seat` acts from another device (run inside the server)."""
    from tables.live import load_state, player_actor
    from tables.tests.test_browser_table import apply_when_free

    player = load_state(table).table.occupant(seat).player
    apply_when_free(table, player_actor(int(player)), {"type": "act", "action": action})


def _waiting_phone(daphne_server: Any, browser: Any, size: tuple[int, int]) -> tuple[Any, Any, int]:
    arranged = daphne_server.call(f"{TABLE}:arrange_table", names=NAMES, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    width, height = size
    for phone in phones:
        phone.page.set_viewport_size({"width": width, "height": height})
    state = committed(daphne_server, table_id)
    order = [s.seat for s in state.hand.seats]
    third = order[(order.index(state.hand.to_act) + 2) % 3]
    waiting = phones[third - 1]
    waiting.wait_version(state.version)
    waiting.page.locator("#pre-actions").wait_for(state="visible", timeout=WAIT_MS)
    return waiting, state, table_id


@pytest.mark.parametrize("size", SIZES, ids=["360", "390"])
def test_while_waiting_the_dock_is_one_compact_row_below_the_pot(
    daphne_server: Any, browser: Any, size: tuple[int, int]
) -> None:
    waiting, _, _ = _waiting_phone(daphne_server, browser, size)
    layout = waiting.page.evaluate(LAYOUT)
    waiting.page.screenshot(path=str(SHOTS / f"dock-waiting-{size[0]}.png"))
    assert layout["scrollWidth"] <= size[0]
    assert {"pre-check_fold", "pre-call_any", "early-fold"} <= set(layout["buttons"]), layout["buttons"]
    assert len(layout["tops"]) == 1, f"the early buttons make one row: {layout}"
    assert layout["dock"]["height"] <= 0.3 * layout["height"], layout["dock"]
    assert layout["lines"], "the pot and who acts are on screen"
    for line in layout["lines"]:
        assert not line["covered"] and line["bottom"] <= layout["dock"]["top"], line
    # The two kinds stay told apart: the binding ones say so.
    assert "binding" in waiting.page.locator("#actions").inner_text().lower()
    assert "not binding" in waiting.page.locator("#pre-actions").inner_text().lower()


def _to_the_showdown(daphne_server: Any, table_id: int, state: Any) -> Any:
    """Every player checks or calls through the river (from other devices)."""
    while not state.hand.showdown_order:
        seat = state.hand.to_act
        actions = state.hand.legal_actions(seat)["actions"]
        move = "check" if actions.get("check", {}).get("allowed") else "call"
        daphne_server.call(f"{HERE}:act_for_seat", table=table_id, seat=seat, action={"type": move})
        state = wait_for_next_action(daphne_server, table_id, state)
    return state


@pytest.mark.parametrize("size", SIZES, ids=["360", "390"])
def test_mucking_a_hand_nothing_shown_beats_asks_once(
    daphne_server: Any, browser: Any, size: tuple[int, int]
) -> None:
    arranged = daphne_server.call(f"{TABLE}:arrange_table", names=NAMES, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    for phone in phones:
        phone.page.set_viewport_size({"width": size[0], "height": size[1]})
    state = _to_the_showdown(daphne_server, table_id, committed(daphne_server, table_id))
    first = phones[state.hand.to_act - 1]
    first.wait_version(state.version)
    wait_my_turn(first)
    assert "the cards speak" in first.page.locator("#actions").inner_text()
    first.page.screenshot(path=str(SHOTS / f"showdown-turn-{size[0]}.png"))
    tap(first, "[data-action=muck]")
    question = first.page.locator("#confirm .confirm-text")
    question.wait_for(timeout=WAIT_MS)
    assert "No hand shown beats yours" in question.inner_text()
    first.page.screenshot(path=str(SHOTS / f"showdown-muck-asks-{size[0]}.png"))
    tap(first, "#confirm [value=cancel]")
    assert committed(daphne_server, table_id).version == state.version, "Cancel sent nothing"
    tap(first, "[data-action=show]")
    state = wait_for_next_action(daphne_server, table_id, state)
    assert state.hand.seat(first.page.evaluate("window.homegameTable.model.mySeat")).shown
    for phone in phones:
        assert not phone.errors


@pytest.mark.parametrize("size", SIZES, ids=["360", "390"])
def test_a_winner_nobody_saw_says_won_not_shown_and_a_new_game_covers_no_seat(
    daphne_server: Any, browser: Any, size: tuple[int, int]
) -> None:
    arranged = daphne_server.call(f"{TABLE}:arrange_table", names=NAMES, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    for phone in phones:
        phone.page.set_viewport_size({"width": size[0], "height": size[1]})
    state = committed(daphne_server, table_id)
    while not state.hand.finished:
        seat = state.hand.to_act
        daphne_server.call(f"{HERE}:act_for_seat", table=table_id, seat=seat, action={"type": "fold"})
        state = wait_for_next_action(daphne_server, table_id, state)
    (winner,) = [s.seat for s in state.hand.seats if s.won]
    watcher = next(p for i, p in enumerate(phones, 1) if i != winner)
    watcher.wait_version(state.version)
    tile = watcher.page.locator(f".seat[data-seat='{winner}'] .seat-line")
    assert ", not shown" in tile.inner_text() and "Mucked" not in tile.inner_text()
    watcher.page.screenshot(path=str(SHOTS / f"won-not-shown-{size[0]}.png"))

    # Between hands the host changes the game: said at once, and the seats make room for it.
    daphne_server.call(f"{PASS}:change_game", table=table_id, game="plo")
    state = committed(daphne_server, table_id)
    watcher.wait_version(state.version)
    watcher.page.locator("#next-game").wait_for(timeout=WAIT_MS)
    assert "Next hand: Pot-Limit Omaha" in watcher.page.locator("#next-game").inner_text()
    toast = watcher.page.locator("#toast")
    toast.wait_for(timeout=WAIT_MS)
    watcher.page.wait_for_function(
        "() => document.querySelector('#toast').getBoundingClientRect().bottom"
        " <= document.querySelector('#seats').getBoundingClientRect().top"
    )
    watcher.page.screenshot(path=str(SHOTS / f"game-changed-{size[0]}.png"))
    for phone in phones:
        assert not phone.errors
