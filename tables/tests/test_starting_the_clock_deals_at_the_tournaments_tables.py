"""The clock's Start deals at the tournament's tables, at the level's blinds.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running." and
(engine.live.tournament) "The stakes of each hand are the level in force when the hand starts":
pressing Start deals the first hand at every table of the tournament with players to deal to,
so the tables show 25/50 when the clock says 25/50, and nobody starts each table by hand. A
cash table beside the tournament is left as it is.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import stakes_at
from tables.live import load_state
from tables.models import AuditEntry, Night, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import host_panel
from tables.services.ledger import ledger
from tables.services.seating import joining
from tables.services.tournament import tournament_clock, tournament_seating
from tables.tests.tournament_helpers import make_tournament

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay")


def _drawn(night: Night, host: User, make_table: Callable[..., Table]) -> tuple[Tournament, list[Table]]:
    tables = [make_table("Kitchen", 6), make_table("Lounge", 6), make_table("Bar", 6)]
    tournament, _ = make_tournament(night, host, names=NAMES)
    tournament_seating.draw_opening_seats(tournament.pk, host, tables={tables[0].pk: 3, tables[1].pk: 3})
    return tournament, tables


def test_start_deals_every_table_of_the_tournament_at_the_first_level(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    tournament, (kitchen, lounge, bar) = _drawn(night, host, make_table)
    assert load_state(kitchen.pk).table.stakes.big_blind == 2  # the table's own cash stakes, before
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, deal=True)
    tournament.refresh_from_db()
    first = stakes_at(tournament_clock.clock_state(tournament.get_clock(), tournament.get_structure(), 0))
    for table in (kitchen, lounge):
        state = load_state(table.pk)
        assert state.dealing and (state.hand_in_progress or state.shuffling is not None), table.name
        assert state.table.stakes.big_blind == first.big_blind, (table.name, state.table.stakes)
    assert not load_state(bar.pk).dealing
    line = AuditEntry.objects.filter(night=night).order_by("id").last().what
    assert line.startswith("Main event: Started the clock: level 1") and line.endswith(
        "dealing at Kitchen, Lounge"
    )


def test_a_cash_table_beside_it_keeps_its_own_dealer(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    tournament, (_, _, bar) = _drawn(night, host, make_table)
    for number, name in enumerate(("Zed", "Yan"), 1):
        guest = joining.join_night(night, name)
        ledger.record_chips_in(guest, "buy_in", 100, host)
        host_panel.move_player(guest, bar, number, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, deal=True)
    bar_state = load_state(bar.pk)
    assert not bar_state.dealing and not bar_state.hand_in_progress
    assert bar_state.table.stakes.big_blind == 2


def test_the_start_button_on_the_page_deals(
    night: Night, host: User, host_client: Client, make_table: Callable[..., Table]
) -> None:
    tournament, (kitchen, _, _) = _drawn(night, host, make_table)
    response = host_client.post(f"/host/tournaments/{tournament.pk}/clock/start/", follow=True)
    assert "dealing at Kitchen, Lounge" in response.content.decode()
    assert load_state(kitchen.pk).dealing
