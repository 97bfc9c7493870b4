"""A season's standings on the tournament clock's screen during breaks, when its host wants them.

Issue 21: "Standings ... shown on the projector between levels if the host wants." The clock
screen is public to the room: its state shows names and points, never money.
"""

from __future__ import annotations

import datetime
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from conftest import require_service
from tables.models import AuditEntry, Night, Season
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.ledger import closing
from tables.services.seasons import season_clock, seasons
from tables.services.tournament import tournament_clock, tournaments
from tables.tests.season_helpers import night_in_november
from tables.tests.tournament_helpers import entry_of, make_tournament

A = TournamentAction
CLOCK_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "clock.js"
pytestmark = pytest.mark.django_db


@dataclass
class SeasonNight:
    season: Season
    earlier: Night
    tonight: Night
    tournament: Tournament  # tonight's, its clock running at level 1


def season_night(host: User, *, show_on_clock: bool = True) -> SeasonNight:
    """A closed night whose tournament Ann won (Bo 2nd, Cy 3rd, Di 4th), and tonight's tournament,
    both counted in a season scoring fixed points 10, 6, 3."""
    earlier = night_in_november(host, "First Friday", 13)
    played, _ = make_tournament(earlier, host, names=("Ann", "Bo", "Cy", "Di"))
    for loser in ("Di", "Cy", "Bo"):
        tournaments.record_busts(played.pk, host, [(entry_of(played, loser), None)])
    closing.close_night(earlier, host)
    tonight = night_in_november(host, "Second Friday", 27)
    tournament, _ = make_tournament(tonight, host, names=("Ann", "Bo", "Eve"))
    tournament_clock.run_clock(tournament.pk, host, A.START)
    season = seasons.create_season(
        host,
        seasons.SeasonSettings(
            name="Autumn",
            starts_on=datetime.date(2026, 9, 1),
            ends_on=datetime.date(2026, 12, 31),
            scoring="fixed",
            fixed_points=(10, 6, 3),
            show_on_clock=show_on_clock,
        ),
    )
    seasons.set_nights(season, [earlier.pk, tonight.pk], host)
    return SeasonNight(season, earlier, tonight, tournament)


def _to_the_break(tournament: Tournament, host: User) -> None:
    """home-2h: four levels, then a break."""
    for _ in range(4):
        tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, confirmed=True)


def _state(tournament: Tournament) -> dict:
    response = Client().get(f"/clock/{tournament.clock_token}/state.json")
    assert response.status_code == 200
    return response.json()


EXPECTED = {
    "season": "Autumn",
    "scoring": "Fixed points by place",
    "rows": [
        {"place": "1st", "name": "Ann", "points": 10.0},
        {"place": "2nd", "name": "Bo", "points": 6.0},
        {"place": "3rd", "name": "Cy", "points": 3.0},
    ],
}


def test_the_clock_state_carries_the_standings_during_a_break_only(host: User) -> None:
    setup = season_night(host)
    assert _state(setup.tournament)["season_standings"] is None  # level 1
    _to_the_break(setup.tournament, host)
    # Di finished 4th: fixed points 10, 6, 3 give her none, and nobody without points is listed.
    assert _state(setup.tournament)["season_standings"] == EXPECTED
    tournament_clock.run_clock(setup.tournament.pk, host, A.PAUSE)
    assert _state(setup.tournament)["season_standings"] == EXPECTED  # paused, still the break
    tournament_clock.run_clock(setup.tournament.pk, host, A.RESUME)
    tournament_clock.run_clock(setup.tournament.pk, host, A.NEXT_LEVEL)
    assert _state(setup.tournament)["season_standings"] is None  # level 5


def test_the_standings_are_off_unless_the_host_chose_them(host: User) -> None:
    setup = season_night(host, show_on_clock=False)
    assert Season._meta.get_field("show_on_clock").default is False
    _to_the_break(setup.tournament, host)
    assert _state(setup.tournament)["season_standings"] is None


def test_a_night_not_counted_in_the_season_shows_no_standings(host: User) -> None:
    setup = season_night(host)
    _to_the_break(setup.tournament, host)
    assert _state(setup.tournament)["season_standings"] == EXPECTED
    seasons.set_nights(setup.season, [setup.earlier.pk], host)
    assert _state(setup.tournament)["season_standings"] is None


def test_a_finished_tournament_shows_its_results_not_the_standings(host: User) -> None:
    setup = season_night(host)
    _to_the_break(setup.tournament, host)
    for loser in ("Eve", "Bo"):
        tournaments.record_busts(setup.tournament.pk, host, [(entry_of(setup.tournament, loser), None)])
    assert _state(setup.tournament)["season_standings"] is None


def test_the_projector_shows_names_and_points_never_money(host: User) -> None:
    """The season page shows each person's money to the season's players; the projector, which
    the whole room sees, shows only the names and points of the season page's standings."""
    setup = season_night(host)
    _to_the_break(setup.tournament, host)
    shown = _state(setup.tournament)["season_standings"]
    page = {row.name: row.standing for row in seasons.season_table(setup.season).rows}
    assert {key for row in shown["rows"] for key in row} == {"place", "name", "points"}
    assert set(shown) == {"season", "scoring", "rows"}
    for row in shown["rows"]:
        assert row["points"] == round(page[row["name"]].points, 2)
    money = {abs(s.money_net) for s in page.values() if s.money_net}
    assert money, "the season's people have money figures to keep off the screen"
    text = json.dumps(shown)
    assert not any(str(amount) in text for amount in money)


def test_a_change_of_scoring_reaches_the_screen_at_once(host: User) -> None:
    setup = season_night(host)
    _to_the_break(setup.tournament, host)
    assert _state(setup.tournament)["season_standings"]["rows"][0]["points"] == 10.0
    settings = seasons.SeasonSettings(
        name="Autumn",
        starts_on=setup.season.starts_on,
        ends_on=setup.season.ends_on,
        scoring="places_beaten",
        show_on_clock=True,
    )
    seasons.update_season(setup.season, settings, host)
    shown = _state(setup.tournament)["season_standings"]
    assert shown["scoring"] == "One point per place beaten"
    assert [(row["name"], row["points"]) for row in shown["rows"]] == [("Ann", 3.0), ("Bo", 2.0), ("Cy", 1.0)]


def test_the_season_form_offers_the_option_and_logs_it_once_in_the_seasons_log(
    host: User, host_client: Client
) -> None:
    """Issue 20: "Every host action is one log line". Turning the standings on changes tonight's
    projector, but it is one change to the season: one line in the season's log, which tonight's
    players read on the season page, and none in each night's."""
    setup = season_night(host, show_on_clock=False)
    page = host_client.get(f"/host/seasons/{setup.season.pk}/edit/")
    assert b'name="show_on_clock"' in page.content
    form = {
        "name": "Autumn",
        "starts_on": "2026-09-01",
        "ends_on": "2026-12-31",
        "scoring": "fixed",
        "fixed_points": "10, 6, 3",
        "knockout_points": "0",
        "attendance_points": "0",
        "best_of": "",
        "show_on_clock": "on",
    }
    night_lines = AuditEntry.objects.count()
    assert host_client.post(f"/host/seasons/{setup.season.pk}/edit/", form).status_code == 302
    setup.season.refresh_from_db()
    assert setup.season.show_on_clock
    logged = setup.season.audit_entries.filter(
        what__contains="standings on the clock screen in breaks: no → yes"
    )
    assert logged.get().who == host
    del form["show_on_clock"]
    host_client.post(f"/host/seasons/{setup.season.pk}/edit/", form)
    setup.season.refresh_from_db()
    assert not setup.season.show_on_clock
    assert setup.season.audit_entries.filter(what__contains="in breaks: yes → no").count() == 1
    assert AuditEntry.objects.count() == night_lines


def test_the_latest_season_chosen_is_the_one_shown(host: User) -> None:
    setup = season_night(host)
    later = seasons.create_season(
        host,
        seasons.SeasonSettings(
            name="November",
            starts_on=datetime.date(2026, 11, 1),
            ends_on=datetime.date(2026, 11, 30),
            show_on_clock=True,
        ),
    )
    seasons.set_nights(later, [setup.tonight.pk], host)
    assert season_clock.season_on_clock(setup.tonight) == later
    later.show_on_clock = False
    later.save()
    assert season_clock.season_on_clock(setup.tonight) == setup.season


# What the screen decides, without a DOM: standings or the break's clock, turn by turn.
TURNS_SCRIPT = """
const { showsStandings, pointsText, STANDINGS_TURN_SECONDS } = await import(process.argv[1]);
const standings = { season: "Autumn", scoring: "Fixed points by place", rows: [{ points: 10 }] };
const onBreak = (secondsLeft) => ({ onBreak: true, secondsLeft });
const turn = STANDINGS_TURN_SECONDS;
console.log(JSON.stringify({
  turn,
  breakTurns: [0, 1, 2, 3].map((n) => showsStandings(onBreak(300), standings, 1000 * turn + n * turn + 1)),
  lastMinute: [0, 1].map((n) => showsStandings(onBreak(60), standings, 1000 * turn + n * turn + 1)),
  level: [0, 1].map((n) => showsStandings({ onBreak: false, secondsLeft: 300 }, standings, n * turn + 1)),
  none: [0, 1].map((n) => showsStandings(onBreak(300), null, n * turn + 1)),
  points: [pointsText([{ points: 10 }, { points: 6 }]), pointsText([{ points: 76.5 }, { points: 54.09 }])],
}));
"""


def test_the_screen_turns_between_the_standings_and_the_break_clock_but_not_in_its_last_minute() -> None:
    node = shutil.which("node")
    require_service(node is not None, "Node.js is not installed")
    done = subprocess.run(
        [node, "--input-type=module", "-e", TURNS_SCRIPT, CLOCK_JS.as_uri()],  # type: ignore[list-item]
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    shown = json.loads(done.stdout)
    assert shown["turn"] >= 10  # long enough to read ten names
    assert shown["breakTurns"] == [False, True, False, True]
    assert shown["lastMinute"] == [False, False]  # the room is called back: the clock only
    assert shown["level"] == [False, False] and shown["none"] == [False, False]
    assert shown["points"] == [["10", "6"], ["76.50", "54.09"]]
