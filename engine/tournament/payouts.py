"""The prize pool and how it is paid out.

The prize pool is every buy-in, rebuy and add-on paid. A payout table gives each paid
place a percentage of it (1st first); the percentages add up to exactly 100 and never
rise from one place to the next. Amounts are whole numbers in the unit the pool is
counted in (euros, cents, chips...), optionally rounded to multiples of `unit` (say 5).

Nothing is lost to rounding: each place first gets its share rounded down to the unit;
the units left over go one each to 1st, 2nd, 3rd... in turn, and anything smaller than
a unit (when the pool itself is not a multiple of the unit) goes to 1st.

>>> payout_amounts(100, PayoutTable((50, 30, 20)), unit=1)
(50, 30, 20)
>>> payout_amounts(95, PayoutTable((50, 30, 20)), unit=5)  # 45, 25, 15 rounded down; 10 over
(50, 30, 15)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from math import floor

from engine.errors import TournamentError
from engine.tournament.standings import Finish

Percentage = Decimal | int | float | str


def _as_percentage(value: Percentage, place: int) -> Decimal:
    if isinstance(value, bool):
        raise TournamentError(f"The payout for place {place} is not a percentage.")
    try:
        # Through str() so 33.3 means exactly 33.3, not the nearest binary fraction.
        number = Decimal(str(value))
    except InvalidOperation:
        raise TournamentError(f"The payout for place {place} ({value!r}) is not a percentage.") from None
    if not number.is_finite():
        raise TournamentError(f"The payout for place {place} ({value!r}) is not a percentage.")
    return number


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """Percentages of the prize pool by place, 1st first. Refused unless they total exactly 100."""

    percentages: tuple[Decimal, ...]

    def __post_init__(self) -> None:
        values = tuple(_as_percentage(p, i + 1) for i, p in enumerate(self.percentages))
        object.__setattr__(self, "percentages", values)
        if not values:
            raise TournamentError("A payout table pays at least one place.")
        for place, value in enumerate(values, start=1):
            if value <= 0:
                raise TournamentError(f"Place {place} pays {value}%: every paid place pays something.")
            if place > 1 and value > values[place - 2]:
                raise TournamentError(
                    f"Place {place} pays more ({value}%) than place {place - 1} ({values[place - 2]}%)."
                )
        total = sum(values, Decimal(0))
        if total != 100:
            raise TournamentError(f"The payout percentages add up to {total}%, not 100%.")

    @property
    def places_paid(self) -> int:
        return len(self.percentages)

    def for_field(self, entries: int) -> PayoutTable:
        """The table as it pays a field of `entries` players: a table written for a bigger field
        pays the places the field has, the rest of the pool going to 1st.

        >>> PayoutTable((50, 30, 20)).for_field(2).to_json()
        [70, 30]
        """
        if entries < 1 or self.places_paid <= entries:
            return self
        kept = list(self.percentages[:entries])
        kept[0] += 100 - sum(kept, Decimal(0))
        return PayoutTable(tuple(kept))

    def to_json(self) -> list[int | float]:
        return [int(p) if p == p.to_integral_value() else float(p) for p in self.percentages]

    @classmethod
    def from_json(cls, data: Sequence[Percentage]) -> PayoutTable:
        return cls(tuple(data))


# Home-game tables by field size: (largest field the table is for, percentages).
PAYOUT_TEMPLATES: tuple[tuple[int, PayoutTable], ...] = (
    (4, PayoutTable((100,))),
    (7, PayoutTable((65, 35))),
    (10, PayoutTable((50, 30, 20))),
    (16, PayoutTable((45, 27, 17, 11))),
    (24, PayoutTable((40, 25, 17, 11, 7))),
    (40, PayoutTable((36, 23, 16, 11, 8, 6))),
    (10_000, PayoutTable((30, 20, 14, 10, 8, 6, 5, 4, 3))),
)


def payout_template(entries: int) -> PayoutTable:
    """The suggested payout table for a field of `entries` players; the host may edit it."""
    if entries < 2:
        raise TournamentError("A tournament needs at least two players.")
    return next(table for largest, table in PAYOUT_TEMPLATES if entries <= largest)


def _count(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TournamentError(f"The {name} must be a whole number, 0 or more.")
    return value


def prize_pool(
    *,
    buy_in: int,
    entries: int,
    rebuy_price: int = 0,
    rebuys: int = 0,
    add_on_price: int = 0,
    add_ons: int = 0,
) -> int:
    """Buy-ins + rebuys + add-ons, all of it paid out."""
    return (
        _count("buy-in", buy_in) * _count("number of entries", entries)
        + _count("rebuy price", rebuy_price) * _count("number of rebuys", rebuys)
        + _count("add-on price", add_on_price) * _count("number of add-ons", add_ons)
    )


def payout_amounts(pool: int, table: PayoutTable, *, unit: int = 1) -> tuple[int, ...]:
    """Each paid place's prize, 1st first, summing exactly to `pool` (see the module note on rounding)."""
    _count("prize pool", pool)
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise TournamentError("The rounding unit must be a whole number, at least 1.")
    amounts = [floor(Fraction(share) * pool / (100 * unit)) * unit for share in table.percentages]
    spare_units, odd = divmod(pool - sum(amounts), unit)
    # Rounding down loses less than one unit per place, so one pass from the top is enough.
    for place in range(spare_units):
        amounts[place] += unit
    amounts[0] += odd
    return tuple(amounts)


def prizes_for(finishes: Sequence[Finish], amounts: Sequence[int], *, unit: int = 1) -> dict[str, int]:
    """Each finisher's prize. Players sharing places split the sum of those places' prizes.

    A share that does not divide evenly into units gives the spare units one each to the
    sharing players in the order they are listed (list them in seat order from the
    button, as for an odd chip), and anything smaller than a unit to the first listed.
    """
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise TournamentError("The rounding unit must be a whole number, at least 1.")
    groups: dict[tuple[int, int], list[str]] = {}
    for finish in finishes:
        groups.setdefault((finish.place, finish.shared_by), []).append(finish.player)
    if sum(len(players) for players in groups.values()) != len({f.player for f in finishes}):
        raise TournamentError("A player is listed with more than one finishing place.")
    taken: set[int] = set()
    prizes: dict[str, int] = {}
    for (place, shared_by), players in groups.items():
        if len(players) != shared_by:
            raise TournamentError(
                f"Place {place} is shared by {shared_by} players, but {len(players)} are listed for it."
            )
        places = set(range(place, place + shared_by))
        if places & taken:
            raise TournamentError(f"Two finishes claim place {min(places & taken)}.")
        taken |= places
        total = sum(amounts[p - 1] for p in places if p <= len(amounts))
        each = total // (shared_by * unit) * unit
        spare_units, odd = divmod(total - each * shared_by, unit)
        for i, player in enumerate(players):
            prizes[player] = each + (unit if i < spare_units else 0) + (odd if i == 0 else 0)
    return prizes


def finishers_prizes(
    finishes: Sequence[Finish], amounts: Sequence[int], agreed: Mapping[str, int] | None = None
) -> dict[str, int]:
    """Each finisher's prize: the amount they agreed in a deal, else their place's prize among
    the others (`prizes_for`); 0 for a place not paid.

    >>> finishers_prizes([Finish("ann", 1), Finish("bob", 2), Finish("cy", 3)], (60, 40), {"ann": 55})
    {'ann': 55, 'bob': 40, 'cy': 0}
    """
    agreed = agreed or {}
    placed = [finish for finish in finishes if finish.player not in agreed]
    prizes = prizes_for(placed, amounts) if placed else {}
    return {finish.player: agreed.get(finish.player, prizes.get(finish.player, 0)) for finish in finishes}


def amounts_to_json(amounts: Sequence[int]) -> list[dict[str, int]]:
    """[{"place": 1, "amount": ...}, ...] for a payout screen."""
    return [{"place": place, "amount": amount} for place, amount in enumerate(amounts, start=1)]


def amounts_from_json(data: Sequence[Mapping[str, int]]) -> tuple[int, ...]:
    return tuple(row["amount"] for row in sorted(data, key=lambda row: row["place"]))
