"""House games on the phones, at 390x844 and 360x740: the staged Blind Hold'em reveal, one stage
at a time with the table's pause counted down; the rabbit hunt asked from a phone and shown on
every phone apart from the board; the 7-2 bounty in the results, with what each player paid."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tables.tests.test_browser_table import (
    HERE,
    SEED,
    Phone,
    assert_page_private,
    committed,
    open_phones,
    wait_for_next_action,
)

pytestmark = [pytest.mark.browser]

MINE = "tables.tests.test_browser_house_games"
NAMES = ["Ann", "Bo", "Cy"]
SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
CARD_CODES = "cards => cards.map(c => c.dataset.card)"


# Arranging a table (run in the server's Django process) ----------------------------------------


def deal_house_hand(
    table: int,
    game: str,
    stakes: dict[str, int],
    options: dict[str, Any],
    seed: str = SEED,
    seven_deuce_seat: int | None = None,
    deal_delay: float | None = None,
) -> dict[str, Any]:
    """At a table arranged by `arrange_table` (its first hand dealt, no phone open yet): the first
    hand is folded round, the host announces `game`, `stakes` and the game's `options`, and the
    next hand is dealt from `seed`, or from the first seed that deals `seven_deuce_seat` a
    seven and a deuce. With `deal_delay`, the dealer then deals on by itself after that pause."""
    from engine import live as engine_live
    from engine.house.seven_deuce import is_seven_deuce
    from tables.live import apply_intent, load_state

    while (state := load_state(table)).hand_in_progress:
        apply_intent(table, "system", {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}})
    apply_intent(table, "host", {"type": "set_game", "game": game, "stakes": stakes, "options": options})
    if deal_delay is not None:
        apply_intent(table, "host", {"type": "options", "deal_delay": deal_delay, "auto_deal": True})
    if seven_deuce_seat is not None:
        state = load_state(table)
        for number in range(1, 100_000):
            seed = f"{number:064x}"
            trial, _ = engine_live.apply(state, "host", {"type": "start_hand", "seed": seed}, now=time.time())
            if is_seven_deuce(trial.hand.seat(seven_deuce_seat).hole):
                break
    apply_intent(table, "host", {"type": "start_hand", "seed": seed})
    return {"seed": seed}


def _house_table(server: Any, browser: Any, size: dict[str, int], **deal: Any) -> tuple[int, list[Phone]]:
    arranged = server.call(f"{HERE}:arrange_table", names=NAMES, stacks=[500, 500, 500], seed=SEED)
    table_id = arranged["table"]
    server.call(f"{MINE}:deal_house_hand", table=table_id, **deal)
    phones = open_phones(browser, server, arranged, NAMES)
    for phone in phones:
        phone.page.set_viewport_size(size)
    return table_id, phones


def _holdem_table(server: Any, browser: Any, size: dict[str, int], **deal: Any) -> tuple[int, list[Phone]]:
    """A No-Limit Hold'em table, blinds 5/10, with the house `options` (and any more of `deal`)."""
    return _house_table(
        server, browser, size, game="nlhe", stakes={"small_blind": 5, "big_blind": 10}, **deal
    )


def _tag(size: dict[str, int]) -> str:
    return f"{size['width']}x{size['height']}"


def _fits(phone: Phone, size: dict[str, int]) -> None:
    assert phone.page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    assert not phone.errors


def _wait_state(server: Any, table_id: int, ready: Any, seconds: float = 20) -> Any:
    deadline = time.monotonic() + seconds
    while not ready(state := committed(server, table_id)):
        assert time.monotonic() < deadline, "the table never got there"
        time.sleep(0.05)
    return state


# 1. Staged Blind Hold'em ---------------------------------------------------------------------------


def _assert_stage(phones: list[Phone], state: Any, stage: str, next_stage: str, size: dict[str, int]) -> None:
    """Every phone shows this stage, and during the pause only the countdown to the next one."""
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        banner = phone.page.locator("#stage")
        assert banner.get_attribute("data-stage") == stage and banner.get_attribute("data-next") == next_stage
        shown = set(phone.page.eval_on_selector_all(".boards [data-card]", CARD_CODES))
        assert shown == {str(c) for c in state.hand.boards[0]}
        if next_stage:
            # The pause's countdown, from the view's deadline; no action clock for nobody.
            clocks = phone.page.locator(".clock[role=timer]")
            assert clocks.count() == 1 and phone.page.locator("#stage .clock").count() == 1
            assert float(clocks.first.get_attribute("data-deadline")) == pytest.approx(state.deadline)
            left = int(phone.page.locator("#stage .clock-text").inner_text().rstrip("s"))
            assert 0 <= left <= 5
            assert phone.page.locator(".turn-line").count() == 0, "nobody is to act"
        _assert_staged_private(phone, state, number)
        _fits(phone, size)


def _assert_staged_private(phone: Phone, state: Any, seat: int) -> None:
    """Another player's card is on this page only once turned face up for everyone."""
    from engine.house.views import face_up

    hidden = {str(c) for s in state.hand.seats if s.seat != seat for c in s.hole} - {
        card for s in state.hand.seats for card in face_up(state.hand, s)
    }
    shown = set(phone.page.eval_on_selector_all("[data-card]", CARD_CODES))
    assert not shown & hidden, f"{phone.name} shows {shown & hidden}"


@pytest.mark.parametrize("size", SIZES)
def test_each_stage_of_a_staged_reveal_is_its_own_moment_on_every_phone(
    daphne_server: Any, browser: Any, size: dict[str, int]
) -> None:
    """3.2(a) "the flop is dealt, then each player turns one hole card face up"; 3.2(b) "the
    turn is dealt, then each player turns their second hole card face up"; 3.2(c) "the river is
    dealt". Each is its own moment, with the pause the table set (5 s) counted down between."""
    tag = _tag(size)
    staged = {"reveal": "staged", "stage_seconds": 5}
    table_id, phones = _house_table(
        daphne_server, browser, size, game="blind_holdem", stakes={"fixed_stake": 10}, options=staged
    )
    state = committed(daphne_server, table_id)
    assert state.hand.phase == "reveal"
    for phone in phones:
        phone.wait_version(state.version)
        assert phone.page.locator("#stage").get_attribute("data-stage") == "a"
        assert "turns one card" in phone.page.locator("#stage .stage-what").inner_text()
    phones[state.hand.to_act - 1].shot(f"table-staged-reveal-a-turning-{tag}")
    while state.hand.phase == "reveal":
        phone = phones[state.hand.to_act - 1]
        phone.page.locator(".act-pick button.card").first.tap()
        phone.page.locator("[data-action=reveal]").tap()
        phone.page.locator("#confirm .confirm-ok").tap()
        state = wait_for_next_action(daphne_server, table_id, state)

    assert state.hand.phase == "reveal_pause" and len(state.hand.boards[0]) == 3
    _assert_stage(phones, state, "a", "b", size)
    phones[0].shot(f"table-staged-reveal-a-{tag}")

    state = _wait_state(daphne_server, table_id, lambda s: len(s.hand.boards[0]) == 4)
    assert all(s.shown for s in state.hand.seats), "every second card is face up"
    _assert_stage(phones, state, "b", "c", size)
    phones[1].shot(f"table-staged-reveal-b-{tag}")

    state = _wait_state(daphne_server, table_id, lambda s: s.hand.finished)
    _assert_stage(phones, state, "c", "", size)
    for phone in phones:
        assert phone.page.locator("#results").is_visible()
    phones[2].page.locator("#results").scroll_into_view_if_needed()
    phones[2].shot(f"table-staged-reveal-c-{tag}")


# 2. Rabbit hunt ------------------------------------------------------------------------------------


def _fold_round(server: Any, table_id: int, phones: list[Phone]) -> Any:
    """Everyone folds to the big blind, through their phones: the hand ends before the flop."""
    state = committed(server, table_id)
    while not state.hand.finished:
        phone = phones[state.hand.to_act - 1]
        phone.page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
        phone.page.locator("[data-action=fold]").tap()
        state = wait_for_next_action(server, table_id, state)
    return state


@pytest.mark.parametrize("size", SIZES)
def test_a_player_asks_for_the_rabbit_and_every_phone_shows_what_would_have_come(
    daphne_server: Any, browser: Any, size: dict[str, int]
) -> None:
    """Rabbit hunt: "after a hand ends before the river, a player may ask to see the cards that
    would have come (only board cards, never anyone's hole cards)". Each player of the hand gets
    the button, with the time until the next deal; the rabbit is drawn apart from the board,
    dashed and labelled, as it is not part of the result; the next deal waits for it."""
    tag = _tag(size)
    table_id, phones = _holdem_table(
        daphne_server, browser, size, options={"rabbit_hunt": True}, deal_delay=20
    )
    state = _fold_round(daphne_server, table_id, phones)
    assert state.hand.boards == [[]] and state.next_deal_at is not None
    for phone in phones:
        phone.wait_version(state.version)
        panel = phone.page.locator("#rabbit")
        assert panel.get_attribute("data-mode") == "offered"
        assert panel.locator("[data-action=rabbit_hunt]").is_visible()
        bar = panel.locator(".clock[role=timer]")
        assert float(bar.get_attribute("data-deadline")) == pytest.approx(state.next_deal_at)
        assert phone.page.locator("#results").is_visible()
        _fits(phone, size)
    phones[1].shot(f"table-rabbit-offered-{tag}")

    asked_at = time.time()
    phones[1].page.locator("#rabbit [data-action=rabbit_hunt]").tap()
    state = _wait_state(daphne_server, table_id, lambda s: "rabbit_hunt" in s.hand.extras)
    rabbit = state.hand.extras["rabbit_hunt"]
    assert rabbit["by"] == 2 and len(rabbit["boards"][0]) == 5
    assert state.next_deal_at >= asked_at + 20 - 1, "the rabbit stays up for a whole pause"
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        assert phone.page.locator("#rabbit").is_hidden()
        cards = phone.page.eval_on_selector_all(".rabbit-cards [data-card]", CARD_CODES)
        assert cards == rabbit["boards"][0]
        assert phone.page.locator(".boards [data-card]").count() == 0, "not dealt: not on the board"
        label = phone.page.locator(".rabbit-label").inner_text()
        assert "would have come" in label and "not part of the result" in label
        assert ("You" if number == 2 else "Bo") in label
        assert (
            phone.page.locator(".rabbit-cards .card")
            .first.get_attribute("aria-label")
            .endswith("would have come")
        )
        assert_page_private(phone, state, number)
        _fits(phone, size)
    phones[0].shot(f"table-rabbit-hunted-{tag}")


# 3. The 7-2 bounty ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_the_seven_deuce_bounty_is_shown_in_the_results_with_what_each_player_paid(
    daphne_server: Any, browser: Any, size: dict[str, int]
) -> None:
    """The 7-2 game: "a player who wins a pot with seven-deuce, showing it, collects a set bounty
    from every other player dealt in, paid out of their stacks and shown in the result". Ann
    holds seven-deuce, the others fold, Ann shows: 2 big blinds (20) from each, +40."""
    tag = _tag(size)
    table_id, phones = _holdem_table(
        daphne_server, browser, size, options={"seven_deuce": 2}, seven_deuce_seat=1
    )
    state = committed(daphne_server, table_id)
    while state.hand.to_act is not None and state.hand.phase != "showdown":
        seat = state.hand.to_act
        phone = phones[seat - 1]
        phone.page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
        # Ann (seven-deuce) stays in; everyone else folds.
        button = "[data-action=call], [data-action=check]" if seat == 1 else "[data-action=fold]"
        phone.page.locator(button).first.tap()
        state = wait_for_next_action(daphne_server, table_id, state)
    assert state.hand.to_act == 1, "the winner by folds is asked to show"
    # "the last player standing wins without showing": the pot is Ann's before the question.
    assert state.hand.seat(1).won > 0 and not state.hand.pots
    for phone in phones:
        phone.wait_version(state.version)
        assert phone.page.locator("#results").is_visible(), "the result is on screen while Ann decides"
    phones[0].page.wait_for_function("() => document.body.dataset.myTurn === 'true'")
    phones[0].shot(f"table-seven-deuce-paid-before-the-question-{tag}")
    phones[0].page.locator("[data-action=show]").tap()
    state = _wait_state(daphne_server, table_id, lambda s: s.hand.finished)
    paid = state.hand.extras["seven_deuce"]
    assert paid == {"winner": 1, "payments": [[2, 20], [3, 20]]}
    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        title = phone.page.locator("#results .bounty-title").inner_text()
        winner = "You win" if number == 1 else "Ann wins"
        assert title == f"{winner} with 7-2: 2 BB (20) from each player: +40"
        payments = phone.page.locator("#results .bounty-paid").all_inner_texts()
        expected = {2: "Bo pays \u221220", 3: "Cy pays \u221220"}
        if number in expected:
            expected[number] = "You pay \u221220"
        assert payments == [expected[2], expected[3]]
        assert_page_private(phone, state, number)
        _fits(phone, size)
    for number in (1, 2):
        phones[number - 1].page.locator("#results").scroll_into_view_if_needed()
        phones[number - 1].shot(f"table-seven-deuce-bounty-{'winner' if number == 1 else 'payer'}-{tag}")


# 4. The host panel's house options at 390 px -----------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_host_panels_house_options_are_readable_on_a_390_px_phone(
    live_server: Any, browser: Any, night: Any, make_table: Any
) -> None:
    """The 7-2 bounty, the rabbit hunt and the pause between Blind Hold'em stages, as the host sees
    them on a phone: nothing cut off or scrolled sideways, text of a readable size, controls big
    enough to tap, and what the host picks is what the table announces for the next hand."""
    from tables.live import load_state
    from tables.tests.browser import host_logged_in, save_screenshot

    table = make_table("Kitchen")
    host = host_logged_in(browser, live_server)
    host.goto(f"{live_server.url}/host/nights/{night.pk}/panel/")
    host.locator("summary", has_text="Game and stakes").click()
    fieldsets = host.locator("fieldset.announced")
    assert fieldsets.count() == 2
    fieldsets.first.scroll_into_view_if_needed()
    save_screenshot(host, "host-panel-house-options-390", full_page=False)
    fieldsets.last.scroll_into_view_if_needed()
    save_screenshot(host, "host-panel-house-options-390-more", full_page=False)
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    controls = host.locator(
        "select[name=seven_deuce], input[name=rabbit_hunt], select[name=stage_seconds], select[name=reveal]"
    )
    assert controls.count() == 4
    for index in range(controls.count()):
        control = controls.nth(index)
        box = control.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["height"] >= 20 and (control.get_attribute("type") == "checkbox" or box["height"] >= 44)
    sizes = host.eval_on_selector_all(
        "fieldset.announced label, fieldset.announced legend, fieldset.announced .help",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert min(sizes) >= 13
    assert "ask until the next deal, which waits at least 15 seconds" in fieldsets.last.inner_text()
    labels = host.eval_on_selector_all(
        "fieldset.announced label",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })",
    )
    assert all(left >= 0 and right <= 390 for left, right in labels)

    host.locator("select[name=seven_deuce]").select_option("2")
    host.locator("input[name=rabbit_hunt]").check()
    host.get_by_role("button", name="Announce for the next hand").click()
    host.locator(".message-success").wait_for()
    assert load_state(table.pk).options.game_options == {"seven_deuce": 2, "rabbit_hunt": True}
