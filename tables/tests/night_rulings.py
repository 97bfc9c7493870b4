"""The whole-night test's host rulings in the middle of a hand (see test_night_conserves_chips.py,
whose machine mixes these in and checks the chips after every step).

"The host's call is final, and open": a misdeal gives every chip back, an award gives the whole
middle, a killed or folded hand leaves its chips in the pot, an undone action takes back what it
put in. Each is made at a random moment of a hand at a cash table or a tournament's, and the hand
is played to its end after it; none may make or destroy a chip.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import rule

from engine.house.rulings import paused
from engine.live import HOST
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Table
from tables.models.tournaments import Tournament
from tables.services.hosting import host_rulings
from tables.tests.live_helpers import random_action
from tables.tests.night_house_rules import play_out

RULINGS = ["misdeal", "award_pot", "kill_hand", "fold_away", "undo", "exposed_card"]


class HostRulingsMidHand:
    """Mixed into the night's machine, which has the host, the cash and tournament tables."""

    host: Any
    cash_tables: list[Table]
    tour_tables: list[Table]
    tournament: Tournament | None

    @rule(
        tournament=st.booleans(),
        table=st.integers(0, 1),
        seed=st.integers(0, 10**6),
        decisions=st.integers(0, 8),
        ruling=st.sampled_from(RULINGS),
        seat=st.integers(0, 9),
    )
    def ruling_mid_hand(
        self, tournament: bool, table: int, seed: int, decisions: int, ruling: str, seat: int
    ) -> None:
        """A hand dealt, a few decisions made, then the host's ruling, then the hand to its end."""
        chosen = (self.tour_tables if tournament else self.cash_tables)[table]
        state = load_state(chosen.pk)
        if state.hand_in_progress or len([s for s in state.table.seats if s.stack > 0]) < 2:
            return
        try:
            apply_intent(chosen.pk, HOST, {"type": "start_hand"})
        except ActionRefused:
            return  # the clock's break, a guest with no buy-in beside bought chips
        rnd = random.Random(seed)
        for _ in range(decisions):
            state = load_state(chosen.pk)
            if not state.hand_in_progress or state.hand is None or state.hand.to_act is None:
                break
            who, action = random_action(state, rnd)
            player = state.table.occupant(who).player
            apply_intent(chosen.pk, player_actor(int(player)), {"type": "act", "action": action})
        state = load_state(chosen.pk)
        if state.hand_in_progress and state.hand is not None:
            dealt = [s.seat for s in state.hand.seats]
            values = {"seat": str(dealt[seat % len(dealt)]), "card_number": "1"}
            with contextlib.suppress(ActionRefused):  # a ruling the hand does not allow now
                host_rulings.apply_ruling(chosen, self.host, ruling, values, "the host's call", state.version)
        state = load_state(chosen.pk)
        if state.hand_in_progress and state.hand is not None and paused(state.hand) is not None:
            host_rulings.apply_ruling(chosen, self.host, "resume_hand", {}, "carry on", state.version)
        play_out(chosen.pk, rnd)
