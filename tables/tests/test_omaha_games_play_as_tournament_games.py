"""Pot-limit Omaha of 4, 5 and 6 cards and Omaha hi-lo are tournament games too, not only bomb
pots: a tournament table set to one deals it at the level's blinds, and plays it to the end.

rules/beyond-holdem.md: "Four hole cards (five or six in the bigger Omahas), a board of five as in
Hold'em, blinds and a button as in Hold'em, pot-limit or fixed-limit betting."
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from engine.games import GAMES
from engine.live import LiveTable
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Table
from tables.models.tournaments import TournamentAction
from tables.services.hosting import table_settings
from tables.services.tournament import tournament_clock, tournament_seating
from tables.tests.live_helpers import SEED
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


def _biggest_move(state: LiveTable) -> dict[str, Any]:
    """The largest bet or raise the game allows, else a call, a check, or tabling the hand."""
    hand = state.hand
    offered = hand.legal_actions(hand.to_act)["actions"]
    for name in ("raise", "bet"):
        if offered.get(name, {}).get("allowed"):
            return {"type": name, "to": offered[name]["max_to"]}
    for name in ("call", "check", "show"):
        if offered.get(name, {}).get("allowed"):
            return {"type": name}
    raise AssertionError(offered)


@pytest.mark.parametrize("game", ["plo", "plo5", "plo6", "plo8", "flo8"])
def test_a_tournament_table_deals_the_omaha_game_at_the_levels_blinds(
    night: Night, host: User, table: Table, game: str
) -> None:
    table_settings.save_settings(table, host, game=game, small_blind=1, big_blind=2)
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal"))
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    state = load_state(table.pk)
    level = tournament.get_structure().levels[0]
    hand = state.hand
    assert hand.config.game == game and not hand.config.cash_game
    assert hand.config.stakes.big_blind == level.big_blind
    assert {len(s.hole) for s in hand.seats} == {GAMES[game].hole_cards}
    chips = sum(s.stack + s.committed for s in hand.seats)
    while state.hand_in_progress:
        player = player_actor(int(state.table.occupant(state.hand.to_act).player))
        apply_intent(table.pk, player, {"type": "act", "action": _biggest_move(state)})
        state = load_state(table.pk)
    assert state.hand.finished
    assert sum(s.stack for s in state.hand.seats) == chips
    if GAMES[game].hi_lo:
        assert {award.half for award in state.hand.awards} <= {"high", "low"}
