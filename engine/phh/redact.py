"""A hand history as one viewer may see it: every card they were never shown is "??".

What a viewer sees is `engine.views.view(hand, viewer)` of the finished hand: their own hole
cards, hands that were tabled, the board, and in Crazy Blind Man everyone's cards but the one
taken from them ("No player may see the card that was taken from them", not even in history).
A downloaded file must say no more than that view, so the file is redacted from it here.

>>> from engine.cards import STANDARD_DECK
>>> from engine.config import SeatInHand, Stakes
>>> from engine.forced_bets import standard_config
>>> from engine.hand import Hand
>>> seats = [SeatInHand(1, "a", 100), SeatInHand(2, "b", 100)]
>>> hand = Hand.deal(standard_config("nlhe", seats, button=1, stakes=Stakes(1, 2)), STANDARD_DECK)
>>> _ = hand.fold(1)
>>> [line for line in history_for(hand, 2)["actions"] if line.startswith("d dh")]
['d dh p1 2c2h', 'd dh p2 ????']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import views
from engine.phh.format import dumps
from engine.phh.write import history_from_hand

if TYPE_CHECKING:
    from engine.hand import Hand


def history_for(hand: Hand, viewer: views.Viewer) -> dict[str, Any]:
    """The hand's PHH fields (`engine.phh.write.history_from_hand`) as `viewer` may see them
    (HandHistoryError for a hand PHH cannot hold)."""
    history = history_from_hand(hand)
    history["actions"] = hide_unseen_cards(history.get("actions", []), hand, viewer)
    if "_home_actions" in history:
        history["_home_actions"] = hide_removed_cards(history["_home_actions"], hand, viewer)
    return history


def phh_for_viewer(hand: Hand, viewer: views.Viewer) -> str:
    """The hand as a PHH file as this viewer saw it (HandHistoryError for a hand PHH cannot hold)."""
    return dumps(history_for(hand, viewer))


def _seen_cards(hand: Hand, viewer: views.Viewer) -> dict[int, set[str]]:
    return {s["seat"]: {card for card in s["cards"] or [] if card} for s in views.view(hand, viewer)["seats"]}


def _seats_by_label(hand: Hand) -> dict[str, int]:
    """PHH's player labels: p1 is the first player left of the button, the button the last."""
    return {f"p{index}": s.seat for index, s in enumerate(hand.clockwise_from_button(), 1)}


def hide_unseen_cards(actions: list[str], hand: Hand, viewer: views.Viewer) -> list[str]:
    """PHH action lines with every dealt card this viewer never saw written as "??": hands
    they did not see, and in Crazy Blind Man the card taken from them."""
    seen, labels = _seen_cards(hand, viewer), _seats_by_label(hand)
    hidden = []
    for action in actions:
        words = action.split(" ")
        if words[:2] == ["d", "dh"] and len(words) == 4:
            visible = seen.get(labels.get(words[2], -1), set())
            cards = [words[3][i : i + 2] for i in range(0, len(words[3]), 2)]
            words[3] = "".join(card if card in visible else "??" for card in cards)
        hidden.append(" ".join(words))
    return hidden


def hide_removed_cards(home_actions: list[str], hand: Hand, viewer: views.Viewer) -> list[str]:
    """Crazy Blind Man removals ("N pX remove pY Card") with the card written as "??" unless
    the viewer's view shows it: never to the player it was taken from ("No player may see the
    card that was taken from them"), nor to the host or a shared screen."""
    labels = _seats_by_label(hand)
    shown = {
        (removal["by"], removal["from"], removal["card"])
        for removal in views.view(hand, viewer).get("removed", [])
        if removal["card"]
    }
    hidden = []
    for entry in home_actions:
        words = entry.split(" ")
        if len(words) == 5 and words[2] == "remove":
            removal = (labels.get(words[1]), labels.get(words[3]), words[4])
            if removal not in shown:
                words[4] = "??"
        hidden.append(" ".join(words))
    return hidden
