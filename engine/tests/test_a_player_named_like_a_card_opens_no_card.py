"""A name that reads like a card is a name: it opens no card and reaches no preview.

docs/design.md, Shuffling: "After the hand each viewer gets the openings of what they may see
(shown cards for all, own hole cards privately)." and Visibility: "A refusal message, a ruling
preview, a log line [...] must never depend on a card its reader may not see". The cards a viewer
saw are read from the view's card fields (`engine.views.CARD_FIELDS`), never from the players'
names: a guest stored as "Qs" from before names like cards were refused must not open the queen
of spades folded by someone else, nor an undealt board card, nor a card taken in Crazy Blind Man
from its owner ("No player may see the card that was taken from them.").
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from engine.config import Stakes
from engine.games import GAMES
from engine.house import crazy_blind_man
from engine.live import LiveTable, apply, new_live_table, view
from engine.live.preview import until_unseen_cards
from engine.table import new_table, set_game
from engine.tests.hand_helpers import stakes_for
from engine.views import shown_cards

SEED = "5a" * 32
VIEWERS: tuple[Any, ...] = (1, 2, 3, "host", "public")
NEUTRAL = ("Ann", "Bo", "Cy")


def _dealt(
    names: Sequence[str], game: str = "nlhe", options: dict[str, Any] | None = None, seed: str = SEED
) -> LiveTable:
    """Three players named `names` in seats 1-3, dealt one hand of `game` from `seed`: the same
    deck whatever their names."""
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat, name in enumerate(names, start=1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 100, "name": name}
        state, _ = apply(state, "system", sit, now=0)
    state = replace(state, table=set_game(state.table, game, stakes_for(game)))
    if options:
        state = replace(state, options=replace(state.options, game_options=options))
    state, _ = apply(state, "host", {"type": "start_hand", "seed": seed}, now=1)
    return state


def _act(state: LiveTable, choose: Any) -> LiveTable:
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    actions = hand.legal_actions(hand.to_act)["actions"]
    allowed = [name for name, info in actions.items() if info.get("allowed")]
    action = choose(hand.to_act, allowed, actions)
    state, _ = apply(state, hand.to_act, {"type": "act", "action": action}, now=2)
    return state


def _passive(seat: int, allowed: list[str], actions: dict[str, Any]) -> dict[str, Any]:
    name = next(name for name in ("show", "check", "call", "remove") if name in allowed)
    action: dict[str, Any] = {"type": name}
    if name == "remove":
        action["index"] = actions[name]["cards"][0]
    return action


def _seat_1_folds(state: LiveTable) -> LiveTable:
    def choose(seat: int, allowed: list[str], actions: dict[str, Any]) -> dict[str, Any]:
        return {"type": "fold"} if seat == 1 and "fold" in allowed else _passive(seat, allowed, actions)

    while state.hand_in_progress:
        state = _act(state, choose)
    return state


def _everyone_folds(state: LiveTable) -> LiveTable:
    while state.hand_in_progress:
        state = _act(state, lambda seat, allowed, actions: {"type": "fold"})
    return state


def _to_the_showdown(state: LiveTable) -> LiveTable:
    while state.hand_in_progress:
        state = _act(state, _passive)
    return state


def _opened(state: LiveTable, viewer: Any) -> set[str]:
    return {proof["card"] for proof in view(state, viewer)["fairness"]["openings"]}


def test_a_player_named_like_a_folded_card_does_not_open_it_to_the_others() -> None:
    first = _seat_1_folds(_dealt(NEUTRAL))
    assert first.hand is not None and first.hand.seat(1).folded
    folded = [str(c) for c in first.hand.seat(1).hole]
    state = _seat_1_folds(_dealt(["Ann", *folded]))
    assert [s.name for s in state.table.seats][1:] == folded
    for viewer in (2, 3, "host", "public"):
        assert not _opened(state, viewer) & set(folded), f"{viewer} is given the folded {folded}"
    assert set(folded) <= _opened(state, 1), "your own cards are yours to check"


def test_a_player_named_like_a_board_card_that_never_came_does_not_open_it() -> None:
    """A hand over before the flop: its board is never dealt, and never shown (no free rabbit)."""
    first = _everyone_folds(_dealt(NEUTRAL))
    assert first.hand is not None and not first.hand.boards[0]
    undealt = [str(c) for c in first.hand.deck[first.hand.next_card :]]
    names = [undealt[1], undealt[2], undealt[-1]]  # the first flop cards after the burn, the last card
    state = _everyone_folds(_dealt(names))
    for viewer in VIEWERS:
        assert not _opened(state, viewer) & set(undealt), f"{viewer} is given an undealt card"


@pytest.mark.parametrize("game", crazy_blind_man.KEYS)
def test_a_player_named_like_the_card_taken_from_them_is_not_given_it(game: str) -> None:
    """Crazy Blind Man: "No player may see the card that was taken from them.", not even when
    they, or another player, are called by its name."""
    first = _to_the_showdown(_dealt(NEUTRAL, game))
    assert first.hand is not None
    taken = {seat: text for seat in (1, 2, 3) for _, text in crazy_blind_man.removed_from(first.hand, seat)}
    assert len(taken) == 3
    # Seat 1 is called by the card taken from seat 1, the others by the one taken from seat 1's
    # neighbour and from seat 3: each is a card one of the three must never see.
    state = _to_the_showdown(_dealt([taken[1], taken[2], taken[3]], game))
    assert state.hand is not None and state.hand.finished
    for seat in (1, 2, 3):
        assert taken[seat] not in _opened(state, seat), f"seat {seat} is given the card taken from them"
    for viewer in ("host", "public"):
        assert not _opened(state, viewer) & set(taken.values()), f"the {viewer} screen is given a taken card"


def _just_before_the_turn(state: LiveTable) -> tuple[LiveTable, LiveTable]:
    """The state before the flop's last check, and the state it leaves (the turn dealt)."""
    while True:
        after = _act(state, _passive)
        assert after.hand is not None
        if len(after.hand.boards[0]) == 4:
            return state, after
        state = after


def test_a_ruling_preview_stops_before_a_card_even_when_a_player_is_named_by_it() -> None:
    """`engine.live.preview`: the preview stops where the first card the table has not seen would
    be shown. A player called by the turn card's name has not shown the table the turn."""
    _, after = _just_before_the_turn(_dealt(NEUTRAL))
    assert after.hand is not None
    turn = str(after.hand.boards[0][3])
    before, after = _just_before_the_turn(_dealt(["Ann", "Bo", turn]))
    previewed, cut = until_unseen_cards(before, after)
    assert cut, "the dealer's turn is a card the table has not seen"
    assert previewed.hand is not None
    assert turn not in shown_cards(view(previewed, "host")["hand"])


# Every card of a view is in a card field --------------------------------------------------------

TEXT_OF_A_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def _every_card_text(value: Any) -> set[str]:
    """Every string anywhere in a view that is a card code, wherever it sits."""
    if isinstance(value, str):
        return {value} if TEXT_OF_A_CARD.fullmatch(value) else set()
    if isinstance(value, dict):
        return set().union(set(), *(_every_card_text(item) for item in value.values()))
    if isinstance(value, list | tuple):
        return set().union(set(), *(_every_card_text(item) for item in value))
    return set()


def _options(game: str) -> dict[str, Any]:
    keys = {option.key for option in GAMES[game].options}
    return {key: True for key in ("rabbit_hunt",) if key in keys}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_card_a_view_shows_sits_in_a_listed_card_field(game: str) -> None:
    """With names that read like nothing, every card code a view holds anywhere is one of its
    card fields': a field that comes to hold cards without being listed fails here."""
    rnd = random.Random(game)
    for seed in ("01" * 32, "02" * 32, "03" * 32):
        state = _dealt(NEUTRAL, game, _options(game), seed)
        while True:
            for viewer in VIEWERS:
                hand_view = view(state, viewer)["hand"]
                assert _every_card_text(hand_view) == shown_cards(hand_view), (game, viewer)
            if not state.hand_in_progress:
                break
            state = _act(state, lambda seat, allowed, actions: _random(rnd, allowed, actions))
        assert state.hand is not None
        if view(state, 1)["hand"].get("rabbit_open"):
            state, _ = apply(state, 1, {"type": "rabbit_hunt"}, now=3)
            hand_view = view(state, "public")["hand"]
            assert hand_view["rabbit"] and _every_card_text(hand_view) == shown_cards(hand_view)


def _random(rnd: random.Random, allowed: list[str], actions: dict[str, Any]) -> dict[str, Any]:
    name = rnd.choice(allowed)
    action: dict[str, Any] = {"type": name}
    if name in ("bet", "raise"):
        action["to"] = rnd.choice([actions[name]["min_to"], actions[name]["max_to"]])
    if "cards" in actions[name]:
        action["index"] = rnd.choice(actions[name]["cards"])
    return action
