"""The table page's controls on a phone: sizes, labels, acting out of turn, losing the connection."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    SPOKEN_TEXT,
    WAIT_MS,
    assert_page_private,
    committed,
    open_phones,
    play_step,
    spoken_name,
    tap,
    wait_for_next_action,
    wait_my_turn,
)

pytestmark = [pytest.mark.browser]


def test_the_page_fits_a_360_px_phone_with_big_touch_targets_and_spoken_labels(
    daphne_server: Any, browser: Any
) -> None:
    """Phones first: no sideways scrolling at 360 px, touch targets of at least 44 px, and every
    card and button has words for a screen reader (colour is never the only signal)."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[60, 200, 200], seed=SEED, action_seconds=300
    )
    ann, bo, _ = open_phones(browser, daphne_server, arranged, names)
    wait_my_turn(ann)
    # The action clock: a bar under my cards, and under my seat on the others' phones.
    assert ann.page.locator(".me .clock[role=timer]").count() == 1
    assert bo.page.locator(".seat[data-turn='true'] .clock[role=timer]").count() == 1
    assert ann.page.title().startswith("\u25cf Your turn")
    tap(ann, "[data-action=size]")  # the sizing panel has the most controls
    ann.page.set_viewport_size({"width": 360, "height": 740})
    assert ann.page.evaluate("document.documentElement.scrollWidth") <= 360
    small = ann.page.evaluate(
        """[...document.querySelectorAll('button, a, input')].filter(e => e.offsetParent !== null)
          .map(e => [e.textContent.trim() || e.getAttribute('aria-label'), e.getBoundingClientRect()])
          .filter(([, r]) => r.height < 44 || r.width < 44).map(([name]) => name)"""
    )
    assert small == []
    unnamed = ann.page.evaluate(
        """[...document.querySelectorAll('button, .card:not(.card-slot)')]
          .filter(e => !(e.textContent.trim() || e.getAttribute('aria-label') || e.closest('[aria-label]')))
          .length"""
    )
    assert unnamed == 0
    spoken = ann.page.evaluate(SPOKEN_TEXT)
    state = committed(daphne_server, arranged["table"])
    assert state.hand is not None
    for c in state.hand.seats[0].hole:
        assert spoken_name(str(c)) in spoken, "my cards are named in words"
    assert "Folded" not in spoken and "In" in spoken

    # Amounts outside the legal range never leave the page: they are brought into it.
    raise_range = state.hand.legal_actions(1)["actions"]["raise"]
    for typed, expected in (("999999", raise_range["max_to"]), ("1", raise_range["min_to"])):
        ann.page.fill(".act-exact", typed)
        ann.page.locator(".act-exact").press("Tab")
        assert ann.page.locator(".act-exact").input_value() == str(expected)
        assert ann.page.locator("[data-action=raise]").inner_text() == f"Raise to {expected}"
    # What the server refuses anyway is said plainly.
    ann.page.evaluate("window.homegameTable.socket.act({type: 'raise', to: 1})")
    toast = ann.page.locator("#toast")
    toast.wait_for(timeout=WAIT_MS)
    assert "minimum raise" in toast.inner_text().lower()
    assert ann.errors == []


def test_acting_out_of_turn_asks_first_and_then_binds(daphne_server: Any, browser: Any) -> None:
    """House rule: "Acting out of turn isn't allowed, but if you do, it's binding." """
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    cy = phones[2]
    state = committed(daphne_server, table_id)
    assert state.hand is not None and state.hand.to_act == 1
    assert "binding" in cy.page.locator(".act-early-label").inner_text()
    tap(cy, "[data-action=early-fold]")
    assert "binding" in cy.page.locator("#confirm .confirm-text").inner_text()
    cy.shot("table-out-of-turn-confirm")
    tap(cy, "#confirm .confirm-ok")
    cy.page.locator(".act-early-queued").wait_for()
    state = committed(daphne_server, table_id)  # the engine may have recorded it already
    for seat in (1, 2):
        play_step(phones[seat - 1], state, seat, {})
        state = wait_for_next_action(daphne_server, table_id, state)
    assert state.hand is not None
    deadline = time.monotonic() + 10
    while not state.hand.seats[2].folded:
        assert time.monotonic() < deadline, "the out-of-turn fold did not stand"
        time.sleep(0.05)
        state = committed(daphne_server, table_id)
        assert state.hand is not None
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        assert phone.page.locator(".seat[data-seat='3'][data-status='folded']").count() == (number != 3)
        assert phone.errors == []

    # Out of this hand, Cy sits out from the next one, and comes back.
    tap(cy, "[data-action=sit_out]")
    cy.page.locator("[data-action=sit_in]").wait_for(timeout=WAIT_MS)
    assert committed(daphne_server, table_id).table.seat(3).status == "sitting_out"
    tap(cy, "[data-action=sit_in]")
    cy.page.locator("[data-action=sit_out]").wait_for(timeout=WAIT_MS)


def test_a_phone_that_drops_out_mid_hand_catches_up_within_3_seconds_and_can_act(
    daphne_server: Any, browser: Any
) -> None:
    """Phones lose their connection: on return the page shows the current table at once, and
    an action taken while offline is sent when the connection is back (once)."""
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    cy = phones[2]
    state = committed(daphne_server, table_id)
    assert state.hand is not None and state.hand.to_act == 1

    cy.context.set_offline(True)
    for seat in (1, 2):  # Ann and Bo call while Cy's phone is offline
        play_step(phones[seat - 1], state, seat, {})
        state = wait_for_next_action(daphne_server, table_id, state)
    cy.page.locator("#conn[data-state=reconnecting]").wait_for(timeout=WAIT_MS)
    cy.context.set_offline(False)
    state = committed(daphne_server, table_id)
    cy.wait_version(state.version, timeout_ms=3_000)
    wait_my_turn(cy)
    cy.page.locator("#conn-banner").wait_for(state="hidden", timeout=3_000)
    assert_page_private(cy, state, 3)

    # Cy checks while offline: nothing reaches the table until the phone is back, then it does.
    cy.context.set_offline(True)
    cy.page.locator("#conn[data-state=reconnecting]").wait_for(timeout=WAIT_MS)
    tap(cy, "[data-action=check]")
    time.sleep(0.5)
    held = committed(daphne_server, table_id)
    assert held.hand is not None and len(held.hand.events) == len(state.hand.events)
    cy.context.set_offline(False)
    state = wait_for_next_action(daphne_server, table_id, state)
    assert state.hand is not None
    assert state.hand.seats[2].last_action == "check"
    assert state.hand.street == 1, "the flop is out: the check closed the preflop round"
    for phone in phones:
        phone.wait_version(state.version)
        assert phone.errors == []


def test_the_seat_page_opens_the_table_and_the_table_links_back_to_the_chips(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200], seed=SEED)
    ann = open_phones(browser, daphne_server, arranged, names)[0]  # /play/ went on to /play/table/
    ann.page.locator("#seat-page").tap()
    ann.page.wait_for_url("**/play/?stay=1")
    ann.page.locator("#open-table").tap()
    ann.page.wait_for_url("**/play/table/")


def test_an_early_raise_stands_as_posted_when_the_action_reaches_it_unchanged(
    daphne_server: Any, browser: Any
) -> None:
    """House rule: "If the action reaches you unchanged, your bet stands as posted." """
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED)
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    bo = phones[1]
    state = committed(daphne_server, table_id)
    assert state.hand is not None and state.hand.to_act == 1
    tap(bo, "[data-action=early-size]")
    bo.page.fill(".act-exact", "6")
    bo.page.locator(".act-exact").press("Tab")
    tap(bo, "[data-action=raise]")
    assert "Raise to 6" in bo.page.locator("#confirm .confirm-text").inner_text()
    tap(bo, "#confirm .confirm-ok")
    bo.page.locator(".act-early-queued").wait_for(timeout=WAIT_MS)
    state = committed(daphne_server, table_id)
    play_step(phones[0], state, 1, {})  # Ann calls 2: the bet Bo raised is unchanged
    state = wait_for_next_action(daphne_server, table_id, state)
    deadline = time.monotonic() + 10
    while state.hand is not None and state.hand.seats[1].bet != 6:
        assert time.monotonic() < deadline, "the early raise did not stand"
        time.sleep(0.05)
        state = committed(daphne_server, table_id)
    assert state.hand is not None and state.hand.current_bet == 6
    assert phones[2].page.locator(".seat[data-seat='2'] .seat-bet").inner_text() != ""
