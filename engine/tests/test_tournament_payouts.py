"""The prize pool and its payout: percentages by place, rounding with nothing lost, shared places."""

import doctest
import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import TournamentError
from engine.tournament import payouts
from engine.tournament.payouts import (
    PAYOUT_TEMPLATES,
    PayoutTable,
    amounts_from_json,
    amounts_to_json,
    finishers_prizes,
    payout_amounts,
    payout_template,
    prize_pool,
    prizes_for,
)
from engine.tournament.standings import Bust, Finish, place_busts


def test_the_prize_pool_is_buy_ins_plus_rebuys_plus_add_ons():
    assert (
        prize_pool(buy_in=20, entries=9, rebuy_price=20, rebuys=4, add_on_price=10, add_ons=6)
        == 180 + 80 + 60
    )


def test_amounts_that_divide_evenly_are_the_exact_percentages():
    assert payout_amounts(1_000, PayoutTable((50, 30, 20))) == (500, 300, 200)


def test_rounding_gives_the_leftover_units_to_the_top_places_and_loses_nothing():
    # 33.3 / 33.3 / 33.4 of 100 is 33.3, 33.3, 33.4: rounded down 33, 33, 33, one left for 1st.
    assert payout_amounts(100, PayoutTable((33.4, 33.3, 33.3))) == (34, 33, 33)
    # Rounded to fives: 47.5, 28.5, 19 become 45, 25, 15; the 10 left over goes 5 to 1st, 5 to 2nd.
    assert payout_amounts(95, PayoutTable((50, 30, 20)), unit=5) == (50, 30, 15)
    # A pool that is not a multiple of the unit: the odd 2 goes to 1st.
    assert payout_amounts(97, PayoutTable((50, 30, 20)), unit=5) == (52, 30, 15)


@given(
    pool=st.integers(min_value=0, max_value=10**9),
    template=st.sampled_from([table for _, table in PAYOUT_TEMPLATES]),
    unit=st.sampled_from([1, 2, 5, 10, 25, 100]),
)
def test_payouts_always_sum_to_the_pool_and_never_rise_down_the_places(pool, template, unit):
    amounts = payout_amounts(pool, template, unit=unit)
    assert sum(amounts) == pool
    assert list(amounts) == sorted(amounts, reverse=True)
    for place, (amount, share) in enumerate(zip(amounts, template.percentages, strict=True)):
        exact = Fraction(share) * pool / 100
        assert exact - unit < amount <= exact + unit + (pool % unit if place == 0 else 0)
        assert place == 0 or amount % unit == 0


def test_templates_pay_more_places_as_the_field_grows():
    assert payout_template(3).places_paid == 1
    assert payout_template(9) == PayoutTable((50, 30, 20))
    paid = [payout_template(n).places_paid for n in range(2, 60)]
    assert paid == sorted(paid) and paid[-1] == 9
    assert all(payout_template(n).places_paid <= n for n in range(2, 60))


@pytest.mark.parametrize(
    ("percentages", "message"),
    [
        ((50, 30, 10), r"add up to 90%, not 100%"),
        ((60, 30, 20), r"add up to 110%, not 100%"),
        ((33.3, 33.3, 33.3), r"add up to 99.9%"),
        ((30, 70), r"Place 2 pays more \(70%\) than place 1 \(30%\)"),
        ((100, 0), "every paid place pays something"),
        ((), "at least one place"),
        (("lots",), "is not a percentage"),
    ],
)
def test_payout_tables_that_do_not_add_up_are_refused(percentages, message):
    """Payout percentages are validated to total 100%."""
    with pytest.raises(TournamentError, match=message):
        PayoutTable(percentages)


def test_a_payout_table_round_trips_through_json_exactly():
    table = PayoutTable((33.4, 33.3, 33.3))
    assert json.loads(json.dumps(table.to_json())) == [33.4, 33.3, 33.3]
    assert PayoutTable.from_json(json.loads(json.dumps(table.to_json()))) == table
    amounts = payout_amounts(200, table)
    assert amounts_from_json(json.loads(json.dumps(amounts_to_json(amounts)))) == amounts


def test_players_sharing_places_split_the_sum_of_those_prizes():
    """Equal stacks busting together share the place, and split the prizes of the places shared."""
    amounts = payout_amounts(1_000, PayoutTable((50, 30, 20)))
    finishes = place_busts([Bust("cat", 500), Bust("dan", 500)], players_left=4)
    assert finishes == (Finish("cat", 3, 2), Finish("dan", 3, 2))
    prizes = prizes_for([Finish("ann", 1), Finish("bob", 2), *finishes], amounts)
    assert prizes == {"ann": 500, "bob": 300, "cat": 100, "dan": 100}


def test_an_uneven_shared_prize_gives_its_spare_units_in_listed_order():
    amounts = payout_amounts(1_000, PayoutTable((50, 30, 20)))
    prizes = prizes_for([Finish("a", 2, 3), Finish("b", 2, 3), Finish("c", 2, 3)], amounts, unit=5)
    assert prizes == {"a": 170, "b": 165, "c": 165}
    assert sum(prizes.values()) == 300 + 200


def test_a_table_for_a_bigger_field_pays_the_places_the_field_has_and_the_rest_to_first():
    table = PayoutTable((50, 30, 20))
    assert table.for_field(2) == PayoutTable((70, 30))
    assert table.for_field(1) == PayoutTable((100,))
    assert table.for_field(3) is table and table.for_field(9) is table and table.for_field(0) is table


def test_finishers_of_a_deal_take_what_they_agreed_and_the_others_their_places_prize():
    amounts = payout_amounts(1_000, PayoutTable((50, 30, 20)))
    finishes = [Finish("ann", 1), Finish("bob", 2), Finish("cat", 3), Finish("dan", 4)]
    assert finishers_prizes(finishes, amounts, {"ann": 420, "bob": 380}) == {
        "ann": 420,
        "bob": 380,
        "cat": 200,
        "dan": 0,
    }
    assert finishers_prizes(finishes, amounts) == prizes_for(finishes, amounts) | {"dan": 0}


def test_inconsistent_finishes_are_refused():
    amounts = (60, 40)
    with pytest.raises(TournamentError, match="shared by 2 players, but 1 are listed"):
        prizes_for([Finish("a", 1, 2)], amounts)
    with pytest.raises(TournamentError, match="claim place 2"):
        prizes_for([Finish("a", 1, 2), Finish("b", 1, 2), Finish("c", 2)], amounts)


def test_bad_pools_and_units_are_refused():
    with pytest.raises(TournamentError, match="rounding unit"):
        payout_amounts(100, PayoutTable((100,)), unit=0)
    with pytest.raises(TournamentError, match="prize pool"):
        payout_amounts(-5, PayoutTable((100,)))
    with pytest.raises(TournamentError, match="buy-in"):
        prize_pool(buy_in=-20, entries=5)
    with pytest.raises(TournamentError, match="at least two players"):
        payout_template(1)


def test_the_docstring_examples_hold():
    assert doctest.testmod(payouts).failed == 0
