"""Checks of a finished hand's awards against the cards, worked out again without the pots.

"The cards speak for themselves": every player who reached the showdown without folding or
mucking can win the main pot, so it goes to the best of their hands on each board (a tie
shares it), named as the evaluator names it. Side pots go to players still in. In a hi-lo game
the low half of the main pot goes to the best eight-or-better low, worked out here from every
two hole cards and three board cards (engine.low.low_of_five judges each five).
"""

from __future__ import annotations

from itertools import combinations

from engine.evaluator import HandValue, evaluate, evaluate_omaha
from engine.games import HandRule
from engine.hand import Hand
from engine.low import LowValue, low_of_five


def value_of(hand: Hand, seat: int, board: int) -> HandValue:
    """What the seat's cards make with one board, asked of the evaluator directly."""
    hole = hand.seat(seat).hole
    cards = hand.boards[board]
    if hand.game.hand_rule is HandRule.OMAHA:
        return evaluate_omaha(hole, cards, hand.game.ranking)
    return evaluate((*hole, *cards), hand.game.ranking)


def low_of(hand: Hand, seat: int, board: int) -> LowValue | None:
    """The seat's best low on one board, every two hole cards with every three board cards."""
    lows = [
        low
        for pair in combinations(hand.seat(seat).hole, 2)
        for three in combinations(hand.boards[board], 3)
        if (low := low_of_five(pair + three)) is not None
    ]
    return min(lows, default=None)


def assert_awards_follow_the_cards(hand: Hand) -> None:
    """The finished `hand`'s recorded winners are the ones its shown hands and boards give."""
    assert hand.finished, "the hand is not over"
    number = hand.config.hand_number
    in_at_the_end = [s.seat for s in hand.seats if not s.folded]
    if len(in_at_the_end) == 1:
        winners = {seat for award in hand.awards for seat, _ in award.shares}
        assert winners <= set(in_at_the_end), (number, hand.awards)
        return
    showdown = [s.seat for s in hand.seats if not s.folded and not s.mucked]
    for award in hand.awards:
        if award.pot != 0:
            # A side pot nobody called back goes to the one who put it in, shown or not.
            assert {seat for seat, _ in award.shares} <= set(in_at_the_end), (number, award)
            continue
        board = award.board or 0
        if award.half == "low":
            lows = {seat: low_of(hand, seat, board) for seat in showdown}
            best_low = min(low for low in lows.values() if low is not None)
            expected = {seat for seat, low in lows.items() if low == best_low}
            assert {seat for seat, _ in award.shares} == expected, (number, award, lows, hand.boards)
            assert award.hand == best_low.description, (number, award, best_low.description)
            continue
        if award.scoop:
            assert all(low_of(hand, seat, board) is None for seat in showdown), (number, award)
        values = {seat: value_of(hand, seat, board) for seat in showdown}
        best = max(values.values())
        expected = {seat for seat, value in values.items() if value == best}
        shown = {seat: (str(hand.seat(seat).hole), values[seat].description) for seat in showdown}
        assert {seat for seat, _ in award.shares} == expected, (number, award, shown, hand.boards)
        assert award.hand == best.description, (number, award, best.description)
