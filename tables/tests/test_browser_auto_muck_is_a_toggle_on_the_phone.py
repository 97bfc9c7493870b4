"""The auto-muck setting on a 360 px phone: one toggle, kept by the table, seen by its player only.

House rules: "The player who made the last bet or raise on the river shows first ... To win, you
have to table your hand." "Mucked cards are dead." With auto-muck on, a hand that a hand already
shown beats is mucked without a tap (engine.house.auto_muck); whether a player has it on is
theirs alone, so nobody reads from it whether that player's hand is beaten.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tables.tests.test_browser_table import SEED, WAIT_MS, committed, open_phones

pytestmark = [pytest.mark.browser]

TABLE = "tables.tests.test_browser_table"
NAMES = ["Ann", "Bo", "Cy"]
SHOTS = Path("/tmp/shots-straddle")


def test_the_toggle_turns_auto_muck_on_for_its_player_only(daphne_server: Any, browser: Any) -> None:
    arranged = daphne_server.call(f"{TABLE}:arrange_table", names=NAMES, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    ann = phones[0]
    ann.page.set_viewport_size({"width": 360, "height": 740})
    # A setting chosen between hands: the hand the table was arranged with is folded out first.
    daphne_server.call("tables.tests.test_browser_coming_back:fold_out", table=table_id)
    toggle = ann.page.locator("#me [data-action=auto_muck]")
    toggle.wait_for(state="visible", timeout=WAIT_MS)
    assert toggle.get_attribute("aria-pressed") == "false"
    assert toggle.bounding_box()["height"] >= 44, "a big touch target"
    toggle.tap()
    ann.page.wait_for_selector("#me [data-action=auto_muck][aria-pressed=true]", timeout=WAIT_MS)
    assert "on" in toggle.inner_text()
    state = committed(daphne_server, table_id)
    assert state.auto_muck == (state.table.occupant(1).player,)
    for phone in phones[1:]:
        phone.wait_version(state.version)
        views = [m["view"] for m in map(json.loads, phone.frames) if m.get("type") == "view"]
        assert views and not any(v.get("auto_muck") for v in views), f"{phone.name} never sees it on"
        assert phone.page.locator("#me [data-action=auto_muck]").get_attribute("aria-pressed") == "false"
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.page.screenshot(path=str(SHOTS / "auto-muck-on-360.png"))
    toggle.tap()
    ann.page.wait_for_selector("#me [data-action=auto_muck][aria-pressed=false]", timeout=WAIT_MS)
    assert committed(daphne_server, table_id).auto_muck == ()
    for phone in phones:
        assert not phone.errors
