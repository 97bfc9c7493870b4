"""A card reads the same on a phone as on the host's pages and the recaps: the phones' module
(static/js/table/cards.js) draws cards from the engine's own table of ranks, suits and symbols
(`engine.cards.card_words`), which the app serves as an ES module, and keeps no copy of it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.test import Client
from django.urls import reverse

from engine.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, card_text
from tables.tests.page_scripts import run_page_script

CARDS_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "table" / "cards.js"


def _served(client: Client) -> dict[str, dict[str, str]]:
    response = client.get(reverse("card_words_module"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    found = re.fullmatch(r"export const CARD_WORDS = Object\.freeze\((.*)\);\n", response.content.decode())
    assert found, response.content
    return json.loads(found.group(1))


def test_the_app_serves_the_engine_s_card_words_to_the_phones(client: Client) -> None:
    words = _served(client)
    assert words["suitSymbols"] == {suit: SUIT_SYMBOLS[SUITS.index(suit)] for suit in SUITS}
    assert words["suitNames"] == SUIT_NAMES
    assert {k: v.lower() for k, v in words["rankNames"].items()} == {
        RANKS[rank - 2]: name for rank, name in RANK_NAMES.items()
    }
    # A ten is written 10 everywhere.
    assert words["rankText"]["T"] == "10" and card_text("Td") == "10♦" and card_text("Ac") == "A♣"
    assert all(card_text(rank + "s") == words["rankText"][rank] + "♠" for rank in RANKS)


def test_the_phones_module_imports_the_served_words_and_keeps_no_copy() -> None:
    source = CARDS_JS.read_text()
    assert 'import { CARD_WORDS } from "/cards/words.js";' in source
    # No rank or suit written out in the module's code: its words come from the served table.
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("//", "/**", "*")))
    for written in ("Ace", "King", "spades", "hearts", "\\u2660", "♠", '"10"', '"T"'):
        assert written not in code, written


def test_the_phones_module_names_and_writes_cards_with_the_served_words(
    client: Client, tmp_path: Path
) -> None:
    """cards.js run as it is, its import answered by the module the app serves."""
    served = tmp_path / "cards" / "words.js"
    served.parent.mkdir()
    served.write_bytes(client.get(reverse("card_words_module")).content)
    module = tmp_path / "cards.js"
    module.write_text(CARDS_JS.read_text().replace('"/cards/words.js"', f'"{served.as_uri()}"'))
    script = """
        const { cardName, cardText } = await import(process.argv[1]);
        console.log(JSON.stringify(["As", "Td", "7h", "2c", "??"].map((c) => [cardName(c), cardText(c)])));
    """
    written = run_page_script(str(module), script, None)
    assert written == [
        ["Ace of spades", "A♠"],
        ["Ten of diamonds", "10♦"],
        ["Seven of hearts", "7♥"],
        ["Two of clubs", "2♣"],
        ["Face-down card", "?"],
    ]
    assert [text for _, text in written[:4]] == [card_text(c) for c in ("As", "Td", "7h", "2c")]
