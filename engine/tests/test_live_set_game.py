"""The host's choice of game and stakes takes effect from the next hand, announced to the table."""

from __future__ import annotations

import pytest

from engine.config import Stakes
from engine.errors import ConfigurationError, TableError
from engine.live import ForbiddenError, LiveTable, apply, new_live_table, view
from engine.table import new_table


def _table_with_a_hand_in_progress() -> LiveTable:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat, player in ((1, "a"), (2, "b"), (3, "c")):
        state, _ = apply(state, "system", {"type": "sit", "seat": seat, "player": player, "stack": 100}, 0)
    state, _ = apply(state, "host", {"type": "start_hand", "seed": "11" * 32}, 0)
    return state


def test_a_new_game_is_dealt_from_the_next_hand_while_the_current_hand_keeps_its_own() -> None:
    state = _table_with_a_hand_in_progress()
    intent = {
        "type": "set_game",
        "game": "short_deck",
        "stakes": {"small_blind": 5, "big_blind": 10, "ante": 1},
    }
    new, events = apply(state, "host", intent, 0)
    assert events == [
        {
            "type": "table.game",
            "game": "short_deck",
            "stakes": {"small_blind": 5, "big_blind": 10, "ante": 1},
            "straddle_allowed": True,
            "options": {},
        }
    ]
    assert new.hand is not None and new.hand.config.game == "nlhe"
    assert view(new, "public")["table"]["game"] == "short_deck"
    while new.hand_in_progress:
        assert new.hand is not None and new.hand.to_act is not None
        new, _ = apply(new, new.hand.to_act, {"type": "act", "action": {"type": "fold"}}, 0)
    new, _ = apply(new, "host", {"type": "start_hand"}, 0)
    assert new.hand is not None and new.hand.config.game == "short_deck"


@pytest.mark.parametrize(
    ("intent", "error"),
    [
        ({"game": "bomb_pot", "stakes": {}}, ConfigurationError),
        ({"game": "go_fish"}, TableError),
        ({"game": "nlhe", "stakes": {"small_blind": "1"}}, TableError),
        ({"game": "nlhe", "stakes": {"big_blnd": 2}}, TableError),
    ],
)
def test_bad_games_and_stakes_are_refused(intent: dict, error: type) -> None:
    state = _table_with_a_hand_in_progress()
    with pytest.raises(error):
        apply(state, "host", {"type": "set_game", **intent}, 0)


def test_only_the_host_chooses_the_game() -> None:
    state = _table_with_a_hand_in_progress()
    with pytest.raises(ForbiddenError):
        apply(state, 1, {"type": "set_game", "game": "flhe"}, 0)


def _play_out(state: LiveTable) -> LiveTable:
    while state.hand_in_progress:
        assert state.hand is not None
        seat = state.hand.to_act
        assert seat is not None
        offered = state.hand.legal_actions(seat)["actions"]
        action = next(a for a in ("check", "fold", "muck", "show") if offered.get(a, {}).get("allowed"))
        state, _ = apply(state, seat, {"type": "act", "action": {"type": action}}, 0)
    return state


def test_a_bomb_pot_every_third_hand_then_the_tables_own_game_again() -> None:
    """Brief: "a bomb pot every N hands"."""
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat, player in ((1, "a"), (2, "b"), (3, "c")):
        state, _ = apply(state, "system", {"type": "sit", "seat": seat, "player": player, "stack": 100}, 0)
    options = {"type": "options", "bomb_pot_every": 3, "bomb_pot_game": "plo_bomb_double", "bomb_ante": 5}
    state, events = apply(state, "host", options, 0)
    assert events[0]["bomb_pot_every"] == 3
    games = []
    for _ in range(6):
        state, _ = apply(state, "host", {"type": "start_hand"}, 0)
        assert state.hand is not None
        games.append((state.hand.config.game, state.hand.config.stakes.bomb_ante))
        state = _play_out(state)
        assert sum(s.stack for s in state.table.seats) == 300
    assert games == [("nlhe", 0), ("nlhe", 0), ("plo_bomb_double", 5)] * 2
    assert state.table.game == "nlhe" and state.table.stakes.big_blind == 2


def test_a_bomb_pot_schedule_needs_a_bomb_pot_game() -> None:
    state = new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    with pytest.raises(TableError, match="not a bomb pot"):
        apply(state, "host", {"type": "options", "bomb_pot_every": 3, "bomb_pot_game": "nlhe"}, 0)


def test_blind_holdem_is_dealt_with_the_options_the_host_announced() -> None:
    """Blind Hold'em: "reveal" all at once or "staged", announced before the deal."""
    state = _table_with_a_hand_in_progress()
    intent = {"type": "set_game", "game": "blind_holdem", "stakes": {"fixed_stake": 5}}
    state, events = apply(state, "host", {**intent, "options": {"reveal": "staged"}}, 0)
    assert events[0]["options"] == {"reveal": "staged"}
    while state.hand_in_progress:
        assert state.hand is not None and state.hand.to_act is not None
        state, _ = apply(state, state.hand.to_act, {"type": "act", "action": {"type": "fold"}}, 0)
    state, _ = apply(state, "host", {"type": "start_hand"}, 0)
    assert state.hand is not None
    assert (state.hand.config.game, state.hand.config.options) == ("blind_holdem", {"reveal": "staged"})


def test_options_a_game_does_not_know_are_refused_before_the_deal() -> None:
    state = _table_with_a_hand_in_progress()
    intent = {"type": "set_game", "game": "blind_holdem", "stakes": {"fixed_stake": 5}}
    with pytest.raises(ConfigurationError, match="reveal"):
        apply(state, "host", {**intent, "options": {"reveal": "sideways"}}, 0)
    with pytest.raises(TableError, match="Game options"):
        apply(state, "host", {**intent, "options": {"reveal": ["a"]}}, 0)
