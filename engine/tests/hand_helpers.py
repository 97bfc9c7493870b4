"""Building hands with known cards for the hand tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card, parse_cards
from engine.config import HandConfig, SeatInHand, Stakes
from engine.forced_bets import standard_config
from engine.games import GAMES, ForcedBets
from engine.hand import Hand
from engine.seating import clockwise_after


def stakes_for(game: str) -> Stakes:
    """Small stakes of the kind the game's forced bets need (blinds, a bomb ante or a fixed stake)."""
    kind = GAMES[game].forced_bets
    if kind is ForcedBets.BOMB_ANTE:
        return Stakes(bomb_ante=5)
    if kind is ForcedBets.FIXED_STAKE:
        return Stakes(fixed_stake=10)
    return Stakes(small_blind=1, big_blind=2)


def seats_with(stacks: Mapping[int, int] | Sequence[int]) -> list[SeatInHand]:
    """Seats 1..n from a list of stacks, or {seat: stack}. Names are "P<seat>"."""
    items = stacks.items() if isinstance(stacks, Mapping) else enumerate(stacks, start=1)
    return [SeatInHand(seat, f"player-{seat}", stack, f"P{seat}") for seat, stack in items]


def stacked_deck(
    config: HandConfig, holes: Mapping[int, str] | None = None, boards: Sequence[str] = ()
) -> tuple[Card, ...]:
    """A deck that deals `holes` ({seat: "AsKd"}) and `boards` (one text per board, in
    street order, e.g. "KhQhJh 2c 3d"); burns and unnamed cards come from the rest, in order."""
    game = GAMES[config.game]
    holes = holes or {}
    named = [c for text in holes.values() for c in parse_cards(text)]
    board_cards = [parse_cards(text) for text in boards]
    named += [c for board in board_cards for c in board]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    spare = iter(c for c in game.deck if c not in set(named))
    numbers = [s.seat for s in config.seats]
    order = [numbers[i] for i in clockwise_after(numbers, config.button)]
    deck: list[Card] = []
    hole_cards = {seat: parse_cards(text) for seat, text in holes.items()}
    for round_number in range(game.hole_cards):
        for seat in order:
            cards = hole_cards.get(seat, ())
            deck.append(cards[round_number] if round_number < len(cards) else next(spare))
    position = [0] * game.boards
    for street in game.streets:
        if street.burn:
            deck.append(next(spare))
        for board in range(game.boards):
            for _ in range(street.board_cards):
                cards = board_cards[board] if board < len(board_cards) else ()
                deck.append(cards[position[board]] if position[board] < len(cards) else next(spare))
                position[board] += 1
    deck.extend(spare)
    return tuple(deck)


def with_second_run(deck: Sequence[Card], start: int, cards: Mapping[int, str]) -> tuple[Card, ...]:
    """The deck with the named cards moved to the positions (counted from `start`) where a
    second runout of run it twice takes them: {offset: "Ah"}."""
    moved = list(deck)
    for offset, text in cards.items():
        wanted = parse_cards(text)[0]
        here, there = moved.index(wanted), start + offset
        moved[here], moved[there] = moved[there], moved[here]
    return tuple(moved)


def make_hand(
    game: str,
    stacks: Mapping[int, int] | Sequence[int],
    *,
    button: int = 1,
    stakes: Stakes | None = None,
    holes: Mapping[int, str] | None = None,
    boards: Sequence[str] = (),
    straddle: bool = False,
    **options: Any,
) -> Hand:
    """A hand with the usual forced bets (blinds 50/100 unless `stakes` says otherwise)."""
    stakes = stakes or Stakes(small_blind=50, big_blind=100)
    seats = seats_with(stacks)
    config = standard_config(game, seats, button=button, stakes=stakes, straddle=straddle, **options)
    return Hand.deal(config, stacked_deck(config, holes, boards))


def play(hand: Hand, *actions: str) -> Hand:
    """Apply "seat action [to]" strings in order, e.g. play(hand, "4 raise 300", "1 fold")."""
    for text in actions:
        parts = text.split()
        hand.act(int(parts[0]), parts[1], int(parts[2]) if len(parts) > 2 else None)
    return hand
