"""Entries, rebuys and add-ons through the services and the host's buttons.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy left.
You can buy back in for a fresh stack and keep playing. Once your rebuys are used up, or the
rebuy window closes, the next time you bust is for good."
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.seating import joining
from tables.services.tournament import (
    tournament_clock,
    tournament_results,
    tournament_seating,
    tournament_setup,
    tournaments,
)
from tables.tests.tournament_helpers import at, entry_of, loses_every_chip, make_tournament

A = TournamentAction
REBUYS = RebuyRules(max_rebuys=2, rebuy_until_level=2, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)


@pytest.fixture
def tournament(night: Night, host: User, make_table: Callable[..., Table]) -> Tournament:
    """Ann, Bea, Cal and Dan drawn at the Kitchen, the clock started."""
    make_table("Kitchen", max_seats=6)
    tournament, _ = make_tournament(night, host, rules=REBUYS, rebuy_price=20, add_on_price=10)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    return tournament_clock.run_clock(tournament.pk, host, A.START, now=at(0))


def _busts(tournament: Tournament, name: str) -> int:
    """`name` loses every chip in a hand: a rebuy is for a player who busted. Their entry's id."""
    seat = Seat.objects.select_related("table", "player").get(player__display_name=name)
    loses_every_chip(seat.table, seat.player)
    return entry_of(tournament, name)


def test_registering_enters_each_player_once(night: Night, host: User) -> None:
    tournament, players = make_tournament(night, host, names=("Ann", "Bea"))
    eve = joining.join_night(night, "Eve")
    tournament_setup.register_players(tournament.pk, host, [players[0], eve], now=at(0))
    assert sorted(tournament.entries.values_list("player__display_name", flat=True)) == ["Ann", "Bea", "Eve"]
    with pytest.raises(ActionRefused, match="already entered"):
        tournament_setup.register_players(tournament.pk, host, [eve], now=at(0))


def test_a_player_rebuys_within_the_window_until_their_rebuys_are_used_up(
    tournament: Tournament, host: User
) -> None:
    ann = _busts(tournament, "Ann")
    tournaments.record_rebuy(ann, host, now=at(5))
    _busts(tournament, "Ann")
    tournaments.record_rebuy(ann, host, now=at(20))
    _busts(tournament, "Ann")
    with pytest.raises(ActionRefused, match=r"used all your rebuys \(2\), so this bust is for good"):
        tournaments.record_rebuy(ann, host, now=at(21))
    assert TournamentEntry.objects.get(pk=ann).rebuys == 2
    assert tournament.log.filter(action=A.REBUY).count() == 2


def test_the_rebuy_window_closes_at_the_end_of_its_level(tournament: Tournament, host: User) -> None:
    """Rebuys until level 2: level 2 ends 30 minutes in."""
    bea = _busts(tournament, "Bea")
    tournaments.record_rebuy(bea, host, now=at(29.9))
    _busts(tournament, "Bea")
    with pytest.raises(ActionRefused, match="rebuy window closed at the end of level 2"):
        tournaments.record_rebuy(bea, host, now=at(30))
    assert TournamentEntry.objects.get(pk=bea).rebuys == 1


def test_a_freeze_out_refuses_rebuys(night: Night, host: User) -> None:
    tournament, _ = make_tournament(night, host)
    with pytest.raises(ActionRefused, match="freeze-out"):
        tournaments.record_rebuy(entry_of(tournament, "Ann"), host, now=at(1))


def test_the_add_on_is_taken_once_at_the_first_break(tournament: Tournament, host: User) -> None:
    cal = entry_of(tournament, "Cal")
    with pytest.raises(ActionRefused, match="taken at the first break"):
        tournaments.record_add_on(cal, host, now=at(10))
    tournaments.record_add_on(cal, host, now=at(61))  # home-2h: the first break starts after 60 minutes
    with pytest.raises(ActionRefused, match="already taken the add-on"):
        tournaments.record_add_on(cal, host, now=at(62))
    assert TournamentEntry.objects.get(pk=cal).add_ons == 1


def test_rebuys_and_add_ons_grow_the_pool_and_the_chips_in_play(tournament: Tournament, host: User) -> None:
    tournaments.record_rebuy(_busts(tournament, "Ann"), host, now=at(5))
    tournaments.record_add_on(entry_of(tournament, "Bea"), host, now=at(61))
    assert tournament_results.pool(tournament) == 4 * 20 + 20 + 10
    field = tournaments.field(tournament, at(61))
    assert field.chips_in_play == 4 * 10_000 + 10_000 + 5_000
    assert (field.entries, field.rebuys, field.add_ons, field.players_left) == (4, 1, 1, 4)
    # On the break, the average is counted in big blinds of the level that follows (150/300).
    assert field.average_big_blinds == pytest.approx(55_000 / 4 / 300)
    kitchen = Seat.objects.get(player__display_name="Ann").table
    assert sum(seat.stack for seat in load_state(kitchen.pk).table.seats) == 55_000


def test_host_buttons_show_the_refusal_and_change_nothing(
    tournament: Tournament, host_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("django.utils.timezone.now", lambda: at(5))
    dan = _busts(tournament, "Dan")
    response = host_client.post(f"/host/tournaments/{tournament.pk}/entries/{dan}/add-on/", follow=True)
    assert "The add-on is taken at the first break." in response.content.decode()
    response = host_client.post(f"/host/tournaments/{tournament.pk}/entries/{dan}/rebuy/", follow=True)
    assert (
        "Main event: Rebuy for Dan (1 of 2): 20 EUR into the prize pool, 10000 chips."
        in response.content.decode()
    )
    assert TournamentEntry.objects.get(pk=dan).rebuys == 1
