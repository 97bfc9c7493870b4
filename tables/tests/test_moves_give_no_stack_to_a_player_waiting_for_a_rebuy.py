"""Balancing and final-table moves give no chips to a player waiting for a rebuy.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy left. You
can buy back in for a fresh stack and keep playing." The fresh stack comes with the rebuy, paid
and recorded; until then the busted player's seat waits with no chips. Found by the whole-night
test (tables/tests/test_night_conserves_chips.py): two players waiting for a rebuy were moved by
"Confirm all moves" (one of them stepping aside for a swap) and each sat down with the starting
stack, 600 chips from nowhere.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.tournament import Move, MoveReason, RebuyRules
from tables.live import apply_intent, load_state
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_play, tournament_seating, tournaments
from tables.tests.tournament_helpers import SEVEN, all_in_and_call, make_tournament, seed_busting

pytestmark = pytest.mark.django_db

REBUYS = RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=7000)


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _ann_busts_and_waits_for_a_rebuy(
    night: Night, host: User, tables: list[Table]
) -> tuple[Tournament, TournamentEntry]:
    """Ann and Bea in seats 1 and 2 at the Kitchen, Cal..Gus in seats 1-5 at the Lounge; Ann, the
    short stack, loses all her chips to Bea in an all-in hand while the rebuy window is open."""
    tournament, players = make_tournament(night, host, names=SEVEN, rules=REBUYS)
    kitchen, lounge = tables
    for number, player in enumerate(players[:2], 1):
        seating.move_player(player, kitchen, number)
    for number, player in enumerate(players[2:], 1):
        seating.move_player(player, lounge, number)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    for number, stack in ((1, 2000), (2, 14000)):
        apply_intent(kitchen.pk, "host", {"type": "set_stack", "seat": number, "stack": stack})
    ann = str(players[0].pk)
    apply_intent(kitchen.pk, "host", {"type": "start_hand", "seed": seed_busting(kitchen, {ann})})
    all_in_and_call(kitchen)
    entry = tournament.entries.select_related("player").get(player=players[0])
    assert entry.place is None and entry in tournament_play.rebuy_offers(tournament)
    return tournament, entry


def _chips(tables: list[Table]) -> int:
    return sum(seat.stack for table in tables for seat in load_state(table.pk).table.seats)


def _sits_nowhere(entry: TournamentEntry, tables: list[Table]) -> bool:
    return all(load_state(table.pk).table.seat_of(str(entry.player_id)) is None for table in tables)


def test_a_balancing_move_takes_a_player_waiting_for_a_rebuy_to_the_other_table_without_chips(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    tournament, ann = _ann_busts_and_waits_for_a_rebuy(night, host, two_tables)
    in_play = _chips(two_tables)
    move = Move(str(ann.player_id), 1, 1, 2, 6, MoveReason.BALANCE)
    tournament_seating.confirm_moves(tournament.pk, host, [move])
    seat = Seat.objects.get(player_id=ann.player_id)
    assert (seat.table_id, seat.number) == (two_tables[1].pk, 6)
    assert _chips(two_tables) == in_play and _sits_nowhere(ann, two_tables)
    assert ann in tournament_play.rebuy_offers(tournament)
    # The rebuy, paid, is what sits her down: in her new seat, with the rebuy stack.
    tournaments.record_rebuy(ann.pk, host)
    sitting = load_state(two_tables[1].pk).table.seat_of(str(ann.player_id))
    assert sitting is not None and (sitting.seat, sitting.stack) == (6, REBUYS.rebuy_stack)
    assert _chips(two_tables) == in_play + REBUYS.rebuy_stack


def test_a_redraw_swapping_a_player_waiting_for_a_rebuy_creates_no_chips(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Two players swapping seats: one steps aside into a free seat first, and that step, like
    the move, leaves the waiting player without chips."""
    tournament, ann = _ann_busts_and_waits_for_a_rebuy(night, host, two_tables)
    kitchen = two_tables[0]
    bea = load_state(kitchen.pk).table.occupant(2)
    in_play = _chips(two_tables)
    swap = [
        Move(str(ann.player_id), 1, 1, 1, 2, MoveReason.FINAL_TABLE),
        Move(bea.player, 1, 2, 1, 1, MoveReason.FINAL_TABLE),
    ]
    tournament_seating.confirm_moves(tournament.pk, host, swap)
    assert Seat.objects.get(player_id=ann.player_id).number == 2
    assert _chips(two_tables) == in_play and _sits_nowhere(ann, two_tables)
    bea_now = load_state(kitchen.pk).table.seat_of(bea.player)
    assert bea_now is not None and (bea_now.seat, bea_now.stack) == (1, bea.stack)
