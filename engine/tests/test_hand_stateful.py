"""Random hands of every game, with random legal and illegal actions, checked after every step.

Invariants: chips are conserved, no card appears twice, each view shows exactly
what its viewer may see, the JSON round trip and the replay of the events give the
same state, and an illegal action changes nothing.
"""

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.cards import STANDARD_DECK
from engine.config import Stakes
from engine.errors import IllegalActionError
from engine.forced_bets import standard_config
from engine.games import GAMES, ForcedBets, max_players_for_deck
from engine.hand import Hand
from engine.tests.hand_helpers import seats_with
from engine.views import view

# Minutes of random play: `make test` and CI run it; `make test-fast` leaves it out.
pytestmark = pytest.mark.slow

CARD_TEXTS = {str(c) for c in STANDARD_DECK}
# The Hold'em games of this module's rules (home games have their own stateful test).
HOLDEM_GAMES = (
    "nlhe",
    "flhe",
    "short_deck",
    "bomb_pot",
    "bomb_pot_double",
    "plo_bomb",
    "plo_bomb_double",
    "plo5_bomb",
    "plo5_bomb_double",
    "plo6_bomb",
    "plo6_bomb_double",
)
ACTIONS = ["fold", "check", "call", "bet", "raise", "show", "muck"]


def _card_texts(data) -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_card_texts(value) for value in data.values()))
    if isinstance(data, list):
        return set().union(*(_card_texts(value) for value in data))
    return {data} if isinstance(data, str) and data in CARD_TEXTS else set()


class HandMachine(RuleBasedStateMachine):
    hand: Hand

    @initialize(
        game=st.sampled_from(HOLDEM_GAMES),
        data=st.data(),
        seed=st.integers(0, 2**32),
    )
    def deal(self, game, data, seed):
        definition = GAMES[game]
        players = data.draw(st.integers(2, min(6, max_players_for_deck(definition))), label="players")
        stacks = data.draw(st.lists(st.integers(1, 3000), min_size=players, max_size=players), label="stacks")
        button = data.draw(st.integers(1, players + 1), label="button")
        cap = data.draw(st.sampled_from([0, 0, 0, 800]), label="cap")
        if definition.forced_bets is ForcedBets.BOMB_ANTE:
            stakes = Stakes(bomb_ante=data.draw(st.integers(1, 60), label="ante"), cap=cap)
            straddle = False
        else:
            small = data.draw(st.integers(1, 50), label="small blind")
            ante = data.draw(st.sampled_from([0, 0, 5]), label="ante")
            stakes = Stakes(small_blind=small, big_blind=2 * small, ante=ante, cap=cap)
            straddle = players >= 3 and data.draw(st.booleans(), label="straddle")
        config = standard_config(
            game,
            seats_with(stacks),
            button=button,
            stakes=stakes,
            straddle=straddle,
            cash_game=data.draw(st.booleans(), label="cash game"),
        )
        deck = list(definition.deck)
        random.Random(seed).shuffle(deck)
        self.hand = Hand.deal(config, deck)

    @precondition(lambda self: not self.hand.finished)
    @rule(data=st.data())
    def legal_action(self, data):
        hand = self.hand
        seat = hand.to_act
        assert seat is not None, "a live hand always waits for someone"
        options = hand.legal_actions(seat)
        assert options["your_turn"]
        allowed = sorted(name for name, option in options["actions"].items() if option["allowed"])
        action = data.draw(st.sampled_from(allowed), label="action")
        to = None
        if action in ("bet", "raise"):
            option = options["actions"][action]
            to = data.draw(st.integers(option["min_to"], option["max_to"]), label="to")
        hand.act(seat, action, to)

    @precondition(lambda self: not self.hand.finished)
    @rule(
        seat=st.integers(0, 8),
        action=st.sampled_from([*ACTIONS, "dance"]),
        to=st.one_of(st.none(), st.integers(-10, 7000)),
    )
    def maybe_illegal_action(self, seat, action, to):
        before = self.hand.to_json()
        events = len(self.hand.events)
        try:
            self.hand.act(seat, action, to)
        except IllegalActionError:
            assert self.hand.to_json() == before
            assert len(self.hand.events) == events

    @rule(seat=st.integers(1, 6), action=st.sampled_from(ACTIONS))
    def a_finished_hand_refuses_every_action(self, seat, action):
        if not self.hand.finished:
            return
        before = self.hand.to_json()
        try:
            self.hand.act(seat, action, 100)
        except IllegalActionError:
            pass
        else:
            raise AssertionError("a finished hand accepted an action")
        assert self.hand.to_json() == before

    @invariant()
    def chips_are_conserved(self):
        hand = self.hand
        assert hand.chips_on_table() == hand.chips_total
        assert all(s.stack >= 0 and s.bet >= 0 for s in hand.seats)
        if hand.finished:
            assert hand.pot == 0
            assert sum(s.stack for s in hand.seats) == hand.chips_total

    @invariant()
    def no_card_appears_twice(self):
        hand = self.hand
        dealt = [c for s in hand.seats for c in s.hole] + [c for b in hand.boards for c in b] + hand.burned
        assert len(dealt) == len(set(dealt)) == hand.next_card
        assert set(dealt) <= set(hand.deck)

    @invariant()
    def views_show_exactly_what_each_viewer_may_see(self):
        hand = self.hand
        board = {str(c) for b in hand.boards for c in b}
        tabled = {str(c) for s in hand.seats if s.shown and not s.mucked for c in s.hole}
        for viewer in [*hand.seat_numbers, "host", "public"]:
            own = {str(c) for c in hand.seat(viewer).hole} if isinstance(viewer, int) else set()
            data = view(hand, viewer)
            assert _card_texts(data) == board | tabled | own
            assert "deck" not in data

    @invariant()
    def json_round_trip_and_replay_give_the_same_state(self):
        hand = self.hand
        data = hand.to_json()
        assert Hand.from_json(data).to_json() == data
        assert Hand.replay(hand.config, hand.deck, hand.events).to_json() == data


TestHandStateful = HandMachine.TestCase
TestHandStateful.settings = settings(
    max_examples=60,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
