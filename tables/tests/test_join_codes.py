"""Join codes: 6 characters, no ambiguous ones like 0/O, 1/I/L, drawn with `secrets`."""

from __future__ import annotations

import doctest

from tables import join_codes
from tables.join_codes import ALPHABET, LENGTH, looks_like_join_code, new_join_code, normalise_join_code


def test_codes_are_six_characters_without_ambiguous_ones() -> None:
    codes = [new_join_code() for _ in range(200)]
    assert all(len(code) == LENGTH == 6 for code in codes)
    assert all(looks_like_join_code(code) for code in codes)
    used = set("".join(codes))
    assert not used & set("0O1IL")
    # 200 codes of 6 draws each use nearly every one of the 31 characters.
    assert len(used) >= 28


def test_codes_are_not_repeated() -> None:
    assert len({new_join_code() for _ in range(500)}) == 500


def test_the_alphabet_has_no_lookalikes() -> None:
    assert len(set(ALPHABET)) == len(ALPHABET) == 31
    assert not set("0O1IL") & set(ALPHABET)


def test_typed_codes_are_normalised() -> None:
    assert normalise_join_code(" k7p-q2m\t") == "K7PQ2M"
    assert not looks_like_join_code("K7PQ2")
    assert not looks_like_join_code("K7PQ20")


def test_docstring_examples() -> None:
    for module in (join_codes,):
        failures, attempted = doctest.testmod(module)
        assert attempted > 0 and failures == 0, module.__name__
