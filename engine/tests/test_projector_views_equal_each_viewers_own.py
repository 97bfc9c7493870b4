"""One change is sent to every phone at the table, so the server works the views out together
(`engine.live.Projector`). Each must still be exactly the view of its own viewer:
"All private information leaves the server only through it" (docs/design.md, "Visibility")."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import EngineError
from engine.games import GAMES
from engine.live import LiveTable, Projector, apply, new_live_table, view
from engine.table import new_table
from engine.tests.hand_helpers import stakes_for

SEED = "c3" * 32


def _dealt(game: str, players: int) -> LiveTable:
    state = new_live_table(new_table(max_seats=9, game=game, stakes=stakes_for(game)))
    for seat in range(1, players + 1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 300, "name": f"P{seat}"}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "start_hand", "seed": SEED}, now=1)
    return state


def _random_step(state: LiveTable, rnd: random.Random) -> LiveTable:
    hand = state.hand
    assert hand is not None and hand.to_act is not None
    if rnd.random() < 0.1:  # a host ruling now and then: a card exposed by the dealer
        target = rnd.choice(hand.seats)
        if target.hole:
            ruling = {"type": "exposed_card", "seat": target.seat, "card_number": 1, "reason": "x"}
            try:
                return apply(state, "host", ruling, now=2)[0]
            except EngineError:
                pass
    actions = hand.legal_actions(hand.to_act)["actions"]
    name = rnd.choice([a for a, info in actions.items() if info.get("allowed")])
    action: dict = {"type": name}
    if name in ("bet", "raise"):
        action["to"] = rnd.choice([actions[name]["min_to"], actions[name]["max_to"]])
    if "cards" in actions[name]:
        action["index"] = rnd.choice(actions[name]["cards"])
    return apply(state, hand.to_act, {"type": "act", "action": action}, now=2)[0]


def _viewers(state: LiveTable) -> list:
    return [*(s.seat for s in state.table.seats), "host", "public", None, 42]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_view_of_a_projector_is_its_viewers_own_view(game: str) -> None:
    rnd = random.Random(game)
    for players in (2, 4):
        state = _dealt(game, players)
        while True:
            viewers = _viewers(state)
            rnd.shuffle(viewers)  # whoever asks first, each gets only their own view
            projector = Projector(state)
            together = {str(viewer): json.dumps(projector.view(viewer)) for viewer in viewers}
            alone = {str(viewer): json.dumps(view(state, viewer)) for viewer in viewers}
            assert together == alone
            if not state.hand_in_progress:
                break
            state = _random_step(state, rnd)


def test_a_seat_never_gets_another_seats_cards_from_the_shared_work() -> None:
    state = _dealt("nlhe", 4)
    projector = Projector(state)
    seen = {seat: projector.view(seat)["hand"]["seats"] for seat in (1, 2, 3, 4)}
    for seat, entries in seen.items():
        shown = {entry["seat"] for entry in entries if entry["cards"] is not None}
        assert shown == {seat}
    assert all(entry["cards"] is None for entry in projector.view("public")["hand"]["seats"])
