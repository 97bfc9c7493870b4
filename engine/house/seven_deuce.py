"""The 7-2 game: a house option where winning a pot with seven-deuce, shown, earns a bounty.

The host announces it before the deal (`HandConfig.options["seven_deuce"]`: the bounty in big
blinds, 0 for off; `engine.games.SEVEN_DEUCE`), for No-Limit and Fixed-Limit Hold'em only:
the games where a hand is two hole cards, one of which can be a deuce. (Short Deck has no
deuces; Omaha and Crazy Blind Man hands are not two cards; Blind Hold'em has no decisions, so
nothing to reward; bomb pots deal the table's announced options to no hand.)

Exactly when it is paid:

- The player's two hole cards are a seven and a deuce, any suits.
- They win the whole of at least one pot, the main pot or a side pot, at a showdown (where
  their hand is tabled) or because everyone else folded (then they must choose to show: with
  the option on, every player who wins by the others folding is asked "show or muck", so
  being asked tells nobody what they hold). The pot moves first, "the last player standing
  wins without showing": the question comes only once they have been paid.
- A chopped pot does not count: a share of a pot is not winning it with seven-deuce.
- Run it twice: each run's half of a pot is a pot of its own (it goes to its own run's best
  hand). Winning one half outright counts, even if the other run goes to someone else; a half
  that is chopped does not.
- It is paid once per hand, however many pots or halves it wins, after the pots: every other
  player dealt in (folded or not) pays the bounty from their stack, and a player with less
  pays what they have.

>>> from engine.cards import cards_of
>>> is_seven_deuce(cards_of(["7h", "2c"])), is_seven_deuce(cards_of(["7h", "7c"]))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cards import Card
from engine.games import SEVEN_DEUCE, GameDef
from engine.house.events import HouseEvent

if TYPE_CHECKING:
    from engine.hand import Hand

KEY = SEVEN_DEUCE.key


def is_seven_deuce(hole: Sequence[Card]) -> bool:
    return len(hole) == 2 and sorted(c.rank for c in hole) == [2, 7]


def offered_in(game: GameDef) -> bool:
    return any(option.key == KEY for option in game.options)


def bounty(hand: Hand) -> int:
    """The bounty in chips each other player pays (0: the 7-2 game is off)."""
    if not offered_in(hand.game):
        return 0
    big_blinds = hand.game.announced(hand.config.options, KEY)
    stakes = hand.config.stakes
    return int(big_blinds) * (stakes.big_blind or stakes.small_bet)


def asks_winner_to_show(hand: Hand) -> bool:
    """With the 7-2 game on, a player who wins because everyone else folded is asked whether to
    show (whatever they hold: the question tells nobody anything), once the pot is theirs."""
    return bounty(hand) > 0 and not hand.showdown_order and sum(1 for s in hand.seats if not s.folded) == 1


def _winner(hand: Hand) -> int | None:
    """The seat that shows seven-deuce and wins the whole of a pot, if any."""
    for award in hand.awards:
        if len(award.shares) != 1:
            continue  # "A chopped pot does not count"
        seat = award.shares[0][0]
        s = hand.seat(seat)
        if s.shown and not s.mucked and is_seven_deuce(s.hole):
            return seat
    return None


@dataclass(frozen=True, slots=True)
class SevenDeucePaid(HouseEvent):
    """The 7-2 bounty: `winner` collects `payments` ((seat, chips) from each other player)."""

    type: ClassVar[str] = "seven_deuce_paid"
    winner: int
    payments: tuple[tuple[int, int], ...]


def bounty_event(hand: Hand) -> SevenDeucePaid | None:
    """Once the pots are awarded: the bounty, when a shown seven-deuce won a pot outright."""
    amount = bounty(hand)
    if not amount or KEY in hand.extras or hand.extras.get("void"):
        return None
    winner = _winner(hand)
    if winner is None:
        return None
    payments = tuple((s.seat, min(amount, s.stack)) for s in hand.seats if s.seat != winner and s.stack)
    return SevenDeucePaid(winner, payments)


def apply_paid(hand: Hand, event: SevenDeucePaid) -> None:
    collected = 0
    for seat, chips in event.payments:
        hand.seat(seat).stack -= chips
        collected += chips
    hand.seat(event.winner).stack += collected
    hand.extras[KEY] = {"winner": event.winner, "payments": [list(p) for p in event.payments]}


def bounty_by_player(hand: Hand, order: Sequence[int]) -> list[int] | None:
    """The bounty each seat of `order` collected (+) or paid (-); None when none was paid."""
    paid = hand.extras.get(KEY)
    if not paid:
        return None
    chips = dict.fromkeys(order, 0)
    for seat, amount in paid["payments"]:
        chips[seat] -= amount
        chips[paid["winner"]] += amount
    return [chips[seat] for seat in order]


def view(hand: Hand) -> dict[str, Any] | None:
    """What every viewer sees of a bounty paid (public): who collected, the bounty as announced
    (`big_blinds`, `bounty` in chips), who paid what, and the total collected, so that a screen
    only has to say it."""
    paid = hand.extras.get(KEY)
    if not paid:
        return None
    return {
        "winner": paid["winner"],
        "big_blinds": int(hand.game.announced(hand.config.options, KEY)),
        "bounty": bounty(hand),
        "payments": [{"seat": s, "chips": c} for s, c in paid["payments"]],
        "collected": sum(c for _, c in paid["payments"]),
    }
