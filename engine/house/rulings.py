"""Host rulings: "If a question or dispute comes up that isn't settled here, the host
makes the call, and that ruling is final for the night."

`apply_ruling(hand, ruling, host, reason, at)` validates one ruling, records it as an
event (with the host, the reason and the time, so it is in the hand's history), lets
the dealer carry on and returns the new events. A ruling that would break a rule of the
engine raises RulingError and changes nothing. Chips are conserved by every ruling.

`ruling["type"]` is one of:

- "misdeal": the hand is void and every chip goes back; refused once there has been real
  action ("Once there's been real action (a bet or a fold), the hand usually stands").
- "exposed" {seat, card_number, during_deal}: `card_number` says which of the seat's cards was
  seen (1 is the first it was dealt), never the card's face. During the deal the card is
  replaced by the one that would have been burned before the flop, and is itself that burn;
  later, it stays live and is shown to everyone. A seat has at most one card replaced per deal.
- "award" {shares: {seat: chips}, pot?}: the whole middle (or pot number `pot` at the
  showdown) to named players.
- "kill" {seat}: the seat's hand is dead (e.g. it was shown to someone during the hand).
- "fold_away" {seat}: fold a player who is away.
- "undo": take back the last betting action before the next card, exactly.
- "pause" / "resume": stop and restart the hand.
- "out_of_turn" {seat, decision}: see `engine.house.out_of_turn`.
- "reveal_rest": Blind Hold'em, turn every remaining first-stage card face up.
Stacks and the button change between hands (`engine.table`: set_stack, move_button).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine import betting, showdown
from engine.cards import Card
from engine.errors import RulingError
from engine.events import (
    Award,
    BetOrRaised,
    BoardDealt,
    Called,
    CardBurned,
    Checked,
    Event,
    Folded,
    HoleCardsDealt,
    RoundEnded,
    RoundStarted,
    ShowdownStarted,
)
from engine.games import Structure
from engine.house import blind_holdem, out_of_turn
from engine.house.events import Ruling
from engine.seating import clockwise_after

if TYPE_CHECKING:
    from engine.hand import Hand


@dataclass(frozen=True, slots=True)
class MisdealDeclared(Ruling):
    """The hand is void: `returned` is every seat's chips given back."""

    type: ClassVar[str] = "ruling_misdeal"
    returned: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class CardExposed(Ruling):
    """`card` of `seat` was seen by everyone. During the deal it is dead and `replacement`
    takes its place; later it stays live, face up."""

    type: ClassVar[str] = "ruling_exposed"
    card_fields: ClassVar[frozenset[str]] = frozenset({"card", "replacement"})
    seat: int
    card: Card
    during_deal: bool
    replacement: Card | None = None


@dataclass(frozen=True, slots=True)
class PotAwardedByHost(Ruling):
    """Chips from the middle to named seats: `pot` is a pot number, or None for everything."""

    type: ClassVar[str] = "ruling_award"
    pot: int | None
    shares: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class HandKilled(Ruling):
    """The seat's hand is dead; chips it put in stay in the pot."""

    type: ClassVar[str] = "ruling_kill"
    seat: int


@dataclass(frozen=True, slots=True)
class AwayPlayerFolded(Ruling):
    type: ClassVar[str] = "ruling_fold_away"
    seat: int


@dataclass(frozen=True, slots=True)
class ActionUndone(Ruling):
    """The player event at log position `index` (and what the dealer did after it) is taken back."""

    type: ClassVar[str] = "ruling_undo"
    index: int


@dataclass(frozen=True, slots=True)
class HandPaused(Ruling):
    type: ClassVar[str] = "ruling_pause"


@dataclass(frozen=True, slots=True)
class HandResumed(Ruling):
    type: ClassVar[str] = "ruling_resume"


# The log as it now counts ---------------------------------------------------------------------


def effective_events(events: Iterable[Event]) -> list[Event]:
    """The events that still count: an undo removes its action and everything after it
    (and is itself left out, so replaying these gives the state the undo restored)."""
    kept: list[tuple[int, Event]] = []
    for position, event in enumerate(events):
        if isinstance(event, ActionUndone):
            kept = [(i, e) for i, e in kept if i < event.index]
        else:
            kept.append((position, event))
    return [event for _, event in kept]


def _effective_positions(events: list[Event]) -> list[int]:
    kept: list[int] = []
    for position, event in enumerate(events):
        if isinstance(event, ActionUndone):
            kept = [i for i in kept if i < event.index]
        else:
            kept.append(position)
    return kept


CRAZY_BLIND_MAN = ("crazy_blind_man", "crazy_blind_man_fl")
REAL_ACTION = (Folded, Called, BetOrRaised, out_of_turn.OutOfTurnStood, out_of_turn.OutOfTurnCommitted)
UNDOABLE = (Folded, Checked, Called, BetOrRaised, out_of_turn.OutOfTurnPosted)
# What the dealer may have done after an action that can still be taken back: no card moved.
DEALER_AFTERMATH = (
    RoundEnded,
    RoundStarted,
    ShowdownStarted,
    out_of_turn.OutOfTurnStood,
    out_of_turn.OutOfTurnCommitted,
    out_of_turn.OutOfTurnLapsed,
    out_of_turn.PausedForRuling,
)


def had_real_action(hand: Hand) -> bool:
    """ "real action (a bet or a fold)": a fold, call, bet or raise that still counts."""
    for event in effective_events(hand.events):
        if isinstance(event, REAL_ACTION) and getattr(event, "action", "fold") != "check":
            return True
        if isinstance(event, HandKilled | AwayPlayerFolded):
            return True
    return False


def is_void(hand: Hand) -> bool:
    """A misdeal was declared: deal again with the same HandConfig and a new shuffle."""
    return "void" in hand.extras


def paused(hand: Hand) -> dict[str, Any] | None:
    """{"by": "host" | "rules", "message", "seat"?} while the hand is stopped, else None."""
    return hand.extras.get("paused")


# Building each ruling's event ---------------------------------------------------------------


def _seat(hand: Hand, data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in hand.index:
        raise RulingError("Name a seat that is dealt in to this hand")
    return seat


def _misdeal(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    if had_real_action(hand):
        raise RulingError("There has been real action (a bet or a fold): the hand stands and play continues")
    returned = tuple((s.seat, s.committed) for s in hand.seats if s.committed)
    return MisdealDeclared(host, reason, at, returned)


def _exposed(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    # The host usually plays: the ruling names which of the seat's cards was seen, never its
    # face, so no answer (refusal or preview) can depend on a card the host may not see.
    seat = _seat(hand, data)
    s = hand.seat(seat)
    number = data.get("card_number")
    if "card" in data:
        raise RulingError("Name which of the seat's cards was seen (card_number 1: the first), not its face")
    if not s.hole:
        raise RulingError(f"Seat {seat} has no cards yet")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(s.hole):
        raise RulingError(f"Name which of seat {seat}'s cards was seen: card number 1 to {len(s.hole)}")
    shown = s.hole[number - 1]
    during_deal = data.get("during_deal", False)
    if not isinstance(during_deal, bool):
        raise RulingError("Say whether the card was exposed during the deal")
    if not during_deal:
        if hand.config.game in CRAZY_BLIND_MAN:
            raise RulingError(
                "In Crazy Blind Man the other players already see this card; its owner must not "
                "(kill the hand if they looked)"
            )
        if s.folded or s.mucked:
            raise RulingError(f"Seat {seat}'s hand is out of play")
        if any(e["card"] == str(shown) for e in hand.extras.get("exposed", [])):
            raise RulingError(f"Seat {seat}'s card {number} is already face up")
        return CardExposed(host, reason, at, seat, shown, False)
    if any(e["seat"] == seat and e["dead"] for e in hand.extras.get("exposed", [])):
        # The house text sets one exposed card aside as the burn; it gives no redraw. Another
        # ruling on the same seat would hand it the next card of the deck, and the next.
        raise RulingError(
            f"Seat {seat} already had a card replaced in this deal: one exposed-card ruling per "
            "seat per deal (the house rules give no redraw)"
        )
    events = effective_events(hand.events)
    if any(e.by_player for e in events) or any(isinstance(e, CardBurned | BoardDealt) for e in events):
        raise RulingError(
            "Play has started: a card seen now stays live (rule it exposed, not during the deal)"
        )
    if not any(isinstance(e, HoleCardsDealt) for e in events):
        raise RulingError("No cards have been dealt yet")
    if hand.next_card >= len(hand.deck):
        raise RulingError("There is no card left to replace it with")
    return CardExposed(host, reason, at, seat, shown, True, hand.deck[hand.next_card])


def _shares(hand: Hand, data: Mapping[str, Any]) -> tuple[tuple[int, int], ...]:
    raw = data.get("shares")
    items = raw.items() if isinstance(raw, Mapping) else raw
    try:
        shares = tuple((int(seat), amount) for seat, amount in items)  # type: ignore[union-attr]
    except (TypeError, ValueError):
        raise RulingError("Give the shares as {seat: chips}") from None
    if not shares:
        raise RulingError("Name at least one player to award chips to")
    for seat, amount in shares:
        if seat not in hand.index:
            raise RulingError(f"Seat {seat} is not dealt in to this hand")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise RulingError("Each share is a positive whole number of chips")
    if len({seat for seat, _ in shares}) != len(shares):
        raise RulingError("Name each player once")
    return shares


def _award(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    shares = _shares(hand, data)
    given = sum(amount for _, amount in shares)
    pot = data.get("pot")
    if pot is None:
        middle = hand.pot + sum(s.bet for s in hand.seats)
        if given != middle:
            raise RulingError(f"The shares add up to {given}, but there are {middle} chips in the middle")
        return PotAwardedByHost(host, reason, at, None, shares)
    if not hand.showdown_order or hand.round_open:
        raise RulingError("A single pot can be awarded at the showdown; before it, award the whole middle")
    if not isinstance(pot, int) or isinstance(pot, bool) or not 0 <= pot < len(hand.pots):
        raise RulingError(f"There is no pot number {pot}")
    if given != hand.pots[pot].amount:
        raise RulingError(f"The shares add up to {given}, but that pot holds {hand.pots[pot].amount}")
    return PotAwardedByHost(host, reason, at, pot, shares)


def _fold_out(
    hand: Hand, data: Mapping[str, Any], event_type: type[Event], host: str, reason: str, at: str
) -> Event:
    seat = _seat(hand, data)
    s = hand.seat(seat)
    if hand.game.structure is Structure.NO_BETTING:
        raise RulingError(f"In {hand.game.name} every player stays in to the end")
    if s.folded or s.mucked:
        raise RulingError(f"Seat {seat}'s hand is already out")
    if "removal" in hand.extras and hand.extras["removal"]["pairs"][len(hand.extras["removal"]["done"]) :]:
        raise RulingError("Let the removal finish first")
    if sum(1 for x in hand.seats if x.live) <= 1:
        raise RulingError("That is the last hand in play")
    return event_type(host, reason, at, seat)  # type: ignore[call-arg]


def _kill(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    return _fold_out(hand, data, HandKilled, host, reason, at)


def _fold_away(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    return _fold_out(hand, data, AwayPlayerFolded, host, reason, at)


def _undo(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    positions = _effective_positions(hand.events)
    last = next((i for i in reversed(positions) if hand.events[i].by_player), None)
    if last is None:
        raise RulingError("There is no player action to undo")
    action = hand.events[last]
    if not isinstance(action, UNDOABLE):
        raise RulingError(f"A {action.type.replace('_', ' ')} cannot be taken back")
    later = [hand.events[i] for i in positions if i > last]
    if any(not isinstance(e, DEALER_AFTERMATH) for e in later):
        raise RulingError("Too late to undo: cards have been dealt or another ruling made since")
    return ActionUndone(host, reason, at, last)


def _pause(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    if paused(hand):
        raise RulingError("The hand is already paused")
    return HandPaused(host, reason, at)


def _resume(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    state = paused(hand)
    if not state:
        raise RulingError("The hand is not paused")
    if state["by"] == "rules":
        raise RulingError(f"Rule on seat {state['seat']}'s out-of-turn action first: {state['message']}")
    return HandResumed(host, reason, at)


def _between_hands(hand: Hand, data: Mapping[str, Any], host: str, reason: str, at: str) -> Event:
    raise RulingError(
        "Stacks and the button are changed between hands (the table's set_stack and move_button)"
    )


RulingBuilder = Callable[["Hand", Mapping[str, Any], str, str, str], Event]
RULINGS: dict[str, RulingBuilder] = {
    "misdeal": _misdeal,
    "exposed": _exposed,
    "award": _award,
    "kill": _kill,
    "fold_away": _fold_away,
    "undo": _undo,
    "pause": _pause,
    "resume": _resume,
    "out_of_turn": out_of_turn.ruling,  # type: ignore[dict-item]
    "set_stack": _between_hands,
    "move_button": _between_hands,
    "reveal_rest": blind_holdem.reveal_rest,
}
"""Ruling type -> function(hand, ruling, host, reason, at) returning the event, or raising
RulingError."""


def apply_ruling(hand: Hand, ruling: Mapping[str, Any], host: str, reason: str, at: str) -> list[Event]:
    """Record one host ruling and let the dealer carry on; returns the new events."""
    if not isinstance(ruling, Mapping) or ruling.get("type") not in RULINGS:
        raise RulingError(f"Choose a ruling: {', '.join(sorted(RULINGS))}")
    if not isinstance(host, str) or not host.strip():
        raise RulingError("A ruling names the host who made it")
    if not isinstance(reason, str) or not reason.strip():
        raise RulingError("Give a reason for the ruling; it goes in the hand's history")
    if not isinstance(at, str) or not at:
        raise RulingError("A ruling carries the time it was made")
    if hand.finished:
        raise RulingError("The hand is over")
    event = RULINGS[ruling["type"]](hand, ruling, host, reason, at)
    return hand.record(event)


# Appliers -------------------------------------------------------------------------------------


def _close(hand: Hand) -> None:
    hand.to_act = None
    hand.round_open = False
    hand.pots = []
    hand.finished = True
    hand.extras.pop("paused", None)


def apply_misdeal(hand: Hand, event: MisdealDeclared) -> None:
    for seat, chips in event.returned:
        s = hand.seat(seat)
        s.stack += chips
        s.committed -= chips
    for s in hand.seats:
        s.bet = 0
        s.all_in = False
    hand.pot = 0
    hand.extras["void"] = event.reason
    _close(hand)


def apply_exposed(hand: Hand, event: CardExposed) -> None:
    hand.extras.setdefault("exposed", []).append(
        {"seat": event.seat, "card": str(event.card), "dead": event.during_deal}
    )
    if event.during_deal and event.replacement is not None:
        # "That card is set aside and treated as a burn ... once the deal is finished, they
        # take the card that would otherwise have been the burn before the flop."
        # The exposed card takes the place of the next burn (engine.dealer), so the board
        # comes from the cards right after the replacement, with no second burn.
        s = hand.seat(event.seat)
        s.hole = tuple(event.replacement if c == event.card else c for c in s.hole)
        hand.burned.append(event.card)
        hand.extras.setdefault("set_aside", []).append(str(event.card))
        hand.next_card += 1


def apply_award(hand: Hand, event: PotAwardedByHost) -> None:
    amount = sum(chips for _, chips in event.shares)
    for s in hand.seats:
        hand.pot += s.bet
        s.bet = 0
    for seat, chips in event.shares:
        s = hand.seat(seat)
        s.stack += chips
        s.won += chips
    hand.pot -= amount
    hand.awards.append(Award(event.pot or 0, None, amount, event.shares, "the host's ruling"))
    if event.pot is None:
        _close(hand)
        return
    del hand.pots[event.pot]
    if not hand.pots:
        _close(hand)


def apply_fold_out(hand: Hand, event: HandKilled | AwayPlayerFolded) -> None:
    s = hand.seat(event.seat)
    out_of_turn.drop_pending(hand, s.seat)
    s.folded = True
    s.last_action = "hand killed" if isinstance(event, HandKilled) else "folded (away)"
    # A dead hand's chips stay in the pot: never handed back as an uncalled bet.
    hand.pot += s.bet
    s.bet = 0
    if hand.round_open and hand.to_act is not None:
        numbers = hand.seat_numbers
        # Look again from the seat whose turn it was (or the next one, if that was this seat).
        start = hand.to_act if hand.to_act == s.seat else numbers[clockwise_after(numbers, hand.to_act)[-2]]
        hand.to_act = betting._next_needing_action(hand, start)
    elif hand.showdown_order:
        hand.to_act = showdown._next_to_decide(hand)


def apply_undo(hand: Hand, event: ActionUndone) -> None:
    # The hand's own class replays it: this module sits below engine.hand and never imports it.
    hand_class = type(hand)
    kept = effective_events([*hand.events, event])
    rebuilt = hand_class.replay(hand.config, hand.deck, kept)
    for name in hand_class.__slots__:
        if name != "events":
            setattr(hand, name, getattr(rebuilt, name))


def apply_pause(hand: Hand, event: HandPaused) -> None:
    hand.extras["paused"] = {"by": "host", "message": event.reason}


def apply_resume(hand: Hand, event: HandResumed) -> None:
    hand.extras.pop("paused", None)


__all__ = ["RULINGS", "apply_ruling", "effective_events", "had_real_action", "is_void", "paused"]
