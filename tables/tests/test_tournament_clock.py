"""The tournament clock through the services and the public clock screen's JSON.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."
The clock is stored as times, so a reading depends only on the stored row and `now`.
"""

from __future__ import annotations

import datetime
from xml.etree import ElementTree

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.models import Night
from tables.models.tournaments import Tournament, TournamentAction, TournamentLog
from tables.services.tournament import tournament_clock, tournaments
from tables.tests.tournament_helpers import T0, at, make_tournament

A = TournamentAction


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host)[0]


@pytest.fixture
def frozen_now(monkeypatch: pytest.MonkeyPatch) -> list[datetime.datetime]:
    """Views read `timezone.now()`; set `frozen_now[0]` to move time."""
    moment = [T0]
    monkeypatch.setattr("django.utils.timezone.now", lambda: moment[0])
    return moment


def _state(token: str) -> dict:
    response = Client().get(f"/clock/{token}/state.json")
    assert response.status_code == 200
    return response.json()


def test_every_clock_operation_is_logged_with_who_and_when(tournament: Tournament, host: User) -> None:
    steps = [
        (A.START, at(0)),
        (A.PAUSE, at(5)),
        (A.RESUME, at(7)),
        (A.NEXT_LEVEL, at(8)),
        (A.PREVIOUS_LEVEL, at(9)),
        (A.ADD_TIME, at(10)),
        (A.REMOVE_TIME, at(11)),
    ]
    for action, moment in steps:
        tournament_clock.run_clock(tournament.pk, host, action, now=moment)
    logged = list(TournamentLog.objects.filter(tournament=tournament, action__in=[a for a, _ in steps]))
    assert [(row.action, row.at, row.actor) for row in logged] == [(a, m, host) for a, m in steps]
    tournament.refresh_from_db()
    assert tournament.version > len(steps)


def test_pause_freezes_the_time_left_and_resume_carries_on(tournament: Tournament, host: User) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))
    tournament_clock.run_clock(tournament.pk, host, A.PAUSE, now=at(4))
    tournament.refresh_from_db()
    assert tournaments.reading(tournament, at(4)).seconds_left == 11 * 60
    assert tournaments.reading(tournament, at(30)).seconds_left == 11 * 60
    assert tournaments.reading(tournament, at(30)).paused
    tournament_clock.run_clock(tournament.pk, host, A.RESUME, now=at(30))
    tournament.refresh_from_db()
    shown = tournaments.reading(tournament, at(31))
    assert (shown.level_number, shown.seconds_left, shown.paused) == (1, 10 * 60, False)


def test_levels_rise_on_the_timer_without_anyone_touching_the_clock(
    tournament: Tournament, host: User
) -> None:
    """home-2h: four 15-minute levels, then a 10-minute break ("Colour up the 25s")."""
    tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))
    tournament.refresh_from_db()
    assert tournaments.reading(tournament, at(16)).level_number == 2
    on_break = tournaments.reading(tournament, at(61))
    assert on_break.on_break and on_break.seconds_left == 9 * 60


def test_clock_json_follows_pause_resume_and_level_skips(
    tournament: Tournament, host: User, frozen_now: list[datetime.datetime]
) -> None:
    token = tournament.clock_token
    before = _state(token)
    assert before["reading"]["started"] is False
    assert before["reading"]["current"] == {
        "kind": "level",
        "small_blind": 25,
        "big_blind": 50,
        "ante": 0,
        "minutes": 15,
    }
    tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))
    frozen_now[0] = at(3)
    running = _state(token)
    assert running["server_now"] == at(3).timestamp()
    assert running["reading"]["seconds_left"] == 12 * 60
    assert running["clock"]["period_started_at"] == T0.timestamp()
    assert running["next_chime"] == {"at": at(14).timestamp(), "kind": "one_minute", "period_index": 0}

    tournament_clock.run_clock(tournament.pk, host, A.NEXT_LEVEL, now=at(3))
    skipped = _state(token)
    assert skipped["reading"]["level_number"] == 2
    assert skipped["reading"]["seconds_left"] == 15 * 60
    assert skipped["reading"]["current"]["big_blind"] == 100

    tournament_clock.run_clock(tournament.pk, host, A.PAUSE, now=at(5))
    frozen_now[0] = at(50)
    paused = _state(token)
    assert paused["reading"]["paused"] is True
    assert paused["reading"]["seconds_left"] == 13 * 60
    assert paused["next_chime"] is None

    tournament_clock.run_clock(tournament.pk, host, A.RESUME, now=at(50))
    tournament_clock.run_clock(tournament.pk, host, A.PREVIOUS_LEVEL, now=at(50))
    frozen_now[0] = at(51)
    back = _state(token)
    assert (back["reading"]["level_number"], back["reading"]["seconds_left"]) == (1, 14 * 60)
    assert back["version"] > skipped["version"]


def test_a_restart_changes_nothing(tournament: Tournament, host: User) -> None:
    """The clock is stored as times: a fresh read of the row gives the same reading at the same moment."""
    tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))
    tournament_clock.run_clock(tournament.pk, host, A.ADD_TIME, seconds=60, now=at(2))
    tournament_clock.run_clock(tournament.pk, host, A.PAUSE, now=at(7.5))
    in_memory = tournament_clock.run_clock(tournament.pk, host, A.RESUME, now=at(9))
    first = tournaments.reading(in_memory, at(40)).to_json()
    reloaded = Tournament.objects.get(pk=tournament.pk)
    assert tournaments.reading(reloaded, at(40)).to_json() == first
    # 40 minutes on the wall, 1.5 paused, 1 added: 37.5 played, so 7.5 into level 3 (of 15 minutes).
    assert (first["level_number"], first["seconds_left"]) == (3, 7.5 * 60)


def test_adding_and_removing_a_minute_moves_the_end_of_the_level(tournament: Tournament, host: User) -> None:
    tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))
    tournament_clock.run_clock(tournament.pk, host, A.ADD_TIME, seconds=60, now=at(1))
    tournament.refresh_from_db()
    assert tournaments.reading(tournament, at(1)).seconds_left == 15 * 60
    tournament_clock.run_clock(tournament.pk, host, A.REMOVE_TIME, seconds=60, now=at(1))
    tournament_clock.run_clock(tournament.pk, host, A.REMOVE_TIME, seconds=60, now=at(1))
    tournament.refresh_from_db()
    assert tournaments.reading(tournament, at(1)).seconds_left == 13 * 60


def test_refused_operations_say_why_and_change_nothing(tournament: Tournament, host: User) -> None:
    with pytest.raises(ActionRefused, match="has not started yet"):
        tournament_clock.run_clock(tournament.pk, host, A.PAUSE, now=at(0))
    tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))
    with pytest.raises(ActionRefused, match="first level: there is no previous one"):
        tournament_clock.run_clock(tournament.pk, host, A.PREVIOUS_LEVEL, now=at(1))
    with pytest.raises(ActionRefused, match="you cannot remove"):
        tournament_clock.run_clock(tournament.pk, host, A.REMOVE_TIME, seconds=20 * 60, now=at(1))
    tournament.refresh_from_db()
    assert tournament.clock_period_started_at == T0
    assert not TournamentLog.objects.filter(tournament=tournament, action=A.PREVIOUS_LEVEL).exists()


def test_clock_buttons_on_the_host_page_drive_the_clock(
    tournament: Tournament, host_client: Client, frozen_now: list[datetime.datetime]
) -> None:
    base = f"/host/tournaments/{tournament.pk}/clock/"
    assert host_client.post(base + "start/").status_code == 302
    frozen_now[0] = at(2)
    host_client.post(base + "add-minute/")
    host_client.post(base + "pause/")
    tournament.refresh_from_db()
    assert tournament.clock_paused_at == at(2)
    assert tournaments.reading(tournament, at(9)).seconds_left == 14 * 60
    response = host_client.post(base + "pause/", follow=True)
    assert "The clock is already paused." in response.content.decode()
    assert host_client.post(base + "explode/").status_code == 302
    assert tournament.log.filter(action=A.PAUSE).count() == 1


def test_clock_screen_is_public_and_shows_no_host_controls(tournament: Tournament) -> None:
    response = Client().get(f"/clock/{tournament.clock_token}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "js/clock.js" in page and f"/clock/{tournament.clock_token}/state.json" in page
    assert "csrfmiddlewaretoken" not in page
    assert Client().get("/clock/not-a-token/state.json").status_code == 404
    assert Client().get(f"/clock/{tournament.clock_token}/qr.svg")["Content-Type"] == "image/svg+xml"


def test_the_clock_screens_qr_code_is_an_svg_document_an_image_can_draw(tournament: Tournament) -> None:
    """The night page shows it with <img>: a browser draws an SVG file only when its root names
    the SVG namespace (without it the host saw the image's alt text)."""
    response = Client().get(f"/clock/{tournament.clock_token}/qr.svg")
    root = ElementTree.fromstring(response.content)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert f"/clock/{tournament.clock_token}/" in root.findtext("{http://www.w3.org/2000/svg}title", "")
