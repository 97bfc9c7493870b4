"""All-in odds for the table, as on television: once hands are tabled, each one's chance.

When no more betting is possible the live hands are turned face up (a `hands_tabled`
event) and the dealer runs the rest of the board out. `all_in_odds(hand)` gives every
tabled player's odds at that moment, from the board as it stood then and the tabled hole
cards only: never a burn card, a folded hand or anything else face down.

It is a pure function of the hand's events, so a replayed or reloaded hand shows the same
odds; the equity itself is cached on its inputs, so views never recompute it.

Left out, on purpose: double-board hands (each board would need its own odds and the
other board's cards are not dead for a runout), hands tabled with the board complete
(nothing left to come), Crazy Blind Man (a removal may leave cards face down to some
players) and Blind Hold'em (cards are played unseen, there is no all-in reveal to show).

Shape: {"board": ["Ah", ...], "street": "preflop" | "flop" | "turn", "exact": bool,
"players": [{"seat", "win", "tie", "share"}]} with each chance a fraction rounded to 4 places;
in a hi-lo game (engine.hi_lo_equity) "hi_lo": true and each player {"seat", "scoop", "split",
"share"}: the whole pot alone, some of it but not all, and the expected part.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.cards import parse_cards
from engine.equity import all_in_equity
from engine.errors import EngineError
from engine.events import BoardDealt, HandsTabled
from engine.hi_lo_equity import hi_lo_equity
from engine.house import blind_holdem, crazy_blind_man

if TYPE_CHECKING:
    from engine.hand import Hand

__all__ = ["all_in_odds"]

STREET_OF_BOARD_SIZE = {0: "preflop", 3: "flop", 4: "turn"}
SEED = 0  # a fixed Monte Carlo seed: the same spot always shows the same odds
DECIMALS = 4


def all_in_odds(hand: Hand) -> dict[str, Any] | None:
    """Each tabled player's odds when the hands were turned face up, or None (no all-in reveal)."""
    if hand.game.boards != 1 or hand.config.game == blind_holdem.KEY:
        return None
    if crazy_blind_man.is_crazy_blind_man(hand):
        return None
    if sum(s.shown for s in hand.seats) < 2:
        # Every hand the odds count is shown (tabling shows it): none to give yet. Each view
        # asks, and this spares it reading the event log.
        return None
    board: list[str] = []
    tabled: tuple[int, ...] | None = None
    for event in hand.events:
        if isinstance(event, BoardDealt):
            board.extend(str(c) for c in event.cards[0])
        elif isinstance(event, HandsTabled):
            tabled = event.seats
            break
    if tabled is None or len(board) not in STREET_OF_BOARD_SIZE:
        return None
    seats = _face_up_seats(hand, tabled)
    if len(seats) < 2:
        return None
    holes = tuple("".join(str(c) for c in hand.seats[hand.index[seat]].hole) for seat in seats)
    if hand.game.hi_lo:
        return _hi_lo_odds(seats, holes, board)
    players = _odds(holes, "".join(board), hand.game.ranking)
    if players is None:
        return None
    chances, exact = players
    return {
        "board": board,
        "street": STREET_OF_BOARD_SIZE[len(board)],
        "exact": exact,
        "players": [
            {"seat": seat, "win": win, "tie": tie, "share": share}
            for seat, (win, tie, share) in zip(seats, chances, strict=True)
        ],
    }


def _face_up_seats(hand: Hand, tabled: tuple[int, ...]) -> list[int]:
    """The live hands face up to everyone: those tabled, plus any already shown before.

    A mucked hand is dropped (its cards are hidden again in every view).
    """
    seats = []
    for s in hand.seats:
        if s.mucked or s.folded or not s.hole:
            continue
        if s.seat in tabled or s.shown:
            seats.append(s.seat)
    return seats


@lru_cache(maxsize=256)
def _odds(
    holes: tuple[str, ...], board: str, ranking: str
) -> tuple[tuple[tuple[float, float, float], ...], bool] | None:
    """(win, tie, share) per hole, and whether every runout was counted; None if not computable."""
    try:
        result = all_in_equity([parse_cards(h) for h in holes], parse_cards(board), (), ranking, seed=SEED)
    except EngineError:  # a variant whose hole cards the equity counter does not handle
        return None
    chances = tuple(
        (round(p.win, DECIMALS), round(p.tie, DECIMALS), round(p.share, DECIMALS)) for p in result.players
    )
    return chances, result.exact


def _hi_lo_odds(seats: list[int], holes: tuple[str, ...], board: list[str]) -> dict[str, Any] | None:
    chances = _hi_lo_chances(holes, "".join(board))
    if chances is None:
        return None
    players, exact = chances
    return {
        "board": board,
        "street": STREET_OF_BOARD_SIZE[len(board)],
        "exact": exact,
        "hi_lo": True,
        "players": [
            {"seat": seat, "scoop": scoop, "split": split, "share": share}
            for seat, (scoop, split, share) in zip(seats, players, strict=True)
        ],
    }


@lru_cache(maxsize=256)
def _hi_lo_chances(
    holes: tuple[str, ...], board: str
) -> tuple[tuple[tuple[float, float, float], ...], bool] | None:
    """(scoop, split, share) per hole, and whether every runout was counted."""
    try:
        result = hi_lo_equity([parse_cards(h) for h in holes], parse_cards(board), seed=SEED)
    except EngineError:
        return None
    chances = tuple(
        (round(p.scoop, DECIMALS), round(p.split, DECIMALS), round(p.share, DECIMALS)) for p in result.players
    )
    return chances, result.exact
