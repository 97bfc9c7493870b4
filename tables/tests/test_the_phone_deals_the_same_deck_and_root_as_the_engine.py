"""The phone's own copy of the algorithm (static/js/table/deck.js) gives the engine's deck and root.

docs/shuffle.md, "The algorithm, exactly": once the seeds are out, the phone checks "the deck
from the seed and the values against the root" it kept from the deal, by itself; so its deck
and root must be exactly those of engine.shuffle, with and without values, on both decks.
"""

from __future__ import annotations

import random

from engine.shuffle import deck_root, deck_seed, shuffled_deck
from tables.tests.page_scripts import run_page_script

DECKS = """
import { readFileSync } from "node:fs";
const deck = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(0, "utf8"));
const out = cases.map(({ seed, values, short }) => {
  const mixed = deck.deckSeed(deck.fromHex(seed), values.map(deck.fromHex));
  const order = deck.deckOrder(mixed, short);
  return { order: order.join(" "), root: deck.rootOf(mixed, order) };
});
console.log(JSON.stringify(out));
"""


def test_the_phone_gives_the_engines_deck_and_root_for_any_seed_and_values() -> None:
    rnd = random.Random(35)
    cases = [
        {
            "seed": rnd.randbytes(32).hex(),
            "values": [rnd.randbytes(32).hex() for _ in range(count)],
            "short": short,
        }
        for count in (0, 1, 3, 9)
        for short in (False, True)
    ]
    cases.append({"seed": bytes(range(32)).hex(), "values": [], "short": False})  # the test vector
    found = run_page_script("table/deck.js", DECKS, cases)
    for case, phone in zip(cases, found, strict=True):
        mixed = deck_seed(bytes.fromhex(case["seed"]), [bytes.fromhex(v) for v in case["values"]])
        deck = shuffled_deck(mixed, short_deck=case["short"])
        assert phone == {"order": " ".join(str(c) for c in deck), "root": deck_root(mixed, deck)}
    assert found[-1]["order"].startswith("Qs Ah Ks 4d Td")  # docs/shuffle.md, "Test vector"
