"""Undoing the last bust of a finished tournament puts back exactly what was there, or is
refused with the reason and changes nothing.

docs/chips-and-money.md: "Undo the last bust: the players placed last are in again: chips a
bust took out of play come back in the same seat", and the tournament runs again. Its winner's
chips left play with that bust, from their seat (test_taking_a_tournament_winner_off_the_table_
loses_no_chips.py): they come back there too. Before, an undo after the host had taken the
winner off the table revived her in the tournament with a seat record and no chips: the
tournament counted 20000 chips in play and the tables held 10000.

A winner's seat, or their table, may have been given to the cash game since; the winner may be
playing it, or have gone home. Putting the tournament back there would mix tournament chips with
cash chips, or seat a player twice, or one who left: the undo is refused, saying why.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.hosting import host_panel
from tables.services.ledger import closing, ledger, night_totals
from tables.services.seating import joining, seating
from tables.services.tournament import tournaments
from tables.tests.live_helpers import Phone, host_cookie
from tables.tests.test_taking_a_tournament_winner_off_the_table_loses_no_chips import (
    STARTING_STACK,
    check_no_chip_lost,
    won_by_ann,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def stacks(table: Table) -> dict[str, tuple[int, int]]:
    return {s.name: (s.seat, s.stack) for s in load_state(table.pk).table.seats}


def check_running_again(tournament: Tournament, kitchen: Table) -> None:
    """Ann and Bea are in again, each in the seat they had with the chips they had; Cal stays out."""
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert stacks(kitchen) == {"Ann": (1, STARTING_STACK), "Bea": (2, STARTING_STACK)}
    places = dict(tournament.entries.values_list("player__display_name", "place"))
    assert places == {"Ann": None, "Bea": None, "Cal": 3}
    check_no_chip_lost(tournament)
    assert tournaments.field(tournament).chips_in_play == 2 * STARTING_STACK


def test_undoing_the_last_bust_gives_the_winner_her_chips_back_in_her_seat(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament = won_by_ann(night, host, kitchen)
    tournaments.undo_last_bust(tournament.pk, host, "Bea was not out")
    check_running_again(tournament, kitchen)
    line = AuditEntry.objects.filter(night=night).last()
    assert line.what.startswith(
        "Main event: Undid the bust of Bea (2nd): Bea is back in seat 2 at Kitchen with the 10000 chips "
        "taken out; Ann has not won yet: back in seat 1 at Kitchen with the 10000 chips taken out; "
        "prizes taken back"
    ), line.what


@pytest.mark.django_db(transaction=True)
async def test_undoing_the_last_bust_after_the_host_took_the_winner_off_restores_every_chip(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before: after the host's leave over the socket, the undo revived Ann with her seat
    record and no chips; the tournament counted 20000 chips in play, the Kitchen held 10000."""
    tournament = await database_sync_to_async(won_by_ann)(night, host, kitchen)
    phone = Phone(kitchen.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    leave = {
        "type": "host",
        "client_id": "off",
        "version": phone.version,
        "command": {"type": "leave", "seat": 1},
    }
    await phone.request(leave)
    await phone.close()
    await database_sync_to_async(tournaments.undo_last_bust)(tournament.pk, host, "Bea was not out")
    await database_sync_to_async(check_running_again)(tournament, kitchen)


def _refused_and_nothing_changed(tournament: Tournament, host: User, words: str) -> None:
    tables = list(tournament.night.tables.all())
    before = (
        [load_state(t.pk).table for t in tables],
        list(Seat.objects.values_list("table_id", "number", "player_id")),
        list(tournament.entries.values_list("place", "out_table", "out_seat", "out_chips")),
        LedgerEntry.objects.count(),
        AuditEntry.objects.count(),
    )
    with pytest.raises(ActionRefused, match=words):
        tournaments.undo_last_bust(tournament.pk, host, "Bea was not out")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    after = (
        [load_state(t.pk).table for t in tables],
        list(Seat.objects.values_list("table_id", "number", "player_id")),
        list(tournament.entries.values_list("place", "out_table", "out_seat", "out_chips")),
        LedgerEntry.objects.count(),
        AuditEntry.objects.count(),
    )
    assert after == before
    check_no_chip_lost(tournament)
    assert night_totals.totals(tournament.night).balanced


def _cash_player(night: Night, host: User, name: str) -> Player:
    """`name` (a new guest, or the player of that name) buys 200 chips for the cash game."""
    player = night.players.filter(display_name=name).first() or joining.join_night(night, name)
    ledger.record_chips_in(player, EntryKind.BUY_IN, 200, host)
    return Player.objects.get(pk=player.pk)


def test_the_undo_is_refused_once_the_winners_seat_went_to_the_cash_game(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before: Ann's seat record stayed at seat 1 after she won, so the host could not seat Zed there."""
    tournament = won_by_ann(night, host, kitchen)
    seating.move_player(_cash_player(night, host, "Zed"), kitchen, 1)
    _refused_and_nothing_changed(tournament, host, "Zed plays the cash game at Kitchen now")


def test_the_undo_is_refused_while_a_player_out_of_it_plays_cash_at_its_table(
    night: Night, host: User, kitchen: Table
) -> None:
    """Tournament chips never sit down beside cash chips: Cal, out in 3rd, bought in and plays
    at the Kitchen (an entrant, but his chips there are cash)."""
    tournament = won_by_ann(night, host, kitchen)
    seating.move_player(_cash_player(night, host, "Cal"), kitchen, 5)
    _refused_and_nothing_changed(tournament, host, "Cal plays the cash game at Kitchen now")


def test_the_undo_is_refused_while_the_winner_plays_the_cash_game(
    night: Night, host: User, kitchen: Table, make_table: Callable[..., Table]
) -> None:
    """Before: Ann moved to the Den took her 10000 tournament chips there, into the cash game."""
    tournament = won_by_ann(night, host, kitchen)
    den = make_table("Den", max_seats=6)
    seating.move_player(_cash_player(night, host, "Ann"), den, 1)
    assert stacks(den) == {"Ann": (1, 200)}
    _refused_and_nothing_changed(tournament, host, "Ann sits at Den now")


def test_the_undo_is_refused_once_the_winner_has_left_the_night(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament = won_by_ann(night, host, kitchen)
    with contextlib.suppress(ActionRefused):  # before: refused, she "still had 10000 chips"
        host_panel.decide_player(Player.objects.get(display_name="Ann"), host, "remove")
    _refused_and_nothing_changed(tournament, host, "Ann has left the night")


def test_the_undo_is_refused_once_the_night_is_closed(night: Night, host: User, kitchen: Table) -> None:
    """ "A closed night stays readable ... its figures never change silently". Before: the undo
    ran the tournament again on the closed night and took its prizes back in its ledger."""
    tournament = won_by_ann(night, host, kitchen)
    closing.close_night(night, host)
    _refused_and_nothing_changed(tournament, host, "This night is closed: its money is final")
