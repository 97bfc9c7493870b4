"""The fast PHH reader gives exactly what `tomllib` gives, and leaves every other file to it.

PHH files are TOML ("The PHH format uses the TOML file format"), so whichever reader
reads a file, `engine.phh.loads` must return the same fields, and a valid TOML file
the fast reader does not handle must still be read (by `tomllib`).
"""

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from engine.games import GAMES
from engine.phh import HandHistoryError, dumps, hand_to_phh, loads, reader, replay
from engine.tests.test_phh_round_trip import random_finished_hand

FILES = Path(__file__).resolve().parent / "phh"

WRITTEN_HISTORY = (
    'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
    'starting_stacks = [100, 100]\nactions = [\n  "d dh p1 AsKd",\n  "d dh p2 7c2h",\n'
    '  "p2 f",\n]\nplayers = ["Ann, the host", "Bo"]\n_cash_game = false\n'
)


def _same_as_tomllib(text: str) -> None:
    """parse gives tomllib's fields, or None; never fields for a text tomllib refuses."""
    fields = reader.parse(text)
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert fields is None, text
        return
    if fields is not None:
        assert fields == expected, text
        assert [type(value) for value in fields.values()] == [type(v) for v in expected.values()]
        assert list(fields) == list(expected)
    assert reader.loads(text) == expected


def test_a_history_as_this_engine_writes_it_is_read_by_the_fast_reader_as_tomllib_reads_it():
    fields = reader.parse(WRITTEN_HISTORY)
    assert fields is not None
    assert fields == tomllib.loads(WRITTEN_HISTORY)
    assert fields["players"] == ["Ann, the host", "Bo"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_written_hands_of_every_game_are_read_fast_and_as_tomllib_reads_them(game):
    rng = random.Random(f"phh-fast-{game}")
    for _ in range(20):
        text = hand_to_phh(random_finished_hand(rng, game))
        fields = reader.parse(text)
        assert fields is not None, text  # what we write is all in the fast part
        assert fields == tomllib.loads(text)


@pytest.mark.parametrize("path", sorted(FILES.glob("*.phh")), ids=lambda path: path.stem)
def test_each_hand_made_file_is_read_as_tomllib_reads_it(path):
    text = path.read_text()
    _same_as_tomllib(text)
    assert loads(text) == tomllib.loads(text)


FIELD_NAMES = st.sampled_from(
    ["variant", "antes", "actions", "players", "hand", "_cash_game", "_options", "seat-count"]
)
TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
SCALARS = (
    st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | TEXT
    | st.floats(allow_nan=False, width=64)
    | st.sampled_from(["AsKd", "p1 cc", "p2 cbr 300 # all in", "a, b", 'say "hi"', "back\\slash"])
)
VALUES = SCALARS | st.lists(SCALARS, max_size=5) | st.dictionaries(st.sampled_from(["a", "b"]), SCALARS)


@settings(max_examples=examples(300), deadline=None)
@given(st.dictionaries(FIELD_NAMES, VALUES, max_size=6))
def test_any_history_dumps_writes_reads_back_the_same_through_either_reader(history):
    text = dumps(history)
    _same_as_tomllib(text)


PIECES = st.sampled_from(
    [
        "a = 1", "b = -0", "c = 007", "d = +3", "e = 1_000", "f = 1.5", "g = true", "h = false",
        'i = "x"', 'j = "a\\"b"', "k = 'lit'", 'l = "tab\there"', 'm = "bad\x01"', "n = [1, 2]",
        'o = ["x", "y, z"]', 'p = [\n  "q",\n  3,\n]', "r = [\n]", "s = [\n  1\n]", "t = []",
        "u = [1,2]", "v = 1 # note", "# note", "", " ", "w=1", "x = {y = 1}", "[table]", "a = 2",
        "z = [\n  \"q\", # c\n]", "y = 1\r", "q = inf", "é = 1", "k2 = 2024-01-01", "u2 = [1, \"a\"]",
        "t2 = {}",
        "t3 = {a = true, b = \"x\"}", "t4 = {a = 1, a = 2}", "t5 = {a = 1.5}",
    ]
)  # fmt: skip


@settings(max_examples=examples(500), deadline=None)
@given(st.lists(PIECES, max_size=6), st.sampled_from(["\n", "\r\n", ""]))
def test_any_toml_like_text_is_read_as_tomllib_reads_it_or_left_to_tomllib(pieces, ending):
    _same_as_tomllib("\n".join(pieces) + ending)


@pytest.mark.parametrize(
    "text",
    [
        WRITTEN_HISTORY.replace("min_bet = 2\n", "# the big blind\nmin_bet = 2\n"),
        WRITTEN_HISTORY.replace("min_bet = 2", "min_bet = 2.0"),
        WRITTEN_HISTORY.replace('"Bo"', '"B\\u00f6"'),
        WRITTEN_HISTORY.replace("\n", "\r\n"),
        WRITTEN_HISTORY.replace('"p2 f",', '"p2 f", # folds'),
        WRITTEN_HISTORY + "_options = {reveal = {at = 1}}\n",
        WRITTEN_HISTORY.replace("antes = [0, 0]", "antes = [\n  0,\n  0\n]"),
        WRITTEN_HISTORY.replace("min_bet = 2", "min_bet   =   2"),
    ],
    ids=[
        "comment",
        "float",
        "escape",
        "crlf",
        "array-comment",
        "nested-table",
        "no-trailing-comma",
        "spaces",
    ],
)
def test_a_valid_file_outside_the_fast_part_falls_back_to_tomllib(text):
    assert reader.parse(text) is None
    assert loads(text) == tomllib.loads(text)
    assert loads(text)["starting_stacks"] == [100, 100]


@pytest.mark.parametrize(
    "text",
    [
        WRITTEN_HISTORY + "min_bet = 4\n",  # a key twice
        WRITTEN_HISTORY.replace('"Bo"', '"Bo'),
        WRITTEN_HISTORY.replace("min_bet = 2", "min_bet = 02"),
    ],
    ids=["repeated-key", "unterminated-string", "leading-zero"],
)
def test_a_file_that_is_not_toml_is_refused_with_tomllibs_reason(text):
    assert reader.parse(text) is None
    with pytest.raises(HandHistoryError, match="not a PHH file"):
        loads(text)


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("starting_stacks = [100, 100]", "starting_stacks = [-5, 100]", "whole number, 0 or more, not -5"),
        ("players = ", "seats = [0, 1]\nplayers = ", "different seat numbers from 1 up"),
        ("players = ", "seats = [2, 2]\nplayers = ", "different seat numbers from 1 up"),
    ],
)
def test_numbers_read_by_the_fast_reader_are_still_checked(old, new, reason):
    text = WRITTEN_HISTORY.replace(old, new)
    assert reader.parse(text) is not None
    with pytest.raises(HandHistoryError, match=reason):
        replay(text)
