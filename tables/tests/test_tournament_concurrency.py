"""Two host taps at the same moment, on the real PostgreSQL: each clock or rebuy write locks the
tournament row, so the second sees the first's result instead of overwriting it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.models import Night, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry, TournamentLog
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.concurrency import at_once, require_postgresql
from tables.tests.tournament_helpers import at, entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    require_postgresql()


def test_two_pauses_at_once_pause_the_clock_once(night: Night, host: User) -> None:
    tournament, _ = make_tournament(night, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    pause = lambda: tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE, now=at(5))  # noqa: E731
    results = at_once([pause, pause])
    assert sum(isinstance(r, Tournament) for r in results) == 1
    assert [str(r) for r in results if isinstance(r, ActionRefused)] == ["The clock is already paused."]
    assert TournamentLog.objects.filter(action=TournamentAction.PAUSE).count() == 1


def test_two_taps_on_the_last_rebuy_record_it_once(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    """ "Once your rebuys are used up ... the next time you bust is for good.\""""
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=2, rebuy_stack=1_000)
    kitchen = make_table("Kitchen", max_seats=6)
    tournament, players = make_tournament(night, host, rules=rules)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    loses_every_chip(kitchen, players[0])
    ann = entry_of(tournament, "Ann")
    rebuy = lambda: tournaments.record_rebuy(ann, host, now=at(3))  # noqa: E731
    results = at_once([rebuy, rebuy])
    assert sum(isinstance(r, TournamentEntry) for r in results) == 1
    assert sum(isinstance(r, ActionRefused) for r in results) == 1
    assert TournamentEntry.objects.get(pk=ann).rebuys == 1
