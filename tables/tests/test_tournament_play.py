"""A tournament played at the live tables: stacks, the clock's stakes, busts, rebuys and moves.

"Everyone starts with an equal stack; play until one person has all the chips."
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.live import LiveTable
from engine.live import apply as engine_apply
from engine.table_state import GameMode
from engine.tournament import ClockReading, Level, RebuyRules, clock_state, stakes_at
from tables.identity import SESSION_KEY
from tables.live import apply_intent, load_state, player_actor, timers
from tables.models import Night, Player, Seat, Table
from tables.models.live import Hand
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_play, tournament_seating, tournaments
from tables.tests.live_helpers import SEED
from tables.tests.tournament_helpers import make_tournament


@pytest.fixture
def two_tables(make_table: Callable[..., Table]) -> list[Table]:
    return [make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)]


def _start_clock(tournament: Tournament, minutes_ago: float = 0) -> Tournament:
    started = timezone.now() - datetime.timedelta(minutes=minutes_ago)
    return tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=started)


def _next_level(tournament: Tournament) -> Tournament:
    return tournament_clock.run_clock(tournament.pk, None, TournamentAction.NEXT_LEVEL)


def _reading_now(tournament: Tournament) -> ClockReading:
    tournament.refresh_from_db()
    return clock_state(tournament.get_clock(), tournament.get_structure(), time.time())


def _heads_up(night: Night, host: User, table: Table, rules: RebuyRules | None = None) -> Tournament:
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"), rules=rules)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    assert Seat.objects.filter(table=table).count() == 2
    return tournament


def _all_in_move(state: LiveTable) -> tuple[int, dict[str, Any]]:
    """Whoever acts moves all in, or calls an all-in (checks when there is nothing to call)."""
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    offered = hand.legal_actions(hand.to_act)["actions"]
    if offered.get("raise", {}).get("allowed"):
        return hand.to_act, {"type": "raise", "to": offered["raise"]["all_in_to"]}
    if offered.get("call", {}).get("allowed"):
        return hand.to_act, {"type": "call"}
    return hand.to_act, {"type": "check"}


def _all_in_and_call(table: Table) -> None:
    """Every player moves all in or calls; the board runs out."""
    state = load_state(table.pk)
    while state.hand_in_progress:
        seat, action = _all_in_move(state)
        player = player_actor(int(state.table.occupant(seat).player))
        apply_intent(table.pk, player, {"type": "act", "action": action})
        state = load_state(table.pk)


def _seed_where(table: Table, busted: set[str]) -> str:
    """A test seed whose all-in hand busts exactly `busted` (found by playing it in the pure engine)."""
    for number in range(500):
        seed = f"{number:064x}"
        state, _ = engine_apply(load_state(table.pk), "host", {"type": "start_hand", "seed": seed}, 0)
        while state.hand_in_progress:
            seat, action = _all_in_move(state)
            state, _ = engine_apply(state, seat, {"type": "act", "action": action}, 0)
        before = {s.player for s in load_state(table.pk).table.seats}
        if {s.player for s in state.table.seats} == before - busted:
            return seed
    raise AssertionError("no seed found")


def test_drawn_players_sit_in_tournament_mode_with_the_starting_stack(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """ "Everyone starts with an equal stack": the tournament's, not 100 big blinds of the table."""
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")
    tournament, _ = make_tournament(night, host, names=names)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    for table in two_tables:  # seven players on six-seat tables: both are used
        state = load_state(table.pk)
        assert state.table.mode is GameMode.TOURNAMENT
        assert state.table.seats and {s.stack for s in state.table.seats} == {tournament.starting_stack}
    assert tournament.starting_stack != 100 * load_state(two_tables[0].pk).table.cash_stakes.big_blind


def test_no_hands_are_dealt_before_the_clock_starts(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """ "No hands are dealt during a break", nor before the clock starts."""
    _heads_up(night, host, two_tables[0])
    with pytest.raises(match="before the tournament clock starts"):
        apply_intent(two_tables[0].pk, "host", {"type": "start_hand", "seed": SEED})
    assert not Hand.objects.exists()


def test_each_hand_is_dealt_at_the_level_in_force_when_it_starts(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """ "The stakes of each hand are the level in force when the hand starts.\""""
    table = two_tables[0]
    tournament = _start_clock(_heads_up(night, host, table))
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    first = stakes_at(_reading_now(tournament))
    assert load_state(table.pk).hand.config.stakes == first
    _next_level(tournament)
    second = stakes_at(_reading_now(tournament))
    assert second.big_blind > first.big_blind
    # The hand in progress keeps its stakes; the next one is dealt at the new level.
    assert load_state(table.pk).hand.config.stakes == first


def test_a_new_level_reaches_the_next_hand_dealt(night: Night, host: User, two_tables: list[Table]) -> None:
    """ "The stakes of each hand are the level in force when the hand starts.\""""
    table = two_tables[0]
    tournament = _start_clock(_heads_up(night, host, table))
    _next_level(tournament)
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    level = stakes_at(_reading_now(tournament))
    assert load_state(table.pk).hand.config.stakes == level
    assert Hand.objects.get(table=table).stakes["big_blind"] == level.big_blind


def _to_first_break(tournament: Tournament) -> None:
    structure = tournament.get_structure()
    while isinstance(structure.periods[_reading_now(tournament).period_index], Level):
        _next_level(tournament)


def test_no_hands_are_dealt_during_a_break_and_the_dealer_waits(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """ "No hands are dealt during a break": the host's deal is refused, the timer's waits."""
    table = two_tables[0]
    tournament = _start_clock(_heads_up(night, host, table))
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    state = load_state(table.pk)
    apply_intent(
        table.pk,
        player_actor(int(state.table.seat(state.hand.to_act).player)),
        {"type": "act", "action": {"type": "fold"}},
    )
    due = load_state(table.pk).next_deal_at
    assert due is not None
    _to_first_break(tournament)
    with pytest.raises(match="during a break"):
        apply_intent(table.pk, "host", {"type": "start_hand"})
    assert timers.fire_due(now=due + 1) == 1
    state = load_state(table.pk)
    assert not state.hand_in_progress and Hand.objects.filter(table=table).count() == 1
    tournament.refresh_from_db()
    break_left = clock_state(tournament.get_clock(), tournament.get_structure(), due + 1).seconds_left
    assert state.next_deal_at == pytest.approx(due + 1 + break_left)
    assert timers.fire_due(now=due + 2) == 0  # nothing fires again before the break ends


def test_a_bust_heads_up_places_the_loser_and_declares_the_winner(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """ "Bust out of chips and you're out (in a freeze-out)"; "play until one person has all the
    chips": the winner has them all, and they leave play with the tournament's end."""
    table = two_tables[0]
    tournament = _start_clock(_heads_up(night, host, table))
    seats = {s.player: s.seat for s in load_state(table.pk).table.seats}
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    _all_in_and_call(table)
    tournament.refresh_from_db()
    if tournament.status != Tournament.Status.FINISHED:
        pytest.fail("This seed splits the pot: choose another")
    winner = tournament.entries.get(place=1)
    assert (winner.out_table_id, winner.out_seat) == (table.pk, seats[str(winner.player_id)])
    assert winner.out_chips == 2 * tournament.starting_stack
    assert sorted(e.place for e in tournament.entries.all()) == [1, 2]
    assert load_state(table.pk).table.seats == () and not Seat.objects.filter(table=table).exists()


def test_a_player_who_may_rebuy_is_offered_it_and_the_rebuy_refills_the_stack(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """ "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for good"."""
    table = two_tables[0]
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=7000)
    tournament = _start_clock(_heads_up(night, host, table, rules))
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    _all_in_and_call(table)
    (offered,) = tournament_play.rebuy_offers(tournament)
    assert offered.place is None and Seat.objects.filter(player=offered.player).exists()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    tournaments.record_rebuy(offered.pk, host)
    back = load_state(table.pk).table.seat_of(str(offered.player_id))
    assert back is not None and back.stack == 7000
    assert tournament_play.rebuy_offers(tournament) == []


def test_a_rebuy_for_a_player_who_still_has_chips_is_refused(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=7000)
    tournament = _start_clock(_heads_up(night, host, two_tables[0], rules))
    entry = tournament.entries.first()
    with pytest.raises(Exception, match="still has chips"):
        tournaments.record_rebuy(entry.pk, host)
    entry.refresh_from_db()
    assert entry.rebuys == 0


def test_a_balancing_move_takes_the_player_and_their_stack_to_the_other_table(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """Balancing moves confirmed by the host: the player leaves one live table and sits at the
    other with the chips they had; their phone's table page follows their seat."""
    names = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")
    tournament, players = make_tournament(night, host, names=names)
    kitchen, lounge = two_tables
    for number, player in enumerate(players[:6], 1):
        seating.move_player(player, kitchen, number)
        apply_intent(kitchen.pk, "host", {"type": "set_stack", "seat": number, "stack": 9000 + number})
    seating.move_player(players[6], lounge, 1)
    moves = tournament_seating.propose_moves(tournament)
    assert moves and all(move.to_table == 2 for move in moves)
    had = {s.player: s.stack for s in load_state(kitchen.pk).table.seats}
    tournament_seating.confirm_moves(tournament.pk, host, list(moves))
    for move in moves:
        after = load_state(lounge.pk).table.seat_of(move.player)
        assert after is not None and after.seat == move.to_seat and after.stack == had[move.player]
        assert load_state(kitchen.pk).table.seat_of(move.player) is None
    assert load_state(lounge.pk).table.mode is GameMode.TOURNAMENT
    # Their phone follows the seat: the player's own table page is now the new table.
    client = Client()
    session = client.session
    session[SESSION_KEY] = Player.objects.get(pk=int(moves[0].player)).session_token
    session.save()
    page = client.get(reverse("player_table"))
    assert page.status_code == 200 and page.context["table"].pk == lounge.pk


@pytest.mark.parametrize(
    ("stacks", "places"),
    [
        ((4000, 6000, 20000), {"Ann": (3, 1), "Bea": (2, 1), "Cal": (1, 1)}),
        ((5000, 5000, 20000), {"Ann": (2, 2), "Bea": (2, 2), "Cal": (1, 1)}),
    ],
)
def test_players_out_in_the_same_hand_are_placed_by_their_chips_when_it_started(
    night: Night, host: User, two_tables: list[Table], stacks: tuple[int, ...], places: dict
) -> None:
    """ "Players who bust in the same hand are placed by the chips they had when that hand
    started: more chips, better place. Players who started it with equal stacks share."
    """
    table = two_tables[0]
    tournament, players = make_tournament(night, host, names=("Ann", "Bea", "Cal"))
    for number, (player, stack) in enumerate(zip(players, stacks, strict=True), 1):
        seating.move_player(player, table, number)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": stack})
    tournament = _start_clock(tournament)
    seed = _seed_where(table, {str(players[0].pk), str(players[1].pk)})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed})
    _all_in_and_call(table)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    got = {e.player.display_name: (e.place, e.shared_by) for e in tournament.entries.select_related("player")}
    assert got == places


def test_an_add_on_at_the_first_break_goes_onto_the_live_stack(
    night: Night, host: User, two_tables: list[Table]
) -> None:
    """The add-on: "Once, at the first break, while still in the tournament"; its chips reach the table."""
    table = two_tables[0]
    rules = RebuyRules(add_on=True, add_on_stack=3000)
    tournament = _start_clock(_heads_up(night, host, table, rules))
    _to_first_break(tournament)
    entry = tournament.entries.first()
    tournaments.record_add_on(entry.pk, host)
    sitting = load_state(table.pk).table.seat_of(str(entry.player_id))
    assert sitting is not None and sitting.stack == tournament.starting_stack + 3000
