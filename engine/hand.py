"""One hand of a Hold'em game, played from a `HandConfig` and a deck.

>>> from engine.cards import STANDARD_DECK
>>> from engine.config import SeatInHand, Stakes
>>> from engine.forced_bets import standard_config
>>> seats = [SeatInHand(1, "ann", 1000, "Ann"), SeatInHand(2, "bo", 1000, "Bo"), SeatInHand(3, "cy", 1000)]
>>> hand = Hand(standard_config("nlhe", seats, button=1, stakes=Stakes(50, 100)), STANDARD_DECK)
>>> hand.phase, [e.type for e in hand.start()]
('ready', ['posts', 'hole_cards', 'round_started'])
>>> hand.to_act, hand.phase
(1, 'betting')
>>> [e.type for e in hand.bet_or_raise(1, 300)]
['bet_or_raise']
>>> hand.bet_or_raise(2, 400)
Traceback (most recent call last):
engine.errors.IllegalActionError: The minimum raise is to 500

API (the contract for rulings, variants, PHH and the websocket layer)
--------------------------------------------------------------------
Building a hand
  `Hand(config: HandConfig, deck: Sequence[Card])`: validates (ConfigurationError: unknown game,
  2..max players, seats ascending, stacks > 0, deck too small / wrong / repeated, posts by dealt-in
  seats, straddle rules, bomb antes equal); nothing is dealt yet (`phase` "ready"). `start()` runs
  the dealer to the first decision (or the end) and returns its events; `advance()` runs one dealer
  step (None when a player must act); `Hand.deal(config, deck)` is `Hand(...)` then `start()`.
  `engine.forced_bets.standard_config(game, seats, *, button, stakes, straddle=False, **HandConfig
  fields)` and `standard_posts(game, seat_numbers, button, stakes, straddle=False) -> (posts,
  big_blind_seat, straddle_seat)` build the usual forced bets. `engine.games`: `GAMES[key] -> GameDef`,
  `cards_needed(game, players)`, `deck_is_enough(game, players)`, `max_players_for_deck(game)`.
Player operations (seat = seat number); each `x` validates, records, applies, runs the dealer and
returns the list of new events (its own first, then the dealer's):
  `fold(seat)`, `check(seat)`, `call(seat)`, `bet_or_raise(seat, to)` (to = the seat's total bet this
  round, blinds included), `show(seat)`, `muck(seat)`; `act(seat, action, to=None)` with action one of
  "fold" "check" "call" "bet" "raise" "show" "muck". `verify_x(...)` raises IllegalActionError with a
  player-readable message; `can_x(...) -> bool`. An illegal operation changes nothing.
  `legal_actions(seat) -> {"your_turn": bool, "reason": str, "actions": {name: {"allowed": bool,
  "reason"?: str, "amount"?: int, "all_in"?: bool, "min_to"?: int, "max_to"?: int, "fixed"?: bool,
  "all_in_to"?: int}}}`; names: fold/check/call/bet/raise while betting, show/muck at showdown.
State (plain attributes; `to_json()` -> dict, `Hand.from_json(dict)`, `copy()` equal to both):
  config, game (GameDef), deck, next_card, seats: list[SeatState] (seat, player, name, stack, bet,
  committed, hole, folded, all_in, acted, can_raise, shown, mucked, last_action, won), boards,
  burned, step (index into game.procedure), street (0 preflop .. 3 river), round_open, to_act,
  current_bet, min_raise, full_level, raise_count, raise_cap, aggressor, aggressor_street, pot
  (chips in the middle), pots (list[Pot(amount, eligible)] after each round), showdown_order,
  awards (list[Award]), finished, events, extras (a JSON-able dict for rulings and variants).
  `phase`: "betting" | "showdown" | "complete" | a step kind.
  `chips_on_table() == chips_total` always.
Events (engine.events, frozen, `to_json()` -> {"type": ..., fields}, `engine.event_types.event_from_json`):
  player: fold{seat} check{seat} call{seat, amount} bet_or_raise{seat, to} show{seat} muck{seat};
  dealer: posts{posts:[{seat, kind, amount, live}]} hole_cards{hands:[[seat, [cards]]]} burn{card}
  board{cards:[[board 1 cards], [board 2 cards]]} round_started{street}
  round_ended{street, returned:[[seat, chips]], pots:[{amount, eligible}]} hands_tabled{seats}
  showdown_started{order}
  pots_awarded{awards:[{pot, board, amount, winners:[{seat, amount}], hand, half?, scoop?}]}.
  `Hand.replay(config, deck, events)` rebuilds the state; `apply(event)` applies one trusted event;
  `record(event)` applies it and runs the dealer.
Extending
  New events: subclass `Event` (frozen, slots, ClassVar `type`) and a line in
  `engine.appliers.APPLIERS` (event class -> function(hand, event)); `engine.event_types` reads
  logged events back through that list. New dealer steps: a `StepKind` and a `Step(kind, street,
  count)` in a GameDef's `steps`, plus a line in `dealer.STEP_HANDLERS` (kind -> function(hand,
  step) -> Event | None). New games: a line in `games.GAMES`, with their announced `options`,
  and in `dealer.OPTION_CHECKS` (key -> check(config)) when the game refuses bad
  `HandConfig.options`.
  `showdown.hand_value(hand, seat, board=0)` ranks a hand (cards speak).
Views: `engine.views.view(hand, viewer)` with viewer a seat number, "host" or "public".
Home games, out-of-turn actions and host rulings (engine.house, .rulings, .out_of_turn,
.blind_holdem, .crazy_blind_man, .home_views)
  `act(seat, action, to=None, *, index=None, out_of_turn=False)`: "remove" + index 0..2 (Crazy Blind
  Man: a card of the target's hand, in the order the chooser's view lists it); "reveal" + index 0..1
  (Blind Hold'em staged reveal); fold/check/call/bet/raise with `out_of_turn=True` from a seat that
  is not to act posts a binding pending action (on its own turn it is just the action).
  `legal_actions(seat)` adds "out_of_turn": {"allowed", "reason", "pending", "actions"} for a seat
  waiting in a betting round; "remove": {"from_seat", "cards"} / "reveal": {"cards"} when due.
  `engine.house.rulings.apply_ruling(hand, ruling: dict, host: str, reason: str, at: str) -> events`
  (RulingError, nothing changed, when refused); ruling["type"]: "misdeal" | "exposed" {seat,
  card_number, during_deal} | "award" {shares: {seat: chips}, pot?} | "kill" {seat} | "fold_away" {seat} |
  "undo" |
  "pause" | "resume" | "out_of_turn" {seat, decision: "stands" | "call" | "withdraw"} | "reveal_rest".
  `rulings.is_void(hand)`: a misdeal; re-deal the same HandConfig with a new shuffle. Through
  `engine.live`: intents misdeal, exposed_card, award_pot, kill_hand, fold_away, undo, pause_hand,
  resume_hand, settle_out_of_turn, reveal_rest and ruling {ruling} (engine.live.rulings).
  `phase` may be "paused", "paused_for_ruling", "removal", "reveal" or "reveal_pause" (between
  staged stages: `blind_holdem.next_stage(hand)` goes on). Games: "blind_holdem" (options
  "reveal": "all_at_once" | "staged", "look_at_own_cards": bool, "stage_seconds": 3 | 0 | 2 | 5 |
  10). Hold'em house options: "rabbit_hunt" (then `act(seat, "rabbit_hunt")` after a hand over
  before the river) and "seven_deuce" (bounty in big blinds; engine.house.seven_deuce), "crazy_blind_man",
  "crazy_blind_man_fl" (option "removal": "nearest_active"). Views add seats[].face_up,
  seats[].out_of_turn, paused, void, dead_cards and (Crazy Blind Man) removed;
  `home_views.visible_history(hand, viewer)` is the event log as that viewer may see it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from engine import betting, dealer, showdown
from engine.appliers import APPLIERS
from engine.cards import Card, cards_of
from engine.config import HandConfig
from engine.errors import IllegalActionError
from engine.event_types import event_from_json
from engine.events import (
    Award,
    BetOrRaised,
    Called,
    Checked,
    Event,
    Folded,
    Mucked,
    Showed,
)
from engine.games import GameDef, Step
from engine.house import home_game as house
from engine.pots import Pot
from engine.seating import clockwise_after


@dataclass(slots=True)
class SeatState:
    """One player dealt in. `stack` is the chips behind; `bet` the live chips in front
    this round; `committed` everything put in this hand (bets and dead money)."""

    seat: int
    player: str
    name: str
    stack: int
    bet: int = 0
    committed: int = 0
    hole: tuple[Card, ...] = ()
    folded: bool = False
    all_in: bool = False
    acted: bool = False  # acted voluntarily in this betting round
    can_raise: bool = True  # False once acted, until a full raise reopens the betting
    shown: bool = False  # tabled: face up for everyone
    mucked: bool = False
    last_action: str = ""
    won: int = 0

    @property
    def live(self) -> bool:
        """Still holding a hand that can win (not folded, not mucked)."""
        return not self.folded and not self.mucked

    def to_json(self) -> dict[str, Any]:
        data = dict(zip(self.__slots__, _seat_values(self), strict=True))  # type: ignore[attr-defined]
        data["hole"] = [str(c) for c in self.hole]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatState:
        fields = dict(data)
        fields["hole"] = cards_of(data["hole"])
        return cls(**fields)

    def copy(self) -> SeatState:
        # Every field is immutable (the hole cards a tuple), so a shallow copy is independent.
        return SeatState(*_seat_values(self))


# All fields in order, read at C speed: a hand's seats are copied and stored on every action.
_seat_values = attrgetter(*SeatState.__slots__)  # type: ignore[attr-defined]


# The hand's plain values (numbers, flags, seat numbers), stored and copied as they are.
_PLAIN_STATE = ("next_card", "step", "street", "round_open", "to_act", "current_bet", "min_raise")
_PLAIN_STATE += ("full_level", "raise_count", "raise_cap", "aggressor", "aggressor_street", "pot", "finished")


class Hand:
    """The state of one hand: a plain record plus the append-only list of events that made it."""

    __slots__ = (
        "aggressor",
        "aggressor_street",
        "awards",
        "boards",
        "burned",
        "chips_total",
        "config",
        "current_bet",
        "deck",
        "events",
        "extras",
        "finished",
        "full_level",
        "game",
        "index",
        "min_raise",
        "next_card",
        "pot",
        "pots",
        "raise_cap",
        "raise_count",
        "round_open",
        "seat_numbers",
        "seats",
        "showdown_order",
        "step",
        "street",
        "to_act",
    )

    def __init__(self, config: HandConfig, deck: Sequence[Card]) -> None:
        """Validate the set-up (ConfigurationError if it cannot be played). Nothing is dealt
        yet: `start()` deals (or `advance()` one dealer step at a time), or use `Hand.deal`."""
        self.game: GameDef = dealer.validate(config, deck)
        self.config = config
        self.deck: tuple[Card, ...] = tuple(deck)
        self.seats = [SeatState(s.seat, s.player, s.name, s.stack) for s in config.seats]
        self.seat_numbers = [s.seat for s in self.seats]
        self.index = {s.seat: i for i, s in enumerate(self.seats)}
        self.chips_total = sum(s.stack for s in self.seats)
        self.next_card = 0
        self.boards: list[list[Card]] = [[] for _ in range(self.game.boards)]
        self.burned: list[Card] = []
        self.step = 0
        self.street = -1
        self.round_open = False
        self.to_act: int | None = None
        self.current_bet = 0
        self.min_raise = 0
        self.full_level = 0
        self.raise_count = 0
        self.raise_cap = 0
        self.aggressor: int | None = None
        self.aggressor_street = -1
        self.pot = 0
        self.pots: list[Pot] = []
        self.showdown_order: tuple[int, ...] = ()
        self.awards: list[Award] = []
        self.finished = False
        self.events: list[Event] = []
        # JSON-able state owned by rulings and variants (exposed cards, removal phase...).
        self.extras: dict[str, Any] = {}

    @classmethod
    def deal(cls, config: HandConfig, deck: Sequence[Card]) -> Hand:
        """A hand dealt up to the first player decision: `Hand(config, deck)` then `start()`."""
        hand = cls(config, deck)
        hand.start()
        return hand

    # Reading the state -------------------------------------------------------------

    def seat(self, seat: int) -> SeatState:
        try:
            return self.seats[self.index[seat]]
        except KeyError:
            raise IllegalActionError(f"Seat {seat} is not dealt in to this hand") from None

    @property
    def current_step(self) -> Step | None:
        procedure = self.game.procedure
        return procedure[self.step] if self.step < len(procedure) else None

    @property
    def phase(self) -> str:
        """ "ready" (not dealt yet), "betting", "showdown", "complete", or the dealer step in progress."""
        if self.finished:
            return "complete"
        home = house.phase(self)
        if home:
            return home
        if not self.events:
            return "ready"
        if self.round_open:
            return "betting"
        step = self.current_step
        return str(step.kind) if step else "complete"

    def live_seats(self) -> list[SeatState]:
        return [s for s in self.seats if s.live]

    def clockwise_from_button(self) -> list[SeatState]:
        """Seats in dealing order: left of the button first, the button last."""
        return [self.seats[i] for i in clockwise_after(self.seat_numbers, self.config.button)]

    def available(self, s: SeatState) -> int:
        """Chips the seat can still put in: its stack, or less at a capped table."""
        cap = self.config.stakes.cap
        return min(s.stack, cap - s.committed) if cap else s.stack

    def chips_on_table(self) -> int:
        """Stacks + bets in front + the middle: always equal to `chips_total`."""
        return sum(s.stack + s.bet for s in self.seats) + self.pot

    def legal_actions(self, seat: int) -> dict[str, Any]:
        """What `seat` may do now, with reasons for what it may not (see engine.betting)."""
        if self.finished:
            return house.after_the_hand(self, seat)
        home = house.legal_actions(self, seat)
        if home is not None:
            return home
        if self.round_open:
            options = betting.legal_actions(self, self.seat(seat))
            if not options["your_turn"]:
                options["out_of_turn"] = house.out_of_turn.options(self, seat)
            return options
        return house.at_showdown(self, seat, showdown.legal_actions(self, self.seat(seat)))

    # Player operations: verify_x raises, can_x answers, x records and applies --------

    def verify_fold(self, seat: int) -> None:
        betting.verify_fold(self, seat)

    def verify_check(self, seat: int) -> None:
        betting.verify_check(self, seat)

    def verify_call(self, seat: int) -> int:
        """The chips a call adds."""
        return betting.verify_call(self, seat)

    def verify_bet_or_raise(self, seat: int, to: int) -> None:
        betting.verify_bet_or_raise(self, seat, to)

    def verify_show(self, seat: int) -> None:
        showdown.verify_show(self, seat)

    def verify_muck(self, seat: int) -> None:
        showdown.verify_muck(self, seat)

    def can_fold(self, seat: int) -> bool:
        return _can(self.verify_fold, seat)

    def can_check(self, seat: int) -> bool:
        return _can(self.verify_check, seat)

    def can_call(self, seat: int) -> bool:
        return _can(self.verify_call, seat)

    def can_bet_or_raise(self, seat: int, to: int) -> bool:
        return _can(self.verify_bet_or_raise, seat, to)

    def can_show(self, seat: int) -> bool:
        return _can(self.verify_show, seat)

    def can_muck(self, seat: int) -> bool:
        return _can(self.verify_muck, seat)

    def fold(self, seat: int) -> list[Event]:
        self.verify_fold(seat)
        return self.record(Folded(seat))

    def check(self, seat: int) -> list[Event]:
        self.verify_check(seat)
        return self.record(Checked(seat))

    def call(self, seat: int) -> list[Event]:
        return self.record(Called(seat, self.verify_call(seat)))

    def bet_or_raise(self, seat: int, to: int) -> list[Event]:
        self.verify_bet_or_raise(seat, to)
        return self.record(BetOrRaised(seat, to))

    def show(self, seat: int) -> list[Event]:
        self.verify_show(seat)
        return self.record(Showed(seat))

    def muck(self, seat: int) -> list[Event]:
        self.verify_muck(seat)
        return self.record(Mucked(seat))

    def act(
        self,
        seat: int,
        action: str,
        to: int | None = None,
        *,
        index: int | None = None,
        out_of_turn: bool = False,
    ) -> list[Event]:
        """One player intent by name: fold, check, call, bet, raise (with `to`), show, muck;
        remove / reveal (with the card `index`); `out_of_turn=True` posts a binding action early."""
        home = house.act(self, seat, action, to, index, out_of_turn)
        if home is not None:
            return home
        if action in ("bet", "raise"):
            if not isinstance(to, int) or isinstance(to, bool):
                raise IllegalActionError(f"Say how much to {action} to")
            return self.bet_or_raise(seat, to)
        operation = {
            "fold": self.fold,
            "check": self.check,
            "call": self.call,
            "show": self.show,
            "muck": self.muck,
        }.get(action)
        if operation is None:
            raise IllegalActionError(
                f"{action!r} is not an action (fold, check, call, bet, raise, show, muck, remove, reveal)"
            )
        return operation(seat)

    # Events ------------------------------------------------------------------------

    def record(self, event: Event) -> list[Event]:
        """Append and apply a (validated) event, then let the dealer run. Returns the new events."""
        start = len(self.events)
        self.apply(event)
        self.run_dealer()
        return self.events[start:]

    def apply(self, event: Event) -> None:
        """Apply one event and append it to the log (no validation: events are facts)."""
        APPLIERS[type(event)](self, event)
        self.events.append(event)

    @property
    def started(self) -> bool:
        return bool(self.events)

    def start(self) -> list[Event]:
        """Deal: the dealer runs until a player decision is needed or the hand ends (a hand
        with no decisions, like all-at-once Blind Hold'em, is then over). Returns its events."""
        if self.started:
            raise IllegalActionError("The hand has already been dealt.")
        self.run_dealer()
        return list(self.events)

    def advance(self) -> Event | None:
        """One dealer step (the first is the posts), or None when a player must act, the hand
        is paused or it is over. For stepping through a deal, with rulings in between."""
        event = dealer.next_event(self)
        if event is not None:
            self.apply(event)
        return event

    def run_dealer(self) -> None:
        """Dealer steps run until a player decision is needed or the hand ends."""
        while (event := dealer.next_event(self)) is not None:
            self.apply(event)

    @classmethod
    def replay(cls, config: HandConfig, deck: Sequence[Card], events: Iterable[Event]) -> Hand:
        """The hand that these events produce (dealer events included)."""
        hand = cls(config, deck)
        for event in events:
            hand.apply(event)
        return hand

    # Serialisation -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config.to_json(),
            "deck": [str(c) for c in self.deck],
            "seats": [s.to_json() for s in self.seats],
            "boards": [[str(c) for c in board] for board in self.boards],
            "burned": [str(c) for c in self.burned],
            **{name: getattr(self, name) for name in _PLAIN_STATE},
            "pots": [pot.to_json() for pot in self.pots],
            "showdown_order": list(self.showdown_order),
            "awards": [award.to_json() for award in self.awards],
            "extras": copy.deepcopy(self.extras),
            "events": [event.to_json() for event in self.events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, config: HandConfig | None = None) -> Hand:
        """The hand `to_json` gave. `config`, when given, is `data["config"]` already read."""
        if config is None:
            config = HandConfig.from_json(data["config"])
        hand = cls(config, cards_of(data["deck"]))
        hand.seats = [SeatState.from_json(s) for s in data["seats"]]
        hand.boards = [list(cards_of(board)) for board in data["boards"]]
        hand.burned = list(cards_of(data["burned"]))
        for name in _PLAIN_STATE:
            setattr(hand, name, data[name])
        hand.pots = [Pot.from_json(pot) for pot in data["pots"]]
        hand.showdown_order = tuple(data["showdown_order"])
        hand.awards = [Award.from_json(award) for award in data["awards"]]
        hand.events = [event_from_json(event) for event in data["events"]]
        hand.extras = copy.deepcopy(data.get("extras", {}))
        return hand

    def copy(self) -> Hand:
        """A hand equal to `Hand.from_json(self.to_json())`, without the round trip: what is
        frozen (config, deck, cards, events, pots, awards) is shared, the rest copied."""
        hand = Hand.__new__(Hand)  # not __init__: this hand's set-up was validated when it was made
        hand.game, hand.config, hand.deck = self.game, self.config, self.deck
        hand.chips_total = self.chips_total
        hand.seats = [s.copy() for s in self.seats]
        hand.seat_numbers = list(self.seat_numbers)
        hand.index = dict(self.index)
        hand.boards = [list(board) for board in self.boards]
        hand.burned = list(self.burned)
        for name in _PLAIN_STATE:
            setattr(hand, name, getattr(self, name))
        hand.pots = list(self.pots)
        hand.showdown_order = tuple(self.showdown_order)
        hand.awards = list(self.awards)
        hand.events = list(self.events)
        hand.extras = copy.deepcopy(self.extras)
        return hand


def _can(verify: Callable[..., object], *args: Any) -> bool:
    try:
        verify(*args)
    except IllegalActionError:
        return False
    return True
