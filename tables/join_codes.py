"""Short join codes that a player can read off the host's screen and type on a phone."""

from __future__ import annotations

import secrets

# No 0/O, 1/I/L: those are the characters people misread across a dim room.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6


def new_join_code() -> str:
    """A fresh random code such as "K7PQ2M" (uniqueness is checked by the caller)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise_join_code(typed: str) -> str:
    """What the player meant: upper case, without the spaces or dashes people add.

    >>> normalise_join_code(" k7p-q2m ")
    'K7PQ2M'
    """
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def looks_like_join_code(code: str) -> bool:
    return len(code) == LENGTH and all(ch in ALPHABET for ch in code)
