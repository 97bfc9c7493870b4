"""After a misdeal and the re-deal, the screen reader's line names the player's new cards.

House rules: "Some dealing errors void the hand and it's re-dealt from scratch." The re-deal is
the same hand under the same number (docs/protocol.md), so a line keyed on the number alone
stayed silent; the player must hear "Hand #1 dealt again" and the cards they now hold.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tables.tests.test_browser_table import SEED, WAIT_MS, committed, open_phones, spoken_name

pytestmark = [pytest.mark.browser]

HERE = "tables.tests.test_browser_a_redeal_after_a_misdeal_names_the_new_cards"
TABLE = "tables.tests.test_browser_table"
NAMES = ["Ann", "Bo", "Cy"]
SHOTS = Path("/tmp/shots-straddle")


def misdeal_and_deal_again(table: int) -> None:
    """The host calls a misdeal and deals the hand again (run inside the server)."""
    from tables.tests.test_browser_table import apply_when_free, deal_and_wait

    apply_when_free(table, "host", {"type": "misdeal", "reason": "a card turned over on the deal"})
    deal_and_wait(table, "77" * 32)


def _said(phone: Any) -> list[str]:
    return phone.page.evaluate("window.homegameTable.announced.slice()")


def test_the_re_deal_is_announced_with_the_new_cards(daphne_server: Any, browser: Any) -> None:
    arranged = daphne_server.call(f"{TABLE}:arrange_table", names=NAMES, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, NAMES)
    ann = phones[0]
    ann.page.set_viewport_size({"width": 360, "height": 740})
    dealt = committed(daphne_server, table_id).hand
    first = dealt.seat(1).hole
    ann.page.wait_for_function(
        "() => window.homegameTable.announced.some(line => line.startsWith('Hand #1: your cards'))",
        timeout=WAIT_MS,
    )
    said_before = _said(ann)
    daphne_server.call(f"{HERE}:misdeal_and_deal_again", table=table_id)
    state = committed(daphne_server, table_id)
    again = state.hand.seat(1).hole
    assert state.hand.config.hand_number == 1 and again != first
    ann.wait_version(state.version)
    ann.page.wait_for_function(
        "() => window.homegameTable.announced.some(line => line.includes('Hand #1 dealt again'))",
        timeout=WAIT_MS,
    )
    line = next(said for said in _said(ann) if "Hand #1 dealt again" in said)
    for card in again:
        assert spoken_name(str(card)) in line
    # Only the player's own cards: nobody else's, old or new. Each deal's lines are checked
    # against that deal's cards: the re-deal's deck is shuffled afresh (the phones' values mix
    # in), so another player may now hold a card Ann was dealt the first time, and named then.
    for lines, hand in ((said_before, dealt), (_said(ann)[len(said_before) :], state.hand)):
        others = {str(c) for s in hand.seats if s.seat != 1 for c in s.hole}
        assert not any(spoken_name(code) in said for code in others for said in lines)
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.page.screenshot(path=str(SHOTS / "redeal-after-misdeal-360.png"))
    assert not ann.errors
