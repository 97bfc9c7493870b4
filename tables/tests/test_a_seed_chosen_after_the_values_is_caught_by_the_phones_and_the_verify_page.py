"""A host who runs the server, reads the phones' values from its database, and writes into the
table's saved state a server seed chosen after seeing them (with its commitment), is caught: by
every phone that sent its value for the commitment shown at the cut-off, and by the verify page.

docs/shuffle.md: "Nobody chooses the deck, not even a host who plays and can read the server's
database." and "Each phone keeps what it was shown [...] and checks every later publication
against it at once". The phones' check is the page's own module (static/js/table/deck-record.js)
run under Node.js, fed the very views the table sends each phone.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from engine.live import view
from engine.live.fairness import pledge_of
from engine.shuffle import commitment
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Table
from tables.models.live import Hand, TableSnapshot
from tables.tests.live_helpers import seat_players
from tables.tests.page_scripts import run_page_script
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "shuffle.md"
VALUES = {"Ann": "a1" * 32, "Bo": "b2" * 32, "Cy": "c3" * 32}
# The seed the host settled on after trying many against the values he read.
CHOSEN_SEED = "5e" * 32

# The phone's record, kept as the table page keeps it: the value sent for the commitment shown at
# the cut-off, then the deal the views show, then the hands the verify page publishes.
PHONE_CHECK = """
import { readFileSync } from "node:fs";
const record = await import(process.argv[1]);
const given = JSON.parse(readFileSync(0, "utf8"));
let kept = record.noteValueSent([], given.sent);
kept = record.noteDeal(kept, given.sent.table, given.deal);
const atTheDeal = record.recordProblems(kept);
kept = record.noteSeeds(kept, given.verify || []);
const file = record.recordFile(kept);
console.log(JSON.stringify({ atTheDeal, afterTheSeeds: record.recordProblems(kept), file }));
"""


def _phone_check(given: dict[str, Any]) -> dict[str, Any]:
    return run_page_script("table/deck-record.js", PHONE_CHECK, given)


def _reference_program_on(record: dict[str, Any], folder: Path) -> subprocess.CompletedProcess[str]:
    """The reference program of docs/shuffle.md, copied out as a player would, run on the phone's
    downloaded record: nothing from the server, no project code."""
    source = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert source is not None
    program, kept = folder / "reference.py", folder / "homegame-deck-record.json"
    program.write_text(source.group(1), encoding="utf-8")
    kept.write_text(json.dumps(record), encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(program), str(kept)], capture_output=True, text=True, timeout=60, check=False
    )


def _seat_of(table: Table, player: Player) -> int:
    seat = load_state(table.pk).seat_of(str(player.pk))
    assert seat is not None
    return seat


def _send_value(table: Table, player: Player, name: str) -> dict[str, Any]:
    """The phone sends its value for the commitment its view shows; what it was shown, as the
    table page keeps it."""
    shown = view(load_state(table.pk), _seat_of(table, player))["fairness"]
    assert shown["reveal_due"] == pledge_of(VALUES[name])
    answers = shown["shuffle_commitment"]
    sent = {"type": "shuffle_value", "value": VALUES[name], "commitment": answers}
    apply_intent(table.pk, player_actor(player.pk), sent)
    return {
        "table": table.pk,
        "hand": shown["shuffle_hand_number"],
        "commitment": answers,
        "pledge": shown["reveal_due"],
        "value": VALUES[name],
        "at": 0,
    }


def _swap_the_seed_in_the_database(table: Table) -> None:
    """What the host did with the database open: the shuffling's server seed replaced by one he
    chose, so the table now shows (and deals from) its commitment."""
    row = TableSnapshot.objects.get(table=table)
    state = row.state
    state["shuffling"]["seed"] = CHOSEN_SEED
    TableSnapshot.objects.filter(table=table).update(state=state, updated_at=timezone.now())


def _deal(table: Table, swap: bool) -> tuple[list[Player], dict[str, Any]]:
    """Ann, Bo and Cy (the host's own seat) pledge; the deal is cut off; Ann and Bo send their
    values; then, if `swap`, the seed is swapped; Cy sends his value last, which deals. The hand
    is folded to its end. The players, and what Ann's phone kept when it sent its value."""
    players = seat_players(table, list(VALUES))
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    for player, value in zip(players, VALUES.values(), strict=True):
        pledge = {"type": "shuffle_pledge", "pledge": pledge_of(value)}
        apply_intent(table.pk, player_actor(player.pk), pledge)
    apply_intent(table.pk, "host", {"type": "start_hand"}, now=time.time())
    ann, bo, cy = players
    sent = _send_value(table, ann, "Ann")
    _send_value(table, bo, "Bo")
    if swap:
        _swap_the_seed_in_the_database(table)
    _send_value(table, cy, "Cy")
    state = load_state(table.pk)
    assert state.hand is not None, "the last value deals the cards"
    return players, sent


def _fold_to_the_end(table: Table) -> None:
    while not load_state(table.pk).hand.finished:
        seat = load_state(table.pk).hand.to_act
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": {"type": "fold"}})


def _verify_page(table: Table, player: Player) -> tuple[str, list[dict[str, Any]]]:
    page = phone_of(player).get("/verify/", {"table": table.pk}).content.decode()
    published = re.search(r'<script id="phone-check" type="application/json">(.*?)</script>', page, re.S)
    assert published is not None, "the verify page hands the phone what was published"
    # The page's words as a reader reads them, whatever the template's line breaks.
    return " ".join(page.split()), json.loads(unescape(published.group(1)))


def test_the_phone_that_sent_its_value_sees_at_the_deal_that_the_commitment_changed(table: Table) -> None:
    players, sent = _deal(table, swap=True)
    deal = view(load_state(table.pk), _seat_of(table, players[0]))["fairness"]["deal"]
    assert deal["commitment"] == commitment(bytes.fromhex(CHOSEN_SEED)) != sent["commitment"]
    found = _phone_check({"sent": sent, "deal": deal})
    assert any(
        f"the deal's commitment {deal['commitment'][:12]} is not the {sent['commitment'][:12]}" in problem
        for problem in found["atTheDeal"]
    ), found


def _closed_after_the_swap(table: Table) -> tuple[list[Player], dict[str, Any], str, dict[str, Any]]:
    """The swap, the hand played out and the night closed: the players, what Ann's phone kept when
    it sent its value, the verify page as Ann reads it, and her phone's check of it."""
    players, sent = _deal(table, swap=True)
    ann = players[0]
    deal = view(load_state(table.pk), _seat_of(table, ann))["fairness"]["deal"]
    _fold_to_the_end(table)
    Night.objects.filter(pk=table.night_id).update(status=Night.Status.CLOSED)
    page, published = _verify_page(table, ann)
    return players, sent, page, _phone_check({"sent": sent, "deal": deal, "verify": published})


def test_once_the_night_closes_the_phone_finds_the_seed_was_chosen_after_and_the_page_says_so(
    table: Table,
) -> None:
    players, sent, page, found = _closed_after_the_swap(table)
    # The page, for everyone: the deal's commitment is not the one recorded at the cut-off, and
    # the values of Ann and Bo answered another commitment than the one the deal came from.
    assert "1 hand dealt from a commitment other than the one shown at the cut-off" in page
    assert f"is NOT the <code>{sent['commitment'][:12]}</code> recorded at its cut-off" in page
    for player in players[:2]:
        assert f"Seat {_seat_of(table, player)}'s phone sent its value for the commitment" in page
    assert f"Seat {_seat_of(table, players[2])}'s phone" not in page
    # The phone, with its own record: the revealed seed does not give what it was shown.
    assert any("the seed was chosen after" in problem for problem in found["afterTheSeeds"]), found


def test_the_phones_downloaded_record_shows_the_swap_to_the_reference_program_offline(
    table: Table, tmp_path: Path
) -> None:
    *_, found = _closed_after_the_swap(table)
    checked = _reference_program_on(found["file"], tmp_path)
    assert checked.returncode == 1, checked
    assert "the deal's commitment is not the one shown at the cut-off" in checked.stdout
    assert "the seed does not give the commitment shown at the cut-off" in checked.stdout


def test_an_honest_deal_leaves_the_phone_and_the_page_with_nothing_to_say(
    table: Table, tmp_path: Path
) -> None:
    """The same checks on a deal nobody touched: they find nothing, so what they find above is
    the swap."""
    players, sent = _deal(table, swap=False)
    ann = players[0]
    deal = view(load_state(table.pk), _seat_of(table, ann))["fairness"]["deal"]
    _fold_to_the_end(table)
    Night.objects.filter(pk=table.night_id).update(status=Night.Status.CLOSED)
    page, published = _verify_page(table, ann)
    assert "dealt from a commitment other than" not in page and "NOT the" not in page
    assert "dealt from the commitment shown at the cut-off, the one every phone's value answered" in page
    found = _phone_check({"sent": sent, "deal": deal, "verify": published})
    assert (found["atTheDeal"], found["afterTheSeeds"]) == ([], [])
    checked = _reference_program_on(found["file"], tmp_path)
    assert checked.returncode == 0 and "matches (with its seed)" in checked.stdout, checked
    # The phone checked the revealed seed, not nothing: the page handed it this hand's seed.
    assert [hand["seed"] for hand in published] == [Hand.objects.get(table=table).seed]
