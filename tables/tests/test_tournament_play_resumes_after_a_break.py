"""After a break, play resumes by itself when the clock does, at every table of the tournament.

"No hands are dealt during a break." The dealers wait for the clock, not for the host: when the
host ends the break early the tables deal within the dealer's usual pause, and when the break
runs out while every phone sleeps, the timer runner keeps the dealers going, also after a
server restart (the waits are stored deadlines; nothing is kept in a process).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.tournament import Level, stakes_at
from tables import live
from tables.live import apply_intent, load_state, player_actor, timers
from tables.models import Night, Table
from tables.models.live import Hand, HandEvent
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating, tournaments
from tables.tests.tournament_helpers import make_tournament

BREAK = 4  # home-2h: four 15-minute levels, then a 10-minute break


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _fold_the_hand(table: Table, now: float) -> None:
    """Whoever acts folds until the hand is over (heads-up: one fold ends it)."""
    state = load_state(table.pk)
    while state.hand_in_progress:
        player = player_actor(int(state.table.occupant(state.hand.to_act).player))
        apply_intent(table.pk, player, {"type": "act", "action": {"type": "fold"}}, now=now)
        state = load_state(table.pk)


def _tables_waiting_on_the_break(
    night: Night, host: User, two_tables: list[Table], started: datetime.datetime
) -> Tournament:
    """Seven players on two tables, the clock started at `started`; each table's dealer dealt a
    hand in level 4 and its next deal came due on the break, so it waits for the break's end."""
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")  # seven on six-seat tables: both are used
    tournament, _ = make_tournament(night, host, names=names)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    assert all(load_state(table.pk).table.seats for table in two_tables)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=started)
    level_four = started.timestamp() + 59 * 60
    for table in two_tables:
        apply_intent(table.pk, "host", {"type": "start_hand"}, now=level_four)
        _fold_the_hand(table, now=level_four)
    on_break = started.timestamp() + 61 * 60
    assert timers.fire_due(now=on_break) == 2
    for table in two_tables:
        state = load_state(table.pk)
        assert state.dealing and not state.hand_in_progress
        assert state.next_deal_at == pytest.approx(started.timestamp() + 70 * 60)  # the break's end
    tournament.refresh_from_db()
    return tournament


def _level_five_big_blind(tournament: Tournament) -> int:
    level = tournament.get_structure().periods[BREAK + 1]
    assert isinstance(level, Level)
    return level.big_blind


def test_ending_the_break_early_deals_at_every_table_without_the_host(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """The host presses "Next level" on the break: both tables deal within the dealer's pause."""
    started = timezone.now() - datetime.timedelta(minutes=61)
    tournament = _tables_waiting_on_the_break(night, host, two_tables, started)
    ended_at = timezone.now()
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.NEXT_LEVEL, now=ended_at)
    soon = ended_at.timestamp() + load_state(two_tables[0].pk).options.deal_delay + 0.5
    assert timers.fire_due(now=soon) == 2
    tournament.refresh_from_db()
    for table in two_tables:
        state = load_state(table.pk)
        assert state.hand_in_progress, f"{table.name} did not deal after the break"
        assert state.hand.config.stakes.big_blind == _level_five_big_blind(tournament)
        assert Hand.objects.filter(table=table).count() == 2


def test_the_timer_runner_deals_after_the_break_with_every_phone_asleep_after_a_restart(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """The break ran out two minutes ago; no phone is connected (no socket runs the timers) and
    the server has restarted. The timer runner's next poll (`manage.py run_timers` runs
    `timers.fire_due` in a loop) deals at both tables."""
    started = timezone.now() - datetime.timedelta(minutes=72)
    tournament = _tables_waiting_on_the_break(night, host, two_tables, started)
    live._recent.clear()  # a restart: only what is stored remains
    assert timers.fire_due() == 2
    for table in two_tables:
        state = load_state(table.pk)
        assert state.hand_in_progress, f"{table.name} did not deal after the break"
        assert state.hand.config.stakes == stakes_at(tournaments.reading(tournament))


def test_reading_the_clock_screen_deals_nowhere(night: Night, host: User, two_tables: list[Table]) -> None:
    """The projector reads the clock every few seconds: a read, never a write. The tables'
    deals due after the break wait for the timer runner."""
    started = timezone.now() - datetime.timedelta(minutes=72)
    tournament = _tables_waiting_on_the_break(night, host, two_tables, started)
    versions = {table.pk: load_state(table.pk).version for table in two_tables}
    events = HandEvent.objects.count()
    response = Client().get(reverse("clock_state", args=[tournament.clock_token]))
    assert response.status_code == 200
    assert {table.pk: load_state(table.pk).version for table in two_tables} == versions
    assert HandEvent.objects.count() == events
    assert not any(load_state(table.pk).hand_in_progress for table in two_tables)
