"""The usual forced bets for a hand, from the button: blinds, straddle, antes, bomb-pot antes.

"Small Blind: one seat left of the button ... Big Blind: two seats left."
"In heads-up play, the small blind is on the button."

>>> from engine.config import SeatInHand, Stakes
>>> seats = [SeatInHand(1, "a", 1000), SeatInHand(2, "b", 1000), SeatInHand(3, "c", 1000)]
>>> config = standard_config("nlhe", seats, button=1, stakes=Stakes(small_blind=50, big_blind=100))
>>> [(p.seat, p.kind.value, p.amount) for p in config.posts]
[(2, 'small_blind', 50), (3, 'big_blind', 100)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.config import HandConfig, Post, PostKind, SeatInHand, Stakes
from engine.errors import ConfigurationError
from engine.games import GAMES, ForcedBets
from engine.seating import clockwise_after


def blind_seats(order: Sequence[int], button: int | None) -> tuple[int, int]:
    """(small blind, big blind) among the players dealt in, listed clockwise from the left of
    the button. "In heads-up play, the small blind is on the button": with two players the
    button posts the small blind and the other player the big blind; otherwise (or with a dead
    button) the first two players left of the button post them.

    >>> blind_seats([2, 5, 1], button=1), blind_seats([5, 1], button=1)
    ((2, 5), (1, 5))
    """
    if len(order) == 2 and button in order:
        return button, next(seat for seat in order if seat != button)
    return order[0], order[1]


# The straddle's one home ------------------------------------------------------------------------
#
# House rules: "Only the player immediately to the left of the big blind (the first to act before
# the flop) may straddle, and it must be exactly double the big blind." A player who cannot put
# in exactly that much cannot straddle: an all-in for less is not a straddle (the casino text
# allows no live straddle at all, so nothing softer is on offer).


def straddle_amount(stakes: Stakes) -> int:
    """The only straddle there is: "exactly double the big blind".

    >>> straddle_amount(Stakes(small_blind=50, big_blind=100))
    200
    """
    return 2 * (stakes.big_blind or stakes.small_bet)


def straddle_refusal(stakes: Stakes, stack: int) -> str | None:
    """Why a player with `stack` chips cannot straddle at these stakes, or None if they can.

    >>> straddle_refusal(Stakes(small_blind=50, big_blind=100), 150)
    'A straddle must be exactly double the big blind (200); an all-in of 150 is not a straddle.'
    >>> straddle_refusal(Stakes(small_blind=50, big_blind=100), 200) is None
    True
    """
    amount = straddle_amount(stakes)
    if amount <= 0:
        return "This game has no big blind to straddle."
    if stack < amount:
        return (
            f"A straddle must be exactly double the big blind ({amount}); "
            f"an all-in of {stack} is not a straddle."
        )
    return None


def standard_posts(
    game: str, seats: Sequence[int], button: int, stakes: Stakes, *, straddle: bool = False
) -> tuple[tuple[Post, ...], int | None, int | None]:
    """(posts, big_blind_seat, straddle_seat) for a hand where everyone posts as usual.

    Antes (when the stakes have one) are posted first by every player dealt in,
    then the small blind, big blind and, if asked, the straddle.
    """
    definition = GAMES.get(game)
    if definition is None:
        raise ConfigurationError(f"Unknown game {game!r}")
    refusal = definition.players_refusal(len(seats))
    if refusal is not None:  # before the blinds are looked for among too few players
        raise ConfigurationError(refusal)
    numbers = sorted(seats)
    order = [numbers[i] for i in clockwise_after(numbers, button)]  # left of the button first
    if definition.forced_bets is ForcedBets.BOMB_ANTE:
        if stakes.bomb_ante <= 0:
            raise ConfigurationError("A bomb pot needs an ante")
        return tuple(Post(seat, PostKind.BOMB_ANTE, stakes.bomb_ante, False) for seat in order), None, None
    if definition.forced_bets is ForcedBets.FIXED_STAKE:
        return (
            tuple(Post(seat, PostKind.FIXED_STAKE, stakes.fixed_stake, False) for seat in order),
            None,
            None,
        )
    posts = [Post(seat, PostKind.ANTE, stakes.ante, False) for seat in order] if stakes.ante else []
    small, big = blind_seats(order, button)
    if stakes.small_blind:
        posts.append(Post(small, PostKind.SMALL_BLIND, stakes.small_blind, True))
    big_blind = stakes.big_blind or stakes.small_bet
    posts.append(Post(big, PostKind.BIG_BLIND, big_blind, True))
    straddle_seat = None
    if straddle:
        if len(numbers) < 3:
            raise ConfigurationError("A straddle needs three or more players")
        straddle_seat = order[(order.index(big) + 1) % len(order)]
        posts.append(Post(straddle_seat, PostKind.STRADDLE, straddle_amount(stakes), True))
    return tuple(posts), big, straddle_seat


def standard_config(
    game: str,
    seats: Sequence[SeatInHand],
    *,
    button: int,
    stakes: Stakes,
    straddle: bool = False,
    **fields: Any,
) -> HandConfig:
    """A `HandConfig` with the usual forced bets (see `standard_posts`). Extra keyword
    arguments are other HandConfig fields: cash_game, max_seats, hand_number, and `options`,
    the game's announced options as one dict (e.g. ``options={"reveal": "staged"}``).

    `straddle` asks for the straddle; a player who cannot put in exactly double the big blind
    after the ante does not post it (`straddle_refusal`), as a live table drops such a request."""
    posts, big_blind_seat, straddle_seat = standard_posts(
        game, [s.seat for s in seats], button, stakes, straddle=straddle
    )
    if straddle_seat is not None:
        stack = next(s.stack for s in seats if s.seat == straddle_seat)
        if straddle_refusal(stakes, stack - stakes.ante) is not None:
            posts, big_blind_seat, straddle_seat = standard_posts(
                game, [s.seat for s in seats], button, stakes
            )
    return HandConfig(
        game=game,
        seats=tuple(sorted(seats, key=lambda s: s.seat)),
        button=button,
        stakes=stakes,
        posts=posts,
        big_blind_seat=big_blind_seat,
        straddle_seat=straddle_seat,
        **fields,
    )
