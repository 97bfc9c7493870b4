"""Shared set-up for the tournament tests: a tournament with entrants, a frozen clock, all-in hands."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.auth.models import User

from engine.live import LiveTable
from engine.live import apply as engine_apply
from engine.tournament import PayoutTable, RebuyRules, Structure
from tables import live
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.seating import joining, seat_records, seating
from tables.services.tournament import tournament_clock, tournament_seating, tournament_setup

T0 = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    """`minutes` after T0, the moment the clock starts in these tests."""
    return T0 + datetime.timedelta(minutes=minutes)


def make_tournament(
    night: Night,
    host: User,
    names: tuple[str, ...] = ("Ann", "Bea", "Cal", "Dan"),
    *,
    template_key: str = "home-2h",
    rules: RebuyRules | None = None,
    payouts: tuple[int, ...] = (50, 30, 20),
    buy_in: int = 20,
    rebuy_price: int = 0,
    add_on_price: int = 0,
) -> tuple[Tournament, list[Player]]:
    """A tournament on a shipped structure with `names` entered, clock not started."""
    tournament = tournament_setup.create_tournament(
        night, host, name="Main event", template_key=template_key, buy_in=buy_in, now=T0
    )
    structure = Structure.from_json(tournament.structure)
    tournament_setup.update_tournament(
        tournament.pk,
        host,
        name="Main event",
        buy_in=buy_in,
        rebuy_price=rebuy_price,
        add_on_price=add_on_price,
        structure=structure,
        rules=rules or RebuyRules(),
        payouts=PayoutTable(payouts),
        now=T0,
    )
    players = [joining.join_night(night, name) for name in names]
    if players:
        tournament_setup.register_players(tournament.pk, host, players, now=T0)
    tournament.refresh_from_db()
    return tournament, players


def three_drawn_and_dan_entered_late(
    night: Night,
    host: User,
    *,
    rules: RebuyRules,
    entered_at: float,
    rebuy_price: int = 0,
    add_on_price: int = 0,
) -> tuple[Tournament, TournamentEntry]:
    """Ann, Bea and Cal drawn to the night's tables (10,000 each on home-2h), the clock started at
    T0; Dan entered `entered_at` minutes later and not seated yet. The tournament and Dan's entry."""
    tournament, _ = make_tournament(
        night,
        host,
        names=("Ann", "Bea", "Cal"),
        rules=rules,
        rebuy_price=rebuy_price,
        add_on_price=add_on_price,
    )
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))
    dan = joining.join_night(night, "Dan")
    tournament_setup.register_players(tournament.pk, host, [dan], now=at(entered_at))
    return tournament, tournament.entries.select_related("player").get(player=dan)


SEVEN = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus")


def seven_at_two_tables(night: Night, host: User, tables: list[Table]) -> tuple[Tournament, list[Player]]:
    """Ann..Dan at the first table, Eve and Fay at the second, each with their own stack (9,100
    to 9,400 and 4,100, 4,200); Gus never came."""
    tournament, players = make_tournament(night, host, names=SEVEN)
    kitchen, lounge = tables
    for number, player in enumerate(players[:4], 1):
        seating.move_player(player, kitchen, number)
        apply_intent(kitchen.pk, "host", {"type": "set_stack", "seat": number, "stack": 9000 + 100 * number})
    for number, player in enumerate(players[4:6], 1):
        seating.move_player(player, lounge, number)
        apply_intent(lounge.pk, "host", {"type": "set_stack", "seat": number, "stack": 4000 + 100 * number})
    return tournament, players


def loses_every_chip(table: Table, player: Player) -> None:
    """`player`, seated at `table`, loses every chip to the next player there, as in an all-in
    hand (without playing one): their seat stays, waiting for the host's rebuy or Out."""
    seats = load_state(table.pk).table.seats
    (busted,) = (seat for seat in seats if seat.player == str(player.pk))
    winner = next(seat for seat in seats if seat is not busted)
    live.apply_intent(
        table.pk, "host", {"type": "set_stack", "seat": winner.seat, "stack": winner.stack + busted.stack}
    )
    live.apply_intent(table.pk, "host", {"type": "leave", "seat": busted.seat})
    # A bust in a hand holds the seat for the rebuy (the seat waits); a leave gives it up, so it
    # is held as the hand would have held it.
    entry = TournamentEntry.objects.get(player=player, place__isnull=True)
    seat_records.hold_for_rebuy(entry, table.pk, busted.seat)


def entry_of(tournament: Tournament, name: str) -> int:
    return tournament.entries.get(player__display_name=name).pk


def all_in_move(state: LiveTable) -> dict[str, Any]:
    """Whoever acts moves all in, or calls an all-in (checks when there is nothing to call)."""
    hand = state.hand
    offered = hand.legal_actions(hand.to_act)["actions"]
    if offered.get("raise", {}).get("allowed"):
        return {"type": "raise", "to": offered["raise"]["all_in_to"]}
    if offered.get("call", {}).get("allowed"):
        return {"type": "call"}
    return {"type": "check"}


def all_in_and_call(table: Table) -> None:
    """Every player moves all in or calls; the board runs out."""
    state = load_state(table.pk)
    while state.hand_in_progress:
        player = player_actor(int(state.table.occupant(state.hand.to_act).player))
        apply_intent(table.pk, player, {"type": "act", "action": all_in_move(state)})
        state = load_state(table.pk)


def seed_busting(table: Table, busted: set[str]) -> str:
    """A seed whose all-in hand busts exactly `busted` (found by playing it in the pure engine)."""
    before = load_state(table.pk)
    for number in range(500):
        seed = f"{number:064x}"
        state, _ = engine_apply(before, "host", {"type": "start_hand", "seed": seed}, 0)
        while state.hand_in_progress:
            move = {"type": "act", "action": all_in_move(state)}
            state, _ = engine_apply(state, state.hand.to_act, move, 0)
        if {s.player for s in state.table.seats} == {s.player for s in before.table.seats} - busted:
            return seed
    raise AssertionError("no seed found")
