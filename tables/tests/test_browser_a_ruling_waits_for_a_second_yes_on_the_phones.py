"""A host who plays asks for a misdeal: every phone shows that it waits for a second yes, the
host's own phone cannot agree, another player's phone agrees with a tap, and the hand is void.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
It is not a redraw the host may give himself while he holds cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.test_browser_table import HERE, SEED, WAIT_MS, committed, open_phones

pytestmark = [pytest.mark.browser]
ME = "tables.tests.test_browser_a_ruling_waits_for_a_second_yes_on_the_phones"


def host_asks_for_a_misdeal(table_id: int) -> None:
    """The host plays in seat 1 (Ann is his own player) and asks for a misdeal from the panel
    (run in the server's database)."""
    from django.contrib.auth.models import User

    from tables.live import load_state
    from tables.models import Player, Table
    from tables.services.hosting import host_rulings

    host = User.objects.get(username="hostess")
    table = Table.objects.get(pk=table_id)
    Player.objects.filter(night=table.night, display_name="Ann").update(user=host)
    version = load_state(table_id).version
    host_rulings.apply_ruling(table, host, "misdeal", {}, "two cards flipped", version)


def test_the_phones_show_the_ruling_and_another_player_agrees(daphne_server: Any, browser: Any) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    daphne_server.call(f"{ME}:host_asks_for_a_misdeal", table_id=table_id)
    state = committed(daphne_server, table_id)
    assert state.pending_ruling is not None and not state.hand.finished
    for phone in phones:
        phone.wait_version(state.version)
        box = phone.page.locator("#second-yes")
        box.wait_for(timeout=WAIT_MS)
        assert "Misdeal" in box.inner_text()
    own = phones[0].page.locator("#second-yes")
    assert own.locator("button").count() == 0 and "Waiting for a co-host" in own.inner_text()
    bo = phones[1]
    bo.shot("second-yes-phone-390")
    bo.page.set_viewport_size({"width": 360, "height": 740})
    bo.shot("second-yes-phone-360")
    width = bo.page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    bo.page.locator('#second-yes button[data-answer="yes"]').click()
    bo.page.locator("#second-yes").wait_for(state="hidden", timeout=WAIT_MS)
    after = committed(daphne_server, table_id)
    assert after.pending_ruling is None and after.hand.finished and after.table.redeal is not None
    for phone in phones:
        assert not phone.errors, phone.errors
