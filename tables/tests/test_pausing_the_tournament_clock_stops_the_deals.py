"""Pausing the tournament clock stops the deals at its tables; resuming deals again.

The host pauses the clock to stop the tournament: "Blind levels rise on a fixed timer, which is
what the clock on the screen is running", and while that timer stands still no new hand starts
at any of the tournament's tables. Hands already in play finish; a table waits, and after the
host's resume each table deals within the dealer's usual pause, with nobody at the tables
pressing "Deal next hand".
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor, timers
from tables.models import Night, Table
from tables.models.live import Hand
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating
from tables.tests.tournament_helpers import make_tournament


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _fold_the_hand(table: Table, now: float) -> None:
    state = load_state(table.pk)
    while state.hand_in_progress:
        player = player_actor(int(state.table.occupant(state.hand.to_act).player))
        apply_intent(table.pk, player, {"type": "act", "action": {"type": "fold"}}, now=now)
        state = load_state(table.pk)


def _started_and_dealing(night: Night, host: User, tables: list[Table], at: datetime.datetime) -> Tournament:
    """Seven players on two tables; the host's Start deals the first hand at each."""
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")
    tournament, _ = make_tournament(night, host, names=names)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, deal=True, now=at)
    assert all(load_state(table.pk).hand_in_progress for table in tables)
    return tournament


def test_a_paused_clock_lets_the_hands_in_play_finish_and_deals_no_new_one(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    started = timezone.now() - datetime.timedelta(minutes=5)
    tournament = _started_and_dealing(night, host, two_tables, started)
    paused_at = started + datetime.timedelta(minutes=2)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE, now=paused_at)
    # The hands in play are not stopped: they are played to the end.
    for table in two_tables:
        assert load_state(table.pk).hand_in_progress
        _fold_the_hand(table, now=paused_at.timestamp() + 1)
    # The dealer's next deal comes due while the clock stands still: it waits instead.
    later = paused_at.timestamp() + 60
    timers.fire_due(now=later)
    for table in two_tables:
        state = load_state(table.pk)
        assert not state.hand_in_progress, f"{table.name} dealt while the clock was paused"
        assert state.dealing and state.next_deal_at is not None and state.next_deal_at > later
        assert Hand.objects.filter(table=table).count() == 1
    # The host's own Deal is refused, saying why.
    with pytest.raises(ActionRefused, match="clock is paused"):
        apply_intent(two_tables[0].pk, "host", {"type": "start_hand"}, now=later + 1)


def test_resuming_the_clock_deals_again_at_every_table(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    started = timezone.now() - datetime.timedelta(minutes=5)
    tournament = _started_and_dealing(night, host, two_tables, started)
    paused_at = started + datetime.timedelta(minutes=2)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE, now=paused_at)
    for table in two_tables:
        _fold_the_hand(table, now=paused_at.timestamp() + 1)
    timers.fire_due(now=paused_at.timestamp() + 30)
    resumed_at = paused_at + datetime.timedelta(minutes=1)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.RESUME, now=resumed_at)
    soon = resumed_at.timestamp() + load_state(two_tables[0].pk).options.deal_delay + 0.5
    timers.fire_due(now=soon)
    for table in two_tables:
        state = load_state(table.pk)
        assert state.hand_in_progress, f"{table.name} did not deal after the resume"
        assert Hand.objects.filter(table=table).count() == 2
