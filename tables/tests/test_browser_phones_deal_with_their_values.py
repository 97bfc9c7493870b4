"""The phones' values deal the cards, in a real headless Chromium against a real Daphne.

docs/shuffle.md: "Between hands each seated phone sends a pledge [...] The deal is the cut-off
[...] Each phone whose pledge closed then sends its value [...] When every value is in, the
cards are dealt." Three phones (360x740) sit through a hand; each pledges a value made in its
browser; the host deals; every phone sends the value of its pledge by itself and the hand is
dealt from them, nobody's hand dead. A phone in the background takes its pledge back, and
pledges again in front. Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from engine.live.fairness import pledge_of
from tables.tests.test_browser_table import HERE, SEED, WAIT_MS, Phone, committed, open_phones

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_phones_deal_with_their_values"
FOLD_OUT = "tables.tests.test_browser_coming_back:fold_out"
SMALL_PHONE = {"width": 360, "height": 740}


def deal_and_read(table: int) -> dict[str, Any]:
    """The host deals; once the cards are dealt, what the hand's row published (run inside the
    server by DaphneServer.call)."""
    from tables.models.live import Hand
    from tables.tests.test_browser_table import deal_and_wait

    state = deal_and_wait(table)
    row = Hand.objects.get(table_id=table, number=state.hand.config.hand_number)
    folded = [s.seat for s in state.hand.seats if s.folded]
    return {"contributions": row.contributions, "folded_at_the_deal": folded}


def _wait_for_pledges(server: Any, table_id: int, count: int) -> dict[str, str]:
    deadline = time.monotonic() + WAIT_MS / 1000
    while len(pledges := committed(server, table_id).pledges) < count:
        assert time.monotonic() < deadline, f"only {len(pledges)} pledges came"
        time.sleep(0.1)
    return pledges


def test_every_phone_pledges_then_sends_its_value_and_the_values_deal_the_hand(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    for phone in phones:
        phone.page.set_viewport_size(SMALL_PHONE)
    daphne_server.call(FOLD_OUT, table=table_id)
    pledges = _wait_for_pledges(daphne_server, table_id, 3)
    dealt = daphne_server.call(f"{THIS}:deal_and_read", table=table_id)
    late = dealt["folded_at_the_deal"]
    assert late == [], f"no value in time from {[phones[seat - 1].name for seat in late]}"
    values = dealt["contributions"]
    assert len(values) == 3
    assert sorted(pledge_of(value) for value in values.values()) == sorted(pledges.values())
    state = committed(daphne_server, table_id)
    for phone in phones:
        phone.wait_version(state.version)  # and the frames it sent meanwhile are read
        sent = [json.loads(frame)["action"]["value"] for frame in phone.sent if '"shuffle_value"' in frame]
        assert sent and sent[-1] in values.values()
        assert phone.errors == []
    phones[0].shot("table-dealt-from-the-phones-values")


def test_the_pledge_and_the_shuffle_show_on_a_small_phone(daphne_server: Any, browser: Any) -> None:
    names = ["Ann", "Bo"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200], seed=SEED)
    table_id = arranged["table"]
    phones: list[Phone] = open_phones(browser, daphne_server, arranged, names)
    phones[0].page.set_viewport_size(SMALL_PHONE)
    daphne_server.call(FOLD_OUT, table=table_id)
    pledges = _wait_for_pledges(daphne_server, table_id, 2)
    ann = next(
        pledge for player, pledge in pledges.items() if player == _player_of(daphne_server, table_id, 1)
    )
    phones[0].wait_version(committed(daphne_server, table_id).version)
    shown = phones[0].page.locator(".contribution")
    shown.wait_for()
    assert ann[:12] in shown.inner_text()
    phones[0].shot("table-pledge-for-the-next-deal")


def _player_of(server: Any, table_id: int, seat: int) -> str:
    occupant = committed(server, table_id).table.seat(seat)
    assert occupant is not None
    return occupant.player


def _set_hidden(phone: Phone, hidden: bool) -> None:
    """The page goes to the background (a locked phone) or comes back to the front."""
    phone.page.evaluate(
        "hidden => { Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_a_phone_in_the_background_takes_its_pledge_back_and_pledges_again_in_front(
    daphne_server: Any, browser: Any
) -> None:
    """A locked phone could not send its value in time: its pledge is taken back, the deal does
    not wait for it, and its player is dealt in, not dealt dead. Back in front, it pledges again."""
    names = ["Ann", "Bo"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    daphne_server.call(FOLD_OUT, table=table_id)
    pledges = _wait_for_pledges(daphne_server, table_id, 2)
    bo = _player_of(daphne_server, table_id, 2)
    _set_hidden(phones[1], True)
    deadline = time.monotonic() + WAIT_MS / 1000
    while bo in committed(daphne_server, table_id).pledges:
        assert time.monotonic() < deadline, "the pledge was not taken back"
        time.sleep(0.1)
    dealt = daphne_server.call(f"{THIS}:deal_and_read", table=table_id)
    assert dealt["folded_at_the_deal"] == []
    assert list(dealt["contributions"].values()) != [] and len(dealt["contributions"]) == 1
    assert (
        pledge_of(next(iter(dealt["contributions"].values())))
        == pledges[_player_of(daphne_server, table_id, 1)]
    )
    _set_hidden(phones[1], False)
    deadline = time.monotonic() + WAIT_MS / 1000
    while bo not in committed(daphne_server, table_id).pledges:
        assert time.monotonic() < deadline, "back in front, the phone did not pledge again"
        time.sleep(0.1)
    assert phones[1].errors == []
