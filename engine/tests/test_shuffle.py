"""The provably fair shuffle (docs/design.md, "Shuffling"): "Decks are shuffled with
Fisher-Yates driven by a CSPRNG (`secrets`), never the `random` module. Each hand
publishes a SHA-256 commitment of its seed before the deal and reveals the seed after
the hand, so anyone can re-derive the deck order and check it." """

from __future__ import annotations

import doctest
import hashlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine.shuffle
from engine.cards import SHORT_DECK, STANDARD_DECK, parse_cards
from engine.errors import EngineError
from engine.shuffle import (
    InvalidSeedError,
    _uniform_below,
    commitment,
    main,
    new_seed,
    shuffled_deck,
    verify,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "shuffle.md"
FIXED_SEEDS = [hashlib.sha256(f"test seed {i}".encode()).digest() for i in range(4000)]


def _doc_reference_program() -> dict[str, object]:
    source = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert source, "docs/shuffle.md has a python reference program"
    namespace: dict[str, object] = {"__name__": "reference"}
    exec(source.group(1), namespace)
    return namespace


def test_the_same_seed_always_gives_the_same_deck():
    seed = FIXED_SEEDS[0]
    assert shuffled_deck(seed) == shuffled_deck(bytes(seed))
    assert shuffled_deck(seed) != shuffled_deck(FIXED_SEEDS[1])


def test_a_shuffled_deck_holds_every_card_once():
    assert sorted(shuffled_deck(FIXED_SEEDS[2])) == sorted(STANDARD_DECK)
    assert sorted(shuffled_deck(FIXED_SEEDS[2], short_deck=True)) == sorted(SHORT_DECK)


def test_new_seeds_are_32_fresh_bytes():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(len(s) == 32 for s in seeds)


def test_commitment_is_the_sha256_hex_of_the_seed():
    seed = FIXED_SEEDS[3]
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert verify(seed.hex(), commitment(seed))[0] is True
    assert verify(seed.hex(), commitment(FIXED_SEEDS[4]))[0] is False


def test_it_refuses_a_seed_that_is_not_32_bytes():
    for bad in (b"", b"x" * 31, b"x" * 33, "x" * 32):
        with pytest.raises(InvalidSeedError, match="exactly 32 bytes"):
            shuffled_deck(bad)  # type: ignore[arg-type]
    with pytest.raises(EngineError, match="not hex"):
        verify("zz" * 32, "00")


def test_the_reference_program_in_the_docs_gives_the_same_decks():
    """docs/shuffle.md: "someone could verify a hand with a few lines in another language"."""
    deck_order = _doc_reference_program()["deck_order"]
    for seed in FIXED_SEEDS[:25]:
        for short in (False, True):
            assert tuple(parse_cards(deck_order(seed, short))) == shuffled_deck(seed, short)  # type: ignore[operator]


def test_the_documented_test_vector_still_holds():
    """A changed algorithm would make every published hand unverifiable."""
    text = DOC.read_text()
    seed = bytes.fromhex(re.search(r"Seed \(hex\): `([0-9a-f]{64})`", text).group(1))  # type: ignore[union-attr]
    assert commitment(seed) == re.search(r"Commitment: `([0-9a-f]{64})`", text).group(1)  # type: ignore[union-attr]
    blocks = re.findall(r"deck, top card first:\n\n```\n(.*?)```", text, re.S)
    assert shuffled_deck(seed) == parse_cards(blocks[0].split())
    assert shuffled_deck(seed, short_deck=True) == parse_cards(blocks[1].split())


def test_uniform_draws_reject_the_biased_tail():
    """Rejection sampling: a 32-bit draw at or above 2**32 - (2**32 % n) is thrown away."""
    limit = 2**32 - 2**32 % 52
    assert _uniform_below(52, iter([limit, limit + 5, 2**32 - 1, 105])) == 105 % 52
    assert _uniform_below(52, iter([limit - 1])) == (limit - 1) % 52


def test_every_card_is_equally_likely_at_every_position():
    """Chi-square over the 52 x 52 (card, position) table of 4,000 fixed-seed shuffles.

    With 2,601 degrees of freedom the statistic has mean 2,601 and standard deviation
    about 72; a biased shuffle (even one position off) lands far outside 5 deviations.
    """
    counts = [[0] * 52 for _ in range(52)]
    for seed in FIXED_SEEDS:
        for position, dealt in enumerate(shuffled_deck(seed)):
            counts[dealt.index][position] += 1
    expected = len(FIXED_SEEDS) / 52
    chi_square = sum((n - expected) ** 2 / expected for row in counts for n in row)
    dof = 51 * 51
    assert abs(chi_square - dof) < 5 * (2 * dof) ** 0.5, chi_square
    # And no single card is stuck near the top or bottom of the deck.
    for row in counts:
        mean_position = sum(p * n for p, n in enumerate(row)) / len(FIXED_SEEDS)
        assert abs(mean_position - 25.5) < 5 * 15 / len(FIXED_SEEDS) ** 0.5


def test_verify_command_prints_the_deck_and_whether_the_commitment_matches(capsys):
    seed = FIXED_SEEDS[5]
    assert main(["verify", seed.hex(), commitment(seed)]) == 0
    out = capsys.readouterr().out
    assert "commitment matches" in out
    assert " ".join(str(c) for c in shuffled_deck(seed)) in out
    assert main(["verify", seed.hex(), commitment(FIXED_SEEDS[6]), "--short-deck"]) == 1
    out = capsys.readouterr().out
    assert "DOES NOT MATCH" in out
    assert " ".join(str(c) for c in shuffled_deck(seed, short_deck=True)) in out


def test_verify_command_runs_as_a_module():
    seed = FIXED_SEEDS[7]
    result = subprocess.run(
        [sys.executable, "-m", "engine.shuffle", "verify", seed.hex(), commitment(seed)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "commitment matches" in result.stdout


def test_the_examples_in_the_module_docstring_hold():
    result = doctest.testmod(engine.shuffle)
    assert result.attempted > 0 and result.failed == 0
