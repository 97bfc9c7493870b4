"""Blind structures: templates, editing, validation, JSON."""

import doctest
import json
from dataclasses import replace

import pytest

import engine.tournament
from engine.errors import EngineError, TournamentError
from engine.tournament import clock, structure
from engine.tournament.structure import TEMPLATES, Break, Level, Structure, template


def _structure(*periods):
    return Structure(name="test", starting_stack=1_000, periods=periods)


@pytest.mark.parametrize("name", ["home-2h", "home-3h", "turbo"])
def test_each_template_is_a_valid_structure_that_round_trips_through_json(name):
    """ "Blind levels rise on a fixed timer": each template's big blinds never go down."""
    shipped = template(name)
    assert Structure.from_json(json.loads(json.dumps(shipped.to_json()))) == shipped
    big_blinds = [level.big_blind for level in shipped.levels]
    assert big_blinds == sorted(big_blinds) and len(set(big_blinds)) == len(big_blinds)
    assert shipped.breaks, "a home night has a break to chip up and stretch"


def test_templates_small_blind_is_half_the_big_blind():
    """ "Small Blind: one seat left of the button, posts half the minimum bet." """
    for shipped in TEMPLATES.values():
        assert all(level.small_blind * 2 == level.big_blind for level in shipped.levels)


def test_an_edited_copy_leaves_the_template_untouched():
    shipped = template("turbo")
    edited = replace(shipped, name="Friday turbo", periods=(*shipped.periods, Level(2_000, 4_000, 500, 8)))
    assert len(edited.levels) == len(shipped.levels) + 1
    assert template("turbo") == shipped


def test_the_host_edits_a_copy_period_by_period_and_nonsense_edits_are_refused():
    shipped = template("home-2h")
    edited = shipped.replace_period(0, Level(50, 100, 0, 20)).insert_period(2, Break(5)).remove_period(1)
    assert edited.periods[:2] == (Level(50, 100, 0, 20), Break(5))
    assert len(edited.periods) == len(shipped.periods)
    assert shipped.periods[0] == Level(25, 50, 0, 15)
    with pytest.raises(TournamentError, match="smaller than the small blind"):
        shipped.replace_period(3, Level(200, 100, 0, 15))
    with pytest.raises(TournamentError, match="no period 99"):
        shipped.remove_period(99)
    with pytest.raises(TournamentError, match="at least one blind level"):
        _structure(Level(25, 50)).remove_period(0)


def test_an_unknown_template_is_refused():
    with pytest.raises(TournamentError, match="no structure template called 'daily'"):
        template("daily")


@pytest.mark.parametrize(
    ("periods", "message"),
    [
        ((Level(100, 50, 0, 15),), r"Level 1: the big blind \(50\) is smaller than the small blind \(100\)"),
        ((Level(25, 50, 0, 15), Level(50, 100, 0, 0)), "Level 2: a level must last at least one minute"),
        ((), "at least one blind level"),
        ((Level(25, 50, -5, 15),), r"Level 1: the ante cannot be negative \(-5\)"),
        ((Level(0, 50, 0, 15),), "small blind must be at least 1 chip"),
        ((Level(25, 50, 0, 15), Break(0), Level(50, 100, 0, 15)), "break after level 1 must last"),
        ((Break(10), Level(25, 50, 0, 15)), "starts with a blind level"),
        ((Level(25, 50, 0, 15), Break(10)), "ends with a blind level"),
        ((Level(25, 50, 0, 15), Break(5), Break(5), Level(50, 100)), "Two breaks in a row"),
        ((Level(25, 50.5, 0, 15),), "big blind must be a whole number"),
    ],
)
def test_nonsense_structures_are_refused_with_a_clear_message(periods, message):
    with pytest.raises(TournamentError, match=message):
        _structure(*periods)


def test_a_zero_starting_stack_is_refused():
    with pytest.raises(TournamentError, match="starting stack"):
        Structure(name="x", starting_stack=0, periods=(Level(25, 50),))


def test_a_period_of_unknown_kind_in_json_is_refused():
    data = template("turbo").to_json()
    data["periods"][0]["kind"] = "intermission"
    with pytest.raises(TournamentError, match="level or a break"):
        Structure.from_json(data)


def test_level_and_break_numbers_count_levels_and_breaks_separately():
    s = _structure(Level(25, 50), Level(50, 100), Break(10), Level(75, 150), Break(5), Level(100, 200))
    assert [s.level_number(i) for i in range(6)] == [1, 2, 2, 3, 3, 4]
    assert [s.break_number(i) for i in range(6)] == [0, 0, 1, 1, 2, 2]


def test_tournament_error_is_an_engine_error():
    assert issubclass(TournamentError, EngineError)


@pytest.mark.parametrize("module", [engine.tournament, structure, clock])
def test_the_docstring_examples_hold(module):
    assert doctest.testmod(module).failed == 0
