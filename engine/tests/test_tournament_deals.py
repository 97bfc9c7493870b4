"""Deals at the final table: chip chop and ICM (Malmuth-Harville)."""

import doctest
import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import TournamentError
from engine.tournament import deals
from engine.tournament.deals import Deal, DealMethod, chip_chop, icm_deal, icm_equities


def test_icm_matches_a_hand_computed_three_player_example():
    """Stacks 5,000 / 3,000 / 2,000 (of 10,000), prizes 50 / 30 / 20.

    A: 1st 1/2. 2nd: B wins (3/10) then A beats C 5/7, or C wins (1/5) then A beats B 5/8:
       3/14 + 1/8 = 19/56. 3rd: 1 - 1/2 - 19/56 = 9/56.
       EV = 50/2 + 30*19/56 + 20*9/56 = 25 + 750/56 = 1075/28 (38.39).
    B: 1st 3/10. 2nd: A wins (1/2) then 3/5, or C wins (1/5) then 3/8: 3/10 + 3/40 = 3/8.
       3rd 13/40. EV = 15 + 90/8 + 260/40 = 15 + 11.25 + 6.5 = 131/4 (32.75).
    C: the rest, 100 - 1075/28 - 131/4 = 202/7 (28.86).
    """
    equities = icm_equities({"A": 5_000, "B": 3_000, "C": 2_000}, [50, 30, 20])
    assert equities == {"A": Fraction(1075, 28), "B": Fraction(131, 4), "C": Fraction(202, 7)}
    deal = icm_deal({"A": 5_000, "B": 3_000, "C": 2_000}, [50, 30, 20])
    # Rounded down 38 / 32 / 28 leaves 2: the largest fractions dropped are C's .857 and B's .75.
    assert deal.as_dict() == {"A": 38, "B": 33, "C": 29}


def test_heads_up_icm_is_second_prize_plus_a_chip_share_of_the_difference():
    equities = icm_equities({"A": 7_000, "B": 3_000}, [600, 400])
    assert equities == {"A": 400 + Fraction(7, 10) * 200, "B": 400 + Fraction(3, 10) * 200}


def test_equal_stacks_have_equal_equity_and_unpaid_places_count_for_nothing():
    equities = icm_equities({"a": 100, "b": 100, "c": 100, "d": 100}, [70, 30])
    assert set(equities.values()) == {Fraction(25)}


def test_icm_gives_the_chip_leader_less_than_a_chip_chop():
    stacks = {"big": 8_000, "mid": 1_500, "small": 500}
    assert icm_deal(stacks, [500, 300, 200]).as_dict()["big"] < chip_chop(stacks, 1_000).as_dict()["big"]


def test_chip_chop_splits_in_proportion_to_chips():
    deal = chip_chop({"a": 6_000, "b": 3_000, "c": 1_000}, 900)
    assert deal.as_dict() == {"a": 540, "b": 270, "c": 90}
    assert deal.method is DealMethod.CHIP_CHOP


@given(
    stacks=st.lists(st.integers(min_value=1, max_value=100_000), min_size=2, max_size=6),
    pool=st.integers(min_value=0, max_value=1_000_000),
    unit=st.sampled_from([1, 5, 10]),
)
def test_deals_always_sum_exactly_to_the_remaining_pool(stacks, pool, unit):
    by_player = {f"p{i}": chips for i, chips in enumerate(stacks)}
    prizes = sorted((pool * (i + 1) // 21 for i in range(len(stacks))), reverse=True)
    chop = chip_chop(by_player, pool, unit=unit)
    icm = icm_deal(by_player, prizes, unit=unit)
    assert sum(chop.as_dict().values()) == pool
    assert sum(icm.as_dict().values()) == sum(prizes)
    assert sum(icm_equities(by_player, prizes).values()) == sum(prizes)
    exact = icm_equities(by_player, prizes)
    for player, amount in icm.as_dict().items():
        # Rounded down, then at most one spare unit and the odd part smaller than a unit.
        assert exact[player] - unit < amount < exact[player] + 2 * unit
    assert [player for player, _ in chop.amounts] == list(by_player)


def test_nine_players_are_worked_out_exactly():
    stacks = {f"p{i}": 1_000 * (i + 1) for i in range(9)}
    prizes = [300, 200, 140, 100, 80, 60, 50, 40, 30]
    equities = icm_equities(stacks, prizes)
    assert sum(equities.values()) == sum(prizes)
    ordered = [equities[f"p{i}"] for i in range(9)]
    assert ordered == sorted(ordered) and len(set(ordered)) == 9


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: chip_chop({"a": 100}, 50), "at least two players"),
        (lambda: chip_chop({"a": 100, "b": 0}, 50), "b must have chips"),
        (lambda: chip_chop({"a": 100, "b": 10}, -1), "remaining prize pool"),
        (lambda: icm_equities({"a": 1, "b": 1}, [3, 2, 1]), "3 prizes for 2 players"),
        (lambda: icm_equities({f"p{i}": 1 for i in range(11)}, [1]), "at most 10 players"),
        (lambda: icm_deal({"a": 1, "b": 1}, [2, 1], unit=0), "rounding unit"),
    ],
)
def test_impossible_deals_are_refused(call, message):
    with pytest.raises(TournamentError, match=message):
        call()


def test_a_deal_round_trips_through_json():
    deal = icm_deal({"A": 5_000, "B": 3_000, "C": 2_000}, [50, 30, 20])
    assert Deal.from_json(json.loads(json.dumps(deal.to_json()))) == deal


def test_the_docstring_examples_hold():
    assert doctest.testmod(deals).failed == 0
