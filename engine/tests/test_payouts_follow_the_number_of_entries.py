"""Payouts follow the number of entries: brackets of field sizes, chosen from a template, editable
and checked, the table in force the one of the bracket the field is in until the host fixes it.

Entries are players entered, not rebuys: "Rebuys. ... You can buy back in for a fresh stack and
keep playing" (house rules, Tournament Play): the same player, one finishing place to pay.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from engine.errors import TournamentError
from engine.tournament import (
    PAYOUT_BRACKET_TEMPLATES,
    PayoutBrackets,
    PayoutPlan,
    PayoutTable,
    bracket_template,
    payout_amounts,
)

TEMPLATE_KEYS = sorted(PAYOUT_BRACKET_TEMPLATES)


def test_the_table_in_force_follows_the_field_as_players_are_entered() -> None:
    plan = PayoutPlan.from_template("flat")
    assert plan.table_for(2) == PayoutTable((65, 35))
    assert plan.table_for(6) == PayoutTable((65, 35))
    assert plan.table_for(7) == PayoutTable((50, 30, 20))
    assert plan.table_for(10) == PayoutTable((50, 30, 20))
    assert plan.table_for(11).places_paid == 4
    assert plan.table_for(20).places_paid == 4
    assert plan.table_for(500) == PayoutTable((30, 21, 16, 12, 11, 10))


def test_before_two_players_the_first_bracket_shows_cut_to_the_field() -> None:
    assert PayoutPlan.from_template("flat").table_for(0) == PayoutTable((65, 35))
    assert PayoutPlan.from_template("flat").table_for(1) == PayoutTable((100,))


def test_a_fixed_table_stays_whatever_the_field_does() -> None:
    plan = PayoutPlan.from_template("standard").fixed_at(9)
    assert not plan.follows_the_field
    assert plan.table_for(30) == PayoutTable((50, 30, 20))
    # ...and a field that shrinks below its places pays the places it has.
    assert plan.table_for(2) == PayoutTable((70, 30))
    assert plan.describe(30) == "Fixed by the host: 3 places paid, whatever the field"


def test_the_plan_says_which_bracket_pays() -> None:
    assert (
        PayoutPlan.from_template("standard").describe(12)
        == "12 entries: the 11–16 entries bracket pays 4 places"
    )
    assert (
        PayoutPlan.from_template("winner-heavy").describe(3)
        == "3 entries: the 2–6 entries bracket pays 1 place"
    )


def test_edited_brackets_are_kept_and_said_to_be_edited() -> None:
    brackets = PayoutBrackets.build([(5, (100,)), (None, (60, 40))])
    plan = PayoutPlan(brackets, "standard")
    assert plan.is_edited and not PayoutPlan.from_template("standard").is_edited
    assert PayoutPlan.from_json(plan.to_json()) == plan


def test_a_bare_list_is_a_table_the_host_fixed() -> None:
    # How payouts were stored before they followed the field: kept as the host wrote them.
    plan = PayoutPlan.from_json([60, 40])
    assert plan.fixed == PayoutTable((60, 40)) and plan.table_for(20) == PayoutTable((60, 40))
    assert PayoutPlan.from_json([]).follows_the_field


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "at least one bracket"),
        (
            [(6, (60, 30)), (None, (50, 30, 20))],
            r"Bracket 1: The payout percentages add up to 90%, not 100%\.",
        ),
        (
            [(6, (30, 70)), (None, (50, 30, 20))],
            r"Bracket 1: Place 2 pays more \(70%\) than place 1 \(30%\)\.",
        ),
        (
            [(6, (65, 35)), (5, (50, 30, 20)), (None, (50, 30, 20))],
            r"Bracket 2 ends at 5 entries, but starts at 7",
        ),
        ([(6, (65, 35)), (None, (100,))], r"Bracket 2 \(7\+ entries\) pays fewer places \(1\)"),
        (
            [(6, (40, 30, 20, 10)), (None, (40, 30, 20, 10))],
            r"pays 4 places: a field of 2 has only 2 players",
        ),
        ([(6, (65, 35)), (12, (50, 30, 20))], r"the last, pays every bigger field"),
        ([(True, (100,)), (None, (65, 35))], r"whole number of entries"),
    ],
)
def test_brackets_that_cannot_pay_are_refused_with_the_reason(rows, message) -> None:
    with pytest.raises(TournamentError, match=message):
        PayoutBrackets.build(rows)


def test_an_unknown_template_is_refused_by_name() -> None:
    with pytest.raises(TournamentError, match="There is no payout template 'huge'"):
        bracket_template("huge")


def test_every_template_starts_at_two_and_ends_open() -> None:
    for key in TEMPLATE_KEYS:
        brackets = bracket_template(key).brackets
        assert brackets[0].first == 2 and brackets[-1].last is None
        assert PayoutBrackets.from_json(bracket_template(key).to_json()) == bracket_template(key)


@given(key=st.sampled_from(TEMPLATE_KEYS), entries=st.integers(min_value=0, max_value=10_000))
@settings(max_examples=examples(300))
def test_the_chosen_table_always_adds_up_to_100_and_fits_the_field(key: str, entries: int) -> None:
    plan = PayoutPlan.from_template(key)
    table = plan.table_for(entries)
    assert sum(table.percentages, Decimal(0)) == 100
    assert list(table.percentages) == sorted(table.percentages, reverse=True)
    assert table.places_paid <= entries or entries == 0  # nobody entered yet: the first bracket shows
    assert plan.bracket_for(entries).holds(entries) or entries < 2


@given(
    key=st.sampled_from(TEMPLATE_KEYS),
    entries=st.integers(min_value=2, max_value=200),
    pool=st.integers(min_value=0, max_value=10**9),
    unit=st.sampled_from([1, 5, 10, 25]),
)
@settings(max_examples=examples(300))
def test_the_prizes_of_the_chosen_table_add_up_to_the_pool(
    key: str, entries: int, pool: int, unit: int
) -> None:
    amounts = payout_amounts(pool, PayoutPlan.from_template(key).table_for(entries), unit=unit)
    assert sum(amounts) == pool
    assert list(amounts) == sorted(amounts, reverse=True)


@st.composite
def edited_brackets(draw: st.DrawFn) -> list[tuple[int | None, tuple[int, ...]]]:
    """Brackets a host might type: growing fields, places never fewer, each table adding to 100."""
    rows: list[tuple[int | None, tuple[int, ...]]] = []
    first, places = 2, 1
    for number in range(draw(st.integers(1, 5))):
        places = draw(st.integers(places, min(first, places + 2)))
        cuts = sorted(
            draw(st.lists(st.integers(1, 99), min_size=places - 1, max_size=places - 1, unique=True))
        )
        shares = sorted((b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)), reverse=True)
        last = draw(st.booleans()) or number == 4
        up_to = None if last else first + draw(st.integers(0, 8))
        rows.append((up_to, tuple(shares)))
        if up_to is None:
            break
        first = up_to + 1
    if rows[-1][0] is not None:
        rows[-1] = (None, rows[-1][1])
    return rows


@given(rows=edited_brackets(), entries=st.integers(min_value=0, max_value=100), pool=st.integers(0, 10**7))
@settings(max_examples=examples(300))
def test_edited_brackets_always_pay_100_percent_and_the_whole_pool(rows, entries: int, pool: int) -> None:
    plan = PayoutPlan(PayoutBrackets.build(rows), "standard")
    table = plan.table_for(entries)
    assert sum(table.percentages, Decimal(0)) == 100
    assert sum(payout_amounts(pool, table)) == pool
    assert PayoutPlan.from_json(plan.to_json()) == plan
