"""All-in odds: each player's chance to win and to tie, from the cards known now.

>>> from engine.cards import parse_cards
>>> odds = all_in_equity([parse_cards("7s7d"), parse_cards("AhKh")], board=parse_cards("7c2h9hQs"))
>>> [round(p.win, 4) for p in odds.players], odds.exact, odds.runouts
([0.8409, 0.1591], True, 44)

Two hole cards make a Hold'em hand; 4, 5 or 6 an Omaha hand (exactly two hole cards
and three board cards). With the flop or turn known every runout is counted exactly.
Before the flop a seeded Monte Carlo deals MONTE_CARLO_SAMPLES boards, enough that the
95% confidence interval of every chance is within 0.5 percentage points; whenever
listing every runout is no more work than that (few cards left), they are listed.

The Monte Carlo stream is SHAKE-256 of the seed, read as 32-bit little-endian words;
a word w picks a card from m with (w * m) >> 32 (bias below m / 2**32, far below the
sampling error). It is deterministic, so the same spot always shows the same odds;
only the deck shuffle (engine.shuffle) needs to be unpredictable.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import ceil, comb

from engine.cards import SHORT_DECK, STANDARD_DECK, Card
from engine.errors import ConfigurationError, InvalidCardError
from engine.evaluator import Ranking, tables_for, value_of_indices
from engine.evaluator_tables import (
    CARD_BITS_SHIFT,
    CARD_KEYS,
    FLUSH_SUIT_OF_BIT,
    FLUSH_TEST_ADD,
    FLUSH_TEST_BITS,
    RANK_KEY_MASK,
    RANK_KEY_SHIFT,
    RANK_KEYS,
    SUIT_SPREAD,
    RankingTables,
)

__all__ = ["MONTE_CARLO_SAMPLES", "EquityResult", "PlayerEquity", "all_in_equity"]

# Per card index: its rank's part of a rank-multiset key, and its rank's bit in a
# flush-table key (see engine.evaluator_tables).
_RANK_KEY = tuple(RANK_KEYS[index >> 2] for index in range(52))
_SPREAD = tuple(1 << 4 * (index >> 2) for index in range(52))
_THREE_OF_A_SUIT_ADD = 0x5555  # a suit nibble of 3 or more plus 5 sets its top bit
MONTE_CARLO_SAMPLES = ceil((1.96 * 0.5 / 0.005) ** 2)  # 38,416: worst case p = 0.5
BOARD_SIZE = 5


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's odds, each a fraction of the runouts (0.25 is 25%)."""

    win: float  # wins the pot alone
    tie: float  # shares the best hand with others
    share: float  # expected part of the pot: win plus each tie's split (sums to 1 over players)


@dataclass(frozen=True, slots=True)
class EquityResult:
    players: tuple[PlayerEquity, ...]  # in the order the hole cards were given
    runouts: int  # boards counted
    exact: bool  # every possible runout counted, not a sample


def all_in_equity(
    holes: Sequence[Iterable[Card]],
    board: Iterable[Card] = (),
    dead: Iterable[Card] = (),
    ranking: Ranking | str = Ranking.STANDARD,
    *,
    seed: int = 0,
) -> EquityResult:
    """Odds for 2 to 10 players whose hole cards are known, with a board of 0, 3, 4 or 5
    cards and `dead` cards (burnt, folded or exposed) that cannot come.

    `seed` picks the Monte Carlo sample: the same spot and seed give the same answer.
    Raises ConfigurationError for a spot that cannot be dealt, InvalidCardError for a
    card given twice or not in the ranking's deck.
    """
    hands = [tuple(hole) for hole in holes]
    board, dead = tuple(board), tuple(dead)
    tables = tables_for(ranking)
    deck = SHORT_DECK if tables.ranking is Ranking.SHORT_DECK else STANDARD_DECK
    _check_spot(hands, board, dead, deck)
    known = {c.index for c in (*board, *dead)}.union(c.index for hand in hands for c in hand)
    stub = [CARD_KEYS[c.index] for c in deck if c.index not in known]
    needed = BOARD_SIZE - len(board)
    if len(stub) < needed:
        raise ConfigurationError(f"Only {len(stub)} cards are left to deal the board's last {needed}")
    board_total = sum(CARD_KEYS[c.index] for c in board)
    exact = comb(len(stub), needed) <= MONTE_CARLO_SAMPLES
    if exact:
        boards = [board_total + sum(more) for more in combinations(stub, needed)]
    else:
        boards = _sampled_boards(board_total, stub, needed, MONTE_CARLO_SAMPLES, seed)
    if len(hands[0]) == 2:
        holdem = [CARD_KEYS[a.index] + CARD_KEYS[b.index] for a, b in hands]
        wins, ties, shares = _count_holdem(holdem, boards, tables)
    else:
        wins, ties, shares = _count_omaha(hands, boards, tables)
    runouts = len(boards)
    return EquityResult(
        players=tuple(
            PlayerEquity(win / runouts, tie / runouts, share / runouts)
            for win, tie, share in zip(wins, ties, shares, strict=True)
        ),
        runouts=runouts,
        exact=exact,
    )


def _check_spot(
    hands: list[tuple[Card, ...]], board: tuple[Card, ...], dead: tuple[Card, ...], deck: tuple[Card, ...]
) -> None:
    if not 2 <= len(hands) <= 10:
        raise ConfigurationError(f"All-in odds are for 2 to 10 players, not {len(hands)}")
    sizes = {len(hand) for hand in hands}
    if len(sizes) != 1 or not sizes <= {2, 4, 5, 6}:
        raise ConfigurationError("Every player needs 2 hole cards (Hold'em) or the same 4, 5 or 6 (Omaha)")
    if len(board) not in (0, 3, 4, 5):
        raise ConfigurationError(f"A board has 0, 3, 4 or 5 cards, not {len(board)}")
    seen: set[Card] = set()
    in_deck = set(deck)
    for c in (*board, *dead, *(c for hand in hands for c in hand)):
        if not isinstance(c, Card):
            raise InvalidCardError(f"{c!r} is not a card")
        if c in seen:
            raise InvalidCardError(f"{c} appears twice")
        if c not in in_deck:
            raise InvalidCardError(f"{c} is not in the {len(deck)}-card deck")
        seen.add(c)


def _sampled_boards(board_total: int, stub: list[int], needed: int, samples: int, seed: int) -> list[int]:
    """Board key sums of `samples` random completions, by partial Fisher-Yates on `stub`.

    Each sample reshuffles the first `needed` places of the (already shuffled) stub,
    which gives a uniform choice whatever order earlier samples left behind.
    """
    stream = hashlib.shake_256(b"homegame equity " + seed.to_bytes(16, "big", signed=True))
    words = struct.unpack(f"<{samples * needed}I", stream.digest(4 * samples * needed))
    stub = list(stub)
    choices = [len(stub) - place for place in range(needed)]
    places = range(needed)
    totals = []
    for start in range(0, samples * needed, needed):
        total = board_total
        for place in places:
            pick = place + ((words[start + place] * choices[place]) >> 32)
            key = stub[pick]
            stub[pick] = stub[place]
            stub[place] = key
            total += key
        totals.append(total)
    return totals


def _count_holdem(
    holes: list[int], boards: list[int], tables: RankingTables
) -> tuple[list[int], list[int], list[float]]:
    plain, flush, suit_of = tables.plain, tables.flush, FLUSH_SUIT_OF_BIT
    players = len(holes)
    wins, ties, shares = [0] * players, [0] * players, [0.0] * players
    for board_total in boards:
        # Inlined evaluate(): this loop is the whole cost of a preflop answer.
        best, leader, tied = -1, -1, False
        for player, hole in enumerate(holes):
            total = board_total + hole
            flush_bits = (total + FLUSH_TEST_ADD) & FLUSH_TEST_BITS
            if flush_bits:
                value = flush[(total >> (CARD_BITS_SHIFT + suit_of[flush_bits])) & SUIT_SPREAD]
            else:
                value = plain[(total >> RANK_KEY_SHIFT) & RANK_KEY_MASK]
            if value > best:
                best, leader, tied = value, player, False
            elif value == best:
                tied = True
        if tied:
            values = [value_of_indices(_indices_of_bits(board_total + hole), tables) for hole in holes]
            _score(values, wins, ties, shares)
        else:
            wins[leader] += 1
            shares[leader] += 1
    return wins, ties, shares


def _indices_of_bits(total: int) -> list[int]:
    """The card indices whose bits a key sum holds."""
    indices = []
    bits = total >> CARD_BITS_SHIFT
    while bits:
        lowest = bits & -bits
        indices.append(lowest.bit_length() - 1)
        bits ^= lowest
    return indices


def _count_omaha(
    hands: list[tuple[Card, ...]], boards: list[int], tables: RankingTables
) -> tuple[list[int], list[int], list[float]]:
    """Omaha: the best of every hole pair with every board triple, for each player.

    Ranks and flushes are looked at apart: a flush needs three board cards of one suit
    and two hole cards of it, so most boards need only the ranks, and combinations of
    equal ranks are looked up once.
    """
    plain, flush = tables.plain, tables.flush
    holes = [[c.index for c in hand] for hand in hands]
    rank_pairs = [sorted({_RANK_KEY[a] + _RANK_KEY[b] for a, b in combinations(hole, 2)}) for hole in holes]
    suited_pairs = [  # [player][suit]: flush-table keys of the hole pairs of that suit
        [[_SPREAD[a] + _SPREAD[b] for a, b in combinations(hole, 2) if a & 3 == b & 3 == s] for s in range(4)]
        for hole in holes
    ]
    players = len(hands)
    wins, ties, shares = [0] * players, [0] * players, [0.0] * players
    # Each player's best hand without a flush depends only on the board's ranks, and
    # random boards repeat their ranks often: remember it per rank multiset.
    best_plain: list[dict[int, int]] = [{} for _ in hands]
    for board_total in boards:
        board_ranks = (board_total >> RANK_KEY_SHIFT) & RANK_KEY_MASK
        board: list[int] = []
        values = []
        for player, pairs in enumerate(rank_pairs):
            value = best_plain[player].get(board_ranks)
            if value is None:
                board = board or _indices_of_bits(board_total)
                triples = {_RANK_KEY[a] + _RANK_KEY[b] + _RANK_KEY[c] for a, b, c in combinations(board, 3)}
                value = best_plain[player][board_ranks] = max([plain[p + t] for p in pairs for t in triples])
            values.append(value)
        three_suited = (board_total + _THREE_OF_A_SUIT_ADD) & FLUSH_TEST_BITS
        if three_suited:  # at most one suit has three of five board cards
            suit = FLUSH_SUIT_OF_BIT[three_suited]
            suited = [_SPREAD[index] for index in board or _indices_of_bits(board_total) if index & 3 == suit]
            suited_triples = [a + b + c for a, b, c in combinations(suited, 3)]
            for player in range(players):
                for pair in suited_pairs[player][suit]:
                    for triple in suited_triples:
                        if flush[pair + triple] > values[player]:
                            values[player] = flush[pair + triple]
        _score(values, wins, ties, shares)
    return wins, ties, shares


def _score(values: list[int], wins: list[int], ties: list[int], shares: list[float]) -> None:
    best = max(values)
    winners = values.count(best)
    if winners == 1:
        winner = values.index(best)
        wins[winner] += 1
        shares[winner] += 1
        return
    split = 1 / winners
    for player, value in enumerate(values):
        if value == best:
            ties[player] += 1
            shares[player] += split
