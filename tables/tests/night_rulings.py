"""The whole-night test's host rulings in the middle of a hand (see test_night_conserves_chips.py,
whose machine mixes these in and checks the chips after every step).

"The host's call is final, and open": a misdeal gives every chip back, an award gives the whole
middle, a killed or folded hand leaves its chips in the pot, an undone action takes back what it
put in. Each is made at a random moment of a hand at a cash table or a tournament's, and the hand
is played to its end after it; none may make or destroy a chip.

The deck's rulings too (docs/shuffle.md, "Rulings cannot re-roll the deck"): cards exposed
during the deal (a second one on the same seat is refused and changes nothing), a host who
plays asking for a misdeal that a seated player agrees to or refuses, and phones that pledge and
then hold their values back (some of them: dead hands; all of them: the deal is void).
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import rule

from engine.house.rulings import paused
from engine.live import HOST
from engine.live.fairness import REVEAL_SECONDS, pledge_of
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Player, Table
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

    def _dealt_after(self, chosen: Table, rnd: random.Random, withheld: int = 0) -> bool:
        """Deal a hand whose phones all pledged, `withheld` of them keeping their value back
        (their time runs out); whether a hand is now being played."""
        state = load_state(chosen.pk)
        if state.hand_in_progress or len([s for s in state.table.seats if s.stack > 0]) < 2:
            return False
        values = {s.player: f"{rnd.getrandbits(256):064x}" for s in state.table.seats}
        for player, value in values.items():
            intent = {"type": "shuffle_pledge", "pledge": pledge_of(value)}
            apply_intent(chosen.pk, player_actor(int(player)), intent)
        try:
            apply_intent(chosen.pk, HOST, {"type": "start_hand"})
        except ActionRefused:
            return False  # the clock's break, a guest with no buy-in beside bought chips
        state = load_state(chosen.pk)
        if state.shuffling is not None:
            waiting = sorted(state.shuffling.pledges)
            for player in waiting[withheld:]:
                intent = {
                    "type": "shuffle_value",
                    "value": values[player],
                    "commitment": state.shuffling.commitment,
                }
                apply_intent(chosen.pk, player_actor(int(player)), intent)
            state = load_state(chosen.pk)
            if state.shuffling is not None:
                late = time.time() + REVEAL_SECONDS + 1
                apply_intent(chosen.pk, "system", {"type": "timeout", "version": state.version}, now=late)
        state = load_state(chosen.pk)
        return state.hand_in_progress and state.hand is not None

    @rule(
        tournament=st.booleans(),
        table=st.integers(0, 1),
        seed=st.integers(0, 10**6),
        seat=st.integers(0, 9),
        withheld=st.integers(0, 9),
        host_plays=st.booleans(),
        agree=st.booleans(),
    )
    def deck_rulings(
        self, tournament: bool, table: int, seed: int, seat: int, withheld: int, host_plays: bool, agree: bool
    ) -> None:
        """Phones pledge, some hold their values back; a card exposed during the deal, then a
        second on the same seat (refused); a misdeal asked by a host who plays, agreed to or
        refused by a seated player; then the hand to its end."""
        rnd = random.Random(seed)
        first = self.tour_tables if tournament else self.cash_tables
        tables = [*first[table:], *first[:table], *(self.cash_tables if tournament else self.tour_tables)]
        # The first table that can deal now (another may be on a break, or short of players).
        chosen = next((t for t in tables if self._dealt_after(t, rnd, withheld % 4)), None)
        if chosen is None:
            return
        state = load_state(chosen.pk)
        dealt = [s.seat for s in state.hand.seats]
        values = {"seat": str(dealt[seat % len(dealt)]), "card_number": "1", "during_deal": "on"}
        with contextlib.suppress(ActionRefused):  # a dead hand's seat, a game with no card to spare
            host_rulings.apply_ruling(chosen, self.host, "exposed_card", values, "flipped", state.version)
        again = load_state(chosen.pk)
        if again.hand is not None and any(e["dead"] for e in again.hand.extras.get("exposed", [])):
            with contextlib.suppress(ActionRefused):
                host_rulings.apply_ruling(chosen, self.host, "exposed_card", values, "again", again.version)
            assert load_state(chosen.pk).version == again.version  # refused: nothing changed
        holder = int(state.hand.config.seats[0].player)
        own_user = Player.objects.get(pk=holder).user
        if host_plays:
            Player.objects.filter(pk=holder).update(user=self.host)
        state = load_state(chosen.pk)
        if state.hand_in_progress and state.hand is not None:
            with contextlib.suppress(ActionRefused):
                host_rulings.apply_ruling(chosen, self.host, "misdeal", {}, "cards flashed", state.version)
        pending = load_state(chosen.pk).pending_ruling
        if pending is not None:
            other = next(s.player for s in load_state(chosen.pk).table.seats if int(s.player) != holder)
            answer = {"type": "answer_ruling", "id": pending["id"], "answer": "yes" if agree else "no"}
            apply_intent(chosen.pk, player_actor(int(other)), answer)
        Player.objects.filter(pk=holder).update(user=own_user)
        play_out(chosen.pk, rnd)
