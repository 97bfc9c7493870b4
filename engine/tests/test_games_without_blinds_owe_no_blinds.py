"""A bomb pot or a hand of Blind Hold'em asks nobody for a blind, so nobody owes one for it.

Bomb pot: "Every player dealt in posts the same ante. There are no blinds." (holdem-variants)
Blind Hold'em: "There are no blinds, antes, bets, calls or raises beyond this stake."

"In multiple-blind games players must meet the total amount of the blind obligations for every
round they play." (holdem-casino-rules.txt, Blinds 3) What a player owes to come in is for blinds
they missed: "If you miss any or all blinds, you can resume play by either posting the total
amount of the blinds for that limit game or waiting for the big blind." (Blinds 4) and "a new
player can post a big blind to be dealt in straight away" (holdem-variants, No-Limit Hold'em).
A player who played every hand has missed nothing and is no new player: after hands of a game
without blinds the blinds start again, and nobody posts a new player's blind or a dead small
blind on the button.
"""

from __future__ import annotations

import pytest

from engine.config import PostKind, Stakes
from engine.live import LiveTable, apply, new_live_table
from engine.table import set_game
from engine.tests.table_helpers import play, posts, table_with

ENTRY_POSTS = (PostKind.NEW_PLAYER_BLIND, PostKind.DEAD_SMALL_BLIND)
BLINDS = Stakes(small_blind=1, big_blind=2)


@pytest.mark.parametrize(
    ("game", "stakes"),
    [
        ("bomb_pot", Stakes(bomb_ante=2)),
        ("plo_bomb_double", Stakes(bomb_ante=2)),
        ("blind_holdem", Stakes(fixed_stake=2)),
    ],
)
@pytest.mark.parametrize("then", ["nlhe", "crazy_blind_man", "flhe"])
def test_nobody_who_played_every_hand_posts_an_entry_blind_after_a_game_without_blinds(
    game: str, stakes: Stakes, then: str
) -> None:
    state = table_with(range(1, 7), max_seats=6)
    for _ in range(3):
        state, _ = play(state)
    state = set_game(state, game, stakes)
    for _ in range(2):
        state, _ = play(state)
    state = set_game(state, then, BLINDS)
    for _ in range(7):
        state, config = play(state)
        assert [(p.seat, p.kind.value) for p in config.posts if p.kind in ENTRY_POSTS] == [], posts(config)
        assert len(posts(config)) == 2, posts(config)  # one small blind and one big blind


def _deal_and_check_down(state: LiveTable) -> LiveTable:
    state, _ = apply(state, "host", {"type": "start_hand"}, 0)
    for _ in range(200):
        if not state.hand_in_progress:
            return state
        assert state.hand is not None and state.hand.to_act is not None
        seat = state.hand.to_act
        actions = state.hand.legal_actions(seat)["actions"]
        name = next(a for a in ("check", "call", "show") if actions.get(a, {}).get("allowed"))
        state, _ = apply(state, seat, {"type": "act", "action": {"type": name}}, 0)
    raise AssertionError("the hand did not finish")


def test_a_scheduled_bomb_pot_leaves_nobody_owing_a_blind_at_a_live_table() -> None:
    """ "a bomb pot every N hands": the hands between them are the table's own game, whose
    blinds go round as if the bomb pots had not been dealt a blind at all."""
    state = new_live_table(table_with(range(1, 7), max_seats=6, stack=1000))
    options = {"type": "options", "bomb_pot_every": 4, "bomb_pot_game": "bomb_pot_double", "bomb_ante": 2}
    state, _ = apply(state, "host", options, 0)
    for _ in range(16):
        state = _deal_and_check_down(state)
        assert state.hand is not None
        config = state.hand.config
        entry = [(p.seat, p.kind.value) for p in config.posts if p.kind in ENTRY_POSTS]
        assert entry == [], (config.hand_number, config.game, entry)
