"""A season's points and standings, checked against tables worked out by hand.

The issue's formulas: "one point per place beaten (simple scoring); the field-size and buy-in
formula leagues borrow from card rooms, points = 10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25))
for n entrants, place k, buy-in b; fixed points by place; plus knockout (bounty) points, an
attendance point, and a 'best N of M nights' drop rule so one missed night does not sink a season."
"""

from __future__ import annotations

import pytest

from engine.season import (
    Finish,
    HandPlayed,
    NightResult,
    PointRules,
    Scoring,
    SeasonError,
    by_points,
    cumulative_money,
    formula_text,
    night_points,
    place_points,
    seconds_at_tables,
    standings,
)

CARD_ROOM = PointRules(Scoring.CARD_ROOM)


def _points(rules: PointRules, entrants: int, place: int, shared_by: int = 1, buy_in: float = 20) -> float:
    return round(place_points(rules, entrants=entrants, place=place, shared_by=shared_by, buy_in=buy_in), 2)


def test_places_beaten_gives_one_point_per_player_finishing_below():
    """points = n - k: six entrants score 5, 4, 3, 2, 1, 0."""
    rules = PointRules(Scoring.PLACES_BEATEN)
    assert [_points(rules, 6, k) for k in range(1, 7)] == [5, 4, 3, 2, 1, 0]


# By hand, b = 20: log10(20.25) = 1.30643, so (1 + log10(b + 0.25)) = 2.30643.
# n = 10: sqrt(10) = 3.16228.  k = 1: 10 x 3.16228 / 1 x 2.30643 = 72.94
# k = 2: 31.6228 / 1.41421 = 22.3607 x 2.30643 = 51.57;  k = 3: 31.6228 / 1.73205 = 18.2574 x 2.30643 = 42.11
# k = 10: 31.6228 / 3.16228 = 10 x 2.30643 = 23.06
# b = 0: 1 + log10(0.25) = 1 - 0.60206 = 0.39794. n = 4: k = 1: 10 x 2 / 1 x 0.39794 = 7.96; k = 4: 3.98
# b = 100: 1 + log10(100.25) = 3.00108. n = 25, k = 1: 10 x 5 x 3.00108 = 150.05;
#          k = 5: 50 / 2.23607 x 3.00108 = 67.11
CARD_ROOM_TABLE = [
    (10, 1, 20, 72.94),
    (10, 2, 20, 51.57),
    (10, 3, 20, 42.11),
    (10, 10, 20, 23.06),
    (4, 1, 0, 7.96),
    (4, 4, 0, 3.98),
    (25, 1, 100, 150.05),
    (25, 5, 100, 67.11),
]


@pytest.mark.parametrize(("entrants", "place", "buy_in", "expected"), CARD_ROOM_TABLE)
def test_card_room_formula_matches_the_hand_computed_table(entrants, place, buy_in, expected):
    """points = 10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25))"""
    assert _points(CARD_ROOM, entrants, place, buy_in=buy_in) == expected


def test_fixed_points_pay_the_hosts_list_and_nothing_below_it():
    rules = PointRules(Scoring.FIXED, fixed_points=(10, 6, 3))
    assert [_points(rules, 5, k) for k in range(1, 6)] == [10, 6, 3, 0, 0]


def test_shared_places_share_the_points_of_the_places_they_cover():
    """Two players out together in 5th-6th of six: (1 + 0) / 2 each; 2nd-3rd of fixed 10/6/3: 4.5."""
    assert _points(PointRules(Scoring.PLACES_BEATEN), 6, 5, shared_by=2) == 0.5
    assert _points(PointRules(Scoring.FIXED, fixed_points=(10, 6, 3)), 6, 2, shared_by=2) == 4.5
    # card room, n = 10, b = 20, 2nd-3rd: (51.57 + 42.11) / 2 = 46.84
    assert _points(CARD_ROOM, 10, 2, shared_by=2) == 46.84


def test_a_place_outside_the_field_is_refused():
    with pytest.raises(SeasonError, match="does not fit"):
        place_points(CARD_ROOM, entrants=4, place=5, shared_by=1, buy_in=20)
    with pytest.raises(SeasonError, match="does not fit"):
        place_points(CARD_ROOM, entrants=4, place=4, shared_by=2, buy_in=20)
    with pytest.raises(SeasonError):
        PointRules(Scoring.FIXED)
    with pytest.raises(SeasonError):
        PointRules(best_of=0)


def test_knockouts_and_attendance_add_to_the_nights_points():
    """places beaten, 3rd of 8 = 5; 1.5 knockouts x 2 = 3; attendance 1: 9."""
    rules = PointRules(Scoring.PLACES_BEATEN, knockout_points=2, attendance_points=1)
    result = NightResult("ann", 1, finishes=(Finish(place=3, entrants=8, buy_in=20),), knockouts=1.5)
    assert night_points(rules, result) == 9
    assert night_points(rules, NightResult("bob", 1)) == 1  # came, played cash only


def test_best_n_of_m_drops_a_persons_worst_nights():
    """Best 2 of 3: Ann's nights score 5, 0 (missed the tournament) and 3: she keeps 8."""
    rules = PointRules(Scoring.PLACES_BEATEN, best_of=2)
    results = [
        NightResult("ann", 1, finishes=(Finish(1, 6, 20),)),
        NightResult("ann", 2),
        NightResult("ann", 3, finishes=(Finish(3, 6, 20),)),
        NightResult("bob", 1, finishes=(Finish(2, 6, 20),)),
        NightResult("bob", 2, finishes=(Finish(1, 7, 20),)),
        NightResult("bob", 3, finishes=(Finish(2, 6, 20),)),
    ]
    ann, bob = sorted(standings(results, rules), key=lambda s: s.person)
    assert (ann.points, ann.counted, ann.dropped) == (8, (1, 3), (2,))
    # Bob: 4, 6, 4 -> keeps 6 and the earlier 4
    assert (bob.points, bob.counted, bob.dropped) == (10, (1, 2), (3,))
    assert [s.person for s in standings(results, rules)] == ["bob", "ann"]


def test_standings_add_up_money_big_blinds_per_hour_biggest_pot_and_best_finish():
    rules = PointRules(Scoring.PLACES_BEATEN)
    results = [
        NightResult("ann", 1, money_net=1500, cash_net=1500, big_blinds_won=30, seconds_played=3600),
        NightResult(
            "ann",
            2,
            money_net=-500,
            cash_net=-700,
            big_blinds_won=-10,
            seconds_played=1800,
            biggest_pot=42.5,
            finishes=(Finish(2, 5, 10),),
        ),
    ]
    (ann,) = standings(results, rules)
    assert (ann.nights, ann.money_net, ann.cash_net) == (2, 1000, 800)
    # 20 big blinds over 1.5 hours
    assert round(ann.big_blinds_per_hour, 2) == 13.33
    assert ann.hours_played == 1.5
    assert ann.biggest_pot == 42.5
    assert ann.best_finish == Finish(2, 5, 10)
    assert ann.points == 3


def test_a_person_with_no_cash_time_has_no_big_blinds_per_hour():
    (ann,) = standings([NightResult("ann", 1, finishes=(Finish(1, 4, 10),))], PointRules())
    assert ann.big_blinds_per_hour is None
    # Ten minutes and one pot of 40 big blinds would read 240 an hour: too little play for a rate.
    (bob,) = standings([NightResult("bob", 1, big_blinds_won=40, seconds_played=600)], PointRules())
    assert bob.big_blinds_per_hour is None


def test_two_results_for_one_person_in_one_night_are_refused():
    with pytest.raises(SeasonError, match="two results"):
        standings([NightResult("ann", 1), NightResult("ann", 1)], PointRules())


def test_hours_of_play_run_from_first_hand_to_last_hand_at_each_table():
    """Table 1 from 0 to 660 s (the break between its hands counts), table 2 from 900 to 1000 s."""
    hands = [HandPlayed(1, 0, 60), HandPlayed(1, 600, 660), HandPlayed(2, 900, 1000)]
    assert seconds_at_tables(hands) == 660 + 100


def test_cumulative_money_carries_a_missed_night_forward():
    series = cumulative_money(
        [NightResult("bob", 1, -300), NightResult("ann", 2, 200), NightResult("bob", 3, 100)], [1, 2, 3]
    )
    assert [(s.person, s.points) for s in series] == [
        ("ann", [(1, 0), (2, 200), (3, 200)]),
        ("bob", [(1, -300), (2, -300), (3, -200)]),
    ]


def test_the_formula_is_shown_in_words():
    text = formula_text(PointRules(Scoring.CARD_ROOM, knockout_points=2, attendance_points=1, best_of=5))
    assert "10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25))" in text
    assert "+ 2 per knockout" in text and "+ 1 per night played" in text and "best 5 nights" in text
    assert "1st 10, 2nd 6, 3rd 3" in formula_text(PointRules(Scoring.FIXED, fixed_points=(10, 6, 3)))


def test_the_clock_screens_standings_rank_by_points_alone_and_share_equal_points():
    """ "Standings ... shown on the projector between levels": points only, so equal points share
    a place (listed by name, not by money), a shared place covers the places after it, the ties
    for the last place shown all show, and nobody without points is listed."""
    season = [
        ("Cy", 40.0),
        ("ann", 55.5),
        ("Bo", 40.004),
        ("Di", 12.0),
        ("Eve", 12.0),
        ("Fay", 12.0),
        ("Gus", 0),
    ]
    shown = [(row.place, row.name, row.points) for row in by_points(season, top=4)]
    assert shown == [
        ("1st", "ann", 55.5),
        ("=2nd", "Bo", 40.0),
        ("=2nd", "Cy", 40.0),
        ("=4th", "Di", 12.0),
        ("=4th", "Eve", 12.0),
        ("=4th", "Fay", 12.0),
    ]
    assert [row.name for row in by_points(season, top=3)] == ["ann", "Bo", "Cy"]
    assert by_points([("Gus", 0.0)], top=10) == []
    with pytest.raises(SeasonError):
        by_points(season, top=0)
