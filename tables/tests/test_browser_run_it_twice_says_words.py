"""The "Run it twice?" question on a 360 px phone says words, never the engine's `run_twice`.

The casino text: "When no more betting is possible because players are all-in, all live hands
are turned face up before the rest of the board is dealt"; then, at a table that runs it twice,
everyone all-in is asked (engine.house.run_it_twice). The question, its buttons and the line
that says what the table waits for are for people: "Run it twice?", "Run it twice", "Once".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tables.tests.test_browser_run_it_twice import _all_in_and_asked

pytestmark = [pytest.mark.browser]

SHOTS = Path("/tmp/shots-straddle")
SMALL_PHONE = {"width": 360, "height": 740}
# Everything a screen reader would say: the visible text and every label.
SPOKEN = """document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')]
    .map(e => e.getAttribute('aria-label')).join(' ')"""

# The words for the two answers, from the module the action bar takes them from.
ACTION_WORDS = """import('/static/js/table/action-words.js')
    .then(m => [m.actionWords('run_twice'), m.actionWords('run_once')])"""


def test_the_question_and_its_answers_are_words(daphne_server: Any, browser: Any) -> None:
    _, phones = _all_in_and_asked(daphne_server, browser, SMALL_PHONE)
    for phone in phones:
        spoken = phone.page.evaluate(SPOKEN)
        assert "run_twice" not in spoken and "run_once" not in spoken and "run_it_twice" not in spoken
        assert phone.page.locator("#run-twice .rit-title").inner_text() == "Run it twice?"
        # The line that says what the table waits for (the dock's, on a narrow phone).
        assert phone.page.locator("#dock-status .turn-line").inner_text() == "Run it twice?"
        # Any action bar that draws a house action uses its words.
        words = phone.page.evaluate(ACTION_WORDS)
        assert words == ["Run it twice", "Once"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    phones[0].page.screenshot(path=str(SHOTS / "run-it-twice-words-360.png"))
