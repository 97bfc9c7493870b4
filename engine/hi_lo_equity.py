"""All-in odds for Omaha hi-lo: each player's chance to scoop, to take part of the pot, and the
part of it they can expect, from the cards known now.

>>> from engine.cards import parse_cards
>>> odds = hi_lo_equity([parse_cards("Ac2dKsKh"), parse_cards("QcQdJsTs")], parse_cards("3h5c9dQh"))
>>> [(round(p.scoop, 3), round(p.split, 3), round(p.share, 3)) for p in odds.players], odds.exact
([(0.1, 0.3, 0.25), (0.6, 0.3, 0.75)], True)

A2 with kings against a set of queens on the turn: a 4 (four of the 40 cards) makes the wheel,
high and low; a 6, 7 or 8 (twelve) a low only.

Each runout splits the pot as `engine.hi_lo` does: half to the best high, half to the best low
(eight or better), the whole pot to the high when no low qualifies, tied hands sharing their half
(odd chips are left out: a share is a fraction of the pot). A *scoop* is the whole pot alone.
With the flop or the turn known every runout is counted; before the flop a seeded sample of
SAMPLES boards is dealt from a SHAKE-256 stream, as in engine.equity (95% of the time within 1.6
percentage points: each runout asks every hand for two evaluations, so the sample is smaller
than Hold'em's).
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from engine.cards import STANDARD_DECK, Card
from engine.errors import ConfigurationError, InvalidCardError
from engine.evaluator import omaha_value_of_indices, tables_for
from engine.low import omaha_low_of_ranks

__all__ = ["SAMPLES", "HiLoEquity", "HiLoPlayer", "hi_lo_equity"]

SAMPLES = 4_000
BOARD_SIZE = 5


@dataclass(frozen=True, slots=True)
class HiLoPlayer:
    """One player's odds, each a fraction of the runouts."""

    scoop: float  # the whole pot, alone
    split: float  # some of the pot but not all of it (a half, or a share of a tie)
    share: float  # the expected part of the pot (sums to 1 over the players)


@dataclass(frozen=True, slots=True)
class HiLoEquity:
    players: tuple[HiLoPlayer, ...]  # in the order the hole cards were given
    runouts: int
    exact: bool


def hi_lo_equity(
    holes: Sequence[Iterable[Card]], board: Iterable[Card] = (), dead: Iterable[Card] = (), *, seed: int = 0
) -> HiLoEquity:
    """Odds for 2 to 10 Omaha hi-lo hands of 4, 5 or 6 known hole cards, a board of 0, 3, 4 or 5
    cards and `dead` cards that cannot come. ConfigurationError for a spot that cannot be dealt,
    InvalidCardError for a card given twice."""
    hands = [tuple(hole) for hole in holes]
    board, dead = tuple(board), tuple(dead)
    if not 2 <= len(hands) <= 10 or any(not 4 <= len(hand) <= 6 for hand in hands):
        raise ConfigurationError("Hi-lo odds are for 2 to 10 Omaha hands of 4, 5 or 6 hole cards")
    if len(board) not in (0, 3, 4, 5):
        raise ConfigurationError(f"A board has 0, 3, 4 or 5 cards, not {len(board)}")
    known = [c for hand in hands for c in hand] + list(board) + list(dead)
    if len({c.index for c in known}) != len(known):
        raise InvalidCardError("A card is given twice")
    taken = {c.index for c in known}
    stub = [c for c in STANDARD_DECK if c.index not in taken]
    needed = BOARD_SIZE - len(board)
    if len(stub) < needed:
        raise ConfigurationError(f"Only {len(stub)} cards are left to deal the board's last {needed}")
    exact = comb(len(stub), needed) <= SAMPLES
    if exact:
        runouts: Iterable[tuple[Card, ...]] = combinations(stub, needed)
        count = comb(len(stub), needed)
    else:
        runouts = _sampled_runouts(stub, needed, SAMPLES, seed)
        count = SAMPLES
    scoops, splits, shares = _count(hands, board, runouts)
    counted = zip(scoops, splits, shares, strict=True)
    return HiLoEquity(tuple(HiLoPlayer(s / count, p / count, h / count) for s, p, h in counted), count, exact)


def _sampled_runouts(stub: list[Card], needed: int, samples: int, seed: int) -> Iterable[tuple[Card, ...]]:
    """`samples` random completions of the board by partial Fisher-Yates on `stub`, from the same
    kind of SHAKE-256 stream as engine.equity (deterministic: the same spot shows the same odds)."""
    stream = hashlib.shake_256(b"homegame hi-lo equity " + seed.to_bytes(16, "big", signed=True))
    words = struct.unpack(f"<{samples * needed}I", stream.digest(4 * samples * needed))
    stub = list(stub)
    for start in range(0, samples * needed, needed):
        for place in range(needed):
            pick = place + ((words[start + place] * (len(stub) - place)) >> 32)
            stub[pick], stub[place] = stub[place], stub[pick]
        yield tuple(stub[:needed])


def _count(
    hands: list[tuple[Card, ...]], board: tuple[Card, ...], runouts: Iterable[tuple[Card, ...]]
) -> tuple[list[int], list[int], list[float]]:
    tables = tables_for("standard")
    players = range(len(hands))
    hole_indices = [[c.index for c in hand] for hand in hands]
    hole_ranks = [[1 if c.rank == 14 else c.rank for c in hand] for hand in hands]
    scoops, splits, shares = [0] * len(hands), [0] * len(hands), [0.0] * len(hands)
    for more in runouts:
        cards = board + more
        indices = [c.index for c in cards]
        ranks = [1 if c.rank == 14 else c.rank for c in cards]
        highs = [omaha_value_of_indices(hole_indices[i], indices, tables) for i in players]
        lows = [omaha_low_of_ranks(hole_ranks[i], ranks) for i in players]
        best_high = max(highs)
        high_winners = [i for i in players if highs[i] == best_high]
        qualifying = [low for low in lows if low]
        part = [0.0] * len(hands)
        if not qualifying:
            for i in high_winners:
                part[i] += 1 / len(high_winners)
        else:
            best_low = min(qualifying)
            low_winners = [i for i in players if lows[i] == best_low]
            for i in high_winners:
                part[i] += 0.5 / len(high_winners)
            for i in low_winners:
                part[i] += 0.5 / len(low_winners)
        for i in players:
            if part[i] == 1.0:
                scoops[i] += 1
            elif part[i] > 0:
                splits[i] += 1
            shares[i] += part[i]
    return scoops, splits, shares
