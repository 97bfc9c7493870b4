"""The phone's record (static/js/table/deck-record.js) finds each way a later publication can
disagree with what the phone was shown, and nothing in a deal that is not its own.

docs/shuffle.md, "What your phone keeps": the deal's commitment must be the cut-off's, the
phone's value must be in the deal with its pledge, the deal must not be published again with
other contents, and the revealed seed must give the commitment and, with the values, the root.
"""

from __future__ import annotations

from typing import Any

from engine.live.fairness import pledge_of
from engine.shuffle import commitment, deck_root, deck_seed, shuffled_deck
from tables.tests.page_scripts import run_page_script

RECORD = """
import { readFileSync } from "node:fs";
const record = await import(process.argv[1]);
const { steps } = JSON.parse(readFileSync(0, "utf8"));
let kept = [];
for (const [kind, what] of steps) {
  if (kind === "sent") kept = record.noteValueSent(kept, what);
  if (kind === "deal") kept = record.noteDeal(kept, 7, what);
  if (kind === "verify") kept = record.noteSeeds(kept, what);
}
console.log(JSON.stringify(record.recordProblems(kept)));
"""

SERVER, OTHER = bytes([5]) * 32, bytes([6]) * 32
MINE, THEIRS = "a1" * 32, "b2" * 32


def _sent(hand: int = 3, server: bytes = SERVER) -> dict[str, Any]:
    return {
        "table": 7,
        "hand": hand,
        "commitment": commitment(server),
        "pledge": pledge_of(MINE),
        "value": MINE,
    }


def _deal(server: bytes = SERVER, values: dict[str, str] | None = None, hand: int = 3) -> dict[str, Any]:
    values = {"1": MINE, "2": THEIRS} if values is None else values
    mixed = deck_seed(server, [bytes.fromhex(v) for v in values.values()])
    return {
        "hand_number": hand,
        "commitment": commitment(server),
        "deck_root": deck_root(mixed, shuffled_deck(mixed)),
        "contributions": values,
        "pledges": {seat: pledge_of(value) for seat, value in values.items()},
    }


def _published(deal: dict[str, Any], seed: bytes) -> dict[str, Any]:
    return {
        "table_id": 7,
        "number": deal["hand_number"],
        "commitment": deal["commitment"],
        "deck_root": deal["deck_root"],
        "contributions": deal["contributions"],
        "seed": seed.hex(),
        "short_deck": False,
    }


def _problems(*steps: tuple[str, Any]) -> list[str]:
    return run_page_script("table/deck-record.js", RECORD, {"steps": [list(step) for step in steps]})


def test_a_deal_as_promised_and_its_seed_leave_nothing_to_say() -> None:
    deal = _deal()
    assert _problems(("sent", _sent()), ("deal", deal), ("verify", [_published(deal, SERVER)])) == []


def test_a_deal_without_the_phones_value_is_said() -> None:
    found = _problems(("sent", _sent()), ("deal", _deal(values={"2": THEIRS})))
    assert found == ["Hand #3: this phone sent its value, and the deal was dealt without it."]


def test_the_value_listed_under_another_pledge_is_said() -> None:
    deal = _deal()
    deal["pledges"]["1"] = pledge_of(THEIRS)
    found = _problems(("sent", _sent()), ("deal", deal))
    assert found == ["Hand #3: this phone's value is listed without the pledge it made."]


def test_a_deal_published_again_with_another_root_is_said() -> None:
    deal = _deal()
    again = {**deal, "deck_root": "0" * 64}
    found = _problems(("sent", _sent()), ("deal", deal), ("deal", again))
    assert found == ["Hand #3: the deal was published again with another root or other values."]


def test_a_root_the_seed_does_not_give_is_said_once_the_seed_is_out() -> None:
    deal = {**_deal(), "deck_root": "0" * 64}
    found = _problems(("sent", _sent()), ("deal", deal), ("verify", [_published(deal, SERVER)]))
    assert len(found) == 1 and "not the one committed at the deal" in found[0]


def test_a_verify_page_that_publishes_another_commitment_for_the_phones_deal_is_said() -> None:
    deal = _deal()
    later = _deal(server=OTHER)
    found = _problems(("sent", _sent()), ("deal", deal), ("verify", [_published(later, OTHER)]))
    assert found[0] == "Hand #3: the commitment or root published now is not the one published at the deal."
    # Its seed is then checked against what the phone kept, and does not give it either.
    assert any("the seed was chosen after" in problem for problem in found[1:])


def test_a_deal_of_the_same_hand_this_phone_did_not_add_to_is_not_its_own() -> None:
    """A misdeal's re-deal, with fresh pledges this phone did not make: nothing to hold it to."""
    deal = _deal()
    redeal = _deal(server=OTHER, values={"2": THEIRS})
    steps = [("sent", _sent()), ("deal", deal), ("deal", redeal), ("verify", [_published(redeal, OTHER)])]
    assert _problems(*steps) == []
