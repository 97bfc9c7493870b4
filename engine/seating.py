"""Clockwise order around the table: who is left of whom, whatever seats are empty."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence


def clockwise_after(seat_numbers: Sequence[int], seat: int) -> list[int]:
    """Indices into the ascending `seat_numbers`, starting with the first seat left of `seat`.

    `seat` need not be dealt in (a dead button): the order starts with the next seat
    clockwise that is.

    >>> clockwise_after([1, 3, 6, 9], 6)
    [3, 0, 1, 2]
    >>> clockwise_after([1, 3, 6, 9], 4)
    [2, 3, 0, 1]
    """
    start = bisect_right(seat_numbers, seat) % len(seat_numbers)
    return [*range(start, len(seat_numbers)), *range(start)]


def seat_after(seat_numbers: Sequence[int], seat: int) -> int:
    """The first dealt-in seat number clockwise after `seat`."""
    return seat_numbers[bisect_right(seat_numbers, seat) % len(seat_numbers)]
