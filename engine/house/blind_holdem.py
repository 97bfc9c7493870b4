"""Blind Hold'em: no betting, a fixed stake, two hole cards each and a five-card board.

"Before the deal, every player puts the same agreed fixed stake into the pot. There are
no blinds, antes, bets, calls or raises beyond this stake." "Each player needs two cards
and the board needs five, so a single deck is enough for up to 23 players" (no burns).

Options announced before the deal (`HandConfig.options`):

- "reveal": "all_at_once" (default: "Once the board is complete, every player turns
  their two hole cards face up") or "staged" (3.2: the flop, then each player turns one
  hole card face up, in turn clockwise from the left of the button, choosing which with
  `Hand.act(seat, "reveal", index=0|1)`; the turn, then the second hole cards, all
  together; the river). The host can turn the rest automatically: ruling "reveal_rest"
  (each remaining player's first card). Each of 3.2(a), (b) and (c) is its own moment:
  after (a) and after (b) the dealer waits (`phase` "reveal_pause") until the table goes on
  to the next stage with `next_stage(hand)`; the live table does that when its pause of
  "stage_seconds" (announced with the reveal, 0 allowed) has run out.
- "look_at_own_cards": True (default) or False: whether a player sees their own hole
  cards before they are turned face up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine import showdown
from engine.config import HandConfig, PostKind
from engine.errors import ConfigurationError, IllegalActionError, RulingError
from engine.events import BoardDealt, Event, HandsTabled, RoundEnded
from engine.games import BLIND_HOLDEM, Step, StepKind
from engine.house.events import HouseEvent, Ruling
from engine.pots import build_pots
from engine.seating import clockwise_after

if TYPE_CHECKING:
    from engine.hand import Hand

GAME = BLIND_HOLDEM  # its definition, procedure and announced options: engine.games
KEY = GAME.key
REVEAL_METHODS = GAME.option("reveal").values
GATED_BOARD = StepKind.BLIND_BOARD
COLLECT = StepKind.COLLECT_STAKES
SHOWDOWN = StepKind.BLIND_SHOWDOWN
PROCEDURE = GAME.procedure
# The stages of 3.2 the dealer deals after a pause: (b) the turn and second cards, (c) the river.
STAGE_B, STAGE_C = 2, 3


def validate_options(config: HandConfig) -> None:
    """ConfigurationError unless the announced options and the stakes make sense."""
    if GAME.announced(config.options, "reveal") not in REVEAL_METHODS:
        raise ConfigurationError("Announce the reveal: all at once, or in stages")
    if not isinstance(GAME.announced(config.options, "look_at_own_cards"), bool):
        raise ConfigurationError("look_at_own_cards is on or off")
    seconds = GAME.announced(config.options, "stage_seconds")
    if isinstance(seconds, bool) or seconds not in GAME.option("stage_seconds").values:
        seconds = ", ".join(str(value) for value in GAME.option("stage_seconds").values)
        raise ConfigurationError(f"The pause between stages is one of {seconds} seconds")
    stakes = {p.amount for p in config.posts if p.kind is PostKind.FIXED_STAKE}
    if (
        len(config.posts) != len(config.seats)
        or len(stakes) != 1
        or any(p.kind is not PostKind.FIXED_STAKE for p in config.posts)
    ):
        raise ConfigurationError(
            "In Blind Hold'em every player puts in the same fixed stake, and nothing else"
        )


def staged(hand: Hand) -> bool:
    return GAME.announced(hand.config.options, "reveal") == "staged"


def may_look_at_own_cards(hand: Hand) -> bool:
    return bool(GAME.announced(hand.config.options, "look_at_own_cards"))


def stage_seconds(hand: Hand) -> int:
    """The pause the table announced between the stages of a staged reveal."""
    return int(GAME.announced(hand.config.options, "stage_seconds"))


def waiting_for_stage(hand: Hand) -> int | None:
    """The stage (STAGE_B or STAGE_C) the dealer waits to deal after a pause, else None."""
    if hand.config.game != KEY or hand.finished or not staged(hand) or hand.extras.get("paused"):
        return None
    step = hand.current_step
    stage = hand.extras.get("reveal_stage", 0)
    if step is None or step.kind is not GATED_BOARD or hand.extras.get("released", 0) >= step.street:
        return None
    if step.street == STAGE_B and stage == 1 and hand.to_act is None:
        return STAGE_B  # 3.2(a) is over: every player has turned a card
    if step.street == STAGE_C and stage == 2:
        return STAGE_C  # 3.2(b) is over: the turn and every second card are face up
    return None


STAGE_NAMES = {1: "a", 2: "b", 3: "c"}  # the stages as 3.2 names them


def stage_view(hand: Hand) -> dict[str, Any] | None:
    """Where a staged reveal stands, the same for every viewer; None unless the hand is staged.

    `stage`: the last stage of 3.2 the dealer has reached ("a", "b", "c"; None before the flop),
    `next_stage`: the stage the table waits to deal after its pause (else None), `seconds`: the
    pause announced between stages (the live table's deadline says when the next one comes).

    >>> from engine.tests.hand_helpers import make_hand
    >>> from engine.config import Stakes
    >>> staged_reveal = {"reveal": "staged"}
    >>> hand = make_hand("blind_holdem", [100, 100], stakes=Stakes(fixed_stake=10), options=staged_reveal)
    >>> stage_view(hand)
    {'stage': 'a', 'next_stage': None, 'seconds': 3}
    """
    if hand.config.game != KEY or not staged(hand):
        return None
    board = hand.boards[0] if hand.boards else []
    reached = 3 if len(board) >= 5 else hand.extras.get("reveal_stage", 0)
    waiting = waiting_for_stage(hand)
    return {
        "stage": STAGE_NAMES.get(reached),
        "next_stage": STAGE_NAMES.get(waiting) if waiting is not None else None,
        "seconds": stage_seconds(hand),
    }


def revealed(hand: Hand, seat: int) -> list[int]:
    """Indices of the seat's hole cards turned face up so far."""
    return [index for s, index in hand.extras.get("revealed", []) if s == seat]


# Events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RevealStarted(HouseEvent):
    """3.2(a): the flop is out; each player now turns one hole card face up, in turn."""

    type: ClassVar[str] = "reveal_started"


@dataclass(frozen=True, slots=True)
class HoleCardRevealed(HouseEvent):
    """The player turned hole card number `index` face up."""

    type: ClassVar[str] = "reveal"
    by_player: ClassVar[bool] = True
    seat: int
    index: int


@dataclass(frozen=True, slots=True)
class SecondCardsRevealed(HouseEvent):
    """3.2(b): "each player turns their second hole card face up". `cards` is (seat, index)."""

    type: ClassVar[str] = "second_cards_revealed"
    cards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class StageReached(HouseEvent):
    """The pause after a stage is over: the dealer goes on to 3.2(b) (`stage` 2) or (c) (3)."""

    type: ClassVar[str] = "next_stage"
    stage: int


@dataclass(frozen=True, slots=True)
class RevealsForced(Ruling):
    """The host turned each remaining player's first card face up. `cards` is (seat, index)."""

    type: ClassVar[str] = "ruling_reveal_rest"
    cards: tuple[tuple[int, int], ...]


# The dealer's steps -------------------------------------------------------------------------


def _waiting_to_reveal(hand: Hand) -> list[int]:
    """Seats that have not yet turned a card face up in the first stage, in turn order."""
    order = [hand.seats[i].seat for i in clockwise_after(hand.seat_numbers, hand.config.button)]
    return [seat for seat in order if not revealed(hand, seat)]


def gated_board(hand: Hand, step: Step) -> Event | None:
    if staged(hand):
        stage = hand.extras.get("reveal_stage", 0)
        if step.street == 2 and stage == 0:
            return RevealStarted()
        if step.street == 2 and hand.to_act is not None:
            return None  # waiting for a player to choose a card
        if waiting_for_stage(hand) is not None:
            return None  # the table's pause between stages: every phone sees this stage first
        if step.street == 3 and stage == 1:
            return SecondCardsRevealed(
                tuple(
                    (s.seat, 1 - revealed(hand, s.seat)[0])
                    for s in hand.seats
                    if len(revealed(hand, s.seat)) == 1
                )
            )
    # Never the usual "all-in hands are turned face up" here: nobody bets, and a short
    # stake must not spoil the staged reveal.
    return BoardDealt((hand.deck[hand.next_card : hand.next_card + step.count],))


def collect_stakes(hand: Hand, step: Step) -> Event:
    """The stakes make the pot (side pots when a short stack could not post the full stake)."""
    committed = {s.seat: s.committed for s in hand.seats}
    pots = build_pots(
        committed, live={s.seat for s in hand.seats}, all_in={s.seat for s in hand.seats if s.all_in}
    )
    return RoundEnded(step.street, (), tuple(pots))


def blind_showdown(hand: Hand, step: Step) -> Event | None:
    hidden = tuple(s.seat for s in hand.seats if not s.shown)
    if hidden:  # "every player turns their two hole cards face up"
        return HandsTabled(hidden)
    return showdown.next_event(hand)


# Player action and host ruling ----------------------------------------------------------------


def verify_reveal(hand: Hand, seat: int, index: object) -> None:
    if hand.finished:
        raise IllegalActionError("The hand is over")
    hand.seat(seat)
    if (
        hand.config.game != KEY
        or not staged(hand)
        or hand.extras.get("reveal_stage") != 1
        or hand.to_act is None
    ):
        raise IllegalActionError("There is no card to turn face up now")
    if hand.to_act != seat:
        raise IllegalActionError(f"It is not your turn to turn a card: waiting for seat {hand.to_act}")
    if index not in (0, 1) or isinstance(index, bool):
        raise IllegalActionError("Choose your first (0) or second (1) hole card")


def verify_next_stage(hand: Hand) -> int:
    """The stage the dealer goes on to, or IllegalActionError when no stage is waiting."""
    stage = waiting_for_stage(hand)
    if stage is None:
        raise IllegalActionError("No stage of the reveal is waiting to be dealt")
    return stage


def next_stage(hand: Hand) -> list[Event]:
    """End the pause: deal the next stage (3.2(b): the turn, then every second card; 3.2(c):
    the river, then the showdown)."""
    return hand.record(StageReached(verify_next_stage(hand)))


def reveal(hand: Hand, seat: int, index: int) -> list[Event]:
    verify_reveal(hand, seat, index)
    return hand.record(HoleCardRevealed(seat, index))


def legal_actions(hand: Hand, seat: int) -> dict[str, Any] | None:
    """The reveal choice while a player is to choose; None outside the reveal stage."""
    if hand.config.game != KEY or hand.extras.get("reveal_stage") != 1 or hand.to_act is None:
        return None
    if hand.to_act != seat:
        return {"your_turn": False, "reason": f"Waiting for seat {hand.to_act} to turn a card", "actions": {}}
    return {"your_turn": True, "reason": "", "actions": {"reveal": {"allowed": True, "cards": [0, 1]}}}


def reveal_rest(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    """Ruling "reveal_rest": every player still to choose turns their first hole card."""
    if hand.config.game != KEY or hand.extras.get("reveal_stage") != 1 or hand.to_act is None:
        raise RulingError("Nobody is choosing a card to turn face up")
    return RevealsForced(host, reason, at, tuple((seat, 0) for seat in _waiting_to_reveal(hand)))


# Appliers -------------------------------------------------------------------------------------


def _add_reveals(hand: Hand, cards: tuple[tuple[int, int], ...]) -> None:
    hand.extras.setdefault("revealed", []).extend([seat, index] for seat, index in cards)
    for seat, _ in cards:
        if len(revealed(hand, seat)) == len(hand.seat(seat).hole):
            hand.seat(seat).shown = True
    hand.to_act = next(iter(_waiting_to_reveal(hand)), None)


def apply_reveal_started(hand: Hand, event: RevealStarted) -> None:
    hand.extras["reveal_stage"] = 1
    hand.to_act = next(iter(_waiting_to_reveal(hand)), None)


# What each stage did for a seat, as its tile says it until the next stage changes it: 3.2(a)
# turns the chosen card, 3.2(b) the other one. 3.2(c) deals only the river, so "both cards"
# stays true through it.
FIRST_CARD_WORDS = {0: "turned first card", 1: "turned second card"}
FORCED_WORDS = "first card turned by the host"
BOTH_CARDS_WORDS = "turned both cards"


def apply_revealed(hand: Hand, event: HoleCardRevealed) -> None:
    hand.seat(event.seat).last_action = FIRST_CARD_WORDS[event.index]
    _add_reveals(hand, ((event.seat, event.index),))


def apply_forced(hand: Hand, event: RevealsForced) -> None:
    for seat, _ in event.cards:
        hand.seat(seat).last_action = FORCED_WORDS
    _add_reveals(hand, event.cards)


def apply_next_stage(hand: Hand, event: StageReached) -> None:
    hand.extras["released"] = event.stage


def apply_second(hand: Hand, event: SecondCardsRevealed) -> None:
    for seat, _ in event.cards:
        hand.seat(seat).last_action = BOTH_CARDS_WORDS
    _add_reveals(hand, event.cards)
    hand.extras["reveal_stage"] = 2
