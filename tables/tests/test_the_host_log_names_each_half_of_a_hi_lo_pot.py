"""The host's log names each half of a hi-lo pot: who took the high, who the low, or that the
high took the whole pot with no low.

"the pot is split between the best high hand and the best low hand"; "If no hand qualifies for
low, the high hand wins the whole pot" (rules/beyond-holdem.md). A log line must never name a
card its reader may not see: the halves are said in the words every viewer's results use.
"""

from __future__ import annotations

from engine import live as engine_live
from engine.config import Stakes
from engine.table import new_table
from tables.services.hosting.change_words import describe, public_cards
from tables.tests.live_helpers import SEED


def _played_to_the_end(seed: str) -> tuple[engine_live.LiveTable, engine_live.LiveTable, list[dict]]:
    """A three-handed Omaha hi-lo hand checked (and called) down: the table before and after the
    write that paid the pots, and that write's events."""
    state = engine_live.new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat, name in enumerate(("Ann", "Bob", "Cy"), start=1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 200, "name": name}
        state, _ = engine_live.apply(state, "system", sit, now=0)
    game = {"type": "set_game", "game": "plo8", "stakes": {"small_blind": 1, "big_blind": 2}}
    state, _ = engine_live.apply(state, "host", game, 0)
    state, _ = engine_live.apply(state, "host", {"type": "start_hand", "seed": seed}, 0)
    while True:
        hand = state.hand
        seat = hand.to_act
        actions = hand.legal_actions(seat)["actions"]
        name = next(n for n in ("show", "check", "call") if actions.get(n, {}).get("allowed"))
        before = state
        state, events = engine_live.apply(state, seat, {"type": "act", "action": {"type": name}}, 0)
        if state.hand.finished:
            return before, state, events


def test_each_half_of_each_pot_has_its_line_with_its_winners_and_hand() -> None:
    before, after, events = _played_to_the_end(SEED)
    awards = after.hand.awards
    assert awards and all(award.half in ("high", "low") for award in awards)
    lines = describe(before, after, events)
    for award in awards:
        half = "high, no low: the whole pot" if award.scoop else award.half
        names = [f"Seat {seat} ({after.hand.seat(seat).name}) {amount}" for seat, amount in award.shares]
        winners = ", ".join(names)
        assert f"Pot, {half}: {winners} with {award.hand}" in lines, lines


def test_the_halves_name_no_card_the_table_has_not_seen() -> None:
    before, after, events = _played_to_the_end(SEED)
    lines = describe(before, after, events)
    hidden = {str(c) for s in after.hand.seats for c in s.hole} - public_cards(after)
    assert not [line for line in lines if any(card in line for card in hidden)], lines
