"""A busted tournament player's phone: the rebuy on offer while the window is open, the
finishing place once out for good (the status the table page and the seat page read).

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy left...
Once your rebuys are used up, or the rebuy window closes, the next time you bust is for good."
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.models import Night, Player, Table
from tables.models.tournaments import TournamentAction
from tables.services.tournament import tournament_clock, tournaments
from tables.services.tournament.tournament_play import rebuy_offers, standing_of
from tables.tests.test_table_page import phone_of
from tables.tests.test_tournament_rebuy_offers import REBUYS, _busted_heads_up
from tables.views.player_status import player_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _busted_player(tournament) -> Player:
    (offer,) = rebuy_offers(tournament)
    return offer.player


def test_a_busted_player_with_a_rebuy_left_is_offered_it_with_its_price_and_chips(
    night: Night, host: User, table: Table
) -> None:
    tournament = _busted_heads_up(night, host, table, REBUYS)
    tournament.rebuy_price = 10
    tournament.save(update_fields=["rebuy_price"])
    player = _busted_player(tournament)
    assert standing_of(player) == {
        "tournament": "Main event",
        "currency": "EUR",
        "state": "rebuy",
        "price": 10,
        "chips": 7000,
        "rebuys_left": 2,
        "until_level": 1,
    }
    status = phone_of(player).get(reverse("play_status")).json()
    assert status["state"] == "seated" and status["tournament"]["state"] == "rebuy"


def test_once_out_for_good_the_phone_says_the_finishing_place(night: Night, host: User, table: Table) -> None:
    """The host answers the offer with "out for good": heads-up, the player finishes second."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    player = _busted_player(tournament)
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=player).pk, None)])
    standing = standing_of(player)
    assert (standing["state"], standing["place"], standing["players"]) == ("out", "2nd", 2)
    status = player_status(player)
    assert status["state"] == "out" and status["headline"] == "You finished 2nd"
    assert status["tournament"]["prize"] == standing["prize"] > 0
    assert f"You won {standing['prize']} EUR" in status["detail"]


def test_an_offer_the_window_closed_on_is_settled_and_says_the_place(
    night: Night, host: User, table: Table
) -> None:
    """ "or the rebuy window closes": the phone's look settles it, as the host's page does."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    player = _busted_player(tournament)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.NEXT_LEVEL, confirmed=True)
    # For the minute the level change can be undone, the offer is neither open nor settled.
    assert standing_of(player)["state"] == "closing"
    after_the_minute = timezone.now() + datetime.timedelta(seconds=tournament_clock.LEVEL_UNDO_SECONDS + 1)
    standing = standing_of(player, after_the_minute)
    assert standing is not None and (standing["state"], standing["place"]) == ("out", "2nd")


def test_a_freeze_out_bust_is_final_at_once(night: Night, host: User, table: Table) -> None:
    tournament = _busted_heads_up(night, host, table, RebuyRules())
    loser = tournament.entries.get(place=2).player
    assert standing_of(loser)["state"] == "out"
    assert player_status(loser)["state"] == "out"


def test_a_player_still_in_has_no_standing(night: Night, host: User, table: Table) -> None:
    tournament = _busted_heads_up(night, host, table, REBUYS)
    (still_in,) = [e.player for e in tournament.entries.all() if e.player != _busted_player(tournament)]
    assert standing_of(still_in) is None
    assert "tournament" not in player_status(still_in)


def test_the_winners_phone_says_they_won_not_that_they_are_out(
    night: Night, host: User, table: Table
) -> None:
    """The tournament's end takes the winner off the table with its chips: their phone then
    reads the same status as a player out, and says they won (before the end took the winner's
    chips out of play, the winner kept their seat and never read it)."""
    tournament = _busted_heads_up(night, host, table, RebuyRules())
    winner = tournament.entries.get(place=1).player
    standing = standing_of(winner)
    assert (standing["state"], standing["place"], standing["won"]) == ("out", "1st", True)
    status = player_status(winner)
    assert status["state"] == "out" and status["headline"] == "You won Main event"
    assert status["detail"] == f"1st of 2 players. You won {standing['prize']} EUR. Thanks for playing."
    loser = tournament.entries.get(place=2).player
    assert not standing_of(loser)["won"]
    assert player_status(loser)["detail"].startswith("Main event: out for good.")
