"""BB/hour for a player of a brisk cash table: 16 to 30 quick hands are enough play for a rate.

A quarter of an hour at the tables stays one way to earn a rate; so do 15 cash hands, however
fast they were dealt. Too little play (a few hands in a few minutes) still has none.
"""

from __future__ import annotations

from engine.season import MIN_HANDS_FOR_A_RATE, NightResult, PointRules, standings


def test_twenty_hands_in_ten_minutes_give_a_rate() -> None:
    (ann,) = standings(
        [NightResult("ann", 1, big_blinds_won=10, seconds_played=600, cash_hands=20)], PointRules()
    )
    assert ann.big_blinds_per_hour == 60.0


def test_the_hands_of_two_nights_add_up_to_the_minimum() -> None:
    results = [
        NightResult("bo", 1, big_blinds_won=4, seconds_played=300, cash_hands=8),
        NightResult("bo", 2, big_blinds_won=2, seconds_played=300, cash_hands=8),
    ]
    (bo,) = standings(results, PointRules())
    assert bo.big_blinds_per_hour == 36.0


def test_a_few_quick_hands_still_give_no_rate() -> None:
    (cy,) = standings(
        [NightResult("cy", 1, big_blinds_won=40, seconds_played=300, cash_hands=MIN_HANDS_FOR_A_RATE - 1)],
        PointRules(),
    )
    assert cy.big_blinds_per_hour is None
