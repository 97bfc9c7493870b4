"""Betting rounds: whose turn it is, what they may do, and what each action does.

No-limit: "If no one has bet yet, an opening bet must be at least the big blind."
"A raise has to grow the bet by at least as much as the last bet or raise."
"You can always go all-in even if it's short of a full raise, but that undersized
all-in doesn't reopen the betting for players who have already acted."
Pot-limit: the largest raise is to the size of the pot after calling.
Fixed-limit: "Every bet and raise is a set size", "a bet and up to four raises".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.config import PostKind
from engine.errors import IllegalActionError
from engine.events import BetOrRaised, Called, Checked, Folded, RoundStarted
from engine.games import ForcedBets, Structure
from engine.seating import clockwise_after

if TYPE_CHECKING:
    from engine.hand import Hand, SeatState

FIXED_LIMIT_BETS_PER_ROUND = 5  # "a bet and up to four raises"
STREET_NAMES = ("preflop", "flop", "turn", "river")
# hand.extras key: {str(seat): why} for seats a house rule has limited to calling or folding.
RAISE_CLOSED_KEY = "raise_closed"


# Sizes ------------------------------------------------------------------------------


def min_bet(hand: Hand) -> int:
    """The smallest opening bet: the big blind, or a bomb pot's ante, unless the table sets one."""
    stakes = hand.config.stakes
    if stakes.min_bet:
        return stakes.min_bet
    if hand.game.forced_bets is ForcedBets.BOMB_ANTE and stakes.bomb_ante:
        return stakes.bomb_ante
    return stakes.big_blind or stakes.small_bet or 1


def limit_bet_size(hand: Hand, street: int) -> int:
    """Fixed-limit: "Preflop and on the flop ... the small bet. On the turn and river ... the big bet." """
    stakes = hand.config.stakes
    small = stakes.small_bet or stakes.big_blind
    return small if street < 2 else (stakes.big_bet or 2 * small)


# Starting and ending a round -----------------------------------------------------------


def betting_possible(hand: Hand) -> bool:
    """Whether a round would have any decision in it: two players who can bet, or one facing a bet."""
    active = [s for s in hand.seats if not s.folded and not s.all_in]
    if len(active) >= 2:
        return True
    top = max(s.bet for s in hand.seats)
    return len(active) == 1 and active[0].bet < top and len(hand.live_seats()) >= 2


def apply_round_started(hand: Hand, event: RoundStarted) -> None:
    hand.round_open = True
    hand.street = event.street
    hand.extras.pop(RAISE_CLOSED_KEY, None)
    hand.aggressor = None
    hand.aggressor_street = event.street
    for s in hand.seats:
        s.acted = False
        s.can_raise = True
    hand.current_bet = max(s.bet for s in hand.seats)
    if hand.game.structure is Structure.FIXED_LIMIT:
        size = limit_bet_size(hand, event.street)
        hand.min_raise = size
        # "Before the flop, the big blind counts as the bet" (and a straddle as a raise).
        hand.full_level = hand.current_bet
        blind_bets = sum(1 for p in hand.config.posts if p.kind in (PostKind.BIG_BLIND, PostKind.STRADDLE))
        hand.raise_count = max(1, blind_bets) if hand.current_bet else 0
        two_players = len(hand.live_seats()) == 2
        hand.raise_cap = 0 if (hand.config.cash_game and two_players) else FIXED_LIMIT_BETS_PER_ROUND
    else:
        hand.min_raise = max(min_bet(hand), hand.current_bet)
        hand.full_level = hand.current_bet
        hand.raise_count = 0
        hand.raise_cap = 0
    hand.to_act = _first_to_act(hand, event.street)


def _first_to_act(hand: Hand, street: int) -> int | None:
    """Preflop: left of the big blind (or straddle). After: first player still in left of the button."""
    start = hand.config.button
    if street == 0 and hand.current_bet:
        start = hand.config.straddle_seat or hand.config.big_blind_seat or start
    return _next_needing_action(hand, start)


def _next_needing_action(hand: Hand, after_seat: int) -> int | None:
    live = 0
    active = 0
    for s in hand.seats:
        if not s.folded:
            live += 1
            if not s.all_in:
                active += 1
    if live < 2:
        return None
    for i in clockwise_after(hand.seat_numbers, after_seat):
        s = hand.seats[i]
        if s.folded or s.all_in:
            continue
        if s.bet < hand.current_bet or (not s.acted and active >= 2):
            return s.seat
    return None


# What a seat may do -----------------------------------------------------------------


def _turn(hand: Hand, seat: int) -> SeatState:
    """The seat, if it is its turn to bet; otherwise a clear error."""
    if hand.finished:
        raise IllegalActionError("The hand is over")
    s = hand.seat(seat)
    if not hand.round_open:
        raise IllegalActionError("There is no betting now")
    if hand.to_act != seat:
        waiting = hand.seat(hand.to_act) if hand.to_act is not None else None
        who = (
            f": waiting for seat {waiting.seat}" + (f" ({waiting.name})" if waiting.name else "")
            if waiting
            else ""
        )
        raise IllegalActionError(f"It is not your turn{who}")
    return s


def raise_range(hand: Hand, s: SeatState) -> tuple[int, int]:
    """(smallest, largest) total a bet or raise may go to; an error says why none is allowed."""
    available = hand.available(s)
    to_call = hand.current_bet - s.bet
    word = "raise" if hand.current_bet else "bet"
    if available <= to_call:
        raise IllegalActionError(f"You do not have enough chips to {word}: you can call all-in")
    if not s.can_raise:
        # A house rule may say why this seat may only call (kept until the seat acts).
        why = hand.extras.get(RAISE_CLOSED_KEY, {}).get(str(s.seat))
        raise IllegalActionError(
            why or "The betting was not reopened by a full raise: you may only call or fold"
        )
    if not any(_could_call_more(hand, other) for other in hand.seats if other is not s):
        raise IllegalActionError(f"Everyone else is all-in: nobody could call a {word}")
    all_in_to = s.bet + available
    structure = hand.game.structure
    if structure is Structure.FIXED_LIMIT:
        if hand.raise_cap and hand.raise_count >= hand.raise_cap:
            raise IllegalActionError("The betting is capped: a bet and four raises have been made")
        to = hand.full_level + hand.min_raise
        return (min(to, all_in_to),) * 2
    smallest = hand.current_bet + hand.min_raise if hand.current_bet else min_bet(hand)
    largest = all_in_to
    if structure is Structure.POT_LIMIT:
        pot_after_call = hand.pot + sum(x.bet for x in hand.seats) + to_call
        largest = min(all_in_to, max(hand.current_bet + pot_after_call, smallest))
    if all_in_to < smallest:
        return all_in_to, all_in_to
    return smallest, largest


def _could_call_more(hand: Hand, s: SeatState) -> bool:
    """Whether the seat could put in more than the current bet (so a raise means something to it)."""
    return not s.folded and not s.all_in and s.bet + hand.available(s) > hand.current_bet


def legal_actions(hand: Hand, s: SeatState) -> dict[str, Any]:
    """JSON-able: {"your_turn", "reason", "wager"?, "actions": {name: {"allowed", "reason" | amounts}}}.

    On the seat's turn, "wager" names the one of "bet" (nobody has bet this round) and
    "raise" (there is a bet) that applies: `hand.act(seat, options["wager"], to)`. The other
    one is listed too, not allowed, with the reason."""
    try:
        _turn(hand, s.seat)
    except IllegalActionError as error:
        return {"your_turn": False, "reason": str(error), "actions": {}}
    to_call = hand.current_bet - s.bet
    available = hand.available(s)
    actions: dict[str, Any] = {"fold": {"allowed": True}}
    if to_call > 0:
        actions["check"] = {"allowed": False, "reason": f"There is a bet of {hand.current_bet} to you"}
        actions["call"] = {"allowed": True, "amount": min(to_call, available), "all_in": to_call >= available}
    else:
        actions["check"] = {"allowed": True}
        actions["call"] = {"allowed": False, "reason": "There is no bet to call"}
    word = "raise" if hand.current_bet else "bet"
    other = "bet" if word == "raise" else "raise"
    try:
        smallest, largest = raise_range(hand, s)
        actions[word] = {
            "allowed": True,
            "min_to": smallest,
            "max_to": largest,
            "fixed": hand.game.structure is Structure.FIXED_LIMIT,
            "all_in_to": s.bet + available,
        }
    except IllegalActionError as error:
        actions[word] = {"allowed": False, "reason": str(error)}
    actions[other] = {
        "allowed": False,
        "reason": "There is a bet to raise" if word == "raise" else "There is no bet yet: bet instead",
    }
    return {"your_turn": True, "reason": "", "wager": word, "actions": actions}


def verify_fold(hand: Hand, seat: int) -> None:
    _turn(hand, seat)


def verify_check(hand: Hand, seat: int) -> None:
    s = _turn(hand, seat)
    if s.bet < hand.current_bet:
        raise IllegalActionError(f"You cannot check: it is {hand.current_bet - s.bet} to call")


def verify_call(hand: Hand, seat: int) -> int:
    s = _turn(hand, seat)
    to_call = hand.current_bet - s.bet
    if to_call <= 0:
        raise IllegalActionError("There is no bet to call: check instead")
    return min(to_call, hand.available(s))


def verify_bet_or_raise(hand: Hand, seat: int, to: int) -> None:
    verify_raise_size(hand, _turn(hand, seat), to)


def verify_raise_size(hand: Hand, s: SeatState, to: int) -> None:
    """Whether `s` may bet or raise to `to` now (on their turn or, binding, out of turn)."""
    smallest, largest = raise_range(hand, s)
    all_in_to = s.bet + hand.available(s)
    word = "raise" if hand.current_bet else "bet"
    if hand.game.structure is Structure.FIXED_LIMIT and to != smallest:
        raise IllegalActionError(f"This is fixed-limit: you can only {word} to {smallest}")
    if to < smallest and to != all_in_to:
        raise IllegalActionError(f"The minimum {word} is to {smallest}")
    if to > all_in_to:
        raise IllegalActionError(
            f"You only have {all_in_to} chips: the most you can {word} to is {all_in_to}"
        )
    # raise_range never allows more than all-in, so only pot-limit can stop a bet below it.
    if to > largest:
        raise IllegalActionError(f"This is pot-limit: the most you can {word} to is {largest}")
    if to <= hand.current_bet:
        raise IllegalActionError(f"A {word} must be to more than {hand.current_bet}")


# What each action does (events are trusted: validated before they were recorded) ---------


def _put_in(hand: Hand, s: SeatState, chips: int) -> None:
    s.stack -= chips
    s.bet += chips
    s.committed += chips
    if hand.available(s) == 0:
        s.all_in = True


def _after_action(hand: Hand, s: SeatState) -> None:
    closed = hand.extras.get(RAISE_CLOSED_KEY)
    if closed:
        closed.pop(str(s.seat), None)
    s.acted = True
    s.can_raise = False
    hand.to_act = _next_needing_action(hand, s.seat)


def apply_fold(hand: Hand, event: Folded) -> None:
    s = hand.seats[hand.index[event.seat]]
    s.folded = True
    s.last_action = "fold"
    _after_action(hand, s)


def apply_check(hand: Hand, event: Checked) -> None:
    s = hand.seats[hand.index[event.seat]]
    s.last_action = "check"
    _after_action(hand, s)


def apply_call(hand: Hand, event: Called) -> None:
    s = hand.seats[hand.index[event.seat]]
    _put_in(hand, s, event.amount)
    s.last_action = f"all-in {s.bet}" if s.all_in else f"call {s.bet}"
    _after_action(hand, s)


def apply_bet_or_raise(hand: Hand, event: BetOrRaised) -> None:
    s = hand.seats[hand.index[event.seat]]
    to = event.to
    opening = hand.current_bet == 0
    _put_in(hand, s, to - s.bet)
    increase = to - hand.current_bet
    if hand.game.structure is Structure.FIXED_LIMIT:
        # "If a player goes all-in for at least half a bet ... it counts as a full bet."
        full = (to - hand.full_level) * 2 >= hand.min_raise
        if full:
            hand.full_level = to
            hand.raise_count += 1
    else:
        full = increase >= (min_bet(hand) if opening else hand.min_raise)
        if full:
            hand.min_raise = max(hand.min_raise, increase)
            hand.full_level = to
    # Fixed-Limit: "If it is less than half a bet, the most the next player can raise to is
    # one full bet." That text has no "already acted" exception (No-Limit's has), so an
    # opening all-in too short to count lets a player who checked complete the bet.
    completes = opening and hand.game.structure is Structure.FIXED_LIMIT
    if full or completes:
        for other in hand.seats:
            other.can_raise = True
    hand.current_bet = max(hand.current_bet, to)
    hand.aggressor = s.seat
    word = "bet" if opening else "raise to"
    s.last_action = f"all-in {to}" if s.all_in else f"{word} {to}"
    _after_action(hand, s)


def round_complete(hand: Hand) -> bool:
    return hand.round_open and hand.to_act is None
