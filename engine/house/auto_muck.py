"""Auto-muck: a player's own setting that mucks their hand at the showdown, without a tap, once
a hand already shown beats it.

House rules: "The player who made the last bet or raise on the river shows first; if the river
was checked around, the first player left of the button shows first. To win, you have to table
your hand." So the showing order is the table's; a player whose turn comes after a hand that
beats theirs is on the table has nothing to win by showing, and at a kitchen table a six-way
check-down should not need six taps. "Mucked cards are dead": an auto-mucked hand is mucked
like any other, face down, never shown to anyone.

A hand is beaten only when, in every pot it could win a part of and on every board, a hand
already tabled in that pot is strictly better: a tie would split, so it is not beaten. A hand
the rules forbid mucking (the last live hand in a contested pot) is never mucked for its
player, nor is any hand in a game whose showdown has no muck (Crazy Blind Man).

>>> from engine.config import Stakes
>>> from engine.tests.hand_helpers import make_hand, play
>>> hand = make_hand("nlhe", [100, 100, 100], button=1, stakes=Stakes(small_blind=1, big_blind=2),
...                  holes={1: "2c3d", 2: "AhAd", 3: "7c8d"}, boards=["KsQs9h5c4d"])
>>> hand = play(hand, "1 call", "2 call", "3 check", *["2 check", "3 check", "1 check"] * 3)
>>> hand.to_act, beaten(hand, 2)  # seat 2 shows first (left of the button): nothing shown yet
(2, False)
>>> _ = hand.show(2)
>>> beaten(hand, 3), [e.type for e in muck_beaten(hand, {3, 1})]
(True, ['muck', 'muck', 'pots_awarded'])
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from engine import showdown
from engine.errors import IllegalActionError

if TYPE_CHECKING:
    from engine.events import Event
    from engine.hand import Hand


def beaten(hand: Hand, seat: int) -> bool:
    """Whether a hand already tabled beats `seat`'s hand in every pot it is in, on every board."""
    s = hand.seat(seat)
    if not s.live or s.shown or not hand.showdown_order:
        return False
    tabled = [o.seat for o in hand.seats if o.seat != seat and o.shown and o.live]
    pots = [pot for pot in hand.pots if seat in pot.eligible]
    if not tabled or not pots:
        return False
    for pot in pots:
        rivals = [other for other in tabled if other in pot.eligible]
        for board in range(len(hand.boards)):
            mine = showdown.hand_value(hand, seat, board)
            if not any(showdown.hand_value(hand, other, board) > mine for other in rivals):
                return False
    return True


def muck_beaten(hand: Hand, wanting: Collection[int]) -> list[Event]:
    """Muck, in the showing order, each hand whose player wants auto-muck (`wanting`, seats)
    and whose turn to show has come with a better hand already tabled. Returns the events."""
    events: list[Event] = []
    while hand.to_act in wanting and not hand.finished and beaten(hand, hand.to_act):
        try:
            events += hand.muck(hand.to_act)
        except IllegalActionError:
            break  # this hand may not be mucked: its player decides
    return events
