"""Run it twice on the phones, at 390x844 and 360x740: the question with its countdown,
who agreed, both runs at the showdown and what each run won; and a refusal running it once."""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    Phone,
    assert_page_private,
    committed,
    open_phones,
    play_step,
    wait_for_next_action,
)

pytestmark = [pytest.mark.browser]

NAMES = ["Ann", "Bo"]


def _all_in_and_asked(server: Any, browser: Any, size: dict[str, int]) -> tuple[int, list[Phone]]:
    """Heads-up with run it twice on: the first to act goes all-in, the other calls, and both
    phones ask the question."""
    arranged = server.call(
        f"{HERE}:arrange_table", names=NAMES, stacks=[200, 200], seed=SEED, options={"run_it_twice": True}
    )
    table_id = arranged["table"]
    phones = open_phones(browser, server, arranged, NAMES)
    for phone in phones:
        phone.page.set_viewport_size(size)
    state = committed(server, table_id)
    for _ in range(2):
        seat = state.hand.to_act
        play_step(phones[seat - 1], state, seat, {(0, seat): "all-in"} if state.hand.current_bet <= 2 else {})
        state = wait_for_next_action(server, table_id, state)
    assert state.hand.phase == "run_it_twice"
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        panel = phone.page.locator("#run-twice")
        assert panel.get_attribute("data-mode") == "asking"
        assert panel.locator(".rit-title").inner_text() == "Run it twice?"
        assert panel.locator(".clock[role=timer]").count() == 1, "the countdown"
        assert phone.page.locator("#actions").is_hidden()
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert_page_private(phone, state, number)
    return table_id, phones


def _pot_shown(phone: Phone) -> int:
    return int(phone.page.locator(".pot .pot-total strong").inner_text().replace(",", ""))


def _answer(server: Any, table_id: int, phone: Phone, action: str) -> None:
    state = committed(server, table_id)
    phone.page.locator(f"#run-twice [data-action={action}]").tap()
    state = wait_for_next_action(server, table_id, state)


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 740}])
def test_both_agree_and_the_phones_show_both_runs_and_each_runs_result(
    daphne_server: Any, browser: Any, size: dict[str, int]
) -> None:
    table_id, phones = _all_in_and_asked(daphne_server, browser, size)
    tag = f"{size['width']}x{size['height']}"
    first = committed(daphne_server, table_id).hand.to_act
    _answer(daphne_server, table_id, phones[first - 1], "run_twice")
    waiting = phones[first - 1]
    waiting.wait_version(committed(daphne_server, table_id).version)
    assert "Waiting for" in waiting.page.locator("#run-twice .rit-waiting").inner_text()
    assert waiting.page.locator("#run-twice .rit-answer[data-answer=yes]").count() == 1
    other = phones[2 - first]
    other.wait_version(committed(daphne_server, table_id).version)
    other.shot(f"table-run-it-twice-asked-{tag}")
    _answer(daphne_server, table_id, other, "run_twice")
    state = committed(daphne_server, table_id)
    assert state.hand.finished and len(state.hand.boards) == 2
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        assert phone.page.locator(".boards .board").count() == 2
        for board in state.hand.boards:
            for c in board:
                assert phone.page.locator(f".boards [data-card='{c}']").count() >= 1
        assert phone.page.locator(".boards .board-label", has_text="Run 2").count() == 1
        results = phone.page.locator("#results li").all_inner_texts()
        assert any("in run 1" in text for text in results) and any("in run 2" in text for text in results)
        assert phone.page.locator("#results .results-runs[data-runs='2']").count() == 1
        # Over, the hand shows the pot it awarded (both runs), as every game does: never "Pot 0".
        assert _pot_shown(phone) == sum(award.amount for award in state.hand.awards) > 0
        assert phone.page.locator("#run-twice").is_hidden()
        assert phone.page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert_page_private(phone, state, number)
        assert not phone.errors
    phones[0].shot(f"table-run-it-twice-agreed-{tag}")
    phones[0].page.locator("#results").scroll_into_view_if_needed()
    phones[0].shot(f"table-run-it-twice-results-{tag}")


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 740}])
def test_one_refusal_runs_it_once(daphne_server: Any, browser: Any, size: dict[str, int]) -> None:
    table_id, phones = _all_in_and_asked(daphne_server, browser, size)
    first = committed(daphne_server, table_id).hand.to_act
    _answer(daphne_server, table_id, phones[first - 1], "run_once")
    state = committed(daphne_server, table_id)
    assert state.hand.finished and len(state.hand.boards) == 1
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        assert phone.page.locator(".boards .board").count() == 1
        assert phone.page.locator("#results .results-runs[data-runs='1']").count() == 1
        assert all(" run " not in text for text in phone.page.locator("#results li").all_inner_texts())
        assert _pot_shown(phone) == sum(award.amount for award in state.hand.awards) > 0
        assert_page_private(phone, state, number)
        assert not phone.errors
    phones[2 - first].shot(f"table-run-it-twice-refused-{size['width']}x{size['height']}")
