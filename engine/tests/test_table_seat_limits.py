"""A table seats no more players than its game can deal.

House rules: "Play with 2 to 10 players." A game's own limits (and one deck's cards) decide
how many can sit, so an extra player is refused when they sit, not when the hand is dealt.
"""

from __future__ import annotations

import pytest

from engine.config import Stakes
from engine.errors import TableError
from engine.table import new_table, plan_next_hand, set_game, sit


def _full_table(game: str, stakes: Stakes, players: int, max_seats: int = 12):
    state = new_table(max_seats=max_seats, game=game, stakes=stakes)
    for seat in range(1, players + 1):
        state = sit(state, seat, f"p{seat}", 100)
    return state


def test_an_eleventh_player_is_refused_a_seat_at_a_no_limit_table():
    """ "Play with 2 to 10 players." """
    state = _full_table("nlhe", Stakes(small_blind=1, big_blind=2), 10)
    assert plan_next_hand(state).seats[-1].seat == 10
    with pytest.raises(TableError, match="10 players"):
        sit(state, 11, "p11", 100)


def test_a_game_whose_deck_serves_fewer_players_seats_fewer():
    """Six-card double-board bomb pots: one deck deals six players (6 x 6 + 2 x 5 + 3 burns)."""
    state = _full_table("plo6_bomb_double", Stakes(bomb_ante=5), 6)
    with pytest.raises(TableError, match="6 players"):
        sit(state, 7, "p7", 100)


def test_changing_to_a_game_that_cannot_deal_everyone_seated_is_refused():
    state = _full_table("nlhe", Stakes(small_blind=1, big_blind=2), 8)
    with pytest.raises(TableError, match="6 players"):
        set_game(state, "plo6_bomb_double", Stakes(bomb_ante=5))
    assert set_game(state, "plo", Stakes(small_blind=1, big_blind=2)).game == "plo"
