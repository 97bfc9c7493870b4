"""Crazy Blind Man on the table page: your own cards on your forehead, the removal by tap.

"Every player can then see all the other players' cards but not their own. A player shall
not look at their own cards until the showdown." "The removed card is discarded. No player
may see the card that was taken from them."
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    Phone,
    committed,
    open_phones,
    play_step,
    tap,
    wait_for_next_action,
    wait_my_turn,
)

pytestmark = [pytest.mark.browser]


def page_cards(phone: Phone) -> set[str]:
    return set(phone.page.eval_on_selector_all("[data-card]", "cards => cards.map(c => c.dataset.card)"))


def frame_texts(phone: Phone) -> list[str]:
    return [text for text in phone.frames if json.loads(text).get("type") == "view"]


def removed_cards(state: Any) -> dict[int, str]:
    """target seat -> the card taken from it."""
    done = (state.hand.extras.get("removal") or {}).get("done", [])
    return {target: card for _, target, card in done}


def test_crazy_blind_man_hides_my_own_cards_and_the_card_taken_from_me(
    daphne_server: Any, browser: Any
) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[200, 200, 200], seed=SEED, game="crazy_blind_man"
    )
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    state = committed(daphne_server, table_id)
    own = {s.seat: {str(c) for c in s.hole} for s in state.hand.seats}
    shot_taken = False
    for _ in range(40):
        hand = state.hand
        if hand.finished or hand.showdown_order:
            break
        for number, phone in enumerate(phones, start=1):
            phone.wait_version(state.version)
            assert not page_cards(phone) & own[number], f"{phone.name} sees their own cards"
            others = set().union(*(own[s] for s in own if s != number)) - set(removed_cards(state).values())
            alive = [s for s in hand.seats if s.seat != number and not s.folded]
            if alive:
                assert page_cards(phone) & others, f"{phone.name} sees the others' cards"
        seat = hand.to_act
        phone = phones[seat - 1]
        actions = hand.legal_actions(seat)["actions"]
        if "remove" in actions:
            wait_my_turn(phone)
            phone.page.locator(".act-pick button.card").first.tap()
            if not shot_taken:
                phone.shot("table-crazy-blind-man")
                shot_taken = True
            tap(phone, "[data-action=remove]")
            tap(phone, "#confirm .confirm-ok")
        else:
            play_step(phone, state, seat, {})
        state = wait_for_next_action(daphne_server, table_id, state)
    assert shot_taken, "the removal was reached"
    taken = removed_cards(state)
    assert len(taken) == 3
    for number, phone in enumerate(phones, start=1):
        for text in frame_texts(phone):
            assert f'"{taken[number]}"' not in text, f"{phone.name} was sent the card taken from them"
            hand_view = json.loads(text)["view"]["hand"]
            if hand_view and not hand_view["finished"] and not hand_view["showdown_order"]:
                for code in own[number]:
                    assert f'"{code}"' not in text, (
                        f"{phone.name} was sent its own {code} before the showdown"
                    )
        assert taken[number] not in page_cards(phone)
        assert phone.errors == []
