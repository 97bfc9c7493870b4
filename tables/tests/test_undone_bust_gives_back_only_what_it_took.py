"""Undoing a bust gives back only what the bust took: never a fresh stack.

"Bust out of chips and you're out (in a freeze-out)": a player who lost all their chips in a
hand really busted, and no undo seats them again with chips from nowhere. "Busting isn't the end
while you still have a rebuy left": an "Out" pressed instead of "Rebuy" is undone back to the
rebuy offer, while the rebuy window is open. Chips the host's "Record who is out" took out of
play come back, in the same seat (tables/tests/test_tournament_chips_stay_in_play.py).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.tournament import RebuyRules
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.hosting import host_panel
from tables.services.seating import seat_records
from tables.services.tournament import tournament_clock, tournament_play, tournament_seating, tournaments
from tables.tests.tournament_helpers import all_in_and_call, make_tournament, seed_busting

pytestmark = pytest.mark.django_db

REBUYS = RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=7000)


@pytest.fixture
def table(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _short_stack_loses_a_hand(night: Night, host: User, table: Table, rules: RebuyRules) -> TournamentEntry:
    """Ann, Bea and Cal at the Kitchen; the shortest stack loses all their chips in an all-in hand."""
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal"), rules=rules)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    short, *others = load_state(table.pk).table.seats
    for seat, stack in ((short, 2000), (others[0], 14000), (others[1], 14000)):
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": stack})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed_busting(table, {short.player})})
    all_in_and_call(table)
    return tournament.entries.select_related("player").get(player_id=int(short.player))


def _chips(table: Table) -> int:
    return sum(seat.stack for seat in load_state(table.pk).table.seats)


def test_a_player_who_lost_all_their_chips_in_a_hand_stays_out(
    night: Night, host: User, table: Table
) -> None:
    """Before, the undo put him back in with no seat, and seating him gave him the starting stack."""
    busted = _short_stack_loses_a_hand(night, host, table, RebuyRules())  # a freeze-out: out for good
    busted.refresh_from_db()
    assert busted.place == 3 and busted.out_chips == 0
    in_play = _chips(table)
    with pytest.raises(ActionRefused, match=f"{busted.player.display_name} lost all their chips in a hand"):
        tournaments.undo_last_bust(busted.tournament_id, host, "wrong bust")
    busted.refresh_from_db()
    assert busted.place == 3 and not Seat.objects.filter(player=busted.player).exists()
    with pytest.raises(ActionRefused):
        host_panel.move_player(busted.player, table, 6, host)
    assert _chips(table) == in_play


def test_out_pressed_instead_of_rebuy_is_undone_back_to_the_rebuy_offer(
    night: Night, host: User, table: Table
) -> None:
    busted = _short_stack_loses_a_hand(night, host, table, REBUYS)
    tournament = Tournament.objects.get(pk=busted.tournament_id)
    seat = Seat.objects.get(player=busted.player)
    assert tournament_play.rebuy_offers(tournament) == [busted]
    in_play = _chips(table)
    tournaments.record_busts(tournament.pk, host, [(busted.pk, None)])  # "Out", meant "Rebuy"
    tournaments.undo_last_bust(tournament.pk, host, "he rebuys")
    busted.refresh_from_db()
    assert busted.place is None and seat_records.held_seat(busted) == (table.pk, seat.number)
    assert Seat.objects.get(player=busted.player).number == seat.number
    assert tournament_play.rebuy_offers(tournament) == [busted] and _chips(table) == in_play  # no chips yet
    tournaments.record_rebuy(busted.pk, host)
    assert load_state(table.pk).table.seat_of(str(busted.player_id)).stack == REBUYS.rebuy_stack


def test_a_bust_is_not_undone_back_into_a_rebuy_window_that_has_closed(
    night: Night, host: User, table: Table
) -> None:
    busted = _short_stack_loses_a_hand(night, host, table, REBUYS)
    tournament = Tournament.objects.get(pk=busted.tournament_id)
    tournaments.record_busts(tournament.pk, host, [(busted.pk, None)])
    later = timezone.now() + datetime.timedelta(hours=3)
    with pytest.raises(ActionRefused, match="that bust stands"):
        tournaments.undo_last_bust(tournament.pk, host, "wrong bust", now=later)
    busted.refresh_from_db()
    assert busted.place == 3


def test_a_player_waiting_for_a_rebuy_moved_by_the_host_gets_no_stack_until_the_rebuy(
    night: Night, host: User, table: Table
) -> None:
    """Found by the whole-night test: moving a busted player who waits for a rebuy sat him down
    with the starting stack. His seat moves, still waiting; the rebuy sits him down."""
    busted = _short_stack_loses_a_hand(night, host, table, REBUYS)
    in_play = _chips(table)
    free = next(n for n in range(1, 7) if not Seat.objects.filter(table=table, number=n).exists())
    host_panel.move_player(busted.player, table, free, host)
    assert Seat.objects.get(player=busted.player).number == free
    assert _chips(table) == in_play and load_state(table.pk).table.seat_of(str(busted.player_id)) is None
    tournaments.record_rebuy(busted.pk, host)
    assert load_state(table.pk).table.seat_of(str(busted.player_id)).seat == free
    assert _chips(table) == in_play + REBUYS.rebuy_stack
