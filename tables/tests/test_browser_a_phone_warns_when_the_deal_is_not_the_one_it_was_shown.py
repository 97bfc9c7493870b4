"""A phone that sent its value for one commitment and is dealt from another says so, on the
table page, in a real headless Chromium against a real Daphne; the host's felt shows the
commitment for the room to compare.

docs/shuffle.md, "What your phone keeps": "When anything disagrees, the table page shows a
warning at its top that stays for as long as the phone keeps that deal". The host, with the
database open, swaps the server seed after Ann's value came and before his own phone's (Bo's)
value, which he sends for the new commitment. Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tables.tests.browser import host_logged_in, save_screenshot
from tables.tests.test_browser_table import HERE, SEED, WAIT_MS, committed, open_phones

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_a_phone_warns_when_the_deal_is_not_the_one_it_was_shown"
FOLD_OUT = "tables.tests.test_browser_coming_back:fold_out"
CHOSEN_SEED = "5e" * 32
# Bo's phone is the host's: it keeps its value back until the host has swapped the seed.
HOLD_BACK_THE_VALUE = """() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (String(data).includes('"shuffle_value"')) return undefined;
    return send.call(this, data);
  };
}"""


def swap_after_the_first_value(table: int, player: str, value: str) -> dict[str, Any]:
    """The host deals; once the first value is in, he writes a seed of his choosing into the
    table's saved state and sends his own value for its commitment (run inside the server)."""
    from django.db import OperationalError
    from django.db.models.expressions import RawSQL
    from django.utils import timezone

    from engine.shuffle import commitment
    from tables.live import load_state
    from tables.models import Table
    from tables.models.live import TableSnapshot
    from tables.tests.test_browser_table import apply_when_free

    apply_when_free(table, "host", {"type": "start_hand"})
    deadline = time.monotonic() + 8
    while not (shuffling := load_state(table).shuffling) or not shuffling.values:
        assert time.monotonic() < deadline, "the first phone's value never came"
        time.sleep(0.05)
    shown = shuffling.commitment
    # One statement, as someone at the database would write it: the phones write meanwhile
    # (their presence), and the rest of the row must stay theirs.
    swap = RawSQL("json_set(state, '$.shuffling.seed', %s)", [CHOSEN_SEED])
    for attempt in range(10):
        try:
            TableSnapshot.objects.filter(table_id=table).update(state=swap, updated_at=timezone.now())
            break
        except OperationalError:
            if attempt == 9:
                raise
            time.sleep(0.3)
    chosen = commitment(bytes.fromhex(CHOSEN_SEED))
    sent = {"type": "shuffle_value", "value": value, "commitment": chosen}
    apply_when_free(table, f"player:{player}", sent)
    assert load_state(table).hand is not None
    return {"shown": shown, "chosen": chosen, "night": Table.objects.get(pk=table).night_id}


def close_the_night(table: int) -> None:
    """The hand folded out and the night closed: its seeds are revealed (run inside the server)."""
    from tables.models import Night, Table
    from tables.tests.test_browser_coming_back import fold_out

    fold_out(table)
    Night.objects.filter(pk=Table.objects.get(pk=table).night_id).update(status=Night.Status.CLOSED)


def test_the_phone_that_was_shown_another_commitment_warns_and_the_felt_shows_the_deals(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200], seed=SEED)
    table_id = arranged["table"]
    ann, bo = open_phones(browser, daphne_server, arranged, names)
    ann.page.set_viewport_size({"width": 360, "height": 740})
    bo.page.evaluate(HOLD_BACK_THE_VALUE)
    daphne_server.call(FOLD_OUT, table=table_id)
    deadline = time.monotonic() + WAIT_MS / 1000
    while len(pledges := committed(daphne_server, table_id).pledges) < 2:
        assert time.monotonic() < deadline, "the phones did not pledge"
        time.sleep(0.1)
    bo_player = committed(daphne_server, table_id).table.seat(2).player
    kept = bo.page.evaluate("() => JSON.parse(localStorage.getItem('homegame.shuffle-values') || '[]')")
    bo_value = next(entry["value"] for entry in kept if entry["pledge"] == pledges[bo_player])
    swapped = daphne_server.call(
        f"{THIS}:swap_after_the_first_value", table=table_id, player=bo_player, value=bo_value
    )

    warning = ann.page.locator("#deck-warning")
    warning.wait_for(state="visible", timeout=WAIT_MS)
    assert "this deck is not the one you were promised" in warning.inner_text()
    # Said once, by the page's one alert, as well as shown.
    assert "this deck is not the one you were promised" in ann.page.locator("#toast").inner_text()
    ann.shot("table-warns-of-a-deal-from-another-commitment-360")
    warning.locator("summary").click()  # what disagreed, and the record to keep
    text = warning.inner_text()
    assert f"the deal's commitment {swapped['chosen'][:12]} is not the {swapped['shown'][:12]}" in text
    assert warning.locator("button", has_text="Download this phone's record").is_visible()
    ann.shot("table-warns-of-a-deal-from-another-commitment-360-open")
    ann.page.set_viewport_size({"width": 390, "height": 844})
    ann.shot("table-warns-of-a-deal-from-another-commitment-390")
    # Persistent: a reload still warns, from the phone's own record.
    ann.page.reload()
    ann.page.locator("#deck-warning").wait_for(state="visible", timeout=WAIT_MS)
    # The host's own page kept the first commitment too, before its value was held back.
    assert "this deck is not the one you were promised" in bo.page.locator("#deck-warning").inner_text()
    assert ann.errors == [] and bo.errors == []

    felt = host_logged_in(
        browser, daphne_server, {"viewport": {"width": 360, "height": 740}, "is_mobile": True}
    )
    felt.goto(f"{daphne_server.url}/host/nights/{swapped['night']}/felt/")
    shown = felt.locator('[data-field="commitment"]')
    assert f"commitment {swapped['chosen'][:12]}" in shown.inner_text()
    shown.scroll_into_view_if_needed()
    save_screenshot(felt, "felt-shows-the-deals-commitment-360")

    # Once the night is closed, the verify page opened on Ann's phone checks her record against
    # the revealed seed: it was chosen after the commitment she was shown.
    daphne_server.call(f"{THIS}:close_the_night", table=table_id)
    ann.page.set_viewport_size({"width": 360, "height": 740})
    ann.page.goto(f"{daphne_server.url}/verify/?table={table_id}")
    result = ann.page.locator("#phone-record-result")
    result.wait_for(timeout=WAIT_MS)
    assert "does NOT match what was published" in result.inner_text()
    problems = ann.page.locator(".phone-record-problems").inner_text()
    assert "the seed was chosen after" in problems
    ann.page.locator("#phone-record").scroll_into_view_if_needed()
    ann.shot("verify-page-checks-the-phones-record-360")
    # And for everyone who reads the page: the deal's commitment is not the one of its cut-off.
    swapped_hand = ann.page.locator(".verify-commitment")
    assert "recorded at its cut-off" in swapped_hand.inner_text()
    swapped_hand.scroll_into_view_if_needed()
    ann.shot("verify-page-names-the-swapped-commitment-360")
    assert ann.errors == []
