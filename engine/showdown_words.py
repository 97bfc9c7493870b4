"""Each showdown result explained for the table: who won the pot with what, what decided it, and
what each beaten hand was, from the tabled hands only (engine.deciding_cards names the cards).

A hand counts only when every viewer sees its cards (tabled at the showdown); a hand mucked, or
not yet seen by everyone, is never compared, so the words say nothing a viewer may not see. The
main pot of each board is explained with every tabled hand that lost it; a side pot says only
what won it, since not every tabled hand was in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.deciding_cards import decide, hand_words
from engine.errors import EngineError
from engine.evaluator import HandValue
from engine.hi_lo import LOW, low_value
from engine.house import views as home_views
from engine.showdown import hand_value

if TYPE_CHECKING:
    from engine.events import Award
    from engine.hand import Hand, SeatState

PUBLIC = "public"


def _tabled_for_everyone(hand: Hand, s: SeatState) -> bool:
    shown = s.shown and not s.mucked
    return shown and home_views.hole_cards_visible(hand, s, PUBLIC, shown)


def explain(hand: Hand, award: Award) -> dict[str, Any] | None:
    """{"winner_words", "winner_cards": {seat: [cards]}, "losers": [{"seat", "words", "cards",
    "plays", "by_kicker"}]} for a pot won at a showdown by tabled hands; None otherwise."""
    if not award.hand:
        return None
    board = award.board or 0
    tabled = [s for s in hand.seats if not s.folded and _tabled_for_everyone(hand, s)]
    winners = {seat for seat, _ in award.shares}
    if award.half == LOW:
        return _explain_low(hand, award, tabled, winners)
    values = _values(hand, tabled, board)
    if values is None or not winners <= set(values):
        return None
    best = values[next(iter(winners))]
    beaten = {seat: value for seat, value in values.items() if value < best} if award.pot == 0 else {}
    closest = max(beaten.values(), default=None)
    decided = decide(best, closest) if closest is not None else None
    return {
        "winner_words": decided.winner_words if decided else hand_words(best),
        "winner_cards": {
            str(seat): [str(c) for c in _winner_cards(values[seat], closest)] for seat in sorted(winners)
        },
        "losers": [_loser(best, seat, value) for seat, value in sorted(beaten.items(), key=lambda i: -i[1])],
    }


def _explain_low(
    hand: Hand, award: Award, tabled: list[SeatState], winners: set[int]
) -> dict[str, Any] | None:
    """A low half: the winning low and its five cards (lows are read from the top card down, so
    the words name them all; no beaten hand is compared)."""
    lows = {s.seat: low_value(hand, s.seat, award.board or 0) for s in tabled if s.seat in winners}
    if set(lows) != winners or any(low is None for low in lows.values()):
        return None
    return {
        "winner_words": award.hand,
        "winner_cards": {str(seat): [str(c) for c in low.cards] for seat, low in sorted(lows.items()) if low},
        "losers": [],
    }


def _values(hand: Hand, seats: list[SeatState], board: int) -> dict[int, HandValue] | None:
    try:
        return {s.seat: hand_value(hand, s.seat, board) for s in seats}
    except EngineError:  # a variant whose cards do not make a hand yet
        return None


def _winner_cards(value: HandValue, closest: HandValue | None) -> tuple[Any, ...]:
    """The winner's cards that decided it against the closest hand, or the whole best five."""
    return decide(value, closest).winner_cards if closest is not None else value.cards


def _loser(best: HandValue, seat: int, value: HandValue) -> dict[str, Any]:
    decided = decide(best, value)
    return {
        "seat": seat,
        "words": decided.loser_words,
        "cards": [str(c) for c in decided.loser_cards],
        "plays": decided.plays,
        "by_kicker": decided.by_kicker,
    }
