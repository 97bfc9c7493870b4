"""Back after a rebuy, on the phone: the casino rule's choice with its amounts and the hand each
way deals the player in, and switching between the two until the deal. At 390x844 and 360x740.

"4. If you miss any or all blinds, you can resume play by either posting the total amount of the
blinds for that limit game or waiting for the big blind."

Screenshots go to test-artifacts/screenshots/ (coming-back-*.png).
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from engine.next_hand import entry_choices
from engine.table import Entry
from tables.tests.test_browser_table import (
    HERE,
    SEED,
    WAIT_MS,
    Phone,
    apply_when_free,
    committed,
    deal_and_wait,
    open_phones,
    tap,
)

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_coming_back"
SIZES = ((390, 844), (360, 740))


def fold_out(table: int) -> None:
    """Everyone to act folds until the hand ends (run inside the server by DaphneServer.call)."""
    from tables.live import load_state

    for _ in range(30):
        state = load_state(table)
        hand = state.hand
        if hand is None or hand.finished:
            return
        player = state.table.occupant(hand.to_act).player
        apply_when_free(table, f"player:{player}", {"type": "act", "action": {"type": "fold"}})
    raise AssertionError("the hand did not end")


def deal(table: int) -> list[int]:
    """The host deals the next hand; the seats dealt in."""
    return [s.seat for s in deal_and_wait(table).hand.seats]


def bust(table: int, seat: int) -> None:
    """The host records that the seat has no chips left (between hands)."""
    apply_when_free(table, "host", {"type": "set_stack", "seat": seat, "stack": 0})


def buy_in_the_others(table: int) -> None:
    """Everyone but seat 1 buys in for 200 (between hands): Ann's rebuy is bought chips, and a
    deal never seats a stack no buy-in backs beside bought chips."""
    from tables.live import load_state
    from tables.models import Player
    from tables.services.ledger import ledger

    for seat in load_state(table).table.seats:
        if seat.seat != 1:
            ledger.record_chips_in(Player.objects.get(pk=int(seat.player)), "buy_in", 200, None)


def approve_requests(table: int) -> list[str]:
    """The host approves every chip request waiting on the night (as on the ledger page)."""
    from tables.models import Table
    from tables.models.ledger import ChipRequest
    from tables.services.ledger.chip_requests import approve_request

    night = Table.objects.get(pk=table).night
    pending = ChipRequest.objects.filter(night=night, status=ChipRequest.Status.PENDING)
    return [str(approve_request(night, request.pk, None)) for request in pending]


def decline_requests(table: int) -> int:
    """The host declines every chip request waiting on the night; how many."""
    from tables.models import Table
    from tables.models.ledger import ChipRequest
    from tables.services.ledger.chip_requests import decline_request

    night = Table.objects.get(pk=table).night
    pending = list(ChipRequest.objects.filter(night=night, status=ChipRequest.Status.PENDING))
    for request in pending:
        decline_request(night, request.pk, None, "pay first")
    return len(pending)


def _shoot_both_sizes(phone: Phone, name: str) -> None:
    for width, height in SIZES:
        phone.page.set_viewport_size({"width": width, "height": height})
        phone.page.locator("[data-field=entry-choice]").scroll_into_view_if_needed()
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
        phone.shot(f"{name}-{width}")
    phone.page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def _hand_in(text: str) -> int:
    found = re.search(r"dealt in hand #(\d+)", text)
    assert found, text
    return int(found.group(1))


def test_back_after_a_rebuy_the_player_chooses_and_may_switch_until_the_deal(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200] * 4, seed=SEED)
    table_id = arranged["table"]
    ann, *_ = open_phones(browser, daphne_server, arranged, names)

    # Ann loses everything, and the big blind goes past her seat while she has no chips.
    daphne_server.call(f"{THIS}:fold_out", table=table_id)
    daphne_server.call(f"{THIS}:buy_in_the_others", table=table_id)
    daphne_server.call(f"{THIS}:bust", table=table_id, seat=1)
    for _ in range(4):
        daphne_server.call(f"{THIS}:deal", table=table_id)
        daphne_server.call(f"{THIS}:fold_out", table=table_id)
        if committed(daphne_server, table_id).table.occupant(1).missed_big_blind:
            break
    state = committed(daphne_server, table_id)
    assert state.table.occupant(1).missed_big_blind

    # Bug 4 (cash): the busted player's screen offers the rebuy. While it waits for the host the
    # screen says so and offers no second request; a refusal brings the form back with the answer.
    ann.wait_version(state.version)
    tap(ann, "[data-action=rebuy]")
    ann.page.locator("[data-field=rebuy-status]:has-text('host')").wait_for(timeout=WAIT_MS)
    ann.page.locator("[data-field=rebuy-waiting]:has-text('waiting for the host')").wait_for(timeout=WAIT_MS)
    assert ann.page.locator("[data-action=rebuy]").count() == 0
    ann.page.locator("[data-field=rebuy-waiting]").scroll_into_view_if_needed()
    ann.shot("coming-back-rebuy-waiting")
    assert daphne_server.call(f"{THIS}:decline_requests", table=table_id) == 1
    ann.page.locator("[data-field=rebuy-status]:has-text('declined')").wait_for(timeout=WAIT_MS)
    # Asked again, the host approves it.
    tap(ann, "[data-action=rebuy]")
    ann.page.locator("[data-field=rebuy-waiting]").wait_for(timeout=WAIT_MS)
    assert daphne_server.call(f"{THIS}:approve_requests", table=table_id)
    choice = ann.page.locator("[data-field=entry-choice]")
    choice.wait_for(timeout=WAIT_MS)
    state = committed(daphne_server, table_id)
    seat = state.table.occupant(1)
    assert seat.stack == 200 and seat.status.value == "sitting_out"

    # Bug 3: both ways back, with the amounts and the hand each deals her in.
    expected = {c.entry: c for c in entry_choices(state.table, 1)}
    post, wait = expected[Entry.POST], expected[Entry.WAIT]
    post_button = ann.page.locator("[data-action=sit_in_post]")
    wait_button = ann.page.locator("[data-action=sit_in_wait]")
    total = sum(p.amount for p in post.posts)
    assert post_button.inner_text().startswith(f"Post {total} now (2 live + 1 dead)")
    assert _hand_in(post_button.inner_text()) == post.hand_number
    assert _hand_in(wait_button.inner_text()) == wait.hand_number
    assert post.hand_number < wait.hand_number, "posting now deals her in sooner"
    _shoot_both_sizes(ann, "coming-back-choice")

    # "I'm back" by waiting for the big blind...
    tap(ann, "[data-action=sit_in_wait]")
    ann.page.locator("[data-field=entry-choice][data-chosen=wait_for_big_blind]").wait_for(timeout=WAIT_MS)
    note = ann.page.locator("[data-field=entry-note]").inner_text()
    assert note.startswith("Waiting for the big blind") and _hand_in(note) == wait.hand_number
    switch = ann.page.locator("[data-action=sit_in_post]")
    assert switch.inner_text().startswith(f"Post {total} now instead")
    assert _hand_in(switch.inner_text()) == post.hand_number
    _shoot_both_sizes(ann, "coming-back-waiting")

    # ...then she changes her mind before the deal: posting now is still hers to choose.
    tap(ann, "[data-action=sit_in_post]")
    ann.page.locator("[data-field=entry-choice][data-chosen=post]").wait_for(timeout=WAIT_MS)
    note = ann.page.locator("[data-field=entry-note]").inner_text()
    assert note.startswith(f"You post {total} (2 live + 1 dead)") and _hand_in(note) == post.hand_number
    back_to_waiting = ann.page.locator("[data-action=sit_in_wait]").inner_text()
    assert back_to_waiting.startswith("Wait for the big blind instead")
    _shoot_both_sizes(ann, "coming-back-posting")
    state = committed(daphne_server, table_id)
    back = state.table.occupant(1)
    assert not back.waiting_for_big_blind and back.status.value == "active"

    # The deal keeps the promise: she is dealt in the hand the button named, posting what it said.
    for _ in range(4):
        dealt = daphne_server.call(f"{THIS}:deal", table=table_id)
        state = committed(daphne_server, table_id)
        if 1 in dealt:
            break
        daphne_server.call(f"{THIS}:fold_out", table=table_id)
    assert state.hand is not None and state.hand.config.hand_number == post.hand_number
    assert [p for p in state.hand.config.posts if p.seat == 1] == list(post.posts)
    ann.wait_version(state.version)
    time.sleep(0.2)
    assert ann.page.locator("[data-field=entry-choice]").count() == 0, "nothing left to choose once dealt in"
    assert ann.errors == []
