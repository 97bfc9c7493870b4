"""Finishing places, the winner, and the field figures on the clock screen.

"Everyone starts with an equal stack; play until one person has all the chips."
"Bust out of chips and you're out (in a freeze-out). Two players left is heads-up."
"""

import json

import pytest

from engine.errors import TournamentError
from engine.tournament.rebuys import FREEZE_OUT, RebuyRules
from engine.tournament.standings import (
    Bust,
    FieldSummary,
    Finish,
    deal_places,
    field_summary,
    is_heads_up,
    place_busts,
    winner,
)
from engine.tournament.structure import Level, Structure

STRUCTURE = Structure(name="x", starting_stack=10_000, periods=(Level(100, 200),))


def test_a_lone_bust_takes_the_last_place_still_open():
    assert place_busts([Bust("ann", 3_000)], players_left=7) == (Finish("ann", 7),)


def test_players_busting_in_the_same_hand_are_placed_by_the_chips_they_started_it_with():
    """Two out in one hand: the one who started the hand with more chips finishes higher."""
    finishes = place_busts([Bust("bob", 1_200), Bust("cat", 4_000), Bust("dan", 2_500)], players_left=9)
    assert [(f.player, f.place, f.shared_by) for f in finishes] == [
        ("cat", 7, 1),
        ("dan", 8, 1),
        ("bob", 9, 1),
    ]


def test_equal_stacks_busting_together_share_the_places_they_cover():
    """Equal stacks at the start of the hand share the place."""
    finishes = place_busts([Bust("eve", 2_000), Bust("fay", 5_000), Bust("gus", 2_000)], players_left=6)
    by_player = {f.player: f for f in finishes}
    assert by_player["fay"] == Finish("fay", 4)
    assert by_player["eve"] == Finish("eve", 5, shared_by=2)
    assert by_player["gus"].places == range(5, 7)
    assert by_player["gus"].label == "5th-6th (shared)"
    assert (
        Finish("x", 1).label == "1st" and Finish("x", 12).label == "12th" and Finish("x", 23).label == "23rd"
    )


def test_bust_lists_that_cannot_happen_are_refused():
    with pytest.raises(TournamentError, match="someone must still have chips"):
        place_busts([Bust("a", 10), Bust("b", 10)], players_left=2)
    with pytest.raises(TournamentError, match="listed twice"):
        place_busts([Bust("a", 10), Bust("a", 10)], players_left=5)
    with pytest.raises(TournamentError, match="started the hand with chips"):
        place_busts([Bust("a", 0)], players_left=5)


def test_the_winner_is_declared_when_one_player_has_all_the_chips():
    """ "play until one person has all the chips" """
    assert winner({"ann": 30_000, "bob": 0, "cat": 0}) == "ann"
    assert winner({"ann": 29_000, "bob": 1_000}) is None


def test_two_players_left_is_heads_up():
    """ "Two players left is heads-up." """
    assert is_heads_up(2) and not is_heads_up(3) and not is_heads_up(1)


def test_the_field_summary_counts_every_chip_sold_and_the_average_stack():
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=5_000, add_on=True, add_on_stack=8_000)
    summary = field_summary(STRUCTURE, rules, entries=10, rebuys=3, add_ons=4, players_left=8, big_blind=400)
    assert summary.chips_in_play == 10 * 10_000 + 3 * 5_000 + 4 * 8_000
    assert summary.average_stack == 147_000 / 8
    assert summary.average_big_blinds == 147_000 / 8 / 400
    assert not summary.heads_up
    assert FieldSummary.from_json(json.loads(json.dumps(summary.to_json()))) == summary
    heads_up = field_summary(
        STRUCTURE, FREEZE_OUT, entries=6, rebuys=0, add_ons=0, players_left=2, big_blind=200
    )
    assert heads_up.heads_up and heads_up.average_big_blinds == 150


def test_a_field_summary_from_impossible_counts_is_refused():
    with pytest.raises(TournamentError, match="more than the 4 who entered"):
        field_summary(STRUCTURE, FREEZE_OUT, entries=4, rebuys=0, add_ons=0, players_left=5, big_blind=200)
    with pytest.raises(TournamentError, match="number of rebuys"):
        field_summary(STRUCTURE, FREEZE_OUT, entries=4, rebuys=-1, add_ons=0, players_left=3, big_blind=200)


def test_finishes_round_trip_through_json():
    finish = Finish("gus", 5, shared_by=2)
    data = json.loads(json.dumps(finish.to_json()))
    assert data["label"] == "5th-6th (shared)" and Finish.from_json(data) == finish


def test_a_deals_players_are_placed_by_their_chips_from_first_down():
    """A deal ends the tournament: the chip count decides the places, equal stacks share them."""
    places = deal_places({"ann": 3_000, "bea": 9_000, "cal": 3_000, "dan": 500})
    assert places == (Finish("bea", 1), Finish("ann", 2, 2), Finish("cal", 2, 2), Finish("dan", 4))


@pytest.mark.parametrize("stacks", [{"ann": 100}, {"ann": 100, "bea": 0}, {"ann": 100, "bea": True}])
def test_a_deal_needs_two_players_with_chips(stacks):
    with pytest.raises(TournamentError):
        deal_places(stacks)
