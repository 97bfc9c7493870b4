"""Showdown: who shows first, tabling and mucking, and awarding the pots.

"The player who made the last bet or raise on the river shows first; if the river
was checked around, the first player left of the button shows first. To win, you
have to table your hand." "Mucked cards are dead." "The cards speak for themselves."
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine import hi_lo
from engine.errors import IllegalActionError
from engine.events import Award, Mucked, PotsAwarded, ShowdownStarted, Showed
from engine.games import HandRule
from engine.pots import split_evenly
from engine.seating import clockwise_after

if TYPE_CHECKING:
    from engine.cards import Card
    from engine.evaluator import HandValue
    from engine.hand import Hand


def order(hand: Hand) -> tuple[int, ...]:
    """Live seats in showing order: the river's last aggressor first, else left of the button."""
    last_street = len(hand.game.streets) - 1
    start = hand.config.button
    aggressor = hand.aggressor
    if aggressor is not None and hand.aggressor_street == last_street and hand.seat(aggressor).live:
        # Starting "after" the seat just before the aggressor puts the aggressor first.
        start = aggressor - 1 if aggressor > min(hand.seat_numbers) else max(hand.seat_numbers)
    return tuple(hand.seats[i].seat for i in clockwise_after(hand.seat_numbers, start) if hand.seats[i].live)


def next_event(hand: Hand) -> ShowdownStarted | PotsAwarded | None:
    """The dealer at the showdown: the showing order first, then, once everyone has shown
    or mucked, the pots awarded (None while a player decides)."""
    if not hand.showdown_order:
        return ShowdownStarted(order(hand))
    if hand.to_act is not None:
        return None
    return award(hand)


def _next_to_decide(hand: Hand) -> int | None:
    for seat in hand.showdown_order:
        s = hand.seats[hand.index[seat]]
        if s.live and not s.shown:
            return seat
    return None


def apply_showdown_started(hand: Hand, event: ShowdownStarted) -> None:
    hand.showdown_order = event.order
    hand.to_act = _next_to_decide(hand)


def apply_show(hand: Hand, event: Showed) -> None:
    s = hand.seats[hand.index[event.seat]]
    s.shown = True
    s.last_action = "show"
    hand.to_act = _next_to_decide(hand)


def apply_muck(hand: Hand, event: Mucked) -> None:
    s = hand.seats[hand.index[event.seat]]
    s.mucked = True
    s.last_action = "muck"
    hand.to_act = _next_to_decide(hand)


# Verifying --------------------------------------------------------------------------


def _turn(hand: Hand, seat: int) -> None:
    if hand.finished:
        raise IllegalActionError("The hand is over")
    hand.seat(seat)
    if not hand.showdown_order or hand.round_open:
        raise IllegalActionError("There is no showdown now")
    if hand.to_act != seat:
        raise IllegalActionError(f"It is not your turn to show: waiting for seat {hand.to_act}")


def verify_show(hand: Hand, seat: int) -> None:
    _turn(hand, seat)


def verify_muck(hand: Hand, seat: int) -> None:
    """A hand may be mucked, unless it is the last live hand in a contested pot: "A hand that
    is never tabled cannot win the pot", so that hand must be tabled to win it."""
    _turn(hand, seat)
    for pot in hand.pots:
        if seat not in pot.eligible or len(pot.eligible) < 2:
            continue
        if not any(other != seat and hand.seats[hand.index[other]].live for other in pot.eligible):
            raise IllegalActionError("Every other hand in this pot is mucked: table your cards to win it")


def legal_actions(hand: Hand, s: Any) -> dict[str, Any]:
    try:
        _turn(hand, s.seat)
    except IllegalActionError as error:
        return {"your_turn": False, "reason": str(error), "actions": {}}
    actions: dict[str, Any] = {"show": {"allowed": True}}
    try:
        verify_muck(hand, s.seat)
        actions["muck"] = {"allowed": True}
    except IllegalActionError as error:
        actions["muck"] = {"allowed": False, "reason": str(error)}
    return {"your_turn": True, "reason": "", "actions": actions}


# Awarding --------------------------------------------------------------------------


def award(hand: Hand) -> PotsAwarded:
    """Every pot to its winners, side pots first, then the main pot.

    Double board: "the pot is split in half. Each half goes to the best hand on its
    board", and "the extra smallest unit goes to the first board". Ties split
    equally, the odd chip to the first winner left of the button. Hi-lo games split each
    board's part of each pot again between high and low (`engine.hi_lo`).
    """
    not_folded = [s.seat for s in hand.seats if not s.folded]
    left_of_button = [hand.seats[i].seat for i in clockwise_after(hand.seat_numbers, hand.config.button)]
    values: dict[tuple[int, int], HandValue] = {}
    awards: list[Award] = []
    for number in reversed(range(len(hand.pots))):
        pot = hand.pots[number]
        if len(not_folded) == 1:
            awards.append(Award(number, None, pot.amount, ((not_folded[0], pot.amount),)))
            continue
        in_pot = [seat for seat in pot.eligible if not hand.seats[hand.index[seat]].folded]
        if len(in_pot) == 1:
            awards.append(Award(number, None, pot.amount, ((in_pot[0], pot.amount),)))
            continue
        tabled = {seat for seat in in_pot if hand.seats[hand.index[seat]].shown}
        tabled = tabled or {seat for seat in in_pot if hand.seats[hand.index[seat]].live} or set(in_pot)
        boards = len(hand.boards)
        halves = [pot.amount - pot.amount // 2, pot.amount // 2] if boards == 2 else [pot.amount]
        for board_index, amount in enumerate(halves):
            contenders = [seat for seat in left_of_button if seat in tabled]
            board = board_index if boards > 1 else None
            for seat in contenders:
                if (seat, board_index) not in values:
                    values[seat, board_index] = hand_value(hand, seat, board_index)
            if hand.game.hi_lo:
                highs = {seat: values[seat, board_index] for seat in contenders}
                awards.extend(hi_lo.split(hand, number, board, amount, contenders, highs))
                continue
            best = max(values[seat, board_index] for seat in contenders)
            winners = [seat for seat in contenders if values[seat, board_index] == best]
            shares = split_evenly(amount, winners)
            awards.append(Award(number, board, amount, tuple(shares.items()), best.description))
    return PotsAwarded(tuple(awards))


def hand_value(hand: Hand, seat: int, board_index: int = 0) -> HandValue:
    """What the seat's hole cards make with one board ("cards speak")."""
    hole = hand.seats[hand.index[seat]].hole
    return _value(tuple(hole), tuple(hand.boards[board_index]), hand.game.hand_rule, hand.game.ranking)


@lru_cache(maxsize=1024)
def _value(hole: tuple[Card, ...], board: tuple[Card, ...], rule: HandRule, ranking: str) -> HandValue:
    # Every viewer's view of a tabled hand names it again, from the same cards: its value
    # (and the description it keeps once worked out) depends on nothing else.
    from engine.evaluator import evaluate, evaluate_omaha

    if rule is HandRule.OMAHA:
        return evaluate_omaha(hole, board, ranking)
    return evaluate((*hole, *board), ranking)


def apply_pots_awarded(hand: Hand, event: PotsAwarded) -> None:
    for item in event.awards:
        for seat, amount in item.shares:
            s = hand.seats[hand.index[seat]]
            s.stack += amount
            s.won += amount
            hand.pot -= amount
    hand.awards.extend(event.awards)  # after any pot the host awarded by a ruling
    hand.pots = []
    hand.to_act = None
    hand.round_open = False
    # A winner by folds at a 7-2 table is paid first, then asked whether to show for the bounty
    # (engine.house.seven_deuce): the hand is over once they answer.
    from engine.house.seven_deuce import asks_winner_to_show

    hand.finished = not asks_winner_to_show(hand)
