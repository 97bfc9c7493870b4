"""What a home game adds to a hand's actions, its legal actions and its phase: host rulings
(a paused hand), acting out of turn, Blind Hold'em's reveal and Crazy Blind Man's removal.

`Hand.act`, `Hand.legal_actions` and `Hand.phase` ask these functions first. The games
themselves are in `engine.games.GAMES`, their events in `engine.appliers.APPLIERS` and
their dealer steps in `engine.dealer.STEP_HANDLERS`.

Player intents (all through `Hand.act(seat, action, to=None, *, index=None, out_of_turn=False)`):
  "remove" with `index` 0..2: Crazy Blind Man, the card of the target's hand to remove.
  "reveal" with `index` 0..1: Blind Hold'em staged reveal, the hole card to turn face up.
  "remove_first" / "reveal_first": the same with card 0 (what the action clock does on a timeout).
  any of fold/check/call/bet/raise with `out_of_turn=True`: a binding action before one's turn.
  "run_twice" / "run_once": the answer of a player asked to run it twice (engine.house.run_it_twice).
  "rabbit_hunt": after a hand over before the river, the board that would have come
  (engine.house.rabbit_hunt; offered in the finished hand's legal actions).
Host rulings: `engine.house.rulings.apply_ruling(hand, ruling, host, reason, at)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.errors import IllegalActionError
from engine.events import Event
from engine.house import (
    blind_holdem,
    crazy_blind_man,
    out_of_turn,
    rabbit_hunt,
    rulings,
    run_it_twice,
    showdown_clock,
)

if TYPE_CHECKING:
    from engine.hand import Hand

HOME_GAMES = (blind_holdem.KEY, *crazy_blind_man.KEYS)
"""Game keys defined here (their own tests cover them: engine/tests/test_home_game_stateful.py)."""

CardAction = Callable[["Hand", int, Any], list[Event]]
CARD_ACTIONS: dict[str, CardAction] = {
    "remove": crazy_blind_man.remove,
    "reveal": blind_holdem.reveal,
    # What the action clock does when a player runs out of time (engine.live.dealing.TIMEOUT_ACTIONS).
    "remove_first": lambda hand, seat, index: crazy_blind_man.remove(hand, seat, 0),
    "reveal_first": lambda hand, seat, index: blind_holdem.reveal(hand, seat, 0),
    # After the hand: the board cards that would have come (engine.house.rabbit_hunt).
    "rabbit_hunt": lambda hand, seat, index: rabbit_hunt.hunt(hand, seat),
}


def verify_not_paused(hand: Hand) -> None:
    state = rulings.paused(hand)
    if state and not hand.finished:
        raise IllegalActionError(f"The hand is paused: {state['message']}")


def act(
    hand: Hand, seat: int, action: str, to: int | None, index: int | None, late: bool
) -> list[Event] | None:
    """The events of a home-game action, or None for an ordinary action `Hand.act` handles."""
    verify_not_paused(hand)
    run_it_twice.refuse_other_actions(hand, action)
    if action in run_it_twice.ANSWERS:
        return run_it_twice.answer(hand, seat, action)
    if late and hand.to_act != seat:
        return out_of_turn.post(hand, seat, action, to)
    if action in CARD_ACTIONS:
        return CARD_ACTIONS[action](hand, seat, index)
    return None


def legal_actions(hand: Hand, seat: int) -> dict[str, Any] | None:
    """The home-game answer to `Hand.legal_actions`, or None for the usual one."""
    state = rulings.paused(hand)
    if state and not hand.finished:
        hand.seat(seat)
        return {"your_turn": False, "reason": f"The hand is paused: {state['message']}", "actions": {}}
    return (
        run_it_twice.legal_actions(hand, seat)
        or crazy_blind_man.legal_actions(hand, seat)
        or blind_holdem.legal_actions(hand, seat)
    )


def at_showdown(hand: Hand, seat: int, options: dict[str, Any]) -> dict[str, Any]:
    """The showdown's choice, with what the player's phone asks before a muck: whether no hand
    tabled beats theirs yet in a contested pot (`showdown_clock.could_win`, from their own
    cards and the tabled ones only)."""
    muck = options.get("actions", {}).get("muck")
    if muck is not None and muck.get("allowed") and showdown_clock.could_win(hand, seat):
        muck["could_win"] = True
    return options


def after_the_hand(hand: Hand, seat: int) -> dict[str, Any]:
    """`Hand.legal_actions` once the hand is over: nothing, or the rabbit hunt where offered."""
    return rabbit_hunt.legal_actions(hand, seat)


def phase(hand: Hand) -> str | None:
    state = rulings.paused(hand)
    if state and not hand.finished:
        return "paused_for_ruling" if state["by"] == "rules" else "paused"
    if run_it_twice.asking(hand):
        return "run_it_twice"
    if blind_holdem.legal_actions(hand, hand.to_act or 0) is not None:
        return "reveal"
    if blind_holdem.waiting_for_stage(hand) is not None:
        return "reveal_pause"
    if hand.showdown_order and hand.to_act is not None and not hand.round_open:
        return "showdown"  # also a winner by folds asked to show (engine.house.seven_deuce)
    return None
