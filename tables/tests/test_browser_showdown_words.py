"""Showdown wording on the phone: who won with what, what decided it (the kicker highlighted on
the cards), and each beaten hand in its own colour, not the winner's. At 390x844 and 360x740,
with the results box above the action bar.

House rules: "If two or more players remain after the final bet, cards are revealed and the
best five-card hand takes the pot."

Screenshots go to test-artifacts/screenshots/ (showdown-*.png).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import live
from engine.live import LiveTable
from engine.views import view as engine_view
from tables.tests.test_browser_table import (
    HERE,
    SEED,
    WAIT_MS,
    Phone,
    apply_when_free,
    committed,
    open_phones,
)

pytestmark = [pytest.mark.browser]
THIS = "tables.tests.test_browser_showdown_words"


def _next_decision(state: LiveTable) -> tuple[int, dict[str, Any]]:
    """Everyone checks it down (calling preflop) and tables their hand."""
    hand = state.hand
    seat = hand.to_act
    actions = hand.legal_actions(seat)["actions"]
    for name in ("show", "check", "call"):
        if actions.get(name, {}).get("allowed"):
            return seat, {"type": "act", "action": {"type": name}}
    raise AssertionError(f"nothing to do for seat {seat}: {actions}")


def _checked_down(state: LiveTable) -> LiveTable:
    while state.hand is not None and not state.hand.finished:
        seat, intent = _next_decision(state)
        state, _ = live.apply(state, seat, intent, now=0)
    return state


def kicker_seed(state: LiveTable) -> str:
    """A seed whose hand, checked down, is won by a kicker against one tabled hand and by a
    better hand against another (run in the server on the table's state before the deal)."""
    for number in range(5000):
        seed = f"{number:064x}"
        dealt, _ = live.apply(state, "host", {"type": "start_hand", "seed": seed}, now=0)
        results = engine_view(_checked_down(dealt).hand, "public")["results"]
        decided = results[0]["decided"] if len(results) == 1 else None
        losers = decided["losers"] if decided else []
        if {loser["by_kicker"] for loser in losers} == {True, False}:
            return seed
    raise AssertionError("no seed found")


def check_down(table: int) -> None:
    """The players check the hand down and table their cards (through the one write path)."""
    from tables.live import load_state

    for _ in range(40):
        state = load_state(table)
        if state.hand.finished:
            return
        seat, intent = _next_decision(state)
        apply_when_free(table, f"player:{state.table.occupant(seat).player}", intent)
    raise AssertionError("the hand did not end")


# The results box is on screen and wholly above the dock (the action bar and my place).
RESULTS_CLEAR_OF_THE_DOCK = """() => {
    const results = document.getElementById('results').getBoundingClientRect();
    const dock = document.querySelector('.dock').getBoundingClientRect();
    return results.height > 0 && results.top >= 0 && results.bottom <= dock.top + 1;
}"""


def _results_clear_of_the_dock(phone: Phone) -> bool:
    return phone.page.evaluate(RESULTS_CLEAR_OF_THE_DOCK)


def test_the_showdown_says_who_won_with_what_and_what_decided_it(daphne_server: Any, browser: Any) -> None:
    names = ["Ann", "Bo", "Cy"]
    arranged = daphne_server.call(
        f"{HERE}:arrange_table", names=names, stacks=[200] * 3, seed=SEED, seed_for=f"{THIS}:kicker_seed"
    )
    table_id = arranged["table"]
    phones = open_phones(browser, daphne_server, arranged, names)
    daphne_server.call(f"{THIS}:check_down", table=table_id)
    state = committed(daphne_server, table_id)
    [result] = engine_view(state.hand, "public")["results"]
    decided = result["decided"]
    [winner] = [w["seat"] for w in result["winners"]]
    kicker = next(loser for loser in decided["losers"] if loser["by_kicker"])
    beaten = next(loser for loser in decided["losers"] if not loser["by_kicker"])
    winner_cards = decided["winner_cards"][str(winner)]
    assert "kicker" in decided["winner_words"] or decided["winner_words"].endswith(" high")

    for number, phone in enumerate(phones, start=1):
        phone.wait_version(state.version)
        phone.page.locator("#results .result-lost").first.wait_for(timeout=WAIT_MS)

        def name(seat: int, me: int = number) -> str:
            return "You" if seat == me else names[seat - 1]

        lines = phone.page.locator("#results li").all_inner_texts()
        verb = "win" if winner == number else "wins"
        assert (
            lines[0] == f"{name(winner)} {verb} the pot ({result['amount']}) with {decided['winner_words']}."
        )
        whose = "your" if winner == number else f"{names[winner - 1]}'s"
        assert f"{name(kicker['seat'])}: {kicker['words']} \u2014 {whose} {kicker['plays']} plays." in lines
        has = "you have" if winner == number else f"{names[winner - 1]} has"
        assert f"{name(beaten['seat'])}: {beaten['words']} \u2014 {has} {beaten['plays']}." in lines
        # The loser is not drawn in the winner's colour, in the results or on the seats.
        colours = phone.page.evaluate(
            """() => ['.result-win', '.result-lost']
                 .map(s => getComputedStyle(document.querySelector(s)).color)"""
        )
        assert colours[0] != colours[1]
        hands = phone.page.evaluate(
            """() => [...document.querySelectorAll('.seat-hand, .my-hand')]
                 .map(e => [e.classList.contains('seat-hand-won') || e.classList.contains('my-hand-won'),
                            getComputedStyle(e).color])"""
        )
        won_colours = {colour for won, colour in hands if won}
        assert won_colours and not won_colours & {colour for won, colour in hands if not won}
        # The cards that decided it are marked: on the board and in the winner's hand.
        marked = phone.page.eval_on_selector_all(".card-plays", "cards => cards.map(c => c.dataset.card)")
        assert sorted(marked) == sorted(winner_cards)
        for width, height in ((390, 844), (360, 740)):
            phone.page.set_viewport_size({"width": width, "height": height})
            phone.page.locator("#results").scroll_into_view_if_needed()
            assert _results_clear_of_the_dock(phone), (
                f"{phone.name}: the results hide under the dock at {width}"
            )
            assert phone.page.evaluate("document.documentElement.scrollWidth") <= width
            if number in (winner, kicker["seat"]):
                role = "winner" if number == winner else "loser"
                phone.shot(f"showdown-{role}-{width}")
        assert phone.errors == []
