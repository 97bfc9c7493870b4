"""What each viewer may see of the home-game parts of a hand (called by `engine.views`).

- Crazy Blind Man: "Every player can then see all the other players' cards but not their
  own." Own cards stay hidden until the showdown; a folded hand goes to the muck face
  down; the host and public screens (which every player can see) show hole cards only
  once they are tabled after the removal. A removed card is never shown to the player
  it was taken from, nor on a shared screen: "No player may see the card that was taken
  from them." Who is removing a card from whom (`removing`) is public, like whose turn it
  is; `removed` lists the removals made, each card only for the seats that saw it.
- Blind Hold'em: cards turned face up in stages are shown to everyone, and so is the stage
  reached; with the option "look_at_own_cards" off, a player does not see their own cards
  before they are turned.
- Run it twice: who was asked and who answered what are public; the second runout's
  burns are never shown.
- Rulings: a card exposed during the deal is dead and shown to everyone; a card exposed
  later stays live and is shown face up; a pending out-of-turn action is public; the
  hand says when it is paused (and why) or void.

`visible_history(hand, viewer)` is the event log as that viewer may see it.
`kept_for_good(hand)` says why some card of the hand may never reach one of its players, not
even once the night is over (so its deck may never be published), or None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import CardBurned, HoleCardsDealt
from engine.house import (
    blind_holdem,
    crazy_blind_man,
    out_of_turn,
    rabbit_hunt,
    rulings,
    run_it_twice,
    seven_deuce,
)

if TYPE_CHECKING:
    from engine.hand import Hand, SeatState

Viewer = int | str | None


def _is_seat(hand: Hand, viewer: Viewer) -> bool:
    return isinstance(viewer, int) and not isinstance(viewer, bool) and viewer in hand.index


def hole_cards_visible(hand: Hand, s: SeatState, viewer: Viewer, default: bool) -> bool:
    """Whether `viewer` sees all of `s`'s hole cards; `default` is the usual Hold'em answer."""
    if crazy_blind_man.is_crazy_blind_man(hand):
        tabled = s.shown and not s.mucked and crazy_blind_man.removal_complete(hand)
        if viewer == s.seat and _is_seat(hand, viewer):
            return tabled or bool(hand.showdown_order)
        if _is_seat(hand, viewer):
            return tabled or not (s.folded or s.mucked)
        return tabled
    if hand.config.game == blind_holdem.KEY and viewer == s.seat and not s.shown:
        return blind_holdem.may_look_at_own_cards(hand)
    return default


def face_up(hand: Hand, s: SeatState) -> list[str]:
    """Cards of `s` that are face up for everyone: exposed live, or turned up in stages."""
    cards = [e["card"] for e in hand.extras.get("exposed", []) if e["seat"] == s.seat and not e["dead"]]
    cards += [str(s.hole[i]) for i in blind_holdem.revealed(hand, s.seat) if i < len(s.hole)]
    return [text for text in cards if text in {str(c) for c in s.hole}]


def seat_extras(hand: Hand, s: SeatState) -> dict[str, Any]:
    pending = out_of_turn.pending_for(hand, s.seat)
    return {
        "face_up": face_up(hand, s),
        "out_of_turn": {"action": pending["action"], "to": pending["to"]} if pending else None,
    }


def all_seat_extras(hand: Hand) -> dict[int, dict[str, Any]]:
    """`seat_extras` of every seat, as each view needs them all."""
    if not hand.extras:
        # Exposed, turned-up and pending cards all live in the extras: a plain hand has none.
        return {s.seat: {"face_up": [], "out_of_turn": None} for s in hand.seats}
    return {s.seat: seat_extras(hand, s) for s in hand.seats}


def hand_extras(hand: Hand, viewer: Viewer) -> dict[str, Any]:
    """The home-game parts of a view. A field that holds cards is listed in
    `engine.views.CARD_FIELDS`: only those are read as cards."""
    paused = rulings.paused(hand)
    data: dict[str, Any] = {
        "paused": {"by": paused["by"], "message": paused["message"]} if paused else None,
        "void": hand.extras.get("void"),
        "dead_cards": [
            {"seat": e["seat"], "card": e["card"]} for e in hand.extras.get("exposed", []) if e["dead"]
        ],
    }
    bounty = seven_deuce.view(hand)
    if bounty:
        data["seven_deuce"] = bounty  # public: who collected the 7-2 bounty, and from whom
    rabbit = rabbit_hunt.view(hand)
    if rabbit:
        data["rabbit"] = rabbit  # public: board cards that would have come, marked as the rabbit
    elif hand.finished and rabbit_hunt.huntable(hand):
        data["rabbit_open"] = True  # public: a player of the hand may still ask for the rabbit
    stages = blind_holdem.stage_view(hand)
    if stages:
        data["staged_reveal"] = stages  # public: the stage of 3.2 reached, and the one to come
    if run_it_twice.enabled(hand):
        data["run_it_twice"] = run_it_twice.view(hand)
    if crazy_blind_man.is_crazy_blind_man(hand):
        state = crazy_blind_man.removal(hand) or {"done": []}
        data["removed"] = [
            {"by": by, "from": target, "card": text if _is_seat(hand, viewer) and viewer != target else None}
            for by, target, text in state["done"]
        ]
        # Who is choosing now, and from whom: public, like whose turn it is (never a card).
        pair = crazy_blind_man.current_pair(hand)
        data["removing"] = {"by": pair[0], "from": pair[1]} if pair and not hand.finished else None
    return data


def may_keep_cards_for_good(game: str) -> bool:
    """Whether a hand of this game can hold a card one of its players must never learn (only
    then need `kept_for_good` look at the hand itself)."""
    return game in crazy_blind_man.KEYS


def kept_for_good(hand: Hand) -> str | None:
    """Why a card of this hand must stay unknown to one of its players for good, or None.

    Crazy Blind Man: "No player may see the card that was taken from them." and "B never
    learns which card was taken." The views hide it from its owner at every step and in the
    history; the deck would name it, so once a card was taken the deck stays secret too.
    A hand that ended before the removal took nothing: its folded hands are like any other's.
    """
    if not may_keep_cards_for_good(hand.config.game):
        return None
    if (crazy_blind_man.removal(hand) or {}).get("done"):
        return (
            "In Crazy Blind Man a card was taken from each player still in, and the rules say "
            '"No player may see the card that was taken from them." The deck would show it.'
        )
    return None


def own_cards(hand: Hand, viewer: int) -> list[str] | None:
    """The "your_cards" of a seat's view: None while the game hides them from their owner."""
    s = hand.seats[hand.index[viewer]]
    if not hole_cards_visible(hand, s, viewer, True):
        return None
    return [str(c) for c in s.hole]


def visible_history(hand: Hand, viewer: Viewer) -> list[dict[str, Any]]:
    """The hand's events as `viewer` may see them: hole cards only where the viewer may see
    them now, never a burn, and never a removed card to its owner or a shared screen."""
    history: list[dict[str, Any]] = []
    for event in hand.events:
        data = event.to_json()
        if isinstance(event, CardBurned):
            data["card"] = None
        elif isinstance(event, run_it_twice.SecondRunoutDealt):
            data["burns"] = [None for _ in event.burns]
        elif isinstance(event, HoleCardsDealt):
            data["hands"] = [[seat, _dealt(hand, seat, cards, viewer)] for seat, cards in data["hands"]]
        elif isinstance(event, crazy_blind_man.CardRemoved):
            if not _is_seat(hand, viewer) or viewer == event.target:
                data["card"] = None
        elif isinstance(event, rulings.CardExposed) and event.during_deal:
            seat = event.seat
            if not hole_cards_visible(hand, hand.seat(seat), viewer, _default(hand, seat, viewer)):
                data["replacement"] = None
        history.append(data)
    return history


def _default(hand: Hand, seat: int, viewer: Viewer) -> bool:
    s = hand.seat(seat)
    if s.mucked and viewer != seat:
        return False
    return s.shown or viewer == seat


def _dealt(hand: Hand, seat: int, cards: list[str], viewer: Viewer) -> list[str | None] | None:
    if not hole_cards_visible(hand, hand.seat(seat), viewer, _default(hand, seat, viewer)):
        return None
    if _is_seat(hand, viewer) and viewer != seat:
        return cards
    hidden = {text for _, text in crazy_blind_man.removed_from(hand, seat)}
    return [None if text in hidden else text for text in cards]
