"""Splitting a pot high and low (Omaha hi-lo eight or better).

"The pot is split between the best high hand and the best low hand." "If no hand qualifies
for low, the high hand wins the whole pot. One player may win both halves. Tied hands split
their half; an odd chip from splitting the pot into halves goes to the high half."
(rules/beyond-holdem.md). With two boards, `engine.showdown.award` first halves the pot by
board; each board's half is then split here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine.events import Award
from engine.low import LowValue, omaha_low
from engine.pots import split_evenly

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.evaluator import HandValue
    from engine.hand import Hand

HIGH = "high"
LOW = "low"


def low_value(hand: Hand, seat: int, board_index: int = 0) -> LowValue | None:
    """The seat's best eight-or-better low on one board ("cards speak"), None if it has none."""
    hole = hand.seats[hand.index[seat]].hole
    return _low(tuple(hole), tuple(hand.boards[board_index]))


@lru_cache(maxsize=1024)
def _low(hole: tuple[Card, ...], board: tuple[Card, ...]) -> LowValue | None:
    return omaha_low(hole, board)


def split(
    hand: Hand,
    pot: int,
    board: int | None,
    amount: int,
    contenders: list[int],
    highs: dict[int, HandValue],
) -> list[Award]:
    """The awards of `amount` chips (one pot, or one board's half of it) between `contenders`
    (ordered from the first seat left of the button, for the odd chips of a tie), whose high
    hands on this board are `highs`: the high half, then the low half; or one scooping award
    when no low qualifies."""
    best_high = max(highs[seat] for seat in contenders)
    high_winners = [seat for seat in contenders if highs[seat] == best_high]
    lows = {seat: low_value(hand, seat, board or 0) for seat in contenders}
    qualifying = [value for value in lows.values() if value is not None]
    if not qualifying:
        shares = split_evenly(amount, high_winners)
        return [Award(pot, board, amount, tuple(shares.items()), best_high.description, HIGH, scoop=True)]
    best_low = min(qualifying)
    low_winners = [seat for seat in contenders if lows[seat] == best_low]
    low_amount = amount // 2
    high_amount = amount - low_amount  # the odd chip goes to the high half
    awards = [
        Award(
            pot,
            board,
            high_amount,
            tuple(split_evenly(high_amount, high_winners).items()),
            best_high.description,
            HIGH,
        )
    ]
    if low_amount:
        low_shares = tuple(split_evenly(low_amount, low_winners).items())
        awards.append(Award(pot, board, low_amount, low_shares, best_low.description, LOW))
    return awards
