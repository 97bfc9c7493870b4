"""A finished tournament's chips are not cash: "Tournament chips are never cash chips" and
"Chips come in only by being bought" (docs/chips-and-money.md). The ledger's Cash-out must not
pay its winner's chips out as money; they left play with the tournament's end, from the
winner's seat (test_taking_a_tournament_winner_off_the_table_loses_no_chips.py).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.live import load_state
from tables.models import Player, Table
from tables.models.ledger import AuditEntry, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.ledger import night_totals
from tables.services.seating import seating
from tables.services.tournament import tournaments
from tables.tests.tournament_helpers import at, entry_of, make_tournament

pytestmark = pytest.mark.django_db


def _ann_wins_heads_up(table: Table, host: User) -> tuple[Tournament, Player]:
    """Ann and Bea seated at `table`; Bea recorded out, so the Main event is over and Ann won it."""
    tournament, (ann, bea) = make_tournament(table.night, host, names=("Ann", "Bea"))
    for number, player in enumerate((ann, bea), 1):
        seating.move_player(player, table, number)
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Bea"), None)], now=at(10))
    return tournament, ann


def test_the_winner_s_tournament_chips_are_not_cashed_out_as_money(
    table: Table, host: User, host_client: Client
) -> None:
    night = table.night
    _, ann = _ann_wins_heads_up(table, host)
    assert night_totals.totals(night).balanced
    entries, log = LedgerEntry.objects.count(), AuditEntry.objects.count()

    page = host_client.post(
        f"/host/nights/{night.pk}/ledger/entries/",
        {"player": ann.pk, "kind": "cash_out", "why": "going home"},
    )

    assert page.status_code == 400
    assert "Ann has no chips to cash out" in page.content.decode()
    assert LedgerEntry.objects.count() == entries and AuditEntry.objects.count() == log
    assert night_totals.totals(night).balanced
    assert load_state(table.pk).table.seat_of(str(ann.pk)) is None  # the end took her chips out of play


def test_the_winner_may_leave_the_night_once_it_is_over(
    table: Table, host: User, host_client: Client
) -> None:
    """ "Has left" lets the winner go: she holds no chips (the tournament's end took them out of play)."""
    night = table.night
    tournament, ann = _ann_wins_heads_up(table, host)

    host_client.post(f"/host/nights/{night.pk}/players/{ann.pk}/remove/", {"why": "home"})

    ann.refresh_from_db()
    assert ann.status == ann.Status.LEFT
    assert load_state(table.pk).table.seat_of(str(ann.pk)) is None
    assert night_totals.totals(night).balanced
    assert tournaments.field(tournament).chips_in_play == 0
