"""A mixed-game night at one live cash table, driven through `engine.live.apply` as phones and the
host would: the host switches between every game the table can deal (engine.games.GAMES, each
with its own stakes), schedules bomb pots, short stacks bust and rebuy (at once or a few hands
later), players sit out and come back, leave and sit down again; hands are played with random
legal decisions, Crazy Blind Man's removals and Blind Hold'em's staged reveals included.

Checked after every hand:

- not one chip lost: the table holds the chips it was given (stacks at the sit, rebuys, stacks
  the host set) less the chips of players who left;
- "The cards speak for themselves": the main pot of a hand that reached a showdown goes to the
  best of the hands still in on each board, worked out again from the cards
  (engine.tests.award_checks), named as the evaluator names it;
- nobody posts a new player's blind or a dead small blind who played the previous hand, unless
  the players dealt in changed during their round (then a blind may have passed them: "players
  must meet the total amount of the blind obligations for every round they play").

The reported night comes first, as a plain test: hands of No-Limit, Fixed-Limit and Short Deck,
a bomb pot that busts two players who rebuy, double-board bomb pots (Hold'em and PLO), Blind
Hold'em, then Crazy Blind Man 1/2 checked down hand after hand.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from conftest import examples
from engine.config import HandConfig, PostKind, Stakes
from engine.errors import EngineError
from engine.games import GAMES
from engine.live import HOST, SYSTEM, apply, new_live_table
from engine.table import new_table
from engine.table_state import stakes_for_game
from engine.tests.award_checks import assert_awards_follow_the_cards

SEATS = 6
NAMES = ("ana", "ben", "cy", "di", "eli", "flo")
ENTRY_POSTS = (PostKind.NEW_PLAYER_BLIND, PostKind.DEAD_SMALL_BLIND)


def stakes_of(game: str) -> dict[str, int]:
    """The game's own stakes at a 1/2 table (a bomb pot's ante and Blind Hold'em's stake are 2)."""
    return stakes_for_game(game, small_blind=1, big_blind=2)


@dataclass(frozen=True, slots=True)
class Dealt:
    """What the phantom-post check remembers of a hand: its button's player and who was dealt in."""

    button_player: str | None
    players: frozenset[str]


def dealt_record(config: HandConfig) -> Dealt:
    players = {s.seat: s.player for s in config.seats}
    return Dealt(players.get(config.button), frozenset(players.values()))


def phantom_posts(config: HandConfig, before: list[Dealt]) -> list[str]:
    """The entry blinds of `config` posted by a player who played the previous hand and whose
    round saw the same players dealt in at every hand (so no blind can have passed them)."""
    if not before:
        return []
    players = {s.seat: s.player for s in config.seats}
    now = dealt_record(config)
    wrong = []
    for post in config.posts:
        player = players[post.seat]
        if post.kind not in ENTRY_POSTS or player not in before[-1].players:
            continue
        buttons = [i for i, hand in enumerate(before) if hand.button_player == player]
        since = before[buttons[-1] :] if buttons else before
        if all(hand.players == now.players for hand in since):
            wrong.append(f"hand {config.hand_number}: {player} posts {post.kind.value} {post.amount}")
    return wrong


class Night:
    """One live table and what a night at it must keep: its chips, its awards, its posts."""

    def __init__(self, stack: int = 200) -> None:
        self.state = new_live_table(new_table(max_seats=SEATS, stakes=Stakes(small_blind=1, big_blind=2)))
        self.now = 1_000.0
        self.chips = 0  # every chip given to the table, less every chip taken away from it
        self.history: list[Dealt] = []
        self.phantoms: list[str] = []  # the entry blinds of the hand being played nobody owed
        for seat, name in enumerate(NAMES, start=1):
            self.intent(HOST, {"type": "sit", "seat": seat, "player": name, "stack": stack, "name": name})
            self.chips += stack

    def intent(self, actor: int | str, intent: dict[str, Any]) -> list[dict[str, Any]]:
        self.now += 1
        self.state, events = apply(self.state, actor, intent, self.now)
        return events

    def on_table(self) -> int:
        return sum(s.stack for s in self.state.table.seats)

    def set_stack(self, seat: int, stack: int) -> None:
        before = self.state.table.occupant(seat).stack
        self.intent(HOST, {"type": "set_stack", "seat": seat, "stack": stack})
        self.chips += stack - before

    def switch(self, game: str, options: dict[str, Any] | None = None) -> None:
        self.intent(
            HOST, {"type": "set_game", "game": game, "stakes": stakes_of(game), "options": options or {}}
        )

    def deal(self, seed: int) -> HandConfig | None:
        """Deal the next hand (None when it cannot be dealt), noting the entry blinds nobody owed."""
        try:
            self.intent(HOST, {"type": "start_hand", "seed": f"{seed:064x}"})
        except EngineError:
            return None
        assert self.state.hand is not None
        config = self.state.hand.config
        self.phantoms = phantom_posts(config, self.history)  # checked once the hand is over
        self.history.append(dealt_record(config))
        return config

    def play_out(self, decide: Any) -> None:
        """Play the hand being dealt to its end; `decide(hand, seat, actions)` gives each action."""
        for _ in range(500):
            hand = self.state.hand
            if not self.state.hand_in_progress or hand is None:
                break
            if hand.to_act is None:
                # A staged reveal's pause or a question's timer: the dealer's timer fires.
                assert self.state.deadline is not None, f"the hand waits in {hand.phase} with no deadline"
                self.now = max(self.now, self.state.deadline)
                self.intent(SYSTEM, {"type": "timeout", "version": self.state.version})
                continue
            seat = hand.to_act
            actions = {k: v for k, v in hand.legal_actions(seat)["actions"].items() if v.get("allowed")}
            self.intent(seat, {"type": "act", "action": decide(hand, seat, actions)})
        else:
            raise AssertionError("the hand did not finish")
        assert self.state.hand is not None and self.state.hand.finished
        assert_awards_follow_the_cards(self.state.hand)
        assert self.on_table() == self.chips, (self.on_table(), self.chips)
        assert self.phantoms == []


def check_down(hand: Any, seat: int, actions: dict[str, Any]) -> dict[str, Any]:
    """Call the big blind, then check to the end; remove and reveal the first card offered."""
    for name in ("check", "call", "show", "run_once"):
        if name in actions:
            return {"type": name}
    name = next(iter(actions))
    return {"type": name, **({"index": actions[name]["cards"][0]} if "cards" in actions[name] else {})}


def random_decision(rnd: random.Random) -> Any:
    def decide(hand: Any, seat: int, actions: dict[str, Any]) -> dict[str, Any]:
        name = rnd.choice(sorted(actions))
        if name == "fold" and "check" in actions and rnd.random() < 0.7:
            name = "check"  # more showdowns than folds
        action: dict[str, Any] = {"type": name}
        if name in ("bet", "raise"):
            action["to"] = rnd.choice([actions[name]["min_to"], actions[name]["max_to"]])
        if "cards" in actions[name]:
            action["index"] = rnd.choice(actions[name]["cards"])
        return action

    return decide


# The reported night ----------------------------------------------------------------------------


def _bust_two_in_a_bomb_pot(night: Night) -> None:
    """Ana and Ben go into a bomb pot with just the ante; seeds are tried (on copies) until one
    busts them both, then they rebuy from their phones before the next hand."""
    night.switch("bomb_pot")
    night.set_stack(1, 2)
    night.set_stack(2, 2)
    start = night.state, night.now, list(night.history)
    for seed in range(1, 400):
        night.state, night.now, night.history = start[0], start[1], list(start[2])
        night.deal(seed)
        night.play_out(check_down)
        if night.state.table.occupant(1).stack == night.state.table.occupant(2).stack == 0:
            break
    else:
        raise AssertionError("no deck busts both")
    night.set_stack(1, 200)
    night.set_stack(2, 200)


def test_the_reported_night_pays_every_crazy_blind_man_pot_to_the_best_hand() -> None:
    night = Night()
    seeds = iter(range(10_000, 20_000))
    for game in ("nlhe", "nlhe", "flhe", "flhe", "short_deck", "short_deck", "nlhe"):
        night.switch(game)
        night.deal(next(seeds))
        night.play_out(check_down)
    _bust_two_in_a_bomb_pot(night)
    for game in ("bomb_pot_double", "plo_bomb_double", "blind_holdem", "blind_holdem"):
        night.switch(game)
        night.deal(next(seeds))
        night.play_out(check_down)
    night.switch("crazy_blind_man")
    for _ in range(8):
        assert night.deal(next(seeds)) is not None
        night.play_out(check_down)
    night.switch("nlhe")
    for _ in range(3):
        night.deal(next(seeds))
        night.play_out(check_down)


# Many nights -------------------------------------------------------------------------------------


class MixedGameNight(RuleBasedStateMachine):
    night: Night

    @initialize(stack=st.integers(20, 300))
    def sit_down(self, stack: int) -> None:
        self.night = Night(stack)

    @rule(game=st.sampled_from(sorted(GAMES)), house=st.booleans())
    def switch_game(self, game: str, house: bool) -> None:
        """The host switches the game from the next hand, sometimes with the house options on."""
        options = {"rabbit_hunt": True, "seven_deuce": 2} if house else {}
        options = GAMES[game].dealt_options(options)
        with contextlib.suppress(EngineError):  # a game the table cannot deal now: refused
            self.night.switch(game, options)

    @rule(seed=st.integers(0, 2**32), rebuy=st.booleans())
    def a_round_of_every_game(self, seed: int, rebuy: bool) -> None:
        """The host deals one hand of each game in turn, in a random order."""
        rnd = random.Random(seed)
        for game in rnd.sample(sorted(GAMES), len(GAMES)):
            self.switch_game(game, rnd.random() < 0.5)
            self.play_hands(rnd.getrandbits(32), 1, rebuy)

    @rule(every=st.integers(0, 4), game=st.sampled_from(["bomb_pot", "plo_bomb_double", "bomb_pot_double"]))
    def schedule_bomb_pots(self, every: int, game: str) -> None:
        self.night.intent(HOST, {"type": "options", "bomb_pot_every": every, "bomb_pot_game": game})

    @rule(seed=st.integers(0, 2**32), hands=st.integers(1, 4), rebuy=st.booleans())
    def play_hands(self, seed: int, hands: int, rebuy: bool) -> None:
        """A few hands; whoever busts rebuys from their phone at once, or stays busted for now."""
        rnd = random.Random(seed)
        for _ in range(hands):
            if self.night.deal(rnd.getrandbits(64)) is None:
                return
            self.night.play_out(random_decision(rnd))
            for s in self.night.state.table.seats:
                if s.stack == 0 and rebuy:
                    self.night.set_stack(s.seat, 100)

    @rule(seat=st.integers(1, SEATS), stack=st.integers(0, 6))
    def short_stack(self, seat: int, stack: int) -> None:
        """The host sets a stack low (a ruling, or a player racking most of it): busts follow."""
        if self.night.state.table.seat(seat) is not None:
            self.night.set_stack(seat, stack)

    @rule(seat=st.integers(1, SEATS), chips=st.integers(1, 300))
    def rebuy(self, seat: int, chips: int) -> None:
        s = self.night.state.table.seat(seat)
        if s is not None and s.stack == 0:
            self.night.set_stack(seat, chips)

    @rule(seat=st.integers(1, SEATS), out=st.booleans(), post=st.booleans())
    def sit_out_or_in(self, seat: int, out: bool, post: bool) -> None:
        intent: dict[str, Any] = {"type": "sit_out" if out else "sit_in", "seat": seat}
        if not out:
            intent["entry"] = "post" if post else "wait_for_big_blind"
        with contextlib.suppress(EngineError):
            self.night.intent(HOST, intent)

    @rule(seat=st.integers(1, SEATS), seed=st.integers(0, 2**32), hands=st.integers(1, 4))
    def miss_the_blinds_and_post_them(self, seat: int, seed: int, hands: int) -> None:
        """ "If you miss any or all blinds, you can resume play by either posting the total amount
        of the blinds for that limit game or waiting for the big blind": this player posts."""
        with contextlib.suppress(EngineError):
            self.night.intent(HOST, {"type": "sit_out", "seat": seat})
        self.play_hands(seed, hands, True)
        with contextlib.suppress(EngineError):
            self.night.intent(HOST, {"type": "sit_in", "seat": seat, "entry": "post"})
        if self.night.deal(seed) is not None:
            self.night.play_out(check_down)  # everyone to the showdown, the poster too

    @rule(seat=st.integers(1, SEATS), stack=st.integers(20, 300), post=st.booleans())
    def leave_or_sit_down(self, seat: int, stack: int, post: bool) -> None:
        """A player goes home with their chips, or a new one takes the empty seat."""
        s = self.night.state.table.seat(seat)
        if s is not None:
            self.night.intent(HOST, {"type": "leave", "seat": seat})
            self.night.chips -= s.stack
            return
        entry = "post" if post else "wait_for_big_blind"
        player = f"{NAMES[seat - 1]}-{self.night.state.version}"
        try:
            self.night.intent(
                HOST, {"type": "sit", "seat": seat, "player": player, "stack": stack, "entry": entry}
            )
        except EngineError:
            return  # the game cannot deal one more player
        self.night.chips += stack

    @precondition(lambda self: hasattr(self, "night"))
    @invariant()
    def not_one_chip_lost(self) -> None:
        assert self.night.on_table() == self.night.chips


TestMixedGameNight = MixedGameNight.TestCase
TestMixedGameNight.settings = settings(
    max_examples=examples(60),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
