"""Where a player sits has one truth, the live table; the seat records follow it and are written
nowhere else (`tables.services.seating.seat_records`, docs/design.md "The one write path").

"Seats will be randomly assigned" (house rules); "Rebuys. If the night allows them, busting
isn't the end while you still have a rebuy left. You can buy back in for a fresh stack and
keep playing": the seat a busted entrant may buy back into waits for them, with no chips.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.tournament import RebuyRules
from tables import live
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Seat, Table
from tables.models.tournaments import TournamentAction
from tables.services.seating import seat_records, seating
from tables.services.tournament import tournament_clock, tournament_play, tournaments
from tables.tests.live_helpers import seat_players
from tables.tests.tournament_helpers import all_in_and_call, make_tournament, seed_busting

pytestmark = pytest.mark.django_db

TABLES_APP = Path(__file__).resolve().parents[1]
WRITES = {"create", "bulk_create", "update", "delete", "save", "get_or_create", "update_or_create"}


def _rows(table: Table) -> dict[str, int]:
    return {str(player): number for player, number in table.seats.values_list("player_id", "number")}


def _sitting(table: Table) -> dict[str, int]:
    return {seat.player: seat.seat for seat in load_state(table.pk).table.seats if not seat.leaving}


def test_no_code_but_the_seat_records_writes_a_seat_row() -> None:
    """Every `Seat` row written in the app is written by `seat_records`: a grep for the writes
    finds that one module (tests and migrations aside)."""
    writers = set()
    for path in TABLES_APP.rglob("*.py"):
        relative = path.relative_to(TABLES_APP)
        if relative.parts[0] in ("tests", "migrations"):
            continue
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            written = node.func.attr in WRITES
            target = ast.get_source_segment(source, node.func.value) or ""
            if written and ("Seat" in target or "seats" in target):
                writers.add(str(relative))
    assert writers == {"services/seating/seat_records.py"}


def test_a_seat_draw_writes_the_record_with_the_live_seat(table: Table) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    assert _rows(table) == _sitting(table) and set(_rows(table)) == {str(ann.pk), str(bob.pk)}


def test_a_player_is_not_seated_at_two_tables_whatever_the_door(
    table: Table, make_table: Callable[..., Table]
) -> None:
    """The records' constraint holds every door: a sit at a second table, sent straight to the
    write path, is refused whole and leaves both tables as they were."""
    (ann,) = seat_players(table, ["Ann"])
    lounge = make_table("Lounge")
    before = load_state(lounge.pk).version
    sit = {"type": "sit", "seat": 1, "player": str(ann.pk), "stack": 100, "name": "Ann"}
    with pytest.raises(ActionRefused, match="Ann already sits at Main table"):
        apply_intent(lounge.pk, "host", sit)
    assert load_state(lounge.pk).version == before and _sitting(lounge) == {}
    assert Seat.objects.get(player=ann).table_id == table.pk


def test_a_player_leaving_during_a_hand_frees_the_record_at_once_and_stays_dealt_in(table: Table) -> None:
    ann, *_ = seat_players(table, ["Ann", "Bob", "Cal"])
    apply_intent(table.pk, "host", {"type": "start_hand"})
    number = load_state(table.pk).table.seat_of(str(ann.pk)).seat
    apply_intent(table.pk, live.player_actor(ann.pk), {"type": "leave", "seat": number})
    assert load_state(table.pk).table.seat_of(str(ann.pk)).leaving
    assert str(ann.pk) not in _rows(table) and _rows(table) == _sitting(table)


def test_a_host_move_keeps_the_record_where_the_live_table_has_the_player(
    table: Table, make_player: Callable[..., Player]
) -> None:
    ann = make_player("Ann")
    seating.move_player(ann, table, 4)
    seating.move_player(ann, table, 7)
    assert _rows(table) == _sitting(table) == {str(ann.pk): 7}


REBUYS = RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=5000)


def test_a_busted_entrant_s_seat_waits_for_the_rebuy_moves_with_a_move_and_the_rebuy_sits_them(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    kitchen, lounge = make_table("Kitchen", max_seats=6), make_table("Lounge", max_seats=6)
    tournament, (ann, bea, cal) = make_tournament(night, host, names=("Ann", "Bea", "Cal"), rules=REBUYS)
    for number, player in enumerate((ann, bea, cal), 1):
        seating.move_player(player, kitchen, number)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    apply_intent(kitchen.pk, "host", {"type": "set_stack", "seat": 1, "stack": 100})
    apply_intent(kitchen.pk, "host", {"type": "start_hand", "seed": seed_busting(kitchen, {str(ann.pk)})})
    all_in_and_call(kitchen)

    entry = tournament.entries.get(player=ann)
    assert entry in tournament_play.rebuy_offers(tournament)
    assert load_state(kitchen.pk).table.seat_of(str(ann.pk)) is None  # no chips at the table
    assert seat_records.held_seat(entry) == (kitchen.pk, 1)
    assert _rows(kitchen) == {**_sitting(kitchen), str(ann.pk): 1}  # the seat waits for her
    with pytest.raises(ActionRefused, match="Seat 1 at Kitchen is taken by Ann"):
        seating.move_player(bea, kitchen, 1)

    seating.move_player(ann, lounge, 3)
    entry.refresh_from_db()
    assert seat_records.held_seat(entry) == (lounge.pk, 3) and str(ann.pk) not in _rows(kitchen)
    assert _rows(lounge) == {str(ann.pk): 3} and _sitting(lounge) == {}

    tournaments.record_rebuy(entry.pk, host)
    entry.refresh_from_db()
    assert seat_records.held_seat(entry) is None
    assert _rows(lounge) == _sitting(lounge) == {str(ann.pk): 3}
    assert load_state(lounge.pk).table.seat_of(str(ann.pk)).stack == REBUYS.rebuy_stack
