"""A card reads the same on a phone as on the host's pages and the recaps: the phones'
module (static/js/table/cards.js) names and draws cards from the same ranks, suits and symbols
as `engine.cards`, which every page uses (`card_text`). Held here, since the phones' module
cannot import Python's."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, card_text

CARDS_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table" / "cards.js"


def _object(name: str) -> dict[str, str]:
    """A `const NAME = { key: "value", ... };` of the module, as a dict."""
    found = re.search(rf"const {name} = \{{(.*?)\}};", CARDS_JS.read_text(), re.S)
    assert found, f"{name} not found in {CARDS_JS.name}"
    pairs = re.findall(r'(\w+):\s*"((?:[^"\\]|\\.)*)"', found.group(1))
    return {key: json.loads(f'"{value}"') for key, value in pairs}


def test_the_phones_draw_each_suit_with_the_pages_symbol() -> None:
    assert _object("SUIT_SYMBOLS") == {suit: SUIT_SYMBOLS[SUITS.index(suit)] for suit in SUITS}


def test_the_phones_name_each_suit_and_rank_as_the_engine_does() -> None:
    assert _object("SUIT_NAMES") == SUIT_NAMES
    names = {key: value.lower() for key, value in _object("RANK_NAMES").items()}
    assert names == {RANKS[rank - 2]: name for rank, name in RANK_NAMES.items()}


def test_a_ten_is_written_10_everywhere() -> None:
    """cards.js: `card.rank === "T" ? "10" : card.rank`."""
    assert 'card.rank === "T" ? "10"' in CARDS_JS.read_text()
    assert card_text("Td") == "10♦" and card_text("Ac") == "A♣"
