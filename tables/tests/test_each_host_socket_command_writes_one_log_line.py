"""Every host command over a table's socket writes one line in the night's open log, with who,
when, what exactly and why; a refused ruling attempt is one line too.

House rules: "The host's call is final, and open." Issue 20: "Every host action is one log
line with who, when, what exactly (seat, player, amounts before and after) and why."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from engine.live.intents import INTENTS
from tables.live import apply_intent
from tables.services.hosting import host_panel
from tables.tests.conftest import host_calls
from tables.tests.host_action_lines import (
    WHY,
    Night2,
    cash_night_in_progress,  # noqa: F401  (a fixture)
    check_one_complete_line,
    deal_a_hand,
    host_of_the_cash_night,  # noqa: F401  (a fixture)
    last_line_id,
    made_once_cash_night,  # noqa: F401  (a fixture)
)

pytestmark = pytest.mark.django_db


# Host intents over a table's socket (tables.consumers -> host_panel.socket_command): the
# intent, a setup that makes it possible, and words its line must hold. Rulings the state here
# cannot reach are refused, and a refused ruling attempt is one line too.
SOCKET_SCENARIOS: dict[str, tuple[Callable[[Night2], object] | None, dict[str, Any], str]] = {
    "start_hand": (None, {"type": "start_hand"}, "dealt the next hand: Button: "),
    "pause": (deal_a_hand, {"type": "pause"}, "paused dealing"),
    "sit": (
        None,
        {"type": "sit", "seat": 5, "player": "guest", "stack": 100, "name": "Guest"},
        "Seat 5 (Guest) sits down with 100 chips",
    ),
    "leave": (
        None,
        {"type": "leave", "seat": 1},
        "Cash-out: Ann, 200 chips = 20.00 EUR; left Main table seat 1",
    ),
    "sit_out": (None, {"type": "sit_out", "seat": 1}, "Seat 1 (Ann): active → sitting out"),
    "sit_in": (
        lambda c: apply_intent(c.main.pk, HOST, {"type": "sit_out", "seat": 1}),
        {"type": "sit_in", "seat": 1},
        "Seat 1 (Ann): sitting out →",
    ),
    "change_seat": (None, {"type": "change_seat", "seat": 1, "to": 6}, "moved a player to another seat"),
    "set_stack": (None, {"type": "set_stack", "seat": 2, "stack": 150}, "Correction: Bob, -50 chips"),
    "move_chips": (
        None,
        {"type": "move_chips", "from": 2, "to": 1, "chips": 50},
        "Seat 2 (Bob): stack 200 → 150 chips",
    ),
    "move_button": (None, {"type": "move_button", "seat": 2}, "Button: not placed yet → seat 2"),
    "options": (None, {"type": "options", "action_seconds": 30}, "changed the table's options"),
    "set_game": (
        None,
        {"type": "set_game", "game": "plo", "stakes": {"small_blind": 1, "big_blind": 2}},
        "changed the game",
    ),
    "misdeal": (deal_a_hand, {"type": "misdeal", "reason": WHY}, "called a misdeal"),
    # No ruling waits for this answer: refused, in one line (tables.services.hosting.second_yes).
    "answer_ruling": (
        deal_a_hand,
        {"type": "answer_ruling", "id": 0, "answer": "yes", "reason": WHY},
        "refused",
    ),
    "exposed_card": (
        deal_a_hand,
        {"type": "exposed_card", "seat": 1, "card_number": 1, "reason": WHY},
        "exposed card",
    ),
    "award_pot": (deal_a_hand, {"type": "award_pot", "seat": 2, "reason": WHY}, "awarded the pot: "),
    "kill_hand": (deal_a_hand, {"type": "kill_hand", "seat": 1, "reason": WHY}, "killed a hand"),
    "fold_away": (deal_a_hand, {"type": "fold_away", "seat": 1, "reason": WHY}, "folded an away player"),
    "undo": (deal_a_hand, {"type": "undo", "reason": WHY}, "undid the last action"),
    "pause_hand": (deal_a_hand, {"type": "pause_hand", "reason": WHY}, "paused the hand"),
    "resume_hand": (
        lambda c: (deal_a_hand(c), apply_intent(c.main.pk, HOST, {"type": "pause_hand"})),
        {"type": "resume_hand", "reason": WHY},
        "resumed the hand",
    ),
    "settle_out_of_turn": (
        deal_a_hand,
        {"type": "settle_out_of_turn", "seat": 1, "decision": "stands", "reason": WHY},
        "out of turn",
    ),
    "reveal_rest": (deal_a_hand, {"type": "reveal_rest", "reason": WHY}, "revealed the rest"),
    "ruling": (deal_a_hand, {"type": "ruling", "ruling": {"type": "pause"}, "reason": WHY}, "made a ruling"),
}


@pytest.mark.parametrize("kind", list(SOCKET_SCENARIOS))
def test_each_host_command_over_the_socket_writes_one_complete_line(
    cash: Night2, host: User, kind: str
) -> None:
    setup, intent, words = SOCKET_SCENARIOS[kind]
    if setup is not None:
        setup(cash)
    before = last_line_id()
    try:
        host_panel.socket_command(cash.main.pk, host, intent, f"c-{kind}", None)
    except Exception as refused:  # a refused ruling attempt: still exactly one line, saying so
        assert INTENTS[kind].changes_hand, refused
        line = check_one_complete_line(before, cash.night, "refused", why=True)
        assert line.what.startswith("Main table: refused: ")
        return
    check_one_complete_line(before, cash.night, words, why="reason" in intent)
    assert host_calls().filter(pk__gt=before).count() == 1
