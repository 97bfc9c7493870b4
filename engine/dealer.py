"""The dealer: checks a hand can be dealt, and runs the steps no player decides.

`next_event(hand)` looks at the game's procedure step the hand is on and returns
the dealer event to record next (posting, dealing, burning, board cards, starting
and ending betting rounds, turning all-in hands face up, the showdown order,
awarding pots), or None when a player must decide or the hand is over.
`STEP_HANDLERS` maps every step kind of `engine.games.StepKind` to the function that
answers that, the home games' own steps included; `OPTION_CHECKS` lists the games that
check their announced options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine import betting, showdown
from engine.cards import Card, card
from engine.config import HandConfig, PostKind
from engine.errors import ConfigurationError
from engine.events import (
    BoardDealt,
    CardBurned,
    Event,
    HandsTabled,
    HoleCardsDealt,
    PostsMade,
    RoundEnded,
    RoundStarted,
    ShowdownStarted,
)
from engine.forced_bets import straddle_amount, straddle_refusal
from engine.games import GAMES, ForcedBets, GameDef, Step, StepKind, Structure, cards_needed
from engine.house import blind_holdem, crazy_blind_man, out_of_turn, run_it_twice, seven_deuce
from engine.pots import build_pots, uncalled_bet
from engine.seating import seat_after

if TYPE_CHECKING:
    from engine.hand import Hand

StepHandler = Callable[["Hand", Step], "Event | None"]

OPTION_CHECKS: dict[str, Callable[[HandConfig], None]] = {
    "blind_holdem": blind_holdem.validate_options,
    "crazy_blind_man": crazy_blind_man.validate_options,
    "crazy_blind_man_fl": crazy_blind_man.validate_options,
}
"""Per game key: raises ConfigurationError when `HandConfig.options` (or posts) do not suit that game."""


# Validation ---------------------------------------------------------------------------


def validate(config: HandConfig, deck: Sequence[Card]) -> GameDef:
    """The game of `config`, or ConfigurationError saying why the hand cannot be dealt."""
    game = GAMES.get(config.game)
    if game is None:
        raise ConfigurationError(f"Unknown game {config.game!r}")
    numbers = [s.seat for s in config.seats]
    refusal = game.players_refusal(len(numbers))
    if refusal is not None:
        raise ConfigurationError(refusal)
    if numbers != sorted(set(numbers)):
        raise ConfigurationError("Seats must be listed once each, in seat order")
    for s in config.seats:
        if s.stack <= 0:
            raise ConfigurationError(f"Seat {s.seat} has no chips and cannot be dealt in")
    needed = cards_needed(game, len(numbers))
    if needed > len(game.deck):
        raise ConfigurationError(
            f"{game.name} for {len(numbers)} players needs {needed} cards, but the deck has {len(game.deck)}"
        )
    if len(deck) < needed:
        raise ConfigurationError(f"The deck has {len(deck)} cards; this hand needs {needed}")
    indices = {c.index for c in deck}
    lowest = game.deck[0].index  # decks run from their lowest card up (the short deck starts at 6c)
    if len(indices) != len(deck) or min(indices) < lowest:
        raise ConfigurationError(f"That is not a {len(game.deck)}-card deck for {game.name}")
    _validate_posts(config, game, numbers)
    check_options = OPTION_CHECKS.get(game.key)
    if check_options is not None:
        check_options(config)
    if config.options:
        check_announced(game, config.options)
    return game


def check_announced(game: GameDef, options: Mapping[str, Any]) -> None:
    """ConfigurationError unless each option the game declares has one of its declared values."""
    for option in game.options:
        if option.key not in options:
            continue
        value = options[option.key]
        # True == 1 and False == 0 in Python: a number option takes no on/off, nor the reverse.
        if not any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in option.values):
            choices = ", ".join(label for _, label in option.choices)
            raise ConfigurationError(f"{option.label}: choose one of {choices}")


def _validate_posts(config: HandConfig, game: GameDef, numbers: list[int]) -> None:
    for post in config.posts:
        if post.seat not in numbers:
            raise ConfigurationError(f"Seat {post.seat} posts but is not dealt in")
        if post.amount <= 0:
            raise ConfigurationError(f"Seat {post.seat} posts {post.amount}: a post must be positive")
    stakes = config.stakes
    if game.structure is Structure.FIXED_LIMIT and not (stakes.small_bet or stakes.big_blind):
        raise ConfigurationError("Fixed-limit needs a big blind or a small bet")
    if game.forced_bets is ForcedBets.BOMB_ANTE:
        antes = {p.seat: p.amount for p in config.posts if p.kind is PostKind.BOMB_ANTE}
        if set(antes) != set(numbers) or len(set(antes.values())) != 1:
            raise ConfigurationError("In a bomb pot every player dealt in posts the same ante")
    straddles = [p for p in config.posts if p.kind is PostKind.STRADDLE]
    if straddles:
        straddle = straddles[0]
        if len(straddles) > 1 or config.big_blind_seat is None or len(numbers) < 3:
            raise ConfigurationError("Only one straddle, after a big blind, with three or more players")
        if straddle.seat != seat_after(numbers, config.big_blind_seat):
            raise ConfigurationError("Only the player immediately left of the big blind may straddle")
        if straddle.amount != straddle_amount(stakes):
            raise ConfigurationError(
                f"The straddle must be exactly two big blinds ({straddle_amount(stakes)})"
            )
        stack = next(s.stack for s in config.seats if s.seat == straddle.seat)
        before = sum(p.amount for p in config.posts if p.seat == straddle.seat and p is not straddle)
        refusal = straddle_refusal(stakes, stack - before)
        if refusal is not None:
            raise ConfigurationError(refusal)
        if config.straddle_seat != straddle.seat:
            raise ConfigurationError("straddle_seat must name the seat that posts the straddle")


# The dealer loop -------------------------------------------------------------------------


def next_event(hand: Hand) -> Event | None:
    """The dealer's next event, or None when a player must act or the hand is over."""
    if hand.finished:
        return seven_deuce.bounty_event(hand)  # the 7-2 game's bounty, paid after the pots
    if hand.extras.get("paused"):
        return None  # a paused hand waits for the host (engine.house.rulings)
    if hand.round_open:
        if hand.to_act is None:
            return _end_round(hand)
        return out_of_turn.settle(hand)  # the turn reached a seat that acted out of turn
    if hand.step > 1 and _one_player_left(hand):
        # Everyone else folded: "the last player standing wins without showing", so the pot
        # moves at once, before anyone is asked anything.
        if hand.pots:
            return showdown.award(hand)
        if seven_deuce.asks_winner_to_show(hand):  # then, paid, they may show 7-2 for the bounty
            return ShowdownStarted(tuple(s.seat for s in hand.seats if not s.folded))
        if hand.to_act is not None:
            return None  # the winner decides whether to show
        return showdown.award(hand)  # nothing left to pay: this closes the hand
    step = hand.current_step
    if step is None:
        return None
    return STEP_HANDLERS[step.kind](hand, step)


def _one_player_left(hand: Hand) -> bool:
    # Asked at every dealer step: stops at the second player still in.
    left = 0
    for s in hand.seats:
        if not s.folded:
            left += 1
            if left == 2:
                return False
    return left == 1


def _post(hand: Hand, step: Step) -> Event:
    posted = []
    committed = {s.seat: 0 for s in hand.seats}
    for post in hand.config.posts:
        s = hand.seat(post.seat)
        room = s.stack - committed[s.seat]
        if hand.config.stakes.cap:
            room = min(room, hand.config.stakes.cap - committed[s.seat])
        amount = min(post.amount, room)
        if amount > 0:
            committed[s.seat] += amount
            posted.append(type(post)(post.seat, post.kind, amount, post.live))
    return PostsMade(tuple(posted))


def _deal_hole(hand: Hand, step: Step) -> Event:
    """ "one card at a time, clockwise", starting left of the button, the button last."""
    order = hand.clockwise_from_button()
    cards: dict[int, list[Card]] = {s.seat: [] for s in order}
    position = hand.next_card
    for _ in range(step.count):
        for s in order:
            cards[s.seat].append(hand.deck[position])
            position += 1
    return HoleCardsDealt(tuple((s.seat, tuple(cards[s.seat])) for s in hand.seats))


def _reveal_if_all_in(hand: Hand) -> Event | None:
    """ "When no more betting is possible because players are all-in, all live hands are
    turned face up before the rest of the board is dealt." Then, at a table that runs it
    twice, the players are asked whether to (engine.house.run_it_twice)."""
    live = hand.live_seats()
    if len(live) < 2 or betting.betting_possible(hand):
        return None
    hidden = tuple(s.seat for s in live if not s.shown)
    return HandsTabled(hidden) if hidden else run_it_twice.offer(hand)


def _burn(hand: Hand, step: Step) -> Event | None:
    """The top card, unless a card exposed during the deal was set aside: "That card is set
    aside and treated as a burn", so it is this burn and no card leaves the deck."""
    if run_it_twice.asking(hand):
        return None  # waiting for the players' answers
    set_aside = hand.extras.get("set_aside")
    burn = card(set_aside[0]) if set_aside else hand.deck[hand.next_card]
    return _reveal_if_all_in(hand) or CardBurned(burn)


def _board(hand: Hand, step: Step) -> Event | None:
    if run_it_twice.asking(hand):
        return None
    reveal = _reveal_if_all_in(hand)
    if reveal:
        return reveal
    position = hand.next_card
    boards = []
    for _ in range(hand.game.boards):
        boards.append(hand.deck[position : position + step.count])
        position += step.count
    return BoardDealt(tuple(boards))


def _betting(hand: Hand, step: Step) -> Event:
    if betting.betting_possible(hand):
        return RoundStarted(step.street)
    return _end_round(hand, step.street)


def _end_round(hand: Hand, street: int | None = None) -> Event:
    """ "Chips that nobody can call are returned to you when the betting round ends." """
    bets = {s.seat: s.bet for s in hand.seats if s.bet}
    returned = uncalled_bet(bets)
    committed = {s.seat: s.committed for s in hand.seats}
    if returned:
        committed[returned[0]] -= returned[1]
    pots = build_pots(
        committed,
        live={s.seat for s in hand.seats if not s.folded},
        all_in={s.seat for s in hand.seats if s.all_in and not (returned and returned[0] == s.seat)},
        dead_blinds=dead_blinds(hand),
    )
    return RoundEnded(hand.street if street is None else street, (returned,) if returned else (), tuple(pots))


def dead_blinds(hand: Hand) -> dict[int, int]:
    """The dead blinds each seat posted this hand (a returning player's dead small blind), as the
    posts were made: "Dead chips are not part of a player's bet" (engine.pots.build_pots)."""
    dead: dict[int, int] = {}
    for event in hand.events:
        if isinstance(event, PostsMade):
            for post in event.posts:
                if post.kind is PostKind.DEAD_SMALL_BLIND:
                    dead[post.seat] = dead.get(post.seat, 0) + post.amount
            break  # the hand's forced bets are all posted at once, first
    return dead


def _showdown(hand: Hand, step: Step) -> Event | None:
    return run_it_twice.second_runout(hand) or showdown.next_event(hand)


STEP_HANDLERS: dict[str, StepHandler] = {
    StepKind.POST: _post,
    StepKind.DEAL_HOLE: _deal_hole,
    StepKind.BURN: _burn,
    StepKind.BOARD: _board,
    StepKind.BETTING: _betting,
    StepKind.SHOWDOWN: _showdown,
    StepKind.BLIND_BOARD: blind_holdem.gated_board,
    StepKind.COLLECT_STAKES: blind_holdem.collect_stakes,
    StepKind.BLIND_SHOWDOWN: blind_holdem.blind_showdown,
    StepKind.REMOVAL: crazy_blind_man.removal_step,
    StepKind.FACE_UP_SHOWDOWN: crazy_blind_man.showdown_step,
}


# How dealer events change the hand (engine.appliers lists them) ------------------------------


def apply_posts(hand: Hand, event: PostsMade) -> None:
    for post in event.posts:
        s = hand.seats[hand.index[post.seat]]
        s.stack -= post.amount
        s.committed += post.amount
        if post.live:
            s.bet += post.amount
        else:
            hand.pot += post.amount
        if hand.available(s) == 0:
            s.all_in = True
        s.last_action = f"post {post.amount}" if not s.last_action else f"{s.last_action} + {post.amount}"
    hand.step += 1


def apply_hole_cards(hand: Hand, event: HoleCardsDealt) -> None:
    for seat, cards in event.hands:
        hand.seats[hand.index[seat]].hole = cards
        hand.next_card += len(cards)
    hand.street = 0
    hand.step += 1


def apply_burn(hand: Hand, event: CardBurned) -> None:
    set_aside = hand.extras.get("set_aside")
    if set_aside and set_aside[0] == str(event.card):
        # The exposed card, already off the deck and among the burned since it was ruled.
        set_aside.pop(0)
        if not set_aside:
            del hand.extras["set_aside"]
    else:
        hand.burned.append(event.card)
        hand.next_card += 1
    hand.step += 1


def apply_board(hand: Hand, event: BoardDealt) -> None:
    for board, cards in zip(hand.boards, event.cards, strict=True):
        board.extend(cards)
        hand.next_card += len(cards)
    step = hand.current_step
    hand.street = step.street if step else hand.street
    hand.step += 1


def apply_round_ended(hand: Hand, event: RoundEnded) -> None:
    for seat, amount in event.returned:
        s = hand.seats[hand.index[seat]]
        s.bet -= amount
        s.committed -= amount
        s.stack += amount
        s.all_in = hand.available(s) == 0
    for s in hand.seats:
        hand.pot += s.bet
        s.bet = 0
    hand.pots = list(event.pots)
    hand.round_open = False
    hand.to_act = None
    hand.current_bet = 0
    hand.step += 1


def apply_hands_tabled(hand: Hand, event: HandsTabled) -> None:
    for seat in event.seats:
        hand.seats[hand.index[seat]].shown = True
