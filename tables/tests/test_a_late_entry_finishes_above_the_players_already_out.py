"""A player entered after others are out for good finishes above them.

"More chips at the start of the hand, better place": a player out has their place counted from
the bottom of the field as it was. Before, an entry after that left their place where it was, so
the next player out was given the same place: two players in 3rd, not shared, and the last bust
crashed paying the tournament out ("Place 3 is shared by 1 players, but 2 are listed for it"):
the tournament could not end. Now each entry moves the places of the players out down by one,
said in the entry's line.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tables.models import Night
from tables.models.ledger import AuditEntry
from tables.models.tournaments import Tournament
from tables.services.seating import joining
from tables.services.tournament import tournament_setup, tournaments
from tables.tests.tournament_helpers import entry_of, make_tournament

pytestmark = pytest.mark.django_db


def _places(tournament: Tournament) -> dict[str, int | None]:
    return dict(tournament.entries.values_list("player__display_name", "place"))


def test_the_players_out_move_down_and_the_tournament_still_ends(night: Night, host: User) -> None:
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal"), payouts=(70, 30))
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Cal"), None)])
    tournament_setup.register_players(tournament.pk, host, [joining.join_night(night, "Dan")])
    assert _places(tournament) == {"Ann": None, "Bea": None, "Cal": 4, "Dan": None}
    line = AuditEntry.objects.filter(night=night).last()
    assert line.what == (
        "Main event: Entered Dan: buy-in 20 EUR each into the prize pool; the players out finish "
        "below them now: Cal (4th)"
    )
    for name in ("Bea", "Dan"):
        tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, name), None)])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert _places(tournament) == {"Ann": 1, "Bea": 3, "Cal": 4, "Dan": 2}


def test_players_out_sharing_a_place_still_share_it_below_the_newcomers(night: Night, host: User) -> None:
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal", "Dan"), payouts=(70, 30))
    both = [(entry_of(tournament, "Cal"), 500), (entry_of(tournament, "Dan"), 500)]
    tournaments.record_busts(tournament.pk, host, both)
    late = [joining.join_night(night, name) for name in ("Eve", "Fay")]
    tournament_setup.register_players(tournament.pk, host, late)
    shared = dict(tournament.entries.values_list("player__display_name", "shared_by"))
    assert _places(tournament)["Cal"] == _places(tournament)["Dan"] == 5
    assert shared["Cal"] == shared["Dan"] == 2
    for name in ("Bea", "Eve", "Fay"):
        tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, name), None)])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert sorted(_places(tournament).values()) == [1, 2, 3, 4, 5, 5]
