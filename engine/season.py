"""A season's standings: points for tournament places, money and big blinds won, and who came.

Pure calculation: each night gives every person who played a `NightResult`; the host's
`PointRules` turn places into points; `standings()` adds a season up. Amounts of money are
integers in the currency's minor unit (cents), so nothing is lost to rounding.

Point formulas (each shown on the standings page as `formula_text` writes it):

- places beaten: points = n - k, for place k of n entrants;
- card room: points = 10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25)), for n entrants,
  place k and buy-in b;
- fixed points by place: the host's list, 1st first; places beyond it score 0.

Players who share places (out in the same hand with equal stacks) share the points of the
places they cover, as they share the prizes. On top: knockout points per player knocked
out, an attendance point per night played, and "best N of M nights": only a person's N
best nights (by points) count, so one missed or bad night does not sink a season.

Hours of play: a person's time at the tables is, for each table they played at in a night,
from the start of the first hand they were dealt in there to the end of the last one. Time
between hands at that table counts (they were sitting there); time away from the tables
between two tables does not. Big blinds per hour are given from a quarter of an hour of play
or from 15 cash hands, whichever comes first (a brisk table deals 30 hands in 15 minutes).

>>> rules = PointRules(Scoring.PLACES_BEATEN)
>>> place_points(rules, entrants=8, place=3, shared_by=1, buy_in=20)
5.0
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

# Places are named as the tournament names them ("1st", "2nd"): one rule for both.
from engine.tournament.standings import ordinal


class Scoring(StrEnum):
    PLACES_BEATEN = "places_beaten"
    CARD_ROOM = "card_room"
    FIXED = "fixed"


SCORING_NAMES: dict[Scoring, str] = {
    Scoring.PLACES_BEATEN: "One point per place beaten",
    Scoring.CARD_ROOM: "Card-room league (field size and buy-in)",
    Scoring.FIXED: "Fixed points by place",
}


class SeasonError(ValueError):
    """Point rules or results that cannot be scored."""


@dataclass(frozen=True, slots=True)
class PointRules:
    """How a season scores: the place formula, and the points added or dropped on top."""

    scoring: Scoring = Scoring.PLACES_BEATEN
    fixed_points: tuple[float, ...] = ()  # 1st first; for Scoring.FIXED
    knockout_points: float = 0.0
    attendance_points: float = 0.0
    best_of: int | None = None  # count only a person's N best nights; None: every night

    def __post_init__(self) -> None:
        if self.best_of is not None and self.best_of < 1:
            raise SeasonError("Best N of M nights needs N of at least 1.")
        if self.knockout_points < 0 or self.attendance_points < 0 or any(p < 0 for p in self.fixed_points):
            raise SeasonError("Points cannot be negative.")
        if self.scoring is Scoring.FIXED and not self.fixed_points:
            raise SeasonError("Fixed points by place need at least the points for 1st.")


def _single_place_points(rules: PointRules, entrants: int, place: int, buy_in: float) -> float:
    if rules.scoring is Scoring.PLACES_BEATEN:
        return float(entrants - place)
    if rules.scoring is Scoring.CARD_ROOM:
        return 10 * math.sqrt(entrants) / math.sqrt(place) * (1 + math.log10(buy_in + 0.25))
    return float(rules.fixed_points[place - 1]) if place <= len(rules.fixed_points) else 0.0


def place_points(rules: PointRules, *, entrants: int, place: int, shared_by: int, buy_in: float) -> float:
    """Points for finishing `place` (shared by `shared_by` players) of `entrants` at `buy_in`.

    >>> round(place_points(PointRules(Scoring.CARD_ROOM), entrants=10, place=1, shared_by=1, buy_in=20), 2)
    72.94
    """
    if entrants < 1 or place < 1 or shared_by < 1 or place + shared_by - 1 > entrants:
        raise SeasonError(f"Place {place} (shared by {shared_by}) does not fit a field of {entrants}.")
    if buy_in < 0:
        raise SeasonError("A buy-in cannot be negative.")
    covered = range(place, place + shared_by)
    return sum(_single_place_points(rules, entrants, k, buy_in) for k in covered) / shared_by


def formula_text(rules: PointRules) -> str:
    """The formula in words and symbols, as the standings page shows it."""
    if rules.scoring is Scoring.PLACES_BEATEN:
        text = "points = n - k (one point per place beaten; n entrants, place k)"
    elif rules.scoring is Scoring.CARD_ROOM:
        text = "points = 10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25)) (n entrants, place k, buy-in b)"
    else:
        places = ", ".join(f"{ordinal(i)} {_number(p)}" for i, p in enumerate(rules.fixed_points, 1))
        text = f"fixed points by place: {places}; other places 0"
    extras = ["shared places share the points of the places they cover"]
    if rules.knockout_points:
        extras.append(f"+ {_number(rules.knockout_points)} per knockout")
    if rules.attendance_points:
        extras.append(f"+ {_number(rules.attendance_points)} per night played")
    if rules.best_of:
        extras.append(f"only each player's best {rules.best_of} nights count")
    return "; ".join([text, *extras])


def _number(value: float) -> str:
    return f"{value:g}"


@dataclass(frozen=True, slots=True)
class Finish:
    """A tournament place: `place` shared by `shared_by` players, of `entrants`, at `buy_in`."""

    place: int
    entrants: int
    buy_in: float
    shared_by: int = 1


@dataclass(frozen=True, slots=True)
class NightResult:
    """What one person did in one night. `night` orders the nights (an index or a date)."""

    person: str
    night: int
    money_net: int = 0  # minor units: everything they settled that night, tournaments included
    cash_net: int = 0  # minor units: the cash tables only
    big_blinds_won: float = 0.0  # at the cash tables
    seconds_played: float = 0.0  # at the cash tables (see "Hours of play" above)
    cash_hands: int = 0  # hands dealt in at the cash tables
    biggest_pot: float = 0.0  # in big blinds
    finishes: tuple[Finish, ...] = ()
    knockouts: float = 0.0  # a knockout shared by two winners counts half to each


def night_points(rules: PointRules, result: NightResult) -> float:
    """A person's points for one night: places, knockouts and the attendance point."""
    places = sum(
        place_points(rules, entrants=f.entrants, place=f.place, shared_by=f.shared_by, buy_in=f.buy_in)
        for f in result.finishes
    )
    return places + result.knockouts * rules.knockout_points + rules.attendance_points


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's season: the sums, and which nights' points counted."""

    person: str
    nights: int
    points: float
    counted: tuple[int, ...]  # the nights whose points count, in order
    dropped: tuple[int, ...]  # the nights dropped by "best N of M"
    money_net: int
    cash_net: int
    big_blinds_per_hour: float | None  # None: no time at a cash table
    hours_played: float
    biggest_pot: float
    best_finish: Finish | None
    knockouts: float


# Too little play says little (two minutes and one pot would read as hundreds of big blinds an
# hour): a rate is given from a quarter of an hour at the cash tables, or from as many hands as
# a brisk table deals in less (a time limit alone left 16 to 30 quick hands without a rate).
MIN_SECONDS_FOR_A_RATE = 15 * 60
MIN_HANDS_FOR_A_RATE = 15


def big_blinds_per_hour(big_blinds: float, seconds: float, hands: int = 0) -> float | None:
    """
    >>> big_blinds_per_hour(30, 2 * 3600)
    15.0
    >>> big_blinds_per_hour(30, 600) is None
    True
    >>> big_blinds_per_hour(5, 600, hands=20)
    30.0
    """
    enough = seconds >= MIN_SECONDS_FOR_A_RATE or (hands >= MIN_HANDS_FOR_A_RATE and seconds > 0)
    return big_blinds / (seconds / 3600) if enough else None


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """One hand a person was dealt in at a table, for their hours of play."""

    table: int
    started_at: float  # epoch seconds
    finished_at: float


def seconds_at_tables(hands: Iterable[HandPlayed]) -> float:
    """Time at the tables: per table, from the first hand's start to the last hand's end.

    >>> seconds_at_tables([HandPlayed(1, 0, 60), HandPlayed(1, 600, 660), HandPlayed(2, 900, 1000)])
    760.0
    """
    spans: dict[int, tuple[float, float]] = {}
    for hand in hands:
        start, end = spans.get(hand.table, (hand.started_at, hand.finished_at))
        spans[hand.table] = (min(start, hand.started_at), max(end, hand.finished_at))
    return float(sum(end - start for start, end in spans.values()))


def _better(finish: Finish, than: Finish | None) -> bool:
    return than is None or (finish.place, -finish.entrants) < (than.place, -than.entrants)


def _standing(person: str, nights: Sequence[NightResult], rules: PointRules) -> Standing:
    scored = sorted(((night_points(rules, r), r.night) for r in nights), key=lambda p: (-p[0], p[1]))
    keep = scored if rules.best_of is None else scored[: rules.best_of]
    best: Finish | None = None
    for finish in (f for r in nights for f in r.finishes):
        best = finish if _better(finish, best) else best
    seconds = sum(r.seconds_played for r in nights)
    return Standing(
        person=person,
        nights=len(nights),
        points=sum(points for points, _ in keep),
        counted=tuple(sorted(night for _, night in keep)),
        dropped=tuple(sorted(night for _, night in scored[len(keep) :])),
        money_net=sum(r.money_net for r in nights),
        cash_net=sum(r.cash_net for r in nights),
        big_blinds_per_hour=big_blinds_per_hour(
            sum(r.big_blinds_won for r in nights), seconds, sum(r.cash_hands for r in nights)
        ),
        hours_played=seconds / 3600,
        biggest_pot=max((r.biggest_pot for r in nights), default=0.0),
        best_finish=best,
        knockouts=sum(r.knockouts for r in nights),
    )


def standings(results: Iterable[NightResult], rules: PointRules) -> list[Standing]:
    """Every person's season, most points first (then most money, then name)."""
    by_person: dict[str, list[NightResult]] = {}
    for result in results:
        by_person.setdefault(result.person, []).append(result)
    for person, nights in by_person.items():
        if len({r.night for r in nights}) != len(nights):
            raise SeasonError(f"{person} has two results for one night.")
    rows = [_standing(person, nights, rules) for person, nights in by_person.items()]
    return sorted(rows, key=lambda s: (-s.points, -s.money_net, s.person.lower()))


@dataclass(frozen=True, slots=True)
class PointsPlace:
    """A line of the standings by points alone, as a screen the whole room reads shows it."""

    place: str  # "1st"; "=2nd" when shared
    name: str
    points: float  # to the hundredth, as the standings show points


def by_points(points: Iterable[tuple[str, float]], top: int) -> list[PointsPlace]:
    """The `top` best places by points, for the clock screen between levels.

    Equal points (to the hundredth shown) share a place and are listed by name, so the order
    among them tells nothing more: not who won more money, the season page's tie-break.
    Everyone sharing the last place shown is shown. Nobody without points is listed.

    >>> rows = by_points([("Bo", 7.0), ("Ann", 12.0), ("Cy", 7.001), ("Di", 0.0), ("Eve", 3)], top=2)
    >>> [(row.place, row.name, row.points) for row in rows]
    [('1st', 'Ann', 12.0), ('=2nd', 'Bo', 7.0), ('=2nd', 'Cy', 7.0)]
    """
    if top < 1:
        raise SeasonError("Show at least one place.")
    scored = sorted(
        ((round(value, 2), name) for name, value in points if round(value, 2) > 0),
        key=lambda row: (-row[0], row[1].lower()),
    )
    sharing: dict[float, int] = {}
    for value, _ in scored:
        sharing[value] = sharing.get(value, 0) + 1
    rows: list[PointsPlace] = []
    place = 0
    for index, (value, name) in enumerate(scored):
        if index == 0 or value != scored[index - 1][0]:
            place = index + 1  # a shared place takes up the places it covers: 1st, =2nd, =2nd, 4th
        if place > top:
            break
        label = ordinal(place)
        rows.append(PointsPlace(f"={label}" if sharing[value] > 1 else label, name, value))
    return rows


@dataclass(frozen=True, slots=True)
class Series:
    """One person's running total after each night, for the season chart."""

    person: str
    points: list[tuple[int, int]] = field(default_factory=list)  # (night, running money total)


def cumulative_money(results: Iterable[NightResult], nights: Sequence[int]) -> list[Series]:
    """Each person's running money total across `nights` (in order); a night they missed
    repeats their total so far.

    >>> results = [NightResult("ann", 1, 500), NightResult("ann", 3, -200)]
    >>> [s.points for s in cumulative_money(results, [1, 2, 3])]
    [[(1, 500), (2, 500), (3, 300)]]
    """
    by_person: dict[str, dict[int, int]] = {}
    for result in results:
        by_person.setdefault(result.person, {})[result.night] = result.money_net
    series = []
    for person in sorted(by_person, key=str.lower):
        total, points = 0, []
        for night in nights:
            total += by_person[person].get(night, 0)
            points.append((night, total))
        series.append(Series(person, points))
    return series
