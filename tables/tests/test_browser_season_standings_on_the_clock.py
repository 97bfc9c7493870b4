"""In a real headless Chromium: the clock screen shows the season's standings during a break, in
turns with the break's clock, readable across a room on a 16:9 (1920x1080) and a 4:3 (1024x768)
projector.

Issue 21: "Standings ... shown on the projector between levels if the host wants."
"Breaks are a chance to top up snacks, chip up, and stretch before blinds climb again."
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User

from engine.season import PointRules, Scoring, place_points
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.ledger import closing
from tables.services.seasons import seasons
from tables.services.tournament import tournament_clock, tournaments
from tables.tests.browser import create_host, save_screenshot
from tables.tests.season_helpers import night_in_november
from tables.tests.tournament_helpers import entry_of, make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = {"1920x1080": (1920, 1080), "1024x768": (1024, 768)}
# Last night's places, 1st first.
PLACES = ("Ann", "Bartholomew Jones", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim")
BUY_IN = 20
# Up to two turns of the screen (15 seconds each), and a read of the clock's state.
TURN_TIMEOUT_MS = 40_000


@dataclass
class Projected:
    host: User
    tournament: Tournament  # tonight's, on its first break


@pytest.fixture
def projected(transactional_db: None) -> Projected:
    """Made before the browser starts. Last night's tournament of eleven, scored with the
    card-room formula; tonight's tournament on its first break, the season shown on its clock."""
    host = create_host()
    last = night_in_november(host, "First Friday", 13)
    played, _ = make_tournament(last, host, names=PLACES, buy_in=BUY_IN)
    for loser in reversed(PLACES[1:]):
        tournaments.record_busts(played.pk, host, [(entry_of(played, loser), None)])
    closing.close_night(last, host)
    tonight = night_in_november(host, "Second Friday", 27)
    tournament, _ = make_tournament(tonight, host, names=("Ann", "Cy", "Eve"))
    season = seasons.create_season(
        host,
        seasons.SeasonSettings(
            name="Autumn league",
            starts_on=datetime.date(2026, 9, 1),
            ends_on=datetime.date(2026, 12, 31),
            scoring=Scoring.CARD_ROOM.value,
            show_on_clock=True,
        ),
    )
    seasons.set_nights(season, [last.pk, tonight.pk], host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    for _ in range(4):  # home-2h: four levels, then a 10-minute break
        tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL, confirmed=True)
    return Projected(host, tournament)


def _expected_rows() -> list[str]:
    """The ten best places by the card-room formula, worked out here from the places."""
    rules = PointRules(Scoring.CARD_ROOM)
    rows = []
    for place, name in enumerate(PLACES[:10], 1):
        points = place_points(rules, entrants=len(PLACES), place=place, shared_by=1, buy_in=BUY_IN)
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
        rows.append(f"{place}{suffix} {name} {points:.2f}")
    return rows


def _fits(page: object, width: int, height: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height


def test_a_break_shows_the_seasons_standings_in_turns_with_its_clock(
    projected: Projected, live_server: object, browser: object
) -> None:
    url = f"{live_server.url}/clock/{projected.tournament.clock_token}/"
    pages = {}
    for name, (width, height) in SCREENS.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(url)
        page.locator("body[data-break]").wait_for(timeout=TURN_TIMEOUT_MS)
        pages[name] = page

    expected = _expected_rows()
    for name, page in pages.items():
        width, height = SCREENS[name]
        page.locator('body[data-showing="standings"]').wait_for(timeout=TURN_TIMEOUT_MS)
        rows = page.locator('[data-field="standings-rows"] li')
        assert [re.sub(r"\s+", " ", row) for row in rows.all_inner_texts()] == expected, name
        assert page.locator('[data-field="standings-season"]').inner_text() == "Autumn league"
        scoring = page.locator('[data-field="standings-scoring"]').inner_text()
        assert scoring == "Card-room league (field size and buy-in)"
        # The break still counts down on the standings; the clock and the field give way.
        assert re.fullmatch(r"\d+:\d\d", page.locator('[data-field="standings-time-left"]').inner_text())
        assert page.locator('[data-field="time-left"]').is_hidden()
        assert page.locator('[data-field="players"]').is_hidden()
        # Points, never money: no currency and no amount on the standings.
        assert "EUR" not in page.locator('[data-field="standings"]').inner_text()
        # Readable across a room: each line a good share of the screen's height, every name whole.
        for index in range(rows.count()):
            line = rows.nth(index).bounding_box()
            assert line["height"] >= 0.04 * height and line["y"] + line["height"] <= height, (name, index)
        overflowing = page.evaluate(
            """[...document.querySelectorAll('[data-field="standings-rows"] .name')]
                 .filter((el) => el.scrollWidth > el.clientWidth).length"""
        )
        assert overflowing == 0, name
        _fits(page, width, height)
        save_screenshot(page, f"clock-season-standings-{name}", full_page=False)

    for name, page in pages.items():
        width, height = SCREENS[name]
        page.locator('body[data-showing="clock"]').wait_for(timeout=TURN_TIMEOUT_MS)
        assert page.locator('[data-field="standings"]').is_hidden()
        assert page.locator('[data-field="period"]').inner_text() == "Break"
        assert page.locator('[data-field="time-left"]').is_visible()
        _fits(page, width, height)
        save_screenshot(page, f"clock-season-break-clock-{name}", full_page=False)

    # The break over, the standings stay away.
    tournament_clock.run_clock(projected.tournament.pk, projected.host, TournamentAction.NEXT_LEVEL)
    for page in pages.values():
        page.locator('[data-field="period"]', has_text="Level 5").wait_for(timeout=TURN_TIMEOUT_MS)
        page.wait_for_timeout(500)
        assert page.locator('body[data-showing="clock"]').count() == 1
        assert page.locator('[data-field="standings"]').is_hidden()
