"""Tournament tables start with the straddle off; the host may turn it on.

House rules: "Whether to allow it is a house call, and at our table it's welcome: a voluntary
blind raise posted before the cards are dealt." The rule texts' note on where they disagree:
the straddle "is a table option, on by default at house tables", and the casino text says
"6. No live 'straddle' bets are allowed." A tournament is not the house's cash game: there the
straddle starts off, and the host turns it on if the table wants it. When the tournament is
over the table's own cash choice comes back.
"""

from __future__ import annotations

from engine.config import Stakes
from engine.live import LiveTable, apply, new_live_table, view
from engine.live.tournament import TournamentPlay, back_to_cash, prepare
from engine.table import GameMode, new_table
from engine.tournament import Clock, start, template

STAKES = Stakes(small_blind=25, big_blind=50)


def _seated(mode: GameMode = GameMode.CASH) -> LiveTable:
    state = new_live_table(new_table(max_seats=6, mode=mode, stakes=STAKES))
    for seat in range(1, 5):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 5000}
        state, _ = apply(state, "system", sit, now=0)
    state, _ = apply(state, "host", {"type": "move_button", "seat": 1}, now=0)
    return state


def _play() -> TournamentPlay:
    return TournamentPlay(start(Clock(), now=0), template("home-2h"))


def test_a_table_made_for_a_tournament_does_not_offer_the_straddle():
    state = _seated(GameMode.TOURNAMENT)
    assert not state.table.options.straddle_allowed
    assert view(state, 4)["table"]["next_hand"]["straddle_seat"] is None


def test_a_cash_table_a_tournament_comes_to_turns_the_straddle_off_and_gets_it_back_after():
    state = _seated()
    assert state.table.options.straddle_allowed, "the house's cash table welcomes it"
    during, _ = prepare(state, "host", {"type": "start_hand"}, 1, _play())
    assert during.table.mode is GameMode.TOURNAMENT
    assert not during.table.options.straddle_allowed
    after, _ = back_to_cash(during, "host", {"type": "start_hand"})
    assert after.table.options.straddle_allowed, "the cash table's own choice comes back"


def test_the_host_may_turn_the_straddle_on_for_a_tournament_table():
    state, _ = prepare(_seated(), "host", {"type": "start_hand"}, 1, _play())
    on = {"type": "set_game", "stakes": {"small_blind": 25, "big_blind": 50}, "straddle_allowed": True}
    state, _ = apply(state, "host", on, now=2)
    assert state.table.options.straddle_allowed
    assert view(state, 4)["table"]["next_hand"]["straddle_seat"] == 4
