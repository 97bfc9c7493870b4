"""Pre-actions on a 360 px phone: "Check/Fold" and "Call any", chosen before your turn, are not
binding. Nothing leaves the phone until the action reaches you; a bet or raise in front of you
clears the choice; once your turn comes with the choice standing, it is sent as your ordinary
action. (Unlike acting out of turn, which the house rules make binding: "Acting out of turn
isn't allowed, but if you do, it's binding".)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tables.tests.test_browser_table import SEED, WAIT_MS, committed, open_phones, wait_for_next_action

pytestmark = [pytest.mark.browser]

HERE = "tables.tests.test_browser_pre_actions_are_not_binding"
TABLE = "tables.tests.test_browser_table"
NAMES = ["Ann", "Bo", "Cy"]
SHOTS = Path("/tmp/shots-straddle")
SMALL_PHONE = {"width": 360, "height": 740}


def act_for_seat(table: int, seat: int, action: dict[str, Any]) -> None:
    """The player in `seat` acts from another device (run inside the server by DaphneServer.call)."""
    from tables.live import load_state, player_actor
    from tables.tests.test_browser_table import apply_when_free

    player = load_state(table).table.occupant(seat).player
    apply_when_free(table, player_actor(int(player)), {"type": "act", "action": action})


BETTING = {"fold", "check", "call", "bet", "raise"}


def _acts_sent(phone: Any) -> list[dict[str, Any]]:
    """The betting actions the phone sent (not its shuffle pledges and values)."""
    sent = [m for m in map(json.loads, phone.sent) if m.get("type") == "act" and "action" in m]
    return [m for m in sent if m["action"].get("type") in BETTING]


def _pressed(phone: Any, name: str) -> str | None:
    return phone.page.locator(f"#pre-actions [data-action=pre-{name}]").get_attribute("aria-pressed")


def test_a_pre_action_is_cleared_by_a_raise_and_sent_only_on_the_players_turn(
    daphne_server: Any, browser: Any
) -> None:
    arranged = daphne_server.call(f"{TABLE}:arrange_table", names=NAMES, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    for phone in phones:
        phone.page.set_viewport_size(SMALL_PHONE)
    state = committed(daphne_server, table_id)
    first = state.hand.to_act
    order = [s.seat for s in state.hand.seats]
    second = order[(order.index(first) + 1) % 3]
    third = order[(order.index(first) + 2) % 3]
    waiting = phones[third - 1]
    waiting.wait_version(state.version)
    panel = waiting.page.locator("#pre-actions")
    panel.wait_for(state="visible", timeout=WAIT_MS)
    assert "not binding" in panel.inner_text()
    waiting.page.locator("#pre-actions [data-action=pre-check_fold]").tap()
    assert _pressed(waiting, "check_fold") == "true"
    SHOTS.mkdir(parents=True, exist_ok=True)
    waiting.page.screenshot(path=str(SHOTS / "pre-actions-chosen-360.png"))
    assert waiting.page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    assert _acts_sent(waiting) == [], "a pre-action is not sent before the turn"

    # The first player raises: the bet in front of the third changed, so the choice is gone.
    daphne_server.call(f"{HERE}:act_for_seat", table=table_id, seat=first, action={"type": "raise", "to": 6})
    state = wait_for_next_action(daphne_server, table_id, state)
    waiting.wait_version(state.version)
    assert _pressed(waiting, "check_fold") == "false"
    assert _acts_sent(waiting) == []

    # "Call any" now; the second player calls, the bet stands, and the third's turn sends the call.
    waiting.page.locator("#pre-actions [data-action=pre-call_any]").tap()
    assert _pressed(waiting, "call_any") == "true"
    daphne_server.call(f"{HERE}:act_for_seat", table=table_id, seat=second, action={"type": "call"})
    state = wait_for_next_action(daphne_server, table_id, state)
    state = wait_for_next_action(daphne_server, table_id, state)  # the phone's own call
    waiting.wait_version(state.version)  # (the page's frames are read while it is waited for)
    assert state.hand.seat(third).last_action.startswith("call")
    assert [a["action"] for a in _acts_sent(waiting)] == [{"type": "call"}]
    waiting.page.screenshot(path=str(SHOTS / "pre-actions-sent-360.png"))
    for phone in phones:
        assert not phone.errors
