"""Provably fair shuffling: the deck order is a pure function of a 32-byte seed.

Before a hand the table publishes ``commitment(seed)``; after the hand it reveals
the seed, and anyone can re-derive the deck and check both. The algorithm, exactly
(docs/shuffle.md has the same text and a short reference program):

1. The seed is 32 bytes. The commitment is the lowercase hex SHA-256 of the seed.
2. Byte stream: block ``k`` (k = 0, 1, 2, ...) is HMAC-SHA256 with the seed as key and
   ``k`` as an 8-byte big-endian unsigned integer as message. The stream is block 0,
   then block 1, ... concatenated; bytes are consumed in order and never reused.
3. ``uniform(n)`` (a whole number in 0..n-1): take the next 4 bytes of the stream as a
   big-endian unsigned integer ``x``. If ``x >= 2**32 - (2**32 % n)``, discard it and
   take the next 4 bytes (rejection sampling, so no value is favoured); otherwise the
   answer is ``x % n``.
4. Start from the deck in index order (2c 2d 2h 2s 3c ... As; the short deck is the
   same order without the 2s to 5s). For ``i`` from ``len(deck) - 1`` down to ``1``:
   ``j = uniform(i + 1)``, then swap positions ``i`` and ``j`` (Fisher-Yates).
5. Position 0 of the result is the top card, the first card dealt.

Production seeds come from ``secrets.token_bytes(32)``.

>>> seed = bytes(range(32))
>>> commitment(seed)[:16]
'630dcd2966c43366'
>>> format_cards(shuffled_deck(seed)[:5])
'QsAhKs4dTd'

Verify a hand from a shell::

    python -m engine.shuffle verify SEED_HEX COMMITMENT [--short-deck]
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import secrets
import struct
import sys
from collections.abc import Iterator, Sequence

from engine.cards import SHORT_DECK, STANDARD_DECK, Card, format_cards
from engine.errors import ConfigurationError

SEED_BYTES = 32
_EIGHT_WORDS = struct.Struct(">8I")


class InvalidSeedError(ConfigurationError):
    """A shuffle seed that is not exactly 32 bytes."""


def new_seed() -> bytes:
    """A fresh, unpredictable 32-byte seed for one hand."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The lowercase hex SHA-256 of the seed, published before the hand."""
    _check_seed(seed)
    return hashlib.sha256(seed).hexdigest()


def shuffled_deck(seed: bytes, short_deck: bool = False) -> tuple[Card, ...]:
    """The deck order this seed gives; index 0 is the top card, dealt first."""
    _check_seed(seed)
    deck = list(SHORT_DECK if short_deck else STANDARD_DECK)
    words = _word_stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = _uniform_below(i + 1, words)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def seed_from_hex(text: str) -> bytes:
    """The seed written as 64 hex digits (as revealed after a hand)."""
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        raise InvalidSeedError(f"{text!r} is not hex (a seed is {SEED_BYTES * 2} hex digits)") from None
    _check_seed(seed)
    return seed


def _check_seed(seed: bytes) -> None:
    if not isinstance(seed, bytes | bytearray) or len(seed) != SEED_BYTES:
        raise InvalidSeedError(f"A shuffle seed is exactly {SEED_BYTES} bytes")


def _word_stream(seed: bytes) -> Iterator[int]:
    """The byte stream HMAC-SHA256(seed, 0) + HMAC-SHA256(seed, 1) + ..., read as
    consecutive 4-byte big-endian unsigned integers (a 32-byte block holds 8 of them)."""
    counter = 0
    while True:
        yield from _EIGHT_WORDS.unpack(hmac.digest(seed, counter.to_bytes(8, "big"), "sha256"))
        counter += 1


def _uniform_below(n: int, words: Iterator[int]) -> int:
    """A uniform whole number in 0..n-1, rejecting draws from the biased tail."""
    limit = 2**32 - (2**32 % n)
    while True:
        x = next(words)
        if x < limit:
            return x % n


def verify(
    seed_hex: str, published_commitment: str, short_deck: bool = False
) -> tuple[bool, tuple[Card, ...]]:
    """Whether the revealed seed matches the published commitment, and the deck it gives."""
    seed = seed_from_hex(seed_hex)
    matches = hmac.compare_digest(commitment(seed), published_commitment.strip().lower())
    return matches, shuffled_deck(seed, short_deck)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.shuffle", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="re-derive a hand's deck and check its commitment")
    check.add_argument("seed_hex", help="the seed revealed after the hand (64 hex digits)")
    check.add_argument("commitment", help="the SHA-256 commitment published before the hand")
    check.add_argument("--short-deck", action="store_true", help="the 36-card deck (6 to A)")
    args = parser.parse_args(argv)
    try:
        matches, deck = verify(args.seed_hex, args.commitment, args.short_deck)
    except InvalidSeedError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("deck (top card first):", " ".join(str(c) for c in deck))
    print("compact:", format_cards(deck))
    print("commitment matches" if matches else "COMMITMENT DOES NOT MATCH this seed")
    return 0 if matches else 1


if __name__ == "__main__":
    sys.exit(main())
