"""In a real headless Chromium: the projected clock screen shows what the database says, through a
level change, a pause and a break, at 1920x1080 and 1280x720.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."
"Breaks are a chance to top up snacks, chip up, and stretch before blinds climb again."
"""

from __future__ import annotations

import datetime
import math
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import hosting
from tables.services.tournament import (
    tournament_clock,
    tournament_results,
    tournament_seating,
    tournament_stacks,
    tournaments,
)
from tables.tests.browser import create_host, host_logged_in, save_screenshot
from tables.tests.tournament_helpers import entry_of, loses_every_chip, make_tournament

# The screen refetches every 4 seconds: allow a few.
LIVE_TIMEOUT_MS = 12_000
# The countdown is computed in the browser from the stored times; allow for the test's own steps.
SECONDS_TOLERANCE = 3

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _field(page: object, name: str) -> str:
    return page.locator(f'[data-field="{name}"]').inner_text().strip()


def _seconds(text: str) -> int:
    parts = [int(part) for part in text.split(":")]
    return sum(value * 60**power for power, value in enumerate(reversed(parts)))


def _shown_seconds_left(tournament: Tournament) -> int:
    """What the screen should show now: the stored reading, whole seconds rounded up."""
    tournament.refresh_from_db()
    # As clock.js rounds: up, ignoring less than a microsecond over a whole second.
    return math.ceil(tournaments.reading(tournament, timezone.now()).seconds_left - 1e-6)


def _running_tournament(host: User) -> Tournament:
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 11, 27),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    tournament, players = make_tournament(
        night, host, names=("Ann", "Bea", "Cal", "Dan", "Eve"), rules=rules, rebuy_price=20, add_on_price=10
    )
    started = timezone.now() - datetime.timedelta(minutes=3)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    # Eve never came: out before sitting down, her stack with her. The others are drawn at the
    # Kitchen, where Ann loses every chip and rebuys.
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Eve"), None)], now=started)
    kitchen = hosting.create_table(
        night, name="Kitchen", game="nlhe", max_seats=6, small_blind=1, big_blind=2
    )
    tournament_seating.draw_opening_seats(tournament.pk, host)
    loses_every_chip(kitchen, players[0])
    tournaments.record_rebuy(entry_of(tournament, "Ann"), host, now=started)
    tournament.refresh_from_db()
    return tournament


def _check_figures(page: object, tournament: Tournament) -> None:
    field = tournaments.field(tournament, timezone.now())
    assert _field(page, "players") == f"{field.players_left} / {field.entries}" == "4 / 5"
    assert _field(page, "rebuys") == str(field.rebuys) == "1"
    assert _field(page, "add-ons") == str(field.add_ons)
    assert _field(page, "chips") == f"{field.chips_in_play:,}" == "50,000"
    assert sum(tournament_stacks.stacks_at_the_tables(tournament).values()) == field.chips_in_play
    assert _field(page, "average") == f"{round(field.average_stack):,}"
    assert _field(page, "average-bb") == f"{field.average_big_blinds:.1f}"
    assert _field(page, "pool") == f"{tournament_results.pool(tournament)} EUR" == "120 EUR"
    amounts = [f"{amount:,}" for amount in tournament_results.payouts(tournament)]
    assert page.locator('[data-field="payouts"] li').all_inner_texts() == [
        f"{place}{amount}" for place, amount in zip(("1st", "2nd", "3rd"), amounts, strict=True)
    ]


def test_clock_screen_shows_the_database_through_a_level_change_a_pause_and_a_break(
    live_server: object, browser: object
) -> None:
    host = create_host()
    tournament = _running_tournament(host)
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
    page.locator("body[data-state=running]").wait_for(timeout=LIVE_TIMEOUT_MS)

    # Level 1 of home-2h, three minutes in.
    assert _field(page, "period") == "Level 1"
    assert _field(page, "blinds") == "25 / 50"
    assert _field(page, "next-level") == "50 / 100"
    assert abs(_seconds(_field(page, "time-left")) - _shown_seconds_left(tournament)) <= SECONDS_TOLERANCE
    to_break = tournaments.reading(tournament, timezone.now()).seconds_to_next_break
    assert abs(_seconds(_field(page, "next-break")) - to_break) <= SECONDS_TOLERANCE
    _check_figures(page, tournament)
    # Readable from five metres: the digits fill about a third of a 1080-line screen.
    assert page.locator('[data-field="time-left"]').bounding_box()["height"] >= 250
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    save_screenshot(page, "clock-1920x1080", full_page=False)

    # The host skips to the next level: the screen picks it up by itself, with the full time.
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    page.locator('[data-field="period"]', has_text="Level 2").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert _field(page, "blinds") == "50 / 100"
    assert abs(_seconds(_field(page, "time-left")) - _shown_seconds_left(tournament)) <= SECONDS_TOLERANCE

    page.set_viewport_size({"width": 1280, "height": 720})
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    save_screenshot(page, "clock-1280x720", full_page=False)

    # Paused: PAUSED, and the time stands still at exactly what the database says.
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE)
    page.locator("body[data-state=paused]").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert _field(page, "banner") == "PAUSED"
    frozen = _field(page, "time-left")
    assert _seconds(frozen) == _shown_seconds_left(tournament)
    page.wait_for_timeout(1500)
    assert _field(page, "time-left") == frozen
    save_screenshot(page, "clock-paused", full_page=False)

    # On to the first break: its own screen, its countdown and the colour-up note.
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.RESUME)
    for _ in range(3):  # the last one ends the rebuy period: the host confirms it
        tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL, confirmed=True)
    page.locator("body[data-break]").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert _field(page, "period") == "Break"
    assert _field(page, "break-note") == "Colour up the 25s"
    assert abs(_seconds(_field(page, "time-left")) - _shown_seconds_left(tournament)) <= SECONDS_TOLERANCE
    assert _field(page, "next-level") == "150 / 300"
    assert page.locator('[data-field="next-break-row"]').is_hidden()
    # The average in big blinds counts the level after the break.
    assert _field(page, "average-bb") == f"{tournaments.field(tournament).average_big_blinds:.1f}"
    save_screenshot(page, "clock-break", full_page=False)


def test_host_tournament_pages_fit_a_small_phone(live_server: object, browser: object) -> None:
    """Phones first: the host runs the clock from a 360px-wide phone, nothing wider than the screen."""
    host = create_host()
    tournament = _running_tournament(host)
    small_phone = {"viewport": {"width": 360, "height": 780}, "is_mobile": True, "has_touch": True}
    page = host_logged_in(browser, live_server, small_phone)
    for name, path in (("detail", ""), ("edit", "edit/"), ("deal", "deal/"), ("seating", "seating/")):
        page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
        save_screenshot(page, f"tournament-{name}-360px")
    # The clock buttons are big enough to hit.
    page.goto(f"{live_server.url}/host/tournaments/{tournament.pk}/")
    for box in (button.bounding_box() for button in page.locator(".clock-buttons button").all()):
        assert box["height"] >= 44 and box["width"] >= 44
    page.click("text=Pause")
    page.locator(".message-success").wait_for()
    tournament.refresh_from_db()
    assert tournament.clock_paused_at is not None


FAKE_AUDIO = """
window.__beeps = [];
class FakeOscillator {
  constructor() { this.frequency = { value: 0 }; }
  connect(node) { return node; }
  start() { window.__beeps.push(this.frequency.value); }
  stop() {}
}
class FakeGain {
  constructor() { this.gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} }; }
  connect(node) { return node; }
}
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.state = "running"; this.destination = {}; }
  createOscillator() { return new FakeOscillator(); }
  createGain() { return new FakeGain(); }
  resume() {}
};
"""


def test_the_screen_beeps_a_minute_before_the_end_and_at_each_level_change(
    live_server: object, browser: object
) -> None:
    """Sounds are made in the page (no audio files); a fake AudioContext records each beep's pitch."""
    host = create_host()
    tournament = _running_tournament(host)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(FAKE_AUDIO)
    page = context.new_page()
    page.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
    page.locator("body[data-state=running]").wait_for(timeout=LIVE_TIMEOUT_MS)
    page.click('[data-action="sound"]')
    assert page.locator('[data-action="sound"]').get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__beeps") == [660]  # the test beep when the sound is switched on
    # The host takes time off until 64 seconds are left: the screen sees it, then the last minute begins.
    to_remove = _shown_seconds_left(tournament) - 64
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.REMOVE_TIME, seconds=to_remove)
    page.wait_for_function("() => window.__beeps.length === 3", timeout=LIVE_TIMEOUT_MS + 5_000)
    assert page.evaluate("window.__beeps") == [660, 880, 880]  # one minute left
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    page.wait_for_function("() => window.__beeps.length === 6", timeout=LIVE_TIMEOUT_MS)
    assert page.evaluate("window.__beeps").count(523) == 1  # the rising three-note level change
    # Muted: the next change is silent.
    page.click('[data-action="sound"]')
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL)
    page.locator('[data-field="period"]', has_text="Level 3").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert len(page.evaluate("window.__beeps")) == 6


def test_the_screen_reads_the_stored_times_as_the_engine_does(live_server: object, browser: object) -> None:
    """Every screen agrees: clock.js's reading of stored times matches engine.tournament.clock_state."""
    from engine.tournament import Clock, clock_state, template

    host = create_host()
    tournament = _running_tournament(host)
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/clock/{tournament.clock_token}/")
    structure = template("home-3h")
    cases = [
        (Clock(), 1_000.0),
        (Clock(period_index=0, period_started_at=1_000.0), 1_000.0 + 16 * 60),
        (Clock(period_index=2, period_started_at=1_000.0, paused_seconds=95.5), 1_000.0 + 75 * 60),
        (Clock(period_index=4, period_started_at=1_000.0, paused_at=1_300.0), 9_999.0),
        (Clock(period_index=1, period_started_at=1_000.0, paused_seconds=3.0), 1_000.0 + 9 * 3600),
        (Clock(period_index=3, period_started_at=1_100.0), 1_000.0),  # added time still to use up
    ]
    for clock, now in cases:
        expected = clock_state(clock, structure, now)
        shown = page.evaluate(
            """async ([clock, structure, now]) => {
                 const { readClock } = await import("/static/js/clock.js");
                 const r = readClock(clock, structure, now);
                 return [r.index, r.levelNumber, r.secondsLeft, r.secondsToBreak, r.onBreak, r.paused];
               }""",
            [clock.to_json(), structure.to_json(), now],
        )
        assert shown == [
            expected.period_index,
            expected.level_number,
            pytest.approx(expected.seconds_left),
            None if expected.seconds_to_next_break is None else pytest.approx(expected.seconds_to_next_break),
            expected.on_break,
            expected.paused,
        ], clock
