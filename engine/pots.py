"""Pots: uncalled bets, side pots and splitting chips.

"When a player is all-in for less than the bets around them, they can only win the
chips they actually matched. Everything above that goes into a side pot, contested
only by the players who put it in."

>>> build_pots({1: 100, 2: 300, 3: 300}, live={1, 2, 3}, all_in={1})
[Pot(amount=300, eligible=(1, 2, 3)), Pot(amount=400, eligible=(2, 3))]
>>> split_evenly(101, [3, 5])
{3: 51, 5: 50}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips in the middle and the seats (still in the hand) that can win them."""

    amount: int
    eligible: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"amount": self.amount, "eligible": list(self.eligible)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pot:
        return cls(data["amount"], tuple(data["eligible"]))


def uncalled_bet(bets: Mapping[int, int]) -> tuple[int, int] | None:
    """The part of the biggest bet nobody matched, as (seat, chips), or None.

    "Chips that nobody can call are returned to you when the betting round ends."
    """
    top_seat, top, second = None, 0, 0
    for seat, bet in bets.items():
        if bet > top:
            top_seat, top, second = seat, bet, top
        elif bet > second:
            second = bet
    if top_seat is None or top == second:
        return None
    return top_seat, top - second


def build_pots(
    committed: Mapping[int, int],
    *,
    live: set[int],
    all_in: set[int],
    dead_blinds: Mapping[int, int] | None = None,
) -> list[Pot]:
    """Main pot first, then side pots, from what each seat has put in this hand.

    `committed` includes folded players' chips (they stay in the pot) and dead money.
    A pot's layer is cut at every all-in amount of a live player, so nobody wins
    more from an opponent than they put in. Layers with the same contenders merge.
    `dead_blinds` is the part of `committed` each seat posted as a dead blind: "Dead chips
    are not part of a player's bet", so they make nobody's share of a pot bigger (a player
    who posted one contests the pots as if they had not). They are "placed in the pot": the
    main pot, which every player still in contests; a player all-in for dead chips alone
    contests only them, as the first pot.

    >>> build_pots({1: 3, 2: 2, 3: 2}, live={1, 2, 3}, all_in=set(), dead_blinds={1: 1})
    [Pot(amount=7, eligible=(1, 2, 3))]
    >>> build_pots({1: 1, 2: 3, 3: 2}, live={1, 2, 3}, all_in={1}, dead_blinds={1: 1, 2: 1})
    [Pot(amount=2, eligible=(1, 2, 3)), Pot(amount=4, eligible=(2, 3))]
    """
    dead = sum(dead_blinds.values()) if dead_blinds else 0
    if not dead:
        return _layers(committed, live, all_in)
    assert dead_blinds is not None
    bets = {seat: chips - dead_blinds.get(seat, 0) for seat, chips in committed.items()}
    pots = _layers(bets, live, all_in)
    everyone = tuple(seat for seat in committed if seat in live)
    if pots and pots[0].eligible == everyone:
        return [Pot(pots[0].amount + dead, everyone), *pots[1:]]
    return [Pot(dead, everyone), *pots]


def _layers(committed: Mapping[int, int], live: set[int], all_in: set[int]) -> list[Pot]:
    top = max_live_level(committed, live)
    levels = sorted({committed[seat] for seat in all_in if seat in live and committed[seat] < top})
    if not levels:  # nobody still in is all-in for less than the others: one pot
        chips = sum(committed.values())
        if not chips:
            return []
        return [Pot(chips, tuple(seat for seat in committed if seat in live and committed[seat] >= top))]
    levels.append(top)
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        if level <= previous:
            continue
        amount = sum(min(chips, level) - min(chips, previous) for chips in committed.values())
        eligible = tuple(seat for seat in committed if seat in live and committed[seat] >= level)
        previous = level
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
    # Chips above every live player's stake (dead money of folded players) join the last pot.
    leftover = sum(committed.values()) - sum(pot.amount for pot in pots)
    if leftover and pots:
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    elif leftover:
        pots.append(Pot(leftover, tuple(seat for seat in committed if seat in live)))
    return pots


def max_live_level(committed: Mapping[int, int], live: set[int]) -> int:
    return max((chips for seat, chips in committed.items() if seat in live), default=0)


def split_evenly(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Split chips equally; odd chips go one each to the winners in the given order.

    Callers pass winners ordered from the first seat left of the button, since
    "an odd chip goes to the first winner left of the button".
    """
    share, odd = divmod(amount, len(winners))
    return {seat: share + (1 if index < odd else 0) for index, seat in enumerate(winners)}


def total(pots: Iterable[Pot]) -> int:
    return sum(pot.amount for pot in pots)
