"""The showdown does not wait forever on one tap: after a short time the cards speak.

House rules, The Showdown: "The player who made the last bet or raise on the river shows first
... To win, you have to table your hand: turn both hole cards face-up on the table. A hand that
is never tabled cannot win the pot." and "At showdown, the cards speak for themselves. ... Just
turn your cards face-up and the best true five-card hand wins." "Mucked cards are dead".

A player whose turn to show has come chooses: show or muck. At a kitchen table one phone in a
pocket would hold the pot forever, so the turn has a clock of its own (`SHOWDOWN_SECONDS`, kept
whether or not the table has an action clock). When it runs out the dealer does what the cards
say: a hand that a hand already tabled beats is mucked (it could win nothing: turning it up
would only show it), any other hand is turned up, so a winning hand is never lost to a
forgotten tap. A player who chose, chose: the clock never overrides a show or a muck. A winner
by folds asked whether to show (the 7-2 game, `engine.house.seven_deuce`) is not turned up: "If
everyone folds to a bet, the last player standing wins without showing."

>>> from engine.config import Stakes
>>> from engine.tests.hand_helpers import make_hand, play
>>> hand = make_hand("nlhe", [100, 100, 100], button=1, stakes=Stakes(small_blind=1, big_blind=2),
...                  holes={1: "2c3d", 2: "AhAd", 3: "7c8d"}, boards=["KsQs9h5c4d"])
>>> hand = play(hand, "1 call", "2 call", "3 check", *["2 check", "3 check", "1 check"] * 3)
>>> waiting_to_show(hand), cards_speak(hand)  # seat 2 first: nothing is tabled yet
(2, 'show')
>>> _ = hand.show(2)
>>> cards_speak(hand)  # seat 3's hand is beaten by the aces on the table
'muck'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.house import auto_muck

if TYPE_CHECKING:
    from engine.hand import Hand

# Long enough to look at the board and tap, short enough that nobody waits on a pocket.
SHOWDOWN_SECONDS = 12.0


def waiting_to_show(hand: Hand) -> int | None:
    """The seat whose turn to show or muck it is, or None when the hand is not at that point."""
    if hand.finished or hand.round_open or not hand.showdown_order or hand.phase != "showdown":
        return None
    return hand.to_act


def could_win(hand: Hand, seat: int) -> bool:
    """Whether `seat`'s hand may still win a contested pot: another hand is live and none tabled
    beats it yet. Its phone asks once before mucking such a hand ("Mucked cards are dead ...
    no matter how strong the hand was"). Told from the seat's own cards and the tabled ones.

    >>> from engine.config import Stakes
    >>> from engine.tests.hand_helpers import make_hand, play
    >>> hand = make_hand("nlhe", [100, 100], button=1, stakes=Stakes(small_blind=1, big_blind=2),
    ...                  holes={1: "2c3d", 2: "AhAd"}, boards=["KsQs9h5c4d"])
    >>> hand = play(hand, "1 call", "2 check", *["2 check", "1 check"] * 3)
    >>> could_win(hand, 2)
    True
    >>> _ = hand.show(2)
    >>> could_win(hand, 1)
    False
    """
    contested = sum(1 for s in hand.seats if s.live) > 1
    return contested and not auto_muck.beaten(hand, seat)


def cards_speak(hand: Hand) -> str:
    """What the dealer does for the player whose time to show ran out: "muck" for a hand already
    beaten on the table, else "show"."""
    seat = waiting_to_show(hand)
    if seat is None:
        return "show"
    uncontested = sum(1 for s in hand.seats if not s.folded) == 1
    return "muck" if uncontested or auto_muck.beaten(hand, seat) else "show"
