"""Random hands of the home games, with out-of-turn actions and host rulings, checked after every step.

A misdeal is re-dealt (the same HandConfig, a new shuffle) and play goes on.
Invariants: chips are conserved, no card appears twice, a live hand always waits for
someone (or for the host), the JSON round trip and the replay of the events give the same
state, a refused action or ruling changes nothing, and in Crazy Blind Man no view or
history of a seat ever contains that seat's own cards before the showdown ("A player
shall not look at their own cards until the showdown") or a card removed from it ("No
player may see the card that was taken from them").
"""

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.errors import EngineError, IllegalActionError, RulingError
from engine.forced_bets import standard_config
from engine.hand import Hand
from engine.house import blind_holdem, crazy_blind_man
from engine.house.rulings import apply_ruling, is_void, paused
from engine.house.views import visible_history
from engine.tests.hand_helpers import seats_with
from engine.views import view

# Minutes of random play: `make test` and CI run it; `make test-fast` leaves it out.
pytestmark = pytest.mark.slow

CARD_TEXTS = {str(c) for c in STANDARD_DECK}
GAMES = ["nlhe", "blind_holdem", "crazy_blind_man", "crazy_blind_man_fl"]
RULINGS = ["misdeal", "exposed", "award", "kill", "fold_away", "undo", "pause", "resume", "reveal_rest"]
AT = "2026-11-29T23:00:00Z"


def _card_texts(data) -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_card_texts(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(_card_texts(value) for value in data))
    return {data} if isinstance(data, str) and data in CARD_TEXTS else set()


class HomeGameMachine(RuleBasedStateMachine):
    hand: Hand

    @initialize(game=st.sampled_from(GAMES), data=st.data(), seed=st.integers(0, 2**32))
    def deal(self, game, data, seed):
        players = data.draw(st.integers(2, 6), label="players")
        stacks = data.draw(st.lists(st.integers(1, 2000), min_size=players, max_size=players), label="stacks")
        button = data.draw(st.integers(1, players + 1), label="button")
        options = {}
        if game == "blind_holdem":
            stakes = Stakes(fixed_stake=data.draw(st.integers(1, 50), label="stake"))
            options["reveal"] = data.draw(
                st.sampled_from(["staged", "staged", "all_at_once"]), label="reveal"
            )
            options["look_at_own_cards"] = data.draw(st.booleans(), label="look")
        else:
            small = data.draw(st.integers(1, 50), label="small blind")
            stakes = Stakes(small_blind=small, big_blind=2 * small)
        config = standard_config(game, seats_with(stacks), button=button, stakes=stakes, options=options)
        deck = list(STANDARD_DECK)
        random.Random(seed).shuffle(deck)
        self.hand = Hand.deal(config, deck)

    def _unchanged_after(self, error_type, operation) -> None:
        before = self.hand.to_json()
        try:
            operation()
        except error_type:
            assert self.hand.to_json() == before

    @precondition(
        lambda self: self.hand.to_act is not None and not self.hand.finished and not paused(self.hand)
    )
    @rule(data=st.data())
    def legal_action(self, data):
        hand = self.hand
        seat = hand.to_act
        options = hand.legal_actions(seat)
        assert options["your_turn"]
        allowed = sorted(name for name, option in options["actions"].items() if option["allowed"])
        action = data.draw(st.sampled_from(allowed), label="action")
        option = options["actions"][action]
        if action in ("remove", "reveal"):
            hand.act(seat, action, index=data.draw(st.sampled_from(option["cards"]), label="index"))
        elif action in ("bet", "raise"):
            hand.act(seat, action, data.draw(st.integers(option["min_to"], option["max_to"]), label="to"))
        else:
            hand.act(seat, action)

    @precondition(lambda self: blind_holdem.waiting_for_stage(self.hand) is not None)
    @rule()
    def next_stage_of_a_staged_reveal(self):
        blind_holdem.next_stage(self.hand)

    @precondition(lambda self: self.hand.round_open and not paused(self.hand))
    @rule(data=st.data())
    def out_of_turn(self, data):
        hand = self.hand
        seat = data.draw(st.sampled_from([s for s in hand.seat_numbers if s != hand.to_act]), label="seat")
        menu = hand.legal_actions(seat)["out_of_turn"]
        allowed = [name for name, option in menu["actions"].items() if option["allowed"]]
        if not menu["allowed"] or not allowed:
            self._unchanged_after(IllegalActionError, lambda: hand.act(seat, "fold", out_of_turn=True))
            return
        action = data.draw(st.sampled_from(sorted(allowed)), label="out of turn")
        option = menu["actions"][action]
        to = (
            data.draw(st.integers(option["min_to"], option["max_to"]), label="to")
            if "min_to" in option
            else None
        )
        hand.act(seat, action, to, out_of_turn=True)

    @precondition(lambda self: not self.hand.finished)
    @rule(kind=st.sampled_from(RULINGS), data=st.data())
    def host_ruling(self, kind, data):
        hand = self.hand
        ruling: dict = {"type": kind}
        seat = data.draw(st.sampled_from(hand.seat_numbers), label="seat")
        if kind in ("kill", "fold_away", "exposed"):
            ruling["seat"] = seat
        if kind == "exposed":
            hole = hand.seat(seat).hole
            ruling["card_number"] = data.draw(st.integers(0, len(hole) + 1), label="card number")
            ruling["during_deal"] = data.draw(st.booleans(), label="during deal")
        if kind == "award":
            middle = hand.pot + sum(s.bet for s in hand.seats)
            cut = data.draw(st.integers(0, middle), label="cut")
            other = data.draw(st.sampled_from(hand.seat_numbers), label="other")
            ruling["shares"] = {seat: cut, other: middle - cut} if other != seat else {seat: middle}
        self._unchanged_after(RulingError, lambda: apply_ruling(hand, ruling, "host", "because", AT))

    @precondition(lambda self: bool(paused(self.hand)) and paused(self.hand)["by"] == "rules")
    @rule(decision=st.sampled_from(["stands", "call", "withdraw"]))
    def host_settles_an_out_of_turn_action(self, decision):
        seat = paused(self.hand)["seat"]
        ruling = {"type": "out_of_turn", "seat": seat, "decision": decision}
        self._unchanged_after(RulingError, lambda: apply_ruling(self.hand, ruling, "host", "settled", AT))

    @precondition(lambda self: is_void(self.hand))
    @rule(seed=st.integers(0, 2**32))
    def re_deal_after_a_misdeal(self, seed):
        """ "Some dealing errors void the hand and it's re-dealt from scratch": every chip is
        back where the hand started, and the same HandConfig is dealt from a new shuffle."""
        hand = self.hand
        assert [s.stack for s in hand.seats] == [s.stack for s in hand.config.seats]
        deck = list(hand.deck)
        random.Random(seed).shuffle(deck)
        self.hand = Hand.deal(hand.config, deck)
        assert self.hand.config == hand.config and not is_void(self.hand)

    @rule(
        seat=st.integers(0, 7),
        action=st.sampled_from(["fold", "check", "call", "bet", "raise", "show", "muck", "remove", "reveal"]),
        to=st.one_of(st.none(), st.integers(-5, 5000)),
        index=st.one_of(st.none(), st.integers(-1, 3)),
        late=st.booleans(),
    )
    def any_action(self, seat, action, to, index, late):
        """Any intent at all: it is played, or refused with nothing changed."""
        self._unchanged_after(
            EngineError, lambda: self.hand.act(seat, action, to, index=index, out_of_turn=late)
        )

    @invariant()
    def chips_are_conserved(self):
        hand = self.hand
        assert hand.chips_on_table() == hand.chips_total
        assert all(s.stack >= 0 and s.bet >= 0 for s in hand.seats)
        if hand.finished:
            assert hand.pot == 0 and all(s.bet == 0 for s in hand.seats)

    @invariant()
    def no_card_appears_twice(self):
        hand = self.hand
        dealt = [c for s in hand.seats for c in s.hole] + [c for b in hand.boards for c in b] + hand.burned
        assert len(dealt) == len(set(dealt)) == hand.next_card
        assert set(dealt) <= set(hand.deck)

    @invariant()
    def a_live_hand_waits_for_a_player_or_the_host(self):
        hand = self.hand
        waiting = blind_holdem.waiting_for_stage(hand) is not None  # the table's pause between stages
        assert hand.finished or paused(hand) or hand.to_act is not None or waiting

    @invariant()
    def crazy_blind_man_never_shows_a_seat_its_own_or_its_removed_cards(self):
        hand = self.hand
        if not crazy_blind_man.is_crazy_blind_man(hand):
            return
        face_up = {e["card"] for e in hand.extras.get("exposed", []) if not e["dead"]}
        for s in hand.seats:
            seen = _card_texts(view(hand, s.seat)) | _card_texts(visible_history(hand, s.seat))
            removed = {text for _, text in crazy_blind_man.removed_from(hand, s.seat)}
            assert not removed & seen
            showdown = bool(hand.showdown_order) or (s.shown and crazy_blind_man.removal_complete(hand))
            if not showdown:
                assert not ({str(c) for c in s.hole} - face_up) & seen
        for shared in ("host", "public"):
            seen = _card_texts(view(hand, shared)) | _card_texts(visible_history(hand, shared))
            removed = {text for s in hand.seats for _, text in crazy_blind_man.removed_from(hand, s.seat)}
            assert not removed & seen

    @invariant()
    def json_round_trip_and_replay_give_the_same_state(self):
        hand = self.hand
        data = hand.to_json()
        assert Hand.from_json(data).to_json() == data
        assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data


TestHomeGameStateful = HomeGameMachine.TestCase
TestHomeGameStateful.settings = settings(
    max_examples=60,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
