"""A downloaded hand history says no more than the viewer's view: "A refusal message, a ruling
preview, a log line, a download ... must never depend on a card its reader may not see", and
in Crazy Blind Man "No player may see the card that was taken from them", not even in history.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine import views
from engine.cards import STANDARD_DECK
from engine.config import SeatInHand, Stakes
from engine.forced_bets import standard_config
from engine.hand import Hand
from engine.phh.format import loads
from engine.phh.redact import history_for, phh_for_viewer

CARD = re.compile(r"[2-9TJQKA][cdhs]")
CARDS_WORD = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")


def cards_in_view(data: Any) -> set[str]:
    """Every card named anywhere in a view."""
    if isinstance(data, str):
        return {data} if CARD.fullmatch(data) else set()
    if isinstance(data, dict):
        return set().union(*(cards_in_view(value) for value in data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*(cards_in_view(value) for value in data)) if data else set()
    return set()


def cards_in_file(text: str) -> set[str]:
    """Every card a PHH file names in its actions (dealt hands, boards, shown hands, removals)."""
    history = loads(text)
    named: set[str] = set()
    for line in [*history.get("actions", []), *history.get("_home_actions", [])]:
        for word in line.split(" "):
            if CARDS_WORD.fullmatch(word):
                named |= {word[i : i + 2] for i in range(0, len(word), 2)} - {"??"}
    return named


def play_out(game: str, players: int, seed: int, button: int = 1) -> Hand:
    """A hand played to its end with random legal choices (folds, calls, raises, mucks)."""
    chooser = random.Random(seed)
    deck = list(STANDARD_DECK)
    chooser.shuffle(deck)
    seats = [SeatInHand(n, str(n), 300, f"P{n}") for n in range(1, players + 1)]
    hand = Hand.deal(standard_config(game, seats, button=button, stakes=Stakes(1, 2)), deck)
    while not hand.finished:
        seat = hand.to_act
        assert seat is not None
        actions = hand.legal_actions(seat)["actions"]
        if "remove" in actions:
            hand.act(seat, "remove", index=chooser.choice(actions["remove"]["cards"]))
            continue
        allowed = [name for name, option in actions.items() if option.get("allowed")]
        name = chooser.choice(allowed)
        if name in ("bet", "raise"):
            hand.act(seat, name, to=actions[name]["min_to"])
        else:
            hand.act(seat, name)
    return hand


HANDS = [("nlhe", players, seed) for players in (2, 3, 6) for seed in range(6)]
HANDS += [("crazy_blind_man", players, seed) for players in (3, 4) for seed in range(6)]


@pytest.mark.parametrize(("game", "players", "seed"), HANDS)
def test_the_file_never_names_a_card_the_viewers_view_does_not_show(
    game: str, players: int, seed: int
) -> None:
    hand = play_out(game, players, seed)
    for viewer in [*hand.seat_numbers, views.HOST, views.PUBLIC]:
        shown = cards_in_view(views.view(hand, viewer))
        named = cards_in_file(phh_for_viewer(hand, viewer))
        assert named <= shown, f"viewer {viewer!r} would read {sorted(named - shown)}"


def test_a_player_who_folded_unseen_cards_leaves_them_unknown_to_the_others() -> None:
    """Mucked or folded cards are never shown: the others read "??" for them."""
    hand = Hand.deal(
        standard_config(
            "nlhe", [SeatInHand(1, "a", 100), SeatInHand(2, "b", 100)], button=1, stakes=Stakes(1, 2)
        ),
        STANDARD_DECK,
    )
    hand.fold(1)
    folded = {str(card) for card in hand.seat(1).hole}
    for viewer in (2, views.HOST, views.PUBLIC):
        assert not folded & cards_in_file(phh_for_viewer(hand, viewer))
    assert folded <= cards_in_file(phh_for_viewer(hand, 1)), "your own cards are yours to read"
    assert history_for(hand, 1)["actions"] != history_for(hand, 2)["actions"]
