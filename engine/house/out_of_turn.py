"""Acting out of turn: not allowed, but binding once done.

House Etiquette: "Acting out of turn isn't allowed, but if you do, it's binding. If the
action reaches you unchanged, your bet stands as posted. And if a player whose turn it
actually was bets higher first, your chips are still committed; you just have to match
the higher bet to stay in the hand."

A player's phone offers it as an explicit choice: `Hand.act(seat, action, to, out_of_turn=True)`
posts the action as pending (an `OutOfTurnPosted` event; everyone sees it). When the turn
reaches that seat the dealer settles it (`settle`):

- a fold always stands;
- a check stands only if the bet is unchanged; otherwise the player acts normally;
- a call, bet or raise stands as posted if the bet is unchanged; if someone bet as much
  or more, the chips are committed and the player may only call or fold (a fold leaves
  the committed chips in the pot);
- anything else (a bet that is now above the new bet but no longer settled by the text)
  stops the hand for the host: `paused_for_ruling`, resolved by the ruling
  {"type": "out_of_turn", "seat": s, "decision": "stands" | "call" | "withdraw"}.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine import betting
from engine.errors import IllegalActionError, RulingError
from engine.events import BetOrRaised, Called, Checked, Event, Folded
from engine.house.events import HouseEvent, Ruling

if TYPE_CHECKING:
    from engine.hand import Hand

ACTIONS = ("fold", "check", "call", "bet", "raise")
DECISIONS = ("stands", "call", "withdraw")


@dataclass(frozen=True, slots=True)
class OutOfTurnPosted(HouseEvent):
    """`seat` acted before its turn. `to` is the seat's whole bet this round that the action
    commits to (its current bet for a fold or check); `facing` the bet when it was posted."""

    type: ClassVar[str] = "out_of_turn"
    by_player: ClassVar[bool] = True
    seat: int
    action: str
    to: int
    facing: int


@dataclass(frozen=True, slots=True)
class OutOfTurnStood(HouseEvent):
    """The turn reached the seat and its out-of-turn action counts: `action` is fold, check,
    call (adding `amount` chips) or bet_or_raise (to `to`)."""

    type: ClassVar[str] = "out_of_turn_stood"
    seat: int
    action: str
    to: int = 0
    amount: int = 0


@dataclass(frozen=True, slots=True)
class OutOfTurnCommitted(HouseEvent):
    """Someone bet higher first: the seat's chips up to `to` are in; it may now only call or fold."""

    type: ClassVar[str] = "out_of_turn_committed"
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class OutOfTurnLapsed(HouseEvent):
    """An out-of-turn check after the bet changed: it does not count; the player acts normally."""

    type: ClassVar[str] = "out_of_turn_lapsed"
    seat: int


@dataclass(frozen=True, slots=True)
class PausedForRuling(HouseEvent):
    """The rules do not settle what happens next: the hand waits for the host."""

    type: ClassVar[str] = "paused_for_ruling"
    seat: int
    message: str


@dataclass(frozen=True, slots=True)
class OutOfTurnRuled(Ruling):
    """The host settled an out-of-turn action the text does not: `decision` is "stands"
    (the bet as posted), "call" (reduced to a call of `amount` chips) or "withdraw"."""

    type: ClassVar[str] = "ruling_out_of_turn"
    seat: int
    decision: str
    to: int = 0
    amount: int = 0


# Reading the pending actions ---------------------------------------------------------------


def pending(hand: Hand) -> list[dict[str, Any]]:
    """The out-of-turn actions still waiting for their turn in the current betting round."""
    if not hand.round_open or hand.finished:
        return []
    return [p for p in hand.extras.get("pending", []) if p["street"] == hand.street]


def pending_for(hand: Hand, seat: int) -> dict[str, Any] | None:
    return next((p for p in pending(hand) if p["seat"] == seat), None)


def _drop(hand: Hand, seat: int) -> None:
    hand.extras["pending"] = [p for p in hand.extras.get("pending", []) if p["seat"] != seat]


def drop_pending(hand: Hand, seat: int) -> None:
    """Forget a seat's pending action (its hand was killed or folded by the host)."""
    _drop(hand, seat)


# Posting ----------------------------------------------------------------------------------


def verify(hand: Hand, seat: int, action: str, to: int | None) -> int:
    """The bet level `action` commits `seat` to, or IllegalActionError saying why it cannot be posted."""
    if hand.finished:
        raise IllegalActionError("The hand is over")
    s = hand.seat(seat)
    if not hand.round_open:
        raise IllegalActionError("You can only act out of turn during a betting round")
    if hand.to_act == seat:
        raise IllegalActionError("It is your turn: act normally")
    if s.folded or s.all_in:
        raise IllegalActionError("You have no decision to make in this round")
    if s.acted and s.bet >= hand.current_bet:
        raise IllegalActionError("You have already acted in this round")
    if pending_for(hand, seat) is not None:
        raise IllegalActionError("You already acted out of turn; that action is binding")
    if action not in ACTIONS:
        raise IllegalActionError(f"{action!r} cannot be done out of turn (fold, check, call, bet, raise)")
    to_call = hand.current_bet - s.bet
    if action == "fold":
        return s.bet
    if action == "check":
        if to_call > 0:
            raise IllegalActionError(f"You cannot check: it is {to_call} to call")
        return s.bet
    if action == "call":
        if to_call <= 0:
            raise IllegalActionError("There is no bet to call: check instead")
        return s.bet + min(to_call, hand.available(s))
    if not isinstance(to, int) or isinstance(to, bool):
        raise IllegalActionError(f"Say how much to {action} to")
    betting.verify_raise_size(hand, s, to)
    return to


def post(hand: Hand, seat: int, action: str, to: int | None = None) -> list[Event]:
    """Record `seat`'s out-of-turn action; it is settled when the turn reaches the seat."""
    level = verify(hand, seat, action, to)
    return hand.record(OutOfTurnPosted(seat, action, level, hand.current_bet))


def options(hand: Hand, seat: int) -> dict[str, Any]:
    """What the phone may offer as an out-of-turn choice (JSON-able): {"allowed", "reason"?,
    "pending"?, "actions": {name: {"allowed", "reason"?, "amount"?, "min_to"?, "max_to"?}}}."""
    try:
        verify(hand, seat, "fold", None)
    except IllegalActionError as error:
        mine = pending_for(hand, seat) if not hand.finished and seat in hand.index else None
        return {"allowed": False, "reason": str(error), "pending": mine, "actions": {}}
    s = hand.seat(seat)
    actions: dict[str, Any] = {}
    for name in ("fold", "check", "call"):
        try:
            level = verify(hand, seat, name, None)
            actions[name] = {"allowed": True, **({"amount": level - s.bet} if name == "call" else {})}
        except IllegalActionError as error:
            actions[name] = {"allowed": False, "reason": str(error)}
    word = "raise" if hand.current_bet else "bet"
    try:
        smallest, largest = betting.raise_range(hand, s)
        actions[word] = {"allowed": True, "min_to": smallest, "max_to": largest}
    except IllegalActionError as error:
        actions[word] = {"allowed": False, "reason": str(error)}
    return {"allowed": True, "reason": "", "pending": None, "actions": actions}


# Settling when the turn arrives (a dealer step) ------------------------------------------------


def settle(hand: Hand) -> Event | None:
    """The event that settles the pending action of the seat whose turn it now is, if any."""
    if not hand.round_open or hand.to_act is None:
        return None
    p = pending_for(hand, hand.to_act)
    if p is None:
        return None
    s = hand.seat(p["seat"])
    unchanged = hand.current_bet == p["facing"]
    action, level = p["action"], p["to"]
    if action == "fold":  # "an out-of-turn fold is always binding"
        return OutOfTurnStood(s.seat, "fold")
    if action == "check":
        return OutOfTurnStood(s.seat, "check") if unchanged else OutOfTurnLapsed(s.seat)
    if unchanged:
        if action == "call":
            return OutOfTurnStood(s.seat, "call", amount=min(hand.current_bet - s.bet, hand.available(s)))
        try:
            betting.verify_raise_size(hand, s, level)
        except IllegalActionError as error:
            return PausedForRuling(s.seat, _facts(hand, p, str(error)))
        return OutOfTurnStood(s.seat, "bet_or_raise", to=level)
    if hand.current_bet >= level:
        # "your chips are still committed; you just have to match the higher bet"
        chips = level - s.bet
        if hand.current_bet == level or chips >= hand.available(s):
            return OutOfTurnStood(s.seat, "call", amount=min(hand.current_bet - s.bet, hand.available(s)))
        return OutOfTurnCommitted(s.seat, level)
    return PausedForRuling(s.seat, _facts(hand, p, ""))


def _facts(hand: Hand, p: dict[str, Any], problem: str) -> str:
    s = hand.seat(p["seat"])
    who = f"Seat {s.seat}" + (f" ({s.name})" if s.name else "")
    what = f"{p['action']} to {p['to']}"
    text = (
        f"{who} made a {what} out of turn when the bet was {p['facing']}; "
        f"the bet is now {hand.current_bet}. The house rules do not settle this."
    )
    if problem:
        text += f" {problem}."
    return text + " Rule that it stands, that it becomes a call, or that it is withdrawn."


# Host ruling ---------------------------------------------------------------------------------


def ruling(hand: Hand, data: dict[str, Any], host: str, reason: str, at: str) -> OutOfTurnRuled:
    """The host settles a pending out-of-turn action (usually one that paused the hand)."""
    seat = data.get("seat")
    decision = data.get("decision")
    if decision not in DECISIONS:
        raise RulingError("Decide that the out-of-turn action stands, becomes a call, or is withdrawn")
    if not isinstance(seat, int) or seat not in hand.index:
        raise RulingError("Name the seat whose out-of-turn action you are ruling on")
    p = pending_for(hand, seat)
    if p is None:
        raise RulingError(f"Seat {seat} has no out-of-turn action waiting")
    s = hand.seat(seat)
    if decision == "withdraw":
        return OutOfTurnRuled(host, reason, at, seat, decision)
    if hand.to_act != seat:
        raise RulingError(f"The action has not reached seat {seat} yet: it can only be withdrawn now")
    if decision == "call":
        to_call = hand.current_bet - s.bet
        if to_call <= 0:
            return OutOfTurnRuled(host, reason, at, seat, "check")
        return OutOfTurnRuled(host, reason, at, seat, decision, amount=min(to_call, hand.available(s)))
    if p["action"] not in ("bet", "raise"):
        raise RulingError("Only a bet or raise can be ruled to stand; rule a call or withdraw it")
    try:
        betting.verify_raise_size(hand, s, p["to"])
    except IllegalActionError as error:
        raise RulingError(f"It cannot stand: {error}. Rule a call or withdraw it") from None
    return OutOfTurnRuled(host, reason, at, seat, decision, to=p["to"])


# Appliers ------------------------------------------------------------------------------------


def apply_posted(hand: Hand, event: OutOfTurnPosted) -> None:
    entry = {"seat": event.seat, "action": event.action, "to": event.to, "facing": event.facing}
    hand.extras.setdefault("pending", []).append({**entry, "street": hand.street})
    hand.seat(event.seat).last_action = f"out of turn: {event.action}" + (
        f" {event.to}" if event.action in ("bet", "raise", "call") else ""
    )


def _play(hand: Hand, seat: int, action: str, to: int, amount: int) -> None:
    _drop(hand, seat)
    if action == "fold":
        betting.apply_fold(hand, Folded(seat))
    elif action == "check":
        betting.apply_check(hand, Checked(seat))
    elif action == "call":
        betting.apply_call(hand, Called(seat, amount))
    elif action == "bet_or_raise":
        betting.apply_bet_or_raise(hand, BetOrRaised(seat, to))


def apply_stood(hand: Hand, event: OutOfTurnStood) -> None:
    _play(hand, event.seat, event.action, event.to, event.amount)


def apply_committed(hand: Hand, event: OutOfTurnCommitted) -> None:
    _drop(hand, event.seat)
    s = hand.seat(event.seat)
    chips = event.to - s.bet
    s.stack -= chips
    s.bet += chips
    s.committed += chips
    s.can_raise = False
    hand.extras.setdefault(betting.RAISE_CLOSED_KEY, {})[str(s.seat)] = (
        f"You acted out of turn and the bet went up to {hand.current_bet}: your chips are "
        "committed, and you just have to match the higher bet to stay in the hand (call or fold)"
    )
    s.last_action = f"committed {event.to} out of turn"


def apply_lapsed(hand: Hand, event: OutOfTurnLapsed) -> None:
    _drop(hand, event.seat)
    # Everyone saw the check posted: say why it no longer counts.
    hand.seat(event.seat).last_action = "out-of-turn check lapsed: the bet changed"


def apply_paused(hand: Hand, event: PausedForRuling) -> None:
    hand.extras["paused"] = {"by": "rules", "seat": event.seat, "message": event.message}


def apply_ruled(hand: Hand, event: OutOfTurnRuled) -> None:
    hand.extras.pop("paused", None)
    if event.decision == "withdraw":
        _drop(hand, event.seat)
        hand.seat(event.seat).last_action = ""
    elif event.decision == "stands":
        _play(hand, event.seat, "bet_or_raise", event.to, 0)
    else:
        _play(hand, event.seat, event.decision, 0, event.amount)
