"""Host rulings about the hand in progress, as `engine.live` intents (listed in engine.live.intents).

Each intent names the ruling the host panel offers; the fields go to
`engine.house.rulings.apply_ruling`, with the intent's optional "reason" (else the ruling's
name) and "host" (else "host"), at the time `now` of the intent:

    misdeal                                   -> "misdeal"
    exposed_card {seat, card_number, during_deal?}
                                              -> "exposed" (during_deal defaults to False)
    award_pot {seat} | {shares: {seat: chips}, pot?}
                                              -> "award" (one seat: the whole middle)
    kill_hand {seat}                          -> "kill"
    fold_away {seat}                          -> "fold_away"
    undo                                      -> "undo"
    pause_hand / resume_hand                  -> "pause" / "resume" (the hand, not the dealer)
    settle_out_of_turn {seat, decision}       -> "out_of_turn"
    reveal_rest                               -> "reveal_rest"
    ruling {ruling: {...}}                    -> any of engine.house.rulings.RULINGS

When the host holds cards in the hand, a misdeal or a card exposed during the deal waits for a
second person's yes (`engine.live.second_yes`; intent ``answer_ruling`` {id, answer}).

A misdeal finishes the void hand with every chip returned; the next deal is the same hand
again (`engine.table.void_hand`): same button, blinds, posts, players and number, a new shuffle,
from fresh pledges (`engine.live.redeal`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine import table as tables
from engine.errors import IllegalActionError
from engine.hand import Hand
from engine.house.rulings import apply_ruling, is_void
from engine.live import redeal, second_yes
from engine.live.base import HOST, Actor, LiveTable, Result
from engine.live.common import finish_if_over

Fields = Callable[[Hand, Mapping[str, Any]], dict[str, Any]]


def _copy(names: tuple[str, ...], **defaults: Any) -> Fields:
    def fields(hand: Hand, intent: Mapping[str, Any]) -> dict[str, Any]:
        return {**defaults, **{name: intent[name] for name in names if name in intent}}

    return fields


def _award(hand: Hand, intent: Mapping[str, Any]) -> dict[str, Any]:
    if "shares" in intent:
        return {key: intent[key] for key in ("shares", "pot") if key in intent}
    seat = intent.get("seat")
    middle = hand.pot + sum(s.bet for s in hand.seats)
    return {"shares": {seat: middle}} if isinstance(seat, int) else {"shares": {}}


INTENT_RULINGS: dict[str, tuple[str, Fields]] = {
    "misdeal": ("misdeal", _copy(())),
    "exposed_card": ("exposed", _copy(("seat", "card", "card_number", "during_deal"), during_deal=False)),
    "award_pot": ("award", _award),
    "kill_hand": ("kill", _copy(("seat",))),
    "fold_away": ("fold_away", _copy(("seat",))),
    "undo": ("undo", _copy(())),
    "pause_hand": ("pause", _copy(())),
    "resume_hand": ("resume", _copy(())),
    "settle_out_of_turn": ("out_of_turn", _copy(("seat", "decision"))),
    "reveal_rest": ("reveal_rest", _copy(())),
}


def _ruling_of(intent: Mapping[str, Any], hand: Hand) -> dict[str, Any]:
    if intent["type"] == "ruling":
        ruling = intent.get("ruling")
        if not isinstance(ruling, Mapping):
            raise IllegalActionError("Say which ruling: {ruling: {type: ...}}")
        return dict(ruling)
    kind, fields = INTENT_RULINGS[intent["type"]]
    return {"type": kind, **fields(hand, intent)}


def rule(state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float) -> Result:
    """A host ruling on the hand being played (any intent of INTENT_RULINGS, or "ruling")."""
    if state.hand is None or state.hand.finished:
        raise IllegalActionError("No hand is being played")
    if second_yes.needed(state, actor, intent):
        # The host holds cards in this hand: a ruling that voids or replaces cards waits for
        # a second person's yes (engine.live.second_yes).
        return second_yes.propose(state, intent, now, rule)
    hand = state.hand.copy()  # the state given must stay untouched
    ruling = _ruling_of(intent, hand)
    reason = intent.get("reason") or f"Host ruling: {str(ruling.get('type', '')).replace('_', ' ')}"
    host = intent.get("host") or HOST
    at = datetime.datetime.fromtimestamp(now, tz=datetime.UTC).isoformat()
    events = [event.to_json() for event in apply_ruling(hand, ruling, str(host), str(reason), at)]
    new, events = finish_if_over(replace(state, hand=hand), events)
    if is_void(hand):
        # "re-dealt from scratch": the next deal is this hand again, with a new shuffle.
        new = redeal.after_void(replace(new, table=tables.void_hand(new.table, hand.config)), now)
        events.append({"type": "table.misdeal", "hand_number": hand.config.hand_number, "redealt": True})
    return new, events


def answer_ruling(state: LiveTable, actor: Actor, intent: Mapping[str, Any], now: float) -> Result:
    """A co-host's or a seated player's yes or no to a ruling waiting for a second person."""
    return second_yes.answer(state, actor, intent, now, rule)
