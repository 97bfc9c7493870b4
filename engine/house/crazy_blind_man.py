"""Crazy Blind Man: three forehead cards, the removal after the flop, then Hold'em.

"Each player holds their three cards against their forehead, facing outwards. Every
player can then see all the other players' cards but not their own." (engine.house.views)

| Stage | What happens |
| 1 | First betting round, each player holding three cards |
| 2 | The flop: three community cards dealt face up |
| 3 | The removal: each player takes one card from the player on their left (3.1) |
| 4 | Second betting round |
| 5 | The turn, then the third betting round |
| 6 | The river, then the final betting round and showdown |

The removal: "starting with the small blind taking a card from the big blind and
continuing clockwise, until every player still in the hand has lost one card." Each
chooser does `Hand.act(seat, "remove", index=0|1|2)`, the index of the card in the
target's hand as the chooser's view lists it. "The removed card is discarded. No
player may see the card that was taken from them."

Options announced before the deal: "removal": "nearest_active" (the default and only
method: "each active player removes a card from the nearest active player on their
left"). If the small blind has folded, the removal starts with the first player still
in clockwise from the small blind. Game keys: "crazy_blind_man" (no-limit) and
"crazy_blind_man_fl" (fixed-limit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine import games as engine_games
from engine import showdown
from engine.cards import Card
from engine.config import HandConfig, PostKind
from engine.errors import ConfigurationError, IllegalActionError
from engine.events import Event, HandsTabled
from engine.games import Step, StepKind
from engine.house.events import HouseEvent
from engine.seating import clockwise_after

if TYPE_CHECKING:
    from engine.hand import Hand

GAMES = (engine_games.GAMES["crazy_blind_man"], engine_games.GAMES["crazy_blind_man_fl"])  # engine.games
KEYS = tuple(game.key for game in GAMES)
REMOVAL = StepKind.REMOVAL
REMOVAL_METHODS = GAMES[0].option("removal").values
PROCEDURES = {game.key: game.procedure for game in GAMES}


def validate_options(config: HandConfig) -> None:
    if GAMES[0].announced(config.options, "removal") not in REMOVAL_METHODS:
        raise ConfigurationError("Crazy Blind Man's removal is from the nearest active player on the left")


def is_crazy_blind_man(hand: Hand) -> bool:
    return hand.config.game in KEYS


# Removal state -------------------------------------------------------------------------------


def removal_pairs(hand: Hand) -> list[tuple[int, int]]:
    """(chooser, target) in removal order: from the small blind (or the first player still in
    clockwise from it) round the table; each target is the chooser's nearest active left."""
    config = hand.config
    small_blind = next((p.seat for p in config.posts if p.kind is PostKind.SMALL_BLIND), None)
    numbers = hand.seat_numbers
    # Starting "after" the seat before the small blind puts the small blind first.
    if small_blind is None:
        after = config.button
    else:
        after = numbers[clockwise_after(numbers, small_blind)[-2]] if len(numbers) > 1 else small_blind
    order = [hand.seats[i].seat for i in clockwise_after(numbers, after) if not hand.seats[i].folded]
    return [(seat, order[(i + 1) % len(order)]) for i, seat in enumerate(order)]


def removal(hand: Hand) -> dict[str, Any] | None:
    """{"pairs": [[chooser, target]], "done": [[chooser, target, card]]} once the removal began."""
    return hand.extras.get("removal")


def removal_complete(hand: Hand) -> bool:
    state = removal(hand)
    return state is not None and len(state["done"]) == len(state["pairs"])


def current_pair(hand: Hand) -> tuple[int, int] | None:
    state = removal(hand)
    if state is None or removal_complete(hand):
        return None
    chooser, target = state["pairs"][len(state["done"])]
    return chooser, target


def player_name(hand: Hand, seat: int) -> str:
    """How the table calls a seat's player in words: their name, or "seat 4" without one."""
    return hand.seat(seat).name or f"seat {seat}"


def removed_from(hand: Hand, seat: int) -> list[tuple[int, str]]:
    """(chooser, card text) taken from `seat`: never to be shown to `seat`."""
    state = removal(hand) or {"done": []}
    return [(chooser, text) for chooser, target, text in state["done"] if target == seat]


# Events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RemovalStarted(HouseEvent):
    """After the flop: who removes a card from whom, in order."""

    type: ClassVar[str] = "removal_started"
    pairs: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class CardRemoved(HouseEvent):
    """`seat` removed `card` from `target`'s hand; it is discarded, unseen by `target`."""

    type: ClassVar[str] = "remove"
    by_player: ClassVar[bool] = True
    card_fields: ClassVar[frozenset[str]] = frozenset({"card"})
    seat: int
    target: int
    card: Card


def removal_step(hand: Hand, step: Step) -> Event | None:
    if removal(hand) is None:
        return RemovalStarted(tuple(removal_pairs(hand)))
    return None  # waiting for the chooser (the applier moves on when the last card is removed)


def showdown_step(hand: Hand, step: Step) -> Event | None:
    """Every surviving hand face up (nobody may muck a hand they have never seen), then the
    usual showdown, which has nobody left to ask and awards the pots: "The best hand takes
    the pot, and tied hands share it equally." """
    hidden = tuple(s.seat for s in hand.seats if s.live and not s.shown)
    if hidden:
        return HandsTabled(hidden)
    return showdown.next_event(hand)


# Player action --------------------------------------------------------------------------------


def verify_remove(hand: Hand, seat: int, index: object) -> tuple[int, Card]:
    """(target, card) that `seat` removes, or IllegalActionError."""
    if hand.finished:
        raise IllegalActionError("The hand is over")
    hand.seat(seat)
    pair = current_pair(hand)
    if pair is None:
        raise IllegalActionError("There is no card to remove now")
    chooser, target = pair
    if chooser != seat:
        raise IllegalActionError(
            f"It is not your turn to remove a card: waiting for {player_name(hand, chooser)}"
        )
    hole = hand.seat(target).hole
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(hole):
        raise IllegalActionError(
            f"Choose one of {player_name(hand, target)}'s {len(hole)} cards (0 to {len(hole) - 1})"
        )
    return target, hole[index]


def remove(hand: Hand, seat: int, index: int) -> list[Event]:
    target, chosen = verify_remove(hand, seat, index)
    return hand.record(CardRemoved(seat, target, chosen))


def legal_actions(hand: Hand, seat: int) -> dict[str, Any] | None:
    """The removal choice during the removal; None outside it."""
    pair = current_pair(hand)
    if pair is None or hand.finished:
        return None
    chooser, target = pair
    if chooser != seat:
        reason = f"Waiting for {player_name(hand, chooser)} to remove a card from {player_name(hand, target)}"
        return {"your_turn": False, "reason": reason, "actions": {}}
    hole = hand.seat(target).hole
    return {
        "your_turn": True,
        "reason": "",
        "actions": {"remove": {"allowed": True, "from_seat": target, "cards": list(range(len(hole)))}},
        # The chooser sees the target's cards: say which card each index takes.
        "choices": [{"index": index, "card": str(card)} for index, card in enumerate(hole)],
    }


# Appliers -------------------------------------------------------------------------------------


def apply_removal_started(hand: Hand, event: RemovalStarted) -> None:
    hand.extras["removal"] = {"pairs": [list(pair) for pair in event.pairs], "done": []}
    hand.to_act = event.pairs[0][0] if event.pairs else None
    if not event.pairs:
        hand.step += 1


def apply_removed(hand: Hand, event: CardRemoved) -> None:
    target = hand.seat(event.target)
    target.hole = tuple(c for c in target.hole if c != event.card)
    hand.burned.append(event.card)  # discarded: out of play, like a burn
    hand.seat(event.seat).last_action = f"took a card from {player_name(hand, event.target)}"
    state = hand.extras["removal"]
    state["done"].append([event.seat, event.target, str(event.card)])
    pair = current_pair(hand)
    hand.to_act = pair[0] if pair else None
    if pair is None:
        hand.step += 1
