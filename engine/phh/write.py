"""Writing a finished `Hand` as PHH fields (see `engine.phh.replay` for the player order).

What PHH has no field for is written in user-defined "_" fields, and only when needed:
`_game` (a game with no PHH variant code, such as a bomb pot; `variant` then names
the nearest PHH variant), `_boards` (two boards: each street has one `d db` per
board, first board first), `_button` (a dead button), `_posts`, `_big_blind` and
`_straddle` (forced bets that antes and blinds cannot describe, such as a dead small
blind), `_cap` (a capped table), `_cash_game = false` (tournament hands: fixed-limit
caps heads-up) and `_options` (`run_it_twice = true` at a table that offers it). The 7-2
game's bounty (`_options` announces it) follows from the hand, so the reader pays it again;
`_seven_deuce` lists what each player collected (+) or paid (-) in player order, and the
reader checks its own bounty against it. `_rabbit_hunt` is ["pN", board cards...]: who
asked for the rabbit after the hand, and the board cards that would have come (one string
per board); the reader ignores it, since it changes nothing in the hand.

A hand run twice is written as PHH (and PokerKit) write multiple runouts: after the first
runout's `d db` actions come the second runout's, one per street (the burns, as always,
are not written).

The home games' own player actions have no PHH notation, and the specification's
`actions` hold only its own, so they go in `_home_actions`: strings
"N pX remove pY Card" (Crazy Blind Man: pX takes Card from pY's hand and discards it)
"N pX reveal I" (staged Blind Hold'em: pX turns hole card I, 0 or 1, face up) and
"N pX run_twice" / "N pX run_once" (pX's answer when asked to run it twice; the time
running out is recorded as run_once),
where N is the index in `actions` of the action they come before (len(actions) if
none). Host rulings (award, kill, undo, misdeal, reveal the rest) are not written.
"""

from __future__ import annotations

from typing import Any

from engine import betting
from engine.cards import format_cards
from engine.events import (
    BetOrRaised,
    BoardDealt,
    Called,
    CardBurned,
    Checked,
    Folded,
    HandsTabled,
    HoleCardsDealt,
    Mucked,
    PostsMade,
    PotsAwarded,
    RoundEnded,
    RoundStarted,
    ShowdownStarted,
    Showed,
)
from engine.games import HandRule, Structure
from engine.hand import Hand
from engine.house.blind_holdem import HoleCardRevealed, RevealStarted, SecondCardsRevealed, StageReached
from engine.house.crazy_blind_man import CardRemoved, RemovalStarted
from engine.house.events import Ruling
from engine.house.rabbit_hunt import RabbitHunted
from engine.house.run_it_twice import (
    RunItTwiceAnswered,
    RunItTwiceOffered,
    SecondRunoutDealt,
    second_run_streets,
)
from engine.house.seven_deuce import SevenDeucePaid, bounty_by_player
from engine.phh.format import HandHistoryError
from engine.phh.replay import VARIANT_OF_GAME, standard_posts

# Dealer events that leave no trace in PHH: the reader's engine redoes them.
_SILENT = (
    PostsMade, CardBurned, RoundStarted, RoundEnded, ShowdownStarted, PotsAwarded,
    RemovalStarted, RevealStarted, SecondCardsRevealed, StageReached, SevenDeucePaid,
    RunItTwiceOffered,
)  # fmt: skip


def history_from_hand(hand: Hand) -> dict[str, Any]:
    """PHH fields for a finished hand, players in PHH order (left of the button first)."""
    if not hand.finished:
        raise HandHistoryError("Only a finished hand can be written as a hand history")
    config, game = hand.config, hand.game
    players = hand.clockwise_from_button()
    order = [s.seat for s in players]
    label = {seat: f"p{index}" for index, seat in enumerate(order, 1)}
    history: dict[str, Any] = {"variant": _variant(hand)}
    antes = {seat: 0 for seat in order}
    blinds = {seat: 0 for seat in order}
    for post in config.posts:
        (blinds if post.live else antes)[post.seat] += post.amount
    heads_up = len(order) == 2  # "reverse-assigned for heads-up situations"
    history["antes"] = [antes[seat] for seat in order][:: -1 if heads_up else 1]
    history["blinds_or_straddles"] = [blinds[seat] for seat in order][:: -1 if heads_up else 1]
    if game.structure is Structure.FIXED_LIMIT:
        history["small_bet"] = betting.limit_bet_size(hand, 0)
        history["big_bet"] = betting.limit_bet_size(hand, 2)
    else:
        history["min_bet"] = betting.min_bet(hand)
    history["starting_stacks"] = [config.seats[hand.index[seat]].stack for seat in order]
    history["actions"], home_actions = _actions(hand, label)
    history["hand"] = config.hand_number
    history["seats"] = order
    history["seat_count"] = config.max_seats
    if any(s.name for s in players):
        history["players"] = [s.name for s in players]
    history["finishing_stacks"] = [s.stack for s in players]
    history["winnings"] = [s.won for s in players]
    history.update(_user_fields(hand, order, label, history))
    if home_actions:
        history["_home_actions"] = home_actions
    return history


def _variant(hand: Hand) -> str:
    if hand.config.game in VARIANT_OF_GAME:
        return VARIANT_OF_GAME[hand.config.game]
    if hand.game.structure is Structure.FIXED_LIMIT:
        return "FT"
    if hand.game.hand_rule is HandRule.OMAHA:
        return "PO"
    return "NS" if hand.game.short_deck else "NT"


def _user_fields(
    hand: Hand, order: list[int], label: dict[int, str], history: dict[str, Any]
) -> dict[str, Any]:
    config = hand.config
    fields: dict[str, Any] = {}
    if config.game not in VARIANT_OF_GAME:
        fields["_game"] = config.game
    if hand.game.boards > 1:
        fields["_boards"] = hand.game.boards
    if config.button != order[-1]:
        fields["_button"] = config.button
    try:
        derived = standard_posts(hand.game, order, history["antes"], history["blinds_or_straddles"])
    except HandHistoryError:
        derived = None
    if derived != (tuple(config.posts), config.big_blind_seat, config.straddle_seat):
        fields["_posts"] = [
            f"{label[p.seat]} {p.kind.value} {p.amount} {'live' if p.live else 'dead'}" for p in config.posts
        ]
        if config.big_blind_seat is not None:
            fields["_big_blind"] = label[config.big_blind_seat]
        if config.straddle_seat is not None:
            fields["_straddle"] = label[config.straddle_seat]
    if config.stakes.cap:
        fields["_cap"] = config.stakes.cap
    if not config.cash_game:
        fields["_cash_game"] = False
    if config.options:
        fields["_options"] = dict(config.options)
    rabbit = hand.extras.get("rabbit_hunt")
    if rabbit:
        fields["_rabbit_hunt"] = [label[rabbit["by"]], *("".join(board) for board in rabbit["boards"])]
    bounty = bounty_by_player(hand, order)
    if bounty:
        fields["_seven_deuce"] = bounty
    return fields


def _actions(hand: Hand, label: dict[int, str]) -> tuple[list[str], list[str]]:
    """The dealing and player events as PHH action notation, and the home games' own
    actions as `_home_actions` entries."""
    actions: list[str] = []
    home: list[str] = []
    for event in hand.events:
        if isinstance(event, Ruling):
            raise HandHistoryError(
                f"This hand has a host ruling ({event.type!r}); hands with host rulings "
                "cannot be written as hand histories"
            )
        if isinstance(event, RabbitHunted):
            continue  # after the hand, not part of it: written as `_rabbit_hunt`
        if isinstance(event, CardRemoved):
            home.append(f"{len(actions)} {label[event.seat]} remove {label[event.target]} {event.card}")
        elif isinstance(event, HoleCardRevealed):
            home.append(f"{len(actions)} {label[event.seat]} reveal {event.index}")
        elif isinstance(event, RunItTwiceAnswered):
            home.append(f"{len(actions)} {label[event.seat]} {'run_twice' if event.agreed else 'run_once'}")
        elif isinstance(event, SecondRunoutDealt):
            # PHH's own way: the second runout's board cards follow the first's, street by street.
            for cards in second_run_streets(hand, event):
                actions.append(f"d db {format_cards(cards)}")
        elif isinstance(event, Folded):
            actions.append(f"{label[event.seat]} f")
        elif isinstance(event, Checked | Called):
            actions.append(f"{label[event.seat]} cc")
        elif isinstance(event, BetOrRaised):
            actions.append(f"{label[event.seat]} cbr {event.to}")
        elif isinstance(event, Showed):
            actions.append(f"{label[event.seat]} sm {format_cards(hand.seat(event.seat).hole)}")
        elif isinstance(event, Mucked):
            actions.append(f"{label[event.seat]} sm")
        elif isinstance(event, HandsTabled):
            for seat in event.seats:
                actions.append(f"{label[seat]} sm {format_cards(hand.seat(seat).hole)}")
        elif isinstance(event, HoleCardsDealt):
            cards = dict(event.hands)
            for seat in label:
                actions.append(f"d dh {label[seat]} {format_cards(cards[seat])}")
        elif isinstance(event, BoardDealt):
            for board in event.cards:
                actions.append(f"d db {format_cards(board)}")
        elif not isinstance(event, _SILENT):
            raise HandHistoryError(f"A {event.type!r} event cannot be written in a hand history")
    return actions, home
