"""The clock time that ran while the server was down is offered back to the host in one tap.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running": the
clock is stored as times, so it ran on while the server restarted, and nobody was dealt a hand
meanwhile. The running server notes every few seconds that it sees the clock; a restarted one
finds how long nobody did, and the host may give that time back to the level (logged) or keep
the clock as it is.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tables.errors import ActionRefused
from tables.models import Night
from tables.models.ledger import AuditEntry
from tables.models.tournaments import Tournament, TournamentAction, TournamentLog
from tables.services.tournament import tournament_clock, tournament_clock_gaps, tournaments
from tables.tests.tournament_helpers import make_tournament


@pytest.fixture(autouse=True)
def _no_earlier_beat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tournament_clock_gaps, "_last_beat", None)


def _running(night: Night, host: User) -> tuple[Tournament, float]:
    """A tournament whose clock started two minutes ago; when it started (epoch seconds)."""
    tournament, _ = make_tournament(night, host)
    started = timezone.now() - datetime.timedelta(minutes=2)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    return tournament, started.timestamp()


def _restart_of_36_seconds(tournament: Tournament, started: float) -> float:
    """The server sees the clock 60 s in, goes down, and a new process is back 36 s after that
    look. Returns the moment the new process first sees the clock."""
    long_ago = started - 3600
    assert tournament_clock_gaps.beat(now=started + 60, started_at=long_ago) == 0
    back = started + 96
    assert tournament_clock_gaps.beat(now=back, started_at=back - 2) == 1
    return back


def _left(tournament: Tournament, at: float) -> float:
    tournament.refresh_from_db()
    return tournaments.reading(tournament, datetime.datetime.fromtimestamp(at, tz=datetime.UTC)).seconds_left


def test_a_restart_is_found_and_offered_on_the_hosts_page(
    night: Night, host: User, host_client: Client
) -> None:
    tournament, started = _running(night, host)
    _restart_of_36_seconds(tournament, started)
    tournament.refresh_from_db()
    assert tournament.clock_gap["seconds"] == 36
    page = host_client.get(reverse("tournament_detail", args=[tournament.pk])).content.decode()
    assert "The clock ran 36 s" in page and "while the server was down" in page
    assert "Give back 36 s" in page


def test_one_tap_gives_the_time_back_to_the_level_and_it_is_logged(
    night: Night, host: User, host_client: Client
) -> None:
    tournament, started = _running(night, host)
    back = _restart_of_36_seconds(tournament, started)
    before = _left(tournament, back + 1)
    url = reverse("tournament_clock_gap", args=[tournament.pk, "give-back"])
    assert host_client.post(url).status_code == 302
    # The level's clock reads 36 s more than it did: given back at a moment just after `back`.
    given = _left(tournament, back + 1)
    assert given - before == pytest.approx(36, abs=3)
    assert tournament.clock_gap is None
    line = TournamentLog.objects.filter(tournament=tournament, action=TournamentAction.ADD_TIME).get()
    assert "36 s" in line.detail and "server was down" in line.detail
    assert AuditEntry.objects.filter(night=night, what__contains="given back").exists()
    # Once given, there is nothing left to give.
    with pytest.raises(ActionRefused, match="nothing to give back"):
        tournament_clock_gaps.give_back(tournament.pk, host)


def test_no_time_is_offered_when_the_server_did_not_restart(night: Night, host: User) -> None:
    """A server that ran on with nobody looking did not stop the tables: nothing is offered."""
    tournament, started = _running(night, host)
    long_ago = started - 3600
    tournament_clock_gaps.beat(now=started + 10, started_at=long_ago)
    assert tournament_clock_gaps.beat(now=started + 100, started_at=long_ago) == 0
    tournament.refresh_from_db()
    assert tournament.clock_gap is None


def test_a_paused_clock_lost_nothing(night: Night, host: User) -> None:
    tournament, started = _running(night, host)
    paused_at = datetime.datetime.fromtimestamp(started + 30, tz=datetime.UTC)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE, now=paused_at)
    assert tournament_clock_gaps.beat(now=started + 100, started_at=started + 95) == 0
    # Resumed later by a server that started meanwhile: the clock was seen when it resumed.
    resumed_at = datetime.datetime.fromtimestamp(started + 200, tz=datetime.UTC)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.RESUME, now=resumed_at)
    assert tournament_clock_gaps.beat(now=started + 206, started_at=started + 95) == 0
    tournament.refresh_from_db()
    assert tournament.clock_gap is None


def test_the_host_may_keep_the_clock_as_it_is(night: Night, host: User) -> None:
    tournament, started = _running(night, host)
    back = _restart_of_36_seconds(tournament, started)
    before = _left(tournament, back + 1)
    tournament_clock_gaps.keep(tournament.pk, host)
    assert _left(tournament, back + 1) == pytest.approx(before)
    assert tournament.clock_gap is None
    assert AuditEntry.objects.filter(night=night, what__contains="kept the clock as it is").exists()


def test_setting_the_time_by_hand_settles_the_offer(night: Night, host: User) -> None:
    tournament, started = _running(night, host)
    back = _restart_of_36_seconds(tournament, started)
    moment = datetime.datetime.fromtimestamp(back + 5, tz=datetime.UTC)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.ADD_TIME, seconds=60, now=moment)
    tournament.refresh_from_db()
    assert tournament.clock_gap is None
