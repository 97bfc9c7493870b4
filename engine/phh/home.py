"""The home games' own player actions in a PHH file: the `_home_actions` user field.

PHH's `actions` hold only the specification's notation (`d dh`, `d db`, `f`, `cc`,
`cbr`, `sm`), so the actions only the home games have are written beside them, each
with the index in `actions` of the action it comes before (len(actions) when it
comes after them all):

    "12 p1 remove p2 As"   Crazy Blind Man: p1 takes As from p2's hand; it is discarded
    "9 p3 reveal 1"        staged Blind Hold'em: p3 turns their hole card 1 (0 or 1) face up
    "14 p2 run_twice"      asked to run it twice, p2 agreed ("run_once": p2 asked for one runout)

>>> [a.verb for a in home_actions({"_home_actions": ["4 p1 remove p2 As", "9 p2 reveal 0"]}, 2)]
['remove', 'reveal']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from engine.cards import Card, card
from engine.errors import EngineError
from engine.house import blind_holdem
from engine.house.crazy_blind_man import current_pair
from engine.house.run_it_twice import ANSWERS
from engine.phh.format import HandHistoryError

if TYPE_CHECKING:
    from engine.hand import Hand

FIELD = "_home_actions"


@dataclass(frozen=True, slots=True)
class HomeAction:
    """One `_home_actions` entry, read. Players are 0-based indices (p1 is 0)."""

    before: int  # index in `actions` of the action this one comes before
    text: str
    verb: str  # "remove" | "reveal" | "run_twice" | "run_once"
    player: int
    target: int = -1  # "remove": whose hand the card is taken from
    card: Card | None = None  # "remove": the card taken
    index: int = -1  # "reveal": which hole card is turned face up


def _player(label: str, players: int) -> int:
    if label[:1] == "p" and label[1:].isdigit() and 1 <= int(label[1:]) <= players:
        return int(label[1:]) - 1
    raise HandHistoryError(f"{label!r} is not a player of this hand (p1 to p{players})")


def home_actions(history: Mapping[str, Any], players: int) -> list[HomeAction]:
    """The `_home_actions` entries in file order, checked; [] when the field is absent."""
    entries = history.get(FIELD, [])
    if not isinstance(entries, list) or not all(isinstance(entry, str) for entry in entries):
        raise HandHistoryError(f"{FIELD} must be a list of strings")
    found: list[HomeAction] = []
    for text in entries:
        words = text.split()
        try:
            if len(words) < 3 or not words[0].isdigit():
                raise HandHistoryError("it must start with the index of the action it comes before")
            before, player, verb = int(words[0]), _player(words[1], players), words[2]
            if verb == "remove" and len(words) == 5:
                target = _player(words[3], players)
                found.append(HomeAction(before, text, verb, player, target=target, card=card(words[4])))
            elif verb == "reveal" and len(words) == 4 and words[3] in ("0", "1"):
                found.append(HomeAction(before, text, verb, player, index=int(words[3])))
            elif verb in ANSWERS and len(words) == 3:
                found.append(HomeAction(before, text, verb, player))
            else:
                raise HandHistoryError(
                    "it is not 'N pX remove pY Card', 'N pX reveal 0|1' or 'N pX run_twice|run_once'"
                )
        except EngineError as error:
            raise HandHistoryError(f"{FIELD} entry {text!r}: {error}") from None
    if any(later.before < earlier.before for earlier, later in pairwise(found)):
        raise HandHistoryError(f"{FIELD} must be in the order they happened")
    return found


def removed_cards(actions: list[HomeAction], players: int) -> list[list[Card]]:
    """For each player, the cards taken from their hand (dealt to them, never shown by them)."""
    removed: list[list[Card]] = [[] for _ in range(players)]
    for action in actions:
        if action.verb == "remove" and action.card is not None:
            removed[action.target].append(action.card)
    return removed


def apply_home_action(hand: Hand, action: HomeAction, order: list[int]) -> None:
    """Play one home action through the hand, as the player would have."""
    seat = order[action.player]
    if action.verb == "reveal":
        hand.act(seat, "reveal", index=action.index)
        # A file records no pauses: the stages of a staged reveal follow one another at once.
        while blind_holdem.waiting_for_stage(hand) is not None:
            blind_holdem.next_stage(hand)
        return
    if action.verb in ANSWERS:
        hand.act(seat, action.verb)
        return
    target = order[action.target]
    pair = current_pair(hand)
    if pair is None or pair[0] != seat:
        hand.act(seat, "remove", index=0)  # refused: the engine says why (no removal now, not their turn)
    if pair is not None and pair[1] != target:
        raise HandHistoryError(f"the card is removed from p{order.index(pair[1]) + 1}'s hand")
    hole = hand.seat(target).hole
    if action.card not in hole:
        raise HandHistoryError(f"p{action.target + 1} does not hold {action.card}")
    hand.act(seat, "remove", index=hole.index(action.card))
