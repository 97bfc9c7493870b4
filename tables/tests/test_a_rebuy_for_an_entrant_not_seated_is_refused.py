"""A rebuy is for a player who lost their chips at the table: an entrant not seated is refused.

"Busting isn't the end while you still have a rebuy left. You can buy back in for a fresh stack
and keep playing." An entrant who has not sat down has not busted: a rebuy recorded for them
gave nobody its chips, yet counted them in play. Refused, it changes nothing: no rebuy, no money
in the prize pool, no log line, the same chips in play.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import AuditEntry, Night, Table
from tables.models.ledger import LedgerEntry
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.tournament import tournaments
from tables.tests.tournament_helpers import at, three_drawn_and_dan_entered_late

pytestmark = pytest.mark.django_db

REBUYS = RebuyRules(max_rebuys=2, rebuy_until_level=2, rebuy_stack=7000)


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _dan_entered_after_the_draw(night: Night, host: User) -> tuple[Tournament, TournamentEntry]:
    return three_drawn_and_dan_entered_late(night, host, rules=REBUYS, rebuy_price=20, entered_at=1)


def _what_a_rebuy_would_change(tournament: Tournament, entry: TournamentEntry) -> tuple:
    entry.refresh_from_db()
    return (
        entry.rebuys,
        tournaments.field(Tournament.objects.get(pk=tournament.pk), now=at(2)).chips_in_play,
        LedgerEntry.objects.filter(tournament=tournament).count(),
        AuditEntry.objects.filter(night=tournament.night).count(),
        tournament.log.count(),
    )


def test_a_rebuy_for_an_entrant_who_never_sat_down_is_refused(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before, it was recorded: 47,000 chips in play, 30,000 at the table and Dan's 10,000 to sit with."""
    tournament, dan = _dan_entered_after_the_draw(night, host)
    before = _what_a_rebuy_would_change(tournament, dan)
    with pytest.raises(ActionRefused, match="Dan has not sat down yet: a rebuy is for a player who lost"):
        tournaments.record_rebuy(dan.pk, host, now=at(2))
    assert _what_a_rebuy_would_change(tournament, dan) == before
    assert before[1] == 40_000


def test_a_rebuy_for_an_entrant_whose_bust_before_sitting_was_undone_is_refused(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament, dan = _dan_entered_after_the_draw(night, host)
    tournaments.record_busts(tournament.pk, host, [(dan.pk, None)], now=at(2))
    with pytest.raises(ActionRefused, match="out for good"):
        tournaments.record_rebuy(dan.pk, host, now=at(2))
    tournaments.undo_last_bust(tournament.pk, host, "Dan was parking the car", now=at(2))
    before = _what_a_rebuy_would_change(tournament, dan)
    with pytest.raises(ActionRefused, match="Dan has not sat down yet"):
        tournaments.record_rebuy(dan.pk, host, now=at(2))
    assert _what_a_rebuy_would_change(tournament, dan) == before
    assert load_state(kitchen.pk).table.seat_of(str(dan.player_id)) is None
