"""In a real headless Chromium: the clock screen reads on a 16:9 projector, a 4:3 projector and a
portrait TV, running, on a break and finished; it speaks when asked to; and the host's level
controls (confirm, undo) fit a phone.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."
"Breaks are a chance to top up snacks, chip up, and stretch before blinds climb again."
Chip counts are public at a poker table; cards never are, and the screen shows none.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.live import apply_intent, hints_held, load_state
from tables.models import Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import hosting
from tables.services.tournament import tournament_clock, tournament_results, tournament_seating, tournaments
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.tournament_helpers import entry_of, make_tournament

LIVE_TIMEOUT_MS = 12_000
SECONDS_TOLERANCE = 3
SCREENS = {
    "1920x1080": (1920, 1080),
    "1280x720": (1280, 720),
    "1024x768": (1024, 768),
    "portrait-1080x1920": (1080, 1920),
}
NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve")
# Stacks set at the table, so the chip leaders have an order to show.
STACKS = {"Ann": 4_000, "Bea": 23_500, "Cal": 9_000, "Dan": 12_500, "Eve": 1_000}

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_socket_hints() -> Iterator[None]:
    """No table socket is open here: the table writes made from this thread (which runs the
    browser's event loop) keep their hints instead of sending them to the channel layer."""
    with hints_held():
        yield


def _field(page: object, name: str) -> str:
    return page.locator(f'[data-field="{name}"]').inner_text().strip()


def _seated_tournament(
    host: User, template_key: str = "home-2h", minutes_in: float = 3
) -> tuple[Tournament, Table]:
    """Five players drawn to one table, stacks of their own, rebuys until level 4, the clock running."""
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=6, small_blind=1, big_blind=2)
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    tournament, _ = make_tournament(
        night, host, names=NAMES, template_key=template_key, rules=rules, rebuy_price=20, add_on_price=10
    )
    tournament_seating.draw_opening_seats(tournament.pk, host)
    for seat in load_state(table.pk).table.seats:
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": STACKS[seat.name]})
    started = timezone.now() - datetime.timedelta(minutes=minutes_in)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    tournament.refresh_from_db()
    return tournament, table


def _seconds(text: str) -> int:
    parts = [int(part) for part in text.split(":")]
    return sum(value * 60**power for power, value in enumerate(reversed(parts)))


def _fits(page: object, width: int, height: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height


def test_the_clock_screen_reads_on_every_screen_running_on_a_break_and_finished(
    live_server: object, browser: object
) -> None:
    host = create_host()
    tournament, _ = _seated_tournament(host)
    url = f"{live_server.url}/clock/{tournament.clock_token}/"
    pages = {}
    for name, (width, height) in SCREENS.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(url)
        page.locator("body[data-state=running]").wait_for(timeout=LIVE_TIMEOUT_MS)
        pages[name] = page

    for name, page in pages.items():
        width, height = SCREENS[name]
        assert _field(page, "period") == "Level 1" and _field(page, "blinds") == "25 / 50"
        assert _field(page, "ante") == "No ante"
        started = tournament.log.get(action=TournamentAction.START).at
        elapsed = (timezone.now() - started).total_seconds()
        assert abs(_seconds(_field(page, "elapsed")) - elapsed) <= SECONDS_TOLERANCE
        assert re.fullmatch(r"at \d\d:\d\d", _field(page, "next-break-at"))
        assert _field(page, "window") == "Rebuys open until the end of level 4 · add-on at the first break"
        leaders = page.locator('[data-field="leaders"] li').all_inner_texts()
        assert [re.sub(r"\s+", " ", row) for row in leaders] == [
            "Bea 23,500",
            "Dan 12,500",
            "Cal 9,000",
            "Ann 4,000",
            "Eve 1,000",
        ]
        _fits(page, width, height)
        # Readable across a room: the digits take a good share of the screen's height.
        digits = page.locator('[data-field="time-left"]').bounding_box()["height"]
        assert digits >= 0.17 * min(height, 1080), name
        for field in ("blinds", "leaders", "pool", "players", "window"):
            assert page.locator(f'[data-field="{field}"]').is_visible(), (name, field)
        save_screenshot(page, f"clock-running-{name}", full_page=False)

    # On to the break after level 4, which ends the rebuy period (the host confirms it).
    for _ in range(3):
        tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL, confirmed=True)
    for name, page in pages.items():
        width, height = SCREENS[name]
        page.locator("body[data-break]").wait_for(timeout=LIVE_TIMEOUT_MS)
        page.locator('[data-field="window"]', has_text="Rebuys are closed").wait_for(timeout=LIVE_TIMEOUT_MS)
        assert _field(page, "period") == "Break" and _field(page, "break-note") == "Colour up the 25s"
        assert _field(page, "window") == "Rebuys are closed · add-on now"
        _fits(page, width, height)
        save_screenshot(page, f"clock-break-{name}", full_page=False)

    # Everyone but Bea is out: the finished screen shows the winner, the places and the prizes.
    for loser in ("Eve", "Ann", "Cal", "Dan"):
        tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, loser), None)])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    prizes = tournament_results.payouts(tournament)
    for name, page in pages.items():
        width, height = SCREENS[name]
        page.locator("body[data-state=finished]").wait_for(timeout=LIVE_TIMEOUT_MS)
        assert _field(page, "winner") == "Bea"
        rows = [
            re.sub(r"\s+", " ", row) for row in page.locator('[data-field="results"] li').all_inner_texts()
        ]
        assert rows[:3] == [
            f"1st Bea {prizes[0]} EUR",
            f"2nd Dan {prizes[1]} EUR",
            f"3rd Cal {prizes[2]} EUR",
        ]
        assert rows[3:] == ["4th Ann", "5th Eve"]
        assert "5 players" in _field(page, "summary") and "prize pool 100 EUR" in _field(page, "summary")
        # Not "Players 0/10, average 0": the field's figures and the countdown give way.
        assert page.locator('[data-field="players"]').is_hidden()
        assert page.locator('[data-field="time-left"]').is_hidden()
        _fits(page, width, height)
        save_screenshot(page, f"clock-finished-{name}", full_page=False)


FAKE_SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
Object.defineProperty(window, "speechSynthesis", {
  configurable: true,
  value: { speak(u) { window.__spoken.push(u.text); }, cancel() {}, getVoices() { return []; } },
});
"""


def test_the_screen_speaks_levels_the_break_and_the_end_of_rebuys_when_switched_on(
    live_server: object, browser: object
) -> None:
    """Off by default; switched on, the right sentences are queued at the right moments."""
    host = create_host()
    # home-3h: four 20-minute levels, then a break; level 4 with 2:04 left, so two minutes to the break soon.
    tournament, _ = _seated_tournament(host, template_key="home-3h", minutes_in=80 - 124 / 60)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(FAKE_SPEECH)
    page = context.new_page()
    page.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
    page.locator("body[data-state=running]").wait_for(timeout=LIVE_TIMEOUT_MS)
    voice = page.locator('[data-action="voice"]')
    assert voice.is_visible() and voice.get_attribute("aria-pressed") == "false"
    page.wait_for_timeout(500)
    assert page.evaluate("window.__spoken") == []  # off by default, nothing said
    voice.click()
    assert voice.get_attribute("aria-pressed") == "true" and voice.inner_text() == "Voice on"

    page.wait_for_function("() => window.__spoken.length === 1", timeout=10_000)
    assert page.evaluate("window.__spoken") == ["Two minutes to the break"]

    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL, confirmed=True)
    page.wait_for_function("() => window.__spoken.length === 3", timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("window.__spoken")[1:] == [
        "Break. 10 minutes. Colour up the 25s.",
        "Rebuys are closed",
    ]

    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    page.wait_for_function("() => window.__spoken.length === 4", timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("window.__spoken")[3] == "Level 5. Blinds 150, 300"
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    page.wait_for_function("() => window.__spoken.length === 5", timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("window.__spoken")[4] == "Level 6. Blinds 200, 400, ante 50"

    # Switched off: the next level is not announced.
    voice.click()
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    page.locator('[data-field="period"]', has_text="Level 7").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert len(page.evaluate("window.__spoken")) == 5


def test_the_hosts_level_controls_confirm_the_end_of_rebuys_and_undo_on_a_phone(
    live_server: object, browser: object
) -> None:
    """At 390x844: "Next" past the last rebuy level asks first; the level change can be undone."""
    host = create_host()
    tournament, _ = _seated_tournament(host)
    for _ in range(3):
        tournament_clock.run_clock(
            tournament.pk, host, TournamentAction.NEXT_LEVEL
        )  # level 4, the last rebuy level
    page = host_logged_in(browser, live_server)
    page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/")
    assert (
        page.locator("[data-window]").inner_text()
        == "Rebuys open until the end of level 4 · add-on at the first break"
    )

    page.click("text=Next ▶")
    page.locator("#confirm-next").wait_for()
    assert "Moving on closes rebuys for good." in page.locator("#confirm-next").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for box in (button.bounding_box() for button in page.locator("#confirm-next .button").all()):
        assert box["height"] >= 44
    save_screenshot(page, "tournament-confirm-rebuys-end-390px", full_page=False)
    tournament.refresh_from_db()
    assert tournaments.reading(tournament).level_number == 4  # not moved yet

    page.click("text=Move on, close rebuys")
    page.locator("#undo-level").wait_for()
    tournament.refresh_from_db()
    assert tournaments.reading(tournament).on_break
    assert page.locator("[data-window]").inner_text() == "Rebuys are closed · add-on now"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#undo-level button").bounding_box()["height"] >= 44
    save_screenshot(page, "tournament-undo-level-390px", full_page=False)

    page.click("text=Undo the level change")
    page.locator(".message-success").wait_for()
    assert page.locator("#undo-level").count() == 0
    tournament.refresh_from_db()
    assert tournaments.reading(tournament).level_number == 4 and not tournaments.reading(tournament).on_break
