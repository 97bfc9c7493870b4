"""Deals at the final table: chip chop and ICM.

When the last few players agree to stop and split the money still to be paid, there
are two usual ways to split it:

- chip chop: each player's share of the remaining pool is their share of the chips;
- ICM (Malmuth-Harville): each player's expected prize if the chance of finishing 1st
  is their share of the chips, and, once a player is out of the way, the chance of the
  next place is worked out the same way among the rest. Computed exactly with fractions,
  memoised by the set of players still placing, so 10 players take well under a second.

Either way the amounts are whole numbers summing exactly to the remaining pool: each
share is rounded down to the unit, then the units left over go one each to the largest
fractions dropped (ties: the bigger stack, then the order given), and anything smaller
than a unit to the biggest stack.

>>> icm_equities({"a": 5_000, "b": 3_000, "c": 2_000}, [50, 30, 20])["b"]
Fraction(131, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import floor
from typing import Any

from engine.errors import TournamentError

MAX_DEAL_PLAYERS = 10


class DealMethod(StrEnum):
    CHIP_CHOP = "chip_chop"
    ICM = "icm"


@dataclass(frozen=True, slots=True)
class Deal:
    """A proposed deal: each player's amount, summing to `pool`, in the order the stacks were given."""

    method: DealMethod
    pool: int
    amounts: tuple[tuple[str, int], ...]

    def as_dict(self) -> dict[str, int]:
        return dict(self.amounts)

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method.value,
            "pool": self.pool,
            "amounts": [{"player": player, "amount": amount} for player, amount in self.amounts],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deal:
        return cls(
            method=DealMethod(data["method"]),
            pool=data["pool"],
            amounts=tuple((row["player"], row["amount"]) for row in data["amounts"]),
        )


def _check_stacks(stacks: Mapping[str, int]) -> None:
    if len(stacks) < 2:
        raise TournamentError("A deal needs at least two players.")
    if len(stacks) > MAX_DEAL_PLAYERS:
        raise TournamentError(f"A deal is worked out for at most {MAX_DEAL_PLAYERS} players.")
    for player, chips in stacks.items():
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            raise TournamentError(f"{player} must have chips to be part of a deal.")


def _check_whole(name: str, value: int, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise TournamentError(f"The {name} must be a whole number, at least {minimum}.")


def round_to_total(
    exact: Mapping[str, Fraction], stacks: Mapping[str, int], total: int, unit: int = 1
) -> dict[str, int]:
    """Whole amounts, multiples of `unit` but for the last odd part, summing exactly to `total`."""
    _check_whole("rounding unit", unit, 1)
    players = list(exact)
    amounts = {player: floor(exact[player] / unit) * unit for player in players}
    spare_units, odd = divmod(total - sum(amounts.values()), unit)
    order = sorted(
        range(len(players)),
        key=lambda i: (-(exact[players[i]] - amounts[players[i]]), -stacks[players[i]], i),
    )
    for i in order[:spare_units]:
        amounts[players[i]] += unit
    biggest = max(range(len(players)), key=lambda i: (stacks[players[i]], -i))
    amounts[players[biggest]] += odd
    return amounts


def chip_chop(stacks: Mapping[str, int], pool: int, *, unit: int = 1) -> Deal:
    """Split `pool` in proportion to the chips."""
    _check_stacks(stacks)
    _check_whole("remaining prize pool", pool, 0)
    chips = sum(stacks.values())
    exact = {player: Fraction(pool * stack, chips) for player, stack in stacks.items()}
    amounts = round_to_total(exact, stacks, pool, unit)
    return Deal(DealMethod.CHIP_CHOP, pool, tuple((player, amounts[player]) for player in stacks))


def icm_equities(stacks: Mapping[str, int], prizes: Sequence[int]) -> dict[str, Fraction]:
    """Each player's exact expected prize under Malmuth-Harville.

    `prizes` are the prizes still to be paid, best first; fewer prizes than players means
    the rest are paid nothing. More prizes than players is refused.
    """
    _check_stacks(stacks)
    if len(prizes) > len(stacks):
        raise TournamentError(f"{len(prizes)} prizes for {len(stacks)} players: each prize needs a player.")
    for prize in prizes:
        _check_whole("prize", prize, 0)
    players = list(stacks)
    chips = [stacks[p] for p in players]
    count = len(players)
    memo: dict[int, list[Fraction]] = {}

    def equity(still_in: int) -> list[Fraction]:
        """Expected prizes for the players in the bitmask `still_in`, who play for the places left."""
        if still_in in memo:
            return memo[still_in]
        members = [i for i in range(count) if still_in >> i & 1]
        place = count - len(members)  # 0-based: the place the next player to "win" takes
        result = [Fraction(0)] * count
        if place < len(prizes):
            total = sum(chips[i] for i in members)
            for first in members:
                chance = Fraction(chips[first], total)
                result[first] += chance * prizes[place]
                rest = equity(still_in & ~(1 << first))
                for other in members:
                    if other != first:
                        result[other] += chance * rest[other]
        memo[still_in] = result
        return result

    equities = equity((1 << count) - 1)
    return {player: equities[i] for i, player in enumerate(players)}


def icm_deal(stacks: Mapping[str, int], prizes: Sequence[int], *, unit: int = 1) -> Deal:
    """Split the remaining prizes by ICM, in whole amounts summing to their total."""
    exact = icm_equities(stacks, prizes)
    pool = sum(prizes)
    amounts = round_to_total(exact, stacks, pool, unit)
    return Deal(DealMethod.ICM, pool, tuple((player, amounts[player]) for player in stacks))
