"""Rabbit hunt: after a hand ends before the river, a player asks to see the board cards that
would have come. A house option per table (`HandConfig.options["rabbit_hunt"]`, off by default;
`engine.games.RABBIT_HUNT`).

The cards are the ones the dealer would have dealt from the hand's committed deck order: the
procedure goes on from where the hand stopped, burning where the game burns (a card exposed
during the deal and set aside is still that burn) and dealing each board's cards. Only board
cards are shown, never a burn and never a hole card (every deck position the hunt reads is
past the cards dealt); they are marked as the rabbit, not part of the hand's result.

>>> from engine.tests.hand_helpers import make_hand, play
>>> hand = make_hand("nlhe", [500, 500], boards=["AsKsQs2d3c"], options={"rabbit_hunt": True})
>>> _ = play(hand, "1 fold")
>>> [str(c) for c in rabbit_cards(hand)[0]]
['As', 'Ks', 'Qs', '2d', '3c']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.games import RABBIT_HUNT, StepKind
from engine.house.events import HouseEvent

if TYPE_CHECKING:
    from engine.hand import Hand

KEY = RABBIT_HUNT.key


def allowed(hand: Hand) -> bool:
    return any(option.key == KEY for option in hand.game.options) and bool(
        hand.game.announced(hand.config.options, KEY)
    )


def rabbit_positions(hand: Hand) -> list[list[int]]:
    """Deck positions of the board cards that would have come, per board (burns skipped)."""
    position = hand.next_card
    set_aside = len(hand.extras.get("set_aside", []))  # an exposed card still to be the burn
    boards: list[list[int]] = [[] for _ in hand.boards]
    for step in hand.game.procedure[hand.step :]:
        if step.kind is StepKind.BURN:
            if set_aside:
                set_aside -= 1
            else:
                position += 1
        elif step.kind in (StepKind.BOARD, StepKind.BLIND_BOARD):
            for board in boards:
                board.extend(range(position, position + step.count))
                position += step.count
    return boards


def rabbit_cards(hand: Hand) -> list[list[Card]]:
    return [[hand.deck[p] for p in board] for board in rabbit_positions(hand)]


def verify_huntable(hand: Hand) -> None:
    """IllegalActionError unless the finished hand has a rabbit that may still be hunted."""
    if not allowed(hand):
        raise IllegalActionError("This table does not play the rabbit hunt")
    if not hand.finished:
        raise IllegalActionError("The rabbit is hunted once the hand is over")
    if hand.extras.get("void"):
        raise IllegalActionError("A void hand has no rabbit: it is dealt again")
    if KEY in hand.extras:
        raise IllegalActionError("The rabbit has been hunted already")
    if not any(rabbit_positions(hand)):
        raise IllegalActionError("The whole board was dealt: there is no rabbit")


def verify_hunt(hand: Hand, seat: int) -> None:
    hand.seat(seat)  # a player of the hand
    verify_huntable(hand)


def huntable(hand: Hand) -> bool:
    """Whether a player of the hand may still ask for the rabbit (the live table keeps the next
    deal back long enough for someone to ask: engine.live.dealing.pause_after)."""
    try:
        verify_huntable(hand)
    except IllegalActionError:
        return False
    return True


def legal_actions(hand: Hand, seat: int) -> dict[str, Any]:
    """After the hand: "rabbit_hunt" is offered to each player of it while the rabbit may be hunted."""
    offered = seat in hand.index and huntable(hand)
    return {
        "your_turn": False,
        "reason": "The hand is over",
        "actions": {KEY: {"allowed": True}} if offered else {},
    }


@dataclass(frozen=True, slots=True)
class RabbitHunted(HouseEvent):
    """After the hand, `seat` asked for the rabbit: `cards` per board (not part of the result)."""

    type: ClassVar[str] = "rabbit_hunt"
    card_fields: ClassVar[frozenset[str]] = frozenset({"cards"})
    seat: int
    cards: tuple[tuple[Card, ...], ...]


def hunt(hand: Hand, seat: int) -> list[Any]:
    verify_hunt(hand, seat)
    return hand.record(RabbitHunted(seat, tuple(tuple(board) for board in rabbit_cards(hand))))


def apply_hunted(hand: Hand, event: RabbitHunted) -> None:
    hand.extras[KEY] = {"by": event.seat, "boards": [[str(c) for c in board] for board in event.cards]}


def view(hand: Hand) -> dict[str, Any] | None:
    """The rabbit as every viewer sees it: who asked, and the cards that would have come."""
    return hand.extras.get(KEY)
