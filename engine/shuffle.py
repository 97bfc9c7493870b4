"""Fair shuffling: nobody chooses the deck, and everyone can check it without seeing a hidden card.

The deck order is a pure function of a 32-byte *deck seed*; docs/shuffle.md has the same
text and a reference program using only the standard library.

1. Each seated phone pledges the SHA-256 of a 32-byte random *value* between hands. At the
   deal (the cut-off) the server draws a 32-byte *server seed* (``secrets.token_bytes``) and
   publishes its commitment, the lowercase hex SHA-256 of it; then the phones send their
   values (engine.live.fairness says when each step happens).
2. The deck seed is the server seed when no value came, else
   ``HMAC-SHA256(key=server seed, message=the values (contributions), sorted, concatenated)``.
3. Byte stream: block ``k`` (k = 0, 1, 2, ...) is HMAC-SHA256 with the deck seed as key
   and ``k`` as an 8-byte big-endian unsigned integer as message, concatenated in order.
4. ``uniform(n)``: the next 4 bytes of the stream as a big-endian unsigned integer ``x``;
   if ``x >= 2**32 - (2**32 % n)`` discard it and read on (rejection sampling); else
   ``x % n``.
5. Start from the deck in index order (2c 2d 2h 2s 3c ... As; the short deck is the same
   order without the 2s to 5s). For ``i`` from ``len(deck) - 1`` down to ``1``:
   ``j = uniform(i + 1)``, swap positions ``i`` and ``j`` (Fisher-Yates). Position 0 is
   the top card, the first card dealt.
6. Position commitments: position ``i``'s salt is ``HMAC-SHA256(key=deck seed,
   message=b"salt" + i as one byte)``; its leaf is ``SHA-256(b"leaf" + i as one byte +
   the card's two ASCII letters + salt)``. The 64 leaves (positions past the deck's end
   are ``SHA-256(b"empty")``) make a Merkle tree whose nodes are ``SHA-256(b"node" + left
   + right)``; its root is published at the deal.
7. An *opening* of position ``i`` is (i, card, salt, path): the six sibling hashes from
   the leaf up. Anyone recomputes the leaf, climbs the path (bit ``k`` of ``i`` set: the
   sibling is on the left) and compares the root. It proves one card without telling any
   other: the salts of the other positions stay secret until the seeds are revealed (never,
   for a hand whose deck would give a player a card kept from them for good:
   ``engine.views.seeds_may_be_revealed``).

>>> seed = bytes(range(32))
>>> commitment(seed)[:16]
'630dcd2966c43366'
>>> format_cards(shuffled_deck(seed)[:5])
'QsAhKs4dTd'
>>> root = deck_root(seed, shuffled_deck(seed))
>>> check_opening(root, opening(seed, shuffled_deck(seed), 0))
True

Check from a shell (a revealed seed, or openings)::

    python -m engine.shuffle verify SEED_HEX COMMITMENT [--contribution HEX ...] [--root ROOT] [--short-deck]
    python -m engine.shuffle verify --root ROOT --opening '{"position": 0, "card": "Qs", ...}' ...
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import secrets
import struct
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.cards import SHORT_DECK, STANDARD_DECK, Card, format_cards
from engine.errors import ConfigurationError

SEED_BYTES = 32
TREE_LEAVES = 64  # a power of two at least as large as any deck
EMPTY_LEAF = hashlib.sha256(b"empty").digest()
_EIGHT_WORDS = struct.Struct(">8I")


class InvalidSeedError(ConfigurationError):
    """A shuffle seed (or a phone's contribution) that is not exactly 32 bytes."""


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


def deck_seed(server_seed: bytes, contributions: Iterable[bytes] = ()) -> bytes:
    """The seed the deck comes from: the server's, mixed with every phone's contribution.

    A phone that sends nothing is simply not included; with no contribution at all the deck
    seed is the server seed, which its commitment fixed before the deal."""
    _check_seed(server_seed)
    parts = sorted(bytes(c) for c in contributions)
    for part in parts:
        _check_seed(part)
    if not parts:
        return bytes(server_seed)
    return hmac.digest(server_seed, b"".join(parts), "sha256")


def _salt(seed: bytes, position: int) -> bytes:
    return hmac.digest(seed, b"salt" + bytes([position]), "sha256")


def _leaf(position: int, card_text: str, salt: bytes) -> bytes:
    return hashlib.sha256(b"leaf" + bytes([position]) + card_text.encode("ascii") + salt).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"node" + left + right).digest()


def _levels(seed: bytes, deck: Sequence[Card]) -> list[list[bytes]]:
    """The Merkle tree over the deck's position commitments, leaves first, root last."""
    leaves = [_leaf(i, str(c), _salt(seed, i)) for i, c in enumerate(deck)]
    levels = [leaves + [EMPTY_LEAF] * (TREE_LEAVES - len(leaves))]
    while len(levels[-1]) > 1:
        below = levels[-1]
        levels.append([_node(below[k], below[k + 1]) for k in range(0, len(below), 2)])
    return levels


class DeckCommitment:
    """A deck's position commitments, worked out once for any number of openings."""

    def __init__(self, seed: bytes, deck: Sequence[Card]) -> None:
        _check_seed(seed)
        self.seed = bytes(seed)
        self.deck = tuple(deck)
        self.levels = _levels(self.seed, self.deck)
        self.root = self.levels[-1][0].hex()

    def opening(self, position: int) -> dict[str, Any]:
        """What proves the card at `position` (and nothing else) against the root."""
        if not 0 <= position < len(self.deck):
            raise ConfigurationError(f"There is no position {position} in this deck")
        path = [self.levels[level][(position >> level) ^ 1].hex() for level in range(len(self.levels) - 1)]
        salt = _salt(self.seed, position).hex()
        return {"position": position, "card": str(self.deck[position]), "salt": salt, "path": path}


def deck_root(seed: bytes, deck: Sequence[Card]) -> str:
    """The Merkle root over the deck's position commitments (hex), published at the deal."""
    return DeckCommitment(seed, deck).root


def opening(seed: bytes, deck: Sequence[Card], position: int) -> dict[str, Any]:
    return DeckCommitment(seed, deck).opening(position)


def check_opening(root: str, proof: Mapping[str, Any]) -> bool:
    """Whether `proof` ({position, card, salt, path}) opens a position of the deck with this root."""
    try:
        position = int(proof["position"])
        node = _leaf(position, str(proof["card"]), bytes.fromhex(proof["salt"]))
        path = [bytes.fromhex(sibling) for sibling in proof["path"]]
    except (KeyError, TypeError, ValueError, UnicodeEncodeError, OverflowError):
        return False
    if not 0 <= position < TREE_LEAVES or len(path) != TREE_LEAVES.bit_length() - 1:
        return False
    for level, sibling in enumerate(path):
        node = _node(sibling, node) if position >> level & 1 else _node(node, sibling)
    return hmac.compare_digest(node.hex(), str(root).strip().lower())


def verify(
    seed_hex: str,
    published_commitment: str,
    short_deck: bool = False,
    contributions: Sequence[str] = (),
    root: str | None = None,
) -> tuple[bool, tuple[Card, ...]]:
    """Whether a revealed server seed matches its commitment (and, given the published
    root, whether the deck it gives with the contributions is the one committed at the
    deal), and that deck."""
    seed = seed_from_hex(seed_hex)
    matches = hmac.compare_digest(commitment(seed), published_commitment.strip().lower())
    mixed = deck_seed(seed, [seed_from_hex(c) for c in contributions])
    deck = shuffled_deck(mixed, short_deck)
    if root is not None:
        matches = matches and hmac.compare_digest(deck_root(mixed, deck), root.strip().lower())
    return matches, deck


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.shuffle", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("verify", help="check a revealed seed, or openings of single cards")
    check.add_argument(
        "seed_hex", nargs="?", help="a server seed revealed at the end of the night (64 hex digits)"
    )
    check.add_argument("commitment", nargs="?", help="the SHA-256 commitment published before the deal")
    check.add_argument("--short-deck", action="store_true", help="the 36-card deck (6 to A)")
    check.add_argument("--contribution", action="append", default=[], help="a phone's contribution (hex)")
    check.add_argument("--root", help="the deck's Merkle root published at the deal")
    check.add_argument("--opening", action="append", default=[], help="an opening as JSON (needs --root)")
    args = parser.parse_args(argv)
    if args.opening:
        return _check_openings(args.root, args.opening)
    if not args.seed_hex or not args.commitment:
        print("error: give a seed and its commitment, or --root with --opening", file=sys.stderr)
        return 2
    try:
        matches, deck = verify(args.seed_hex, args.commitment, args.short_deck, args.contribution, args.root)
    except InvalidSeedError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("deck (top card first):", " ".join(str(c) for c in deck))
    print("compact:", format_cards(deck))
    if args.root:
        print(
            "commitment and deck root match"
            if matches
            else "COMMITMENT OR DECK ROOT DOES NOT MATCH this seed"
        )
    else:
        print("commitment matches" if matches else "COMMITMENT DOES NOT MATCH this seed")
    return 0 if matches else 1


def _check_openings(root: str | None, openings: Sequence[str]) -> int:
    if not root:
        print("error: an opening is checked against the deck root (--root)", file=sys.stderr)
        return 2
    good = True
    for text in openings:
        try:
            proof = json.loads(text)
        except ValueError:
            proof = {}
        ok = isinstance(proof, dict) and check_opening(root, proof)
        good = good and ok
        where = f"position {proof.get('position')}: {proof.get('card')}" if isinstance(proof, dict) else text
        print(f"{where} {'opens the root' if ok else 'DOES NOT MATCH the root'}")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
