"""Colouring up at a break: the smallest chips leave play, exchanged for the next chip up, and
what does not make a whole new chip is raced off.

The house rules say only "Breaks are a chance to top up snacks, chip up, and stretch before
blinds climb again." (Tournament Play); how to chip up is left to the host ("No rulebook covers
every odd spot. ... the host makes the call", The Host's Call). The calculator follows the chip
race as tournaments commonly run it:

1. Each player's chips of the denominations leaving are exchanged for as many whole new chips
   (the smallest denomination staying) as their value makes.
2. What is left over, less than one new chip, are the player's odd chips. The odd chips of all
   players together are raced for as many new chips as their total value makes, rounded to the
   nearest (half a new chip or more counts as one): no chip value appears or vanishes beyond
   half a chip.
3. The dealer deals, from seat 1, one card face up for each odd chip a player has; the highest
   card (by rank, then suit) wins the first new chip, the next highest the second, and so on,
   **at most one chip per player**.
4. **Nobody is raced out**: a player whose only chips were odd chips and who wins none in the
   race gets one new chip.

>>> plan = colour_up((25, 100, 500), removed=(25,), chips={"ann": {25: 7}, "bob": {25: 2}, "cy": {25: 5}})
>>> [(row.player, row.exchanged, row.odd) for row in plan.rows]
[('ann', 1, 75), ('bob', 0, 50), ('cy', 1, 25)]
>>> plan.chips_to_race
2
>>> race(plan, winners=("ann", "bob"))
{'ann': 2, 'bob': 1, 'cy': 1}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import gcd

from engine.errors import TournamentError
from engine.tournament.structure import Break, Level


def _positive(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise TournamentError(f"{what} must be a whole number, at least 1.")
    return value


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TournamentError(f"{what} must be a whole number, 0 or more.")
    return value


def chips_no_longer_needed(denominations: Sequence[int], blinds: Sequence[int]) -> tuple[int, ...]:
    """The chips the coming blinds and ante do not need: those smaller than the biggest chip that
    every amount is a whole number of.

    >>> chips_no_longer_needed((25, 100, 500, 1000), (100, 200, 0))
    (25,)
    >>> chips_no_longer_needed((25, 100, 500), (150, 300, 0))
    ()
    """
    chips = sorted({_positive(d, "A chip's value") for d in denominations})
    step = 0
    for amount in blinds:
        step = gcd(step, _count(amount, "A blind"))
    needed = max((chip for chip in chips if step and step % chip == 0), default=chips[0] if chips else 0)
    return tuple(chip for chip in chips if chip < needed)


def level_after_the_next_break(periods: Sequence[object], index: int) -> Level | None:
    """The first level after the next break following period `index`: the blinds a colour-up at
    that break must leave chips for. None when no break is ahead.

    >>> periods = (Level(25, 50), Break(10), Level(100, 200))
    >>> level_after_the_next_break(periods, 0)
    Level(small_blind=100, big_blind=200, ante=0, minutes=15)
    >>> level_after_the_next_break(periods, 1) is None
    True
    """
    later = list(periods[index + 1 :])
    for at, period in enumerate(later):
        if isinstance(period, Break):
            return next((p for p in later[at + 1 :] if isinstance(p, Level)), None)
    return None


def fewest_chips(value: int, leaving: Sequence[int]) -> dict[int, int] | None:
    """The fewest chips of the `leaving` denominations that make `value`, biggest first; None when
    they cannot make it exactly. What a stack known at a table must hold at least in small chips
    is its value beyond the staying chips: a first guess the host corrects at the table.

    >>> fewest_chips(175, (25,)), fewest_chips(75, (5, 25)), fewest_chips(30, (25,))
    ({25: 7}, {25: 3, 5: 0}, None)
    """
    counts: dict[int, int] = {}
    rest = _count(value, "A value")
    for chip in sorted({_positive(d, "A chip's value") for d in leaving}, reverse=True):
        counts[chip], rest = divmod(rest, chip)
    return counts if rest == 0 else None


def odd_value(stack: int, denominations: Sequence[int], removed: Sequence[int]) -> int:
    """The part of `stack` the chips staying cannot make: what is at least in chips leaving.

    >>> odd_value(1275, (25, 100, 500), (25,))
    75
    """
    staying = [d for d in denominations if d not in removed]
    return _count(stack, "A stack") % min(staying) if staying else 0


@dataclass(frozen=True, slots=True)
class PlayerColourUp:
    """One player's chips leaving play: their value, the new chips they make, and the odd value left."""

    player: str
    value: int
    exchanged: int
    odd: int
    only_odd_chips: bool  # their odd chips are all they have: they cannot be raced out

    @property
    def in_race(self) -> bool:
        return self.odd > 0


@dataclass(frozen=True, slots=True)
class ColourUp:
    removed: tuple[int, ...]
    new_chip: int
    rows: tuple[PlayerColourUp, ...]
    odd_total: int
    chips_to_race: int

    @property
    def racers(self) -> tuple[str, ...]:
        return tuple(row.player for row in self.rows if row.in_race)


def colour_up(
    denominations: Sequence[int],
    *,
    removed: Sequence[int],
    chips: Mapping[str, Mapping[int, int]],
    stacks: Mapping[str, int] | None = None,
) -> ColourUp:
    """The colour-up of `removed` chips: `chips` gives each player's count of each chip leaving,
    players in seat order from seat 1; `stacks` (optional) each player's whole stack, to tell
    who holds nothing but odd chips (a player not given is taken to hold other chips)."""
    kinds = sorted({_positive(d, "A chip's value") for d in denominations})
    leaving = sorted({_positive(d, "A chip's value") for d in removed})
    if not leaving:
        raise TournamentError("Choose the chips that leave play.")
    unknown = [d for d in leaving if d not in kinds]
    if unknown:
        raise TournamentError(f"There is no {unknown[0]} chip in play.")
    staying = [d for d in kinds if d not in leaving]
    if not staying:
        raise TournamentError("Every chip would leave play: keep at least one.")
    new_chip = staying[0]
    if new_chip < leaving[-1]:
        raise TournamentError(
            f"Colour up the smallest chips first: the {new_chip} stays while the {leaving[-1]} goes."
        )
    rows = []
    for player, counts in chips.items():
        extra = [d for d in counts if d not in leaving]
        if extra:
            raise TournamentError(f"{player}: the {extra[0]} chip is not one that leaves play.")
        value = sum(d * _count(n, f"{player}'s count of {d} chips") for d, n in counts.items())
        exchanged, odd = divmod(value, new_chip)
        stack = (stacks or {}).get(player)
        if stack is not None and _count(stack, f"{player}'s stack") < value:
            raise TournamentError(f"{player} has {stack} chips in all, less than the {value} leaving play.")
        rows.append(PlayerColourUp(player, value, exchanged, odd, stack is not None and stack == odd))
    odd_total = sum(row.odd for row in rows)
    whole, rest = divmod(odd_total, new_chip)
    # Half a new chip or more is raced as one. Each racer holds less than one new chip, so this is
    # never more chips than racers: one chip at most each.
    to_race = whole + (1 if 2 * rest >= new_chip else 0)
    return ColourUp(tuple(leaving), new_chip, tuple(rows), odd_total, to_race)


def race(plan: ColourUp, winners: Sequence[str]) -> dict[str, int]:
    """Each player's new chips after the race, given who won a chip (highest cards first): what
    they exchanged, one more for a winner, and one for a player the race would leave with nothing.
    Refused unless exactly `chips_to_race` different players in the race won one each."""
    racers = set(plan.racers)
    if len(set(winners)) != len(winners):
        raise TournamentError("A player wins at most one chip in the race.")
    outsiders = [name for name in winners if name not in racers]
    if outsiders:
        raise TournamentError(f"{outsiders[0]} has no odd chips: they are not in the race.")
    if len(winners) != plan.chips_to_race:
        raise TournamentError(
            f"The race is for {plan.chips_to_race} chip{'s' if plan.chips_to_race != 1 else ''} of "
            f"{plan.new_chip}: choose {plan.chips_to_race} winner{'s' if plan.chips_to_race != 1 else ''}, "
            f"not {len(winners)}."
        )
    won = set(winners)
    result = {}
    for row in plan.rows:
        chips = row.exchanged + (1 if row.player in won else 0)
        if chips == 0 and row.only_odd_chips:
            chips = 1  # nobody is raced out of the tournament
        result[row.player] = chips
    return result
