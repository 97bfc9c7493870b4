"""The whole-night test's featured hands: the house games' chip-moving moments, played on purpose.

Random hands seldom reach them: a seven-deuce that wins and shows, everyone all-in before the
river with everyone agreeing to run it twice, a straddle asked for and posted, a rabbit hunted
after a hand that ended early. So each night starts with one featured hand of each, in a random
order (and the night may play more later): the host makes sure the cash table has players with
chips and turns the house options on, then the hand is dealt through the write path and played
by the players' own decisions, steered towards the moment, with a chosen deck where the moment
needs particular cards. The night's invariants then check that no chip was made or lost.

- 7-2: "every other player dealt in (folded or not) pays the bounty from their stack, and a
  player with less pays what they have" (engine/house/seven_deuce.py);
- run it twice: "If every one of them says "twice", two runouts are dealt and every pot, side
  pots included, is split in half ... "the extra smallest unit goes to the first board""
  (engine/house/run_it_twice.py);
- straddle: "Only the player immediately to the left of the big blind ... may straddle, and it
  must be exactly double the big blind" (house-rules-texas-holdem.txt);
- rabbit hunt: "Only board cards, never anyone's hole cards": it moves no chip.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import initialize, rule

from engine import next_hand
from engine.button import plan
from engine.config import HandConfig
from engine.errors import EngineError
from engine.forced_bets import PostKind
from engine.house import rabbit_hunt
from engine.house.seven_deuce import is_seven_deuce
from engine.live import HOST, LiveTable
from engine.live.fairness import pledge_of
from engine.table_state import SeatStatus
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Table
from tables.models.ledger import EntryKind
from tables.services.hosting import host_panel, table_settings
from tables.services.ledger import closing, ledger
from tables.services.seating import joining, seating
from tables.tests.night_house_rules import (
    HouseRulesAtTheCashTables,
    Steer,
    first_allowed,
    give_up_to,
    play_out,
    seven_deuce_seed,
)

# "phones_shuffle": the players' phones pledge values and the deal waits for them; some come,
# the others' time runs out and their hands are dealt dead (docs/shuffle.md).
FEATURES = ("seven_deuce", "run_it_twice", "straddle", "rabbit_hunt", "phones_shuffle")


def all_in_and_twice(state: LiveTable, seat: int) -> dict[str, Any]:
    """Everyone puts all their chips in (a raise or bet to the most, else a call, else a check)
    and, asked, says run it twice; but with three or more dealt in, the small blind gives up
    its chip, so the pot is odd and halving it leaves the odd chip: "the extra smallest unit
    goes to the first board"."""
    hand = state.hand
    assert hand is not None
    if hand.phase == "run_it_twice":
        return {"type": "run_twice"}
    actions = hand.legal_actions(seat)["actions"]
    small_blind = any(p.seat == seat and p.kind is PostKind.SMALL_BLIND for p in hand.config.posts)
    if small_blind and len(hand.seats) > 2 and actions.get("fold", {}).get("allowed"):
        return {"type": "fold"}
    for wager in ("raise", "bet"):
        if actions.get(wager, {}).get("allowed"):
            return {"type": wager, "to": actions[wager]["max_to"]}
    found = first_allowed(state, seat, ("call", "check", "show", "muck"))
    assert found is not None, f"seat {seat} has nothing to do in {hand.phase}"
    return found


def everyone_folds(state: LiveTable, seat: int) -> dict[str, Any] | None:
    """Everyone gives up to the first player to bet or to the big blind: the hand ends before the
    flop, with the rest of the board still in the deck."""
    return first_allowed(state, seat, ("fold", "check", "muck"))


def dealt_seats(state: LiveTable) -> set[int]:
    """The seats the next deal would deal in, as the table stands."""
    try:
        return {s.seat for s in plan(state.table).config.seats}
    except EngineError:
        return set()


class FeaturedHandsAtTheCashTables(HouseRulesAtTheCashTables):
    """Mixed into the night's machine (after HouseRulesAtTheCashTables' rules)."""

    @initialize(seed=st.integers(0, 10**6))
    def each_house_game_comes_up_tonight(self, seed: int) -> None:
        """One featured hand of each house game at the first table, in a random order."""
        rnd = random.Random(seed)
        for feature in rnd.sample(FEATURES, len(FEATURES)):
            self.featured_hand(0, feature, rnd.randrange(10**6))

    @rule(table=st.integers(0, 1), feature=st.sampled_from(FEATURES), seed=st.integers(0, 10**6))
    def featured_hand(self, table: int, feature: str, seed: int) -> None:
        """The host readies a cash table for the house game's moment and a hand plays it."""
        rnd = random.Random(seed)
        chosen = self.cash_tables[table]
        if not self._ready_for_house_games(chosen, rnd, 3 if feature in ("straddle", "run_it_twice") else 2):
            return
        state = load_state(chosen.pk)
        deal: dict[str, Any] = {"type": "start_hand"}
        steer: Steer | None = None
        straddler: int | None = None
        if feature == "seven_deuce":
            deck_seed = seven_deuce_seed(state, rnd)
            if deck_seed is None:
                return
            deal["seed"] = deck_seed
        elif feature == "run_it_twice":
            steer = all_in_and_twice
        elif feature == "straddle":
            straddler = self._ask_to_straddle(chosen)
        elif feature == "rabbit_hunt":
            steer = everyone_folds
        values = self._phones_pledge(chosen, rnd) if feature == "phones_shuffle" else {}
        try:
            apply_intent(chosen.pk, HOST, deal)
        except ActionRefused:
            return  # the deal said why; nothing was dealt
        if values:
            self._values_come_or_not(chosen, values, rnd)
        if feature == "seven_deuce":
            hand = load_state(chosen.pk).hand
            assert hand is not None
            steer = give_up_to(next(s.seat for s in hand.seats if is_seven_deuce(s.hole)))
        if feature == "straddle" and straddler is not None:
            hand = load_state(chosen.pk).hand
            assert hand is not None
            # "The deal posts it and clears the request" (engine.live.seating.straddle).
            assert any(p.seat == straddler and p.kind is PostKind.STRADDLE for p in hand.config.posts)
        after = play_out(chosen.pk, rnd, steer)
        if feature == "rabbit_hunt" and after.hand is not None and rabbit_hunt.huntable(after.hand):
            # A player of the hand asks for the rabbit: with the option on, it is shown.
            asker = next(
                index
                for index, player in enumerate(self.cash_players)
                if (seat := after.table.seat_of(str(player.pk))) is not None and seat.seat in after.hand.index
            )
            self._hunt_the_rabbit(chosen, asker)
            assert self.last_refusal is None, str(self.last_refusal)

    def _phones_pledge(self, table: Table, rnd: random.Random) -> dict[str, str]:
        """Every seated player's phone pledges a value for the next deal; the values, by player."""
        values = {}
        for seat in load_state(table.pk).table.seats:
            if seat.player.isdigit():
                values[seat.player] = rnd.randbytes(32).hex()
                pledge = {"type": "shuffle_pledge", "pledge": pledge_of(values[seat.player])}
                apply_intent(table.pk, player_actor(int(seat.player)), pledge)
        return values

    def _values_come_or_not(self, table: Table, values: dict[str, str], rnd: random.Random) -> None:
        """Some phones send their values; for the others the dealer's time runs out. A player
        whose value never came is dealt a dead hand."""
        shuffling = load_state(table.pk).shuffling
        if shuffling is None:
            return  # nobody dealt in had pledged (or the deal was refused)
        silent = {player for player in shuffling.pledges if rnd.random() < 0.3}
        for player in shuffling.pledges.keys() - silent:
            sent = {"type": "shuffle_value", "value": values[player], "commitment": shuffling.commitment}
            apply_intent(table.pk, player_actor(int(player)), sent)
        state = load_state(table.pk)
        if state.shuffling is not None:
            timeout = {"type": "timeout", "version": state.version}
            apply_intent(table.pk, "system", timeout, now=state.shuffling.deadline + 1)
            state = load_state(table.pk)
        assert state.shuffling is None
        dealt = [s.player for s in HandConfig.from_json(shuffling.config).seats]
        if silent >= set(dealt):
            # Nobody dealt in sent a value: the deal is void and dealt again, nothing moved.
            assert state.hand is None and state.table.redeal is not None
            return
        assert state.hand is not None
        dead = {s.seat for s in state.hand.config.seats if s.player in silent}
        assert all(state.hand.seat(seat).folded for seat in dead), "a silent phone's hand was not dead"

    def _ready_for_house_games(self, table: Table, rnd: random.Random, players: int) -> bool:
        """The host gets the table ready: the night open, no hand left half played, every house
        option of No-Limit Hold'em on, and at least `players` dealt into the next hand (players
        sitting out come back, new players join and buy in for the free seats, and a hand is
        played for newcomers the blinds have not reached yet). False if it cannot be done."""
        if not self.cash.is_open:
            with self.refused_changes_nothing():
                closing.reopen_night(self.cash, self.host, "one more hand")
            self.cash.refresh_from_db()
            if not self.cash.is_open:
                return False
        if load_state(table.pk).hand_in_progress:
            play_out(table.pk, rnd)
        with self.refused_changes_nothing():
            table_settings.save_settings(
                table,
                self.host,
                "house games tonight",
                game_options={"seven_deuce": rnd.choice([1, 2]), "rabbit_hunt": True},
                game="nlhe",
                small_blind=1,
                big_blind=2,
                straddle_allowed=True,
                run_it_twice=True,
            )
        if self.last_refusal is not None:
            return False
        for _ in range(4):
            self._sit_everyone_in(table)
            state = load_state(table.pk)
            if len(dealt_seats(state)) >= players:
                return not state.hand_in_progress
            if len([s for s in state.table.seats if s.stack > 0]) < players:
                if not self._newcomer_sits_down(table, rnd):
                    return False
                continue
            # "A new player ... is dealt in at once, except between the button and the small
            # blind" (engine.button): one hand passes them by.
            with contextlib.suppress(ActionRefused):  # a deal refused says why; nothing was dealt
                apply_intent(table.pk, HOST, {"type": "start_hand"})
                play_out(table.pk, rnd, everyone_folds)
        return False

    def _newcomer_sits_down(self, table: Table, rnd: random.Random) -> bool:
        """A new player joins, buys in and takes a free seat at `table`: False if none is free."""
        free = seating.free_seat_numbers(table)
        if not free:
            return False
        with self.refused_changes_nothing():
            player = joining.join_night(self.cash, f"P{len(self.cash_players)}")
            self.cash_players.append(player)
            ledger.record_chips_in(player, EntryKind.BUY_IN, rnd.randint(20, 400), self.host)
            host_panel.move_player(player, table, free[0], self.host)
        return self.last_refusal is None

    def _sit_everyone_in(self, table: Table) -> None:
        """Each player with chips who sits out comes back now, posting what they owe ("you can
        resume play by either posting the total amount of the blinds ... or waiting for the big
        blind")."""
        state = load_state(table.pk)
        for seat in state.table.seats:
            if seat.stack > 0 and seat.status is SeatStatus.SITTING_OUT:
                player = player_actor(int(seat.player))
                with self.refused_changes_nothing():
                    apply_intent(table.pk, player, {"type": "sit_in", "entry": "post"})

    def _ask_to_straddle(self, table: Table) -> int | None:
        """The player under the gun asks to straddle the next hand: their seat, if taken."""
        state = load_state(table.pk)
        seat = next_hand.straddler(state.table)
        if seat is None:
            return None
        player = player_actor(int(state.table.occupant(seat).player))
        with self.refused_changes_nothing():
            apply_intent(table.pk, player, {"type": "straddle", "on": True})
        return seat if self.last_refusal is None else None
