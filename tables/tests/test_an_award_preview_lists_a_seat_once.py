"""An award's preview (and any ruling's) names each seat on one line.

The host confirms a ruling from its preview: awarding the middle ends the hand, so a seat's
chips change at the table and in the hand, and the preview listed the winner twice with the
same stack ("stack 200 → 203 chips" and "200 → 203 chips behind"), and each blind twice.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.hosting import host_rulings
from tables.services.ledger import ledger
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def _seats_named(changes: list[str]) -> list[str]:
    return [found.group(1) for line in changes if (found := re.match(r"Seat (\d+) ", line))]


def test_awarding_the_pot_lists_each_seat_once(table: Table, host: User) -> None:
    for player in seat_players(table, ["Ann", "Bob", "Cy"]):
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    state = load_state(table.pk)
    middle = state.hand.pot + sum(s.bet for s in state.hand.seats)
    winner = 1
    shown = host_rulings.preview(table, host, "award_pot", {"seat": str(winner)})
    seats = _seats_named(shown.changes)
    assert sorted(seats) == sorted(set(seats)), shown.changes
    (winner_line,) = [line for line in shown.changes if line.startswith(f"Seat {winner} ")]
    before = state.table.seat(winner).stack
    assert winner_line == f"Seat 1 (Ann): stack {before} → {before + middle - state.hand.seat(1).bet} chips"
    # The blinds' line says both what they keep and the bet that goes to the winner.
    (bob,) = [line for line in shown.changes if line.startswith("Seat 2 ")]
    assert "bet 1 → 0" in bob and "stack 200 → 199 chips" in bob
    assert "Hand #1 ends" in shown.changes


def test_lines_of_one_seat_are_joined_where_the_first_was() -> None:
    changes = [
        "Seat 1 (Ann (the) one): stack 200 → 203 chips",
        "Seat 2 (Bob): stack 200 → 199 chips",
        "Button: seat 1 → seat 2",
        "Seat 1 (Ann (the) one): 200 → 203 chips behind",
        "Seat 2 (Bob): bet 1 → 0",
        "Seat 2 (Bob): 199 → 150 chips behind",
        "Hand #1 ends",
        "Hand #1 ends",
    ]
    assert host_rulings.one_line_per_seat(changes) == [
        "Seat 1 (Ann (the) one): stack 200 → 203 chips",
        "Seat 2 (Bob): stack 200 → 199 chips, bet 1 → 0, 199 → 150 chips behind",
        "Button: seat 1 → seat 2",
        "Hand #1 ends",
        "Hand #1 ends",
    ]
