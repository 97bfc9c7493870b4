"""An award's preview says a bet that goes into the pot once, as part of the stack's change.

"stack 158 → 148, bet 10 → 0" read as if the bet were lost twice: the 10 chips that leave the
stack are the bet. The line says the bet is inside the stack's change.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.hosting import host_rulings
from tables.services.ledger import ledger
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def test_a_blinds_line_says_its_bet_is_inside_its_stacks_change(table: Table, host: User) -> None:
    for player in seat_players(table, ["Ann", "Bob", "Cy"]):
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    state = load_state(table.pk)
    blind = state.hand.seat(2).bet
    assert blind > 0
    shown = host_rulings.preview(table, host, "award_pot", {"seat": "1"})
    (line,) = [line for line in shown.changes if line.startswith("Seat 2 ")]
    assert line.startswith(f"Seat 2 (Bob): stack 200 → {200 - blind} chips, its bet {blind} → 0 included")


def test_a_line_without_a_stack_keeps_its_bet_as_it_is() -> None:
    lines = ["Seat 2 (Bob): bet 2 → 0", "Seat 1 (Ann): stack 200 → 203 chips"]
    assert host_rulings.bets_said_inside_stacks(lines) == lines
