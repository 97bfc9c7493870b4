"""Records a dispute can rely on: the log line of a set-up edit lists every value it changed,
old → new (rebuys and their price, the add-on, level times, blinds, payouts...), in the night's
open log and the tournament's own.

"If a question or dispute comes up that isn't settled here, the host makes the call" (house
rules, The Host's Call): the call is made on what the log says was set.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.contrib.auth.models import User

from engine.tournament import Break, Level, PayoutPlan, RebuyRules
from tables.models import Night
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament.setup_changes import describe_changes, setup_values
from tables.tests.conftest import host_calls
from tables.tests.setup_edits import edit_setup
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host, names=())[0]


def _edit_lines(tournament: Tournament) -> list[str]:
    return [line.detail for line in tournament.log.filter(action=TournamentAction.EDIT).order_by("at", "id")][
        1:
    ]  # the first is make_tournament's own edit


def test_rebuys_add_on_level_times_blinds_and_payouts_are_each_named_old_to_new(
    tournament: Tournament, host: User
) -> None:
    structure = tournament.get_structure()
    periods = list(structure.periods)
    first = periods[0]
    assert isinstance(first, Level)
    periods[0] = replace(first, small_blind=first.small_blind * 2, big_blind=first.big_blind * 2, minutes=25)
    since = host_calls().order_by("pk").last().pk
    rules = RebuyRules(max_rebuys=2, rebuy_until_level=4, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    edit_setup(
        tournament.pk,
        host,
        rebuy_price=20,
        add_on_price=10,
        structure=replace(structure, periods=tuple(periods)),
        rules=rules,
        payouts=PayoutPlan.from_template("flat"),
    )
    lines = [entry.what for entry in host_calls().filter(pk__gt=since).order_by("pk")]
    assert lines[0].startswith(f"Main event: Edited (1 of {len(lines)}): ")
    line = " ".join(lines)
    for words in (
        "rebuy price 0 → 20",
        "add-on price 0 → 10",
        f"structure level 1: SB {first.small_blind} → {first.small_blind * 2}, "
        f"BB {first.big_blind} → {first.big_blind * 2}, minutes {first.minutes} → 25",
        "rebuy rules: rebuys per player 0 → 2, rebuys until the end of level 0 → 4, rebuy stack 0 → 10000, "
        "add-on at the first break no → yes, add-on stack 0 → 5000",
        "payouts: template standard → flat, fixed table % 50, 30, 20 → none",
        "payouts bracket 1: up to entries 4 → 6, pays % 100 → 65, 35",
        "payouts bracket 5: up to entries 24 → none, pays % 40, 25, 17, 11, 7 → 30, 21, 16, 12, 11, 10",
        "payouts bracket 7 removed (was ",
    ):
        assert words in line, (words, line)
    # The tournament's own log says the same, over as many lines, each within its 200 characters.
    details = _edit_lines(tournament)
    assert [f"Main event: Edited ({n} of {len(lines)}): {d}" for n, d in enumerate(details, 1)] == lines
    assert all(len(detail) <= 200 for detail in details)


def test_a_long_edit_takes_several_lines_and_loses_nothing(tournament: Tournament, host: User) -> None:
    structure = tournament.get_structure()
    more = [Level(400 * n, 800 * n, 0, 15) for n in range(1, 9)]
    longer = [*structure.periods, Break(10, "Colour up"), *more]
    edit_setup(tournament.pk, host, structure=replace(structure, periods=tuple(longer)))
    details = _edit_lines(tournament)
    assert len(details) > 1
    lines = [line.what for line in host_calls().order_by("pk")][-len(details) :]
    assert lines[0].startswith(f"Main event: Edited (1 of {len(details)}): ")
    added = "; ".join(details)
    for n in range(1, 9):
        assert f"SB {400 * n}, BB {800 * n}, ante 0, minutes 15" in added
    assert "note Colour up" in added
    assert host_calls().filter(payload__has_key="changes").last().payload["changes"] == added.split("; ")


def test_an_edit_changing_nothing_says_so(tournament: Tournament, host: User) -> None:
    edit_setup(tournament.pk, host)
    assert host_calls().last().what == "Main event: Edited: nothing changed"


def test_every_set_up_field_of_the_tournament_is_compared(tournament: Tournament) -> None:
    """Not a list of fields someone remembered: any field of the row but the clock's and the
    bookkeeping's is compared, so a field added later shows up too."""
    before = setup_values(tournament)
    changed = Tournament.objects.get(pk=tournament.pk)
    changed.name, changed.buy_in, changed.starting_stack = "Late game", 35, 12_000
    changed.seating_plan = {"moves": ["one"]}
    changed.clock_paused_seconds = 99.0  # the clock: not the set-up
    words = describe_changes(before, setup_values(changed))
    assert words == [
        "name Main event → Late game",
        "buy-in 20 → 35",
        "starting stack 10000 → 12000",
        "seating plan added: moves one",
    ]
