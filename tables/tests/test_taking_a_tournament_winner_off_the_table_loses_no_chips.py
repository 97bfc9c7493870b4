"""Taking a tournament's winner off the table, after it is over, loses no chip.

"Chips come in only by being bought ... They leave only through a cash-out or the end of a
player's tournament" (docs/chips-and-money.md), and house rules say "play until one person has
all the chips". The winner's tournament ends with the last bust: their chips leave play then,
from their seat, written in that bust's line in the open log (as the chips of a player recorded
out, or of the players of a deal). Before, the winner stayed seated with the tournament's chips,
and every way of taking them off lost or changed those chips with no record:

- the host's `leave` over the table's socket ran the engine's plain leave (the winner has no
  cash entries and is in no tournament still playing): the chips vanished, and the seat record
  stayed behind with nobody in it;
- "Has left" asked to cash them out first, and the cash-out paid the tournament's chips out as
  cash at the night's chip value;
- a buy-in for the cash game replaced the tournament stack with the cash chips;
- the table went back to its own cash game with the winner still dealt in: tournament chips
  played against cash chips.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.utils import timezone

from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AuditEntry, EntryKind
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.hosting import host_panel
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_clock, tournament_setup, tournaments
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import Phone, host_cookie
from tables.tests.tournament_helpers import all_in_and_call, entry_of, make_tournament, seed_busting

pytestmark = pytest.mark.django_db

STARTING_STACK = 10_000


@pytest.fixture
def kitchen(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def won_by_ann(night: Night, host: User, kitchen: Table) -> Tournament:
    """Ann, Bea and Cal sit at the Kitchen, seats 1 to 3, with the starting stack; the host
    records Cal out, then Bea: Ann wins."""
    tournament, players = make_tournament(night, host, names=("Ann", "Bea", "Cal"), payouts=(70, 30))
    for number, player in enumerate(players, start=1):
        seating.move_player(player, kitchen, number)
    for name in ("Cal", "Bea"):
        tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, name), None)])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    return tournament


def tournament_chips_at_the_tables(tournament: Tournament) -> int:
    """The stacks of the players still in (a player out, or the winner, may sit with cash chips)."""
    still_in = tournament.entries.filter(place__isnull=True).values_list("player_id", flat=True)
    entrants = {str(pk) for pk in still_in}
    tables = tournament.night.tables.all()
    return sum(s.stack for t in tables for s in load_state(t.pk).table.seats if s.player in entrants)


def check_no_chip_lost(tournament: Tournament) -> None:
    """The chips the tournament says are in play are at its tables, and every live seat of
    the night has its seat record, and every seat record its live seat."""
    tournament.refresh_from_db()
    assert tournaments.field(tournament).chips_in_play == tournament_chips_at_the_tables(tournament)
    for table in tournament.night.tables.all():
        live_seats = {(s.player, s.seat) for s in load_state(table.pk).table.seats}
        records = {(str(s.player_id), s.number) for s in Seat.objects.filter(table=table)}
        assert live_seats == records, (table.name, live_seats, records)


def test_the_winners_chips_leave_play_from_their_seat_when_the_tournament_ends(
    night: Night, host: User, kitchen: Table
) -> None:
    tournament = won_by_ann(night, host, kitchen)
    ann = tournament.entries.select_related("player").get(place=1)
    assert (ann.out_table, ann.out_seat, ann.out_chips) == (kitchen, 1, STARTING_STACK)
    assert load_state(kitchen.pk).table.seats == ()
    assert not Seat.objects.filter(player=ann.player).exists()
    check_no_chip_lost(tournament)
    assert tournaments.field(tournament).chips_in_play == 0
    line = host_calls().filter(night=night).last()
    assert line.what == (
        "Main event: Bea is out in 2nd; 10000 chips taken out of play from Kitchen, seat 2; "
        "Ann wins: 10000 chips taken out of play from Kitchen, seat 1; "
        "paid out: Ann 42.00 EUR (1st), Bea 18.00 EUR (2nd)"
    )
    winner = {"entry": ann.pk, "chips_taken_out": STARTING_STACK, "table": kitchen.pk, "seat": 1}
    assert line.payload["winner"] == winner


def test_a_tournament_won_in_a_hand_takes_the_winners_chips_out_of_play_with_that_hand(
    night: Night, host: User, kitchen: Table
) -> None:
    """The last bust comes with the hand that ends it (tournament_play.hand_played): the winner
    leaves the table in the same write, between that hand and any other."""
    tournament, (ann, bea) = make_tournament(night, host, names=("Ann", "Bea"), payouts=(100,))
    seating.move_player(ann, kitchen, 1)
    seating.move_player(bea, kitchen, 2)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    apply_intent(kitchen.pk, "host", {"type": "start_hand", "seed": seed_busting(kitchen, {str(bea.pk)})})
    all_in_and_call(kitchen)
    tournament.refresh_from_db()
    winner = tournament.entries.get(place=1)
    assert tournament.status == Tournament.Status.FINISHED and winner.player_id == ann.pk
    assert (winner.out_seat, winner.out_chips) == (1, 2 * STARTING_STACK)
    assert load_state(kitchen.pk).table.seats == ()
    check_no_chip_lost(tournament)


@pytest.mark.django_db(transaction=True)
async def test_the_hosts_leave_over_the_socket_loses_none_of_the_winners_chips(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before: the leave was acknowledged, the Kitchen held 0 chips while the tournament still
    counted Ann's 10000 in play, and her seat record stayed with nobody in it."""
    tournament = await database_sync_to_async(won_by_ann)(night, host, kitchen)
    phone = Phone(kitchen.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    lines = await database_sync_to_async(AuditEntry.objects.count)()
    leave = {
        "type": "host",
        "client_id": "off",
        "version": phone.version,
        "command": {"type": "leave", "seat": 1},
    }
    reply = await phone.request(leave)
    await phone.close()
    await database_sync_to_async(check_no_chip_lost)(tournament)
    # Her chips left play with her win, from seat 1: the seat is empty, and a leave of nobody
    # is refused, changing nothing and writing nothing.
    assert (reply["type"], reply["message"]) == ("error", "Seat 1 is empty.")
    assert await database_sync_to_async(AuditEntry.objects.count)() == lines
    out = await database_sync_to_async(lambda: tournament.entries.get(place=1).out_chips)()
    assert out == STARTING_STACK


def test_has_left_lets_the_winner_go_with_no_cash_out_of_tournament_chips(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before: "Ann still has 10000 chips: cash them out first", and that cash-out paid the
    tournament's 10000 chips out as 1000.00 EUR of cash that nobody bought."""
    tournament = won_by_ann(night, host, kitchen)
    ann = Player.objects.get(display_name="Ann")
    with pytest.raises(ActionRefused, match="Ann has no chips to cash out"):
        ledger.cash_out(ann, host)
    host_panel.decide_player(ann, host, "remove")
    assert Player.objects.get(pk=ann.pk).status == Player.Status.LEFT
    check_no_chip_lost(tournament)
    totals = night_totals.totals(night)
    assert totals.balanced and totals.chips_cashed_out == 0, totals


def test_a_winner_who_bought_cash_chips_before_cashes_out_only_those(
    night: Night, host: User, kitchen: Table, make_table: Callable[..., Table]
) -> None:
    """Ann played the cash game first (bought 300, cashed out 300), then won the tournament.
    Before, the host's leave over the socket was her cash-out: 10000 tournament chips paid
    as 1000.00 EUR of cash, and the night 1000.00 EUR more out than in."""
    den = make_table("Den", max_seats=6)
    ann = joining.join_night(night, "Ann")
    ledger.record_chips_in(ann, EntryKind.BUY_IN, 300, host)
    seating.move_player(ann, den, 1)
    ledger.cash_out(ann, host)
    tournament, (bea,) = make_tournament(night, host, names=("Bea",), payouts=(100,))
    tournament_setup.register_players(tournament.pk, host, [ann])
    seating.move_player(Player.objects.get(pk=ann.pk), kitchen, 1)
    seating.move_player(bea, kitchen, 2)
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Bea"), None)])
    with pytest.raises(ActionRefused):
        host_panel.socket_command(kitchen.pk, host, {"type": "leave", "seat": 1}, "", None)
    check_no_chip_lost(tournament)
    totals = night_totals.totals(night)
    assert totals.balanced and totals.chips_cashed_out == 300, totals


def test_the_winner_buying_into_the_cash_game_keeps_the_tournaments_chips_apart(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before: the buy-in replaced the winner's 10000 tournament chips at the Kitchen with her
    200 cash chips, and the tournament still counted the 10000 in play."""
    tournament = won_by_ann(night, host, kitchen)
    ann = Player.objects.get(display_name="Ann")
    ledger.record_chips_in(ann, EntryKind.BUY_IN, 200, host)
    seating.move_player(Player.objects.get(pk=ann.pk), kitchen, 1)
    assert load_state(kitchen.pk).table.seat_of(str(ann.pk)).stack == 200
    check_no_chip_lost(tournament)
    assert night_totals.totals(night).balanced


def test_the_table_back_at_its_own_cash_game_deals_no_tournament_chips(
    night: Night, host: User, kitchen: Table
) -> None:
    """Before: Zed and Yan, bought in for 200 each, were drawn to the Kitchen beside the
    winner and her 10000 tournament chips, and one all-in hand moved chips between the two
    kinds: the night's cash no longer balanced."""
    tournament = won_by_ann(night, host, kitchen)
    for name in ("Zed", "Yan"):
        ledger.record_chips_in(joining.join_night(night, name), EntryKind.BUY_IN, 200, host)
    host_panel.seat_waiting(kitchen, host)
    apply_intent(kitchen.pk, "host", {"type": "start_hand"})
    all_in_and_call(kitchen)
    check_no_chip_lost(tournament)
    totals = night_totals.totals(night)
    assert totals.balanced and totals.chips_on_tables == 400, totals
    assert {s.name for s in load_state(kitchen.pk).table.seats} <= {"Zed", "Yan"}
