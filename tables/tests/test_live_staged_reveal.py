"""Staged Blind Hold'em at a live table: each of 3.2(a), (b) and (c) is its own version, which
every phone receives, with the table's pause between them carried out by the stored timers.

"3.2(a) the first three board cards (the flop) are dealt, then each player turns one hole card
face up; 3.2(b) the fourth board card (the turn) is dealt, then each player turns their second
hole card face up; 3.2(c) the fifth board card (the river) is dealt."
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from channels.db import database_sync_to_async

from engine import live as engine_live
from tables import live
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, timers
from tables.models import Table
from tables.models.live import TableSnapshot
from tables.tests.live_helpers import (
    SEED,
    Phone,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_channel_layer")]

STAGED = {"reveal": "staged", "stage_seconds": 2}


def staged_table(table: Table, names: list[str], options: dict[str, Any] = STAGED) -> list[Any]:
    players = seat_players(table, names)
    game = {"type": "set_game", "game": "blind_holdem", "stakes": {"fixed_stake": 10}, "options": options}
    apply_intent(table.pk, "host", game)
    apply_intent(table.pk, "host", {"type": "options", "deal_delay": 30})
    return players


def turn_first_cards(table: Table, now: float) -> None:
    while (state := load_state(table.pk)).hand.phase == "reveal":
        seat = state.hand.to_act
        act = {"type": "act", "seat": seat, "action": {"type": "reveal", "index": 0}}
        apply_intent(table.pk, "system", act, now=now)


def board(table: Table) -> int:
    return len(load_state(table.pk).hand.boards[0])


def test_the_pause_after_each_stage_is_a_stored_deadline_the_timer_fires(table: Table) -> None:
    staged_table(table, ["Ann", "Bo", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED}, now=1000)
    turn_first_cards(table, now=1001)
    stage_a = load_state(table.pk)
    assert stage_a.hand.phase == "reveal_pause" and board(table) == 3
    assert TableSnapshot.objects.get(table=table).due_at.timestamp() == 1003
    assert timers.fire_due(now=1002.9) == 0 and board(table) == 3
    assert timers.fire_due(now=1003) == 1
    stage_b = load_state(table.pk)
    assert stage_b.version == stage_a.version + 1 and board(table) == 4
    assert all(len(s["face_up"]) == 2 for s in engine_live.view(stage_b, "public")["hand"]["seats"])
    assert stage_b.deadline == 1005 and not stage_b.hand.finished
    assert timers.fire_due(now=1005) == 1
    stage_c = load_state(table.pk)
    assert stage_c.version == stage_b.version + 1 and board(table) == 5 and stage_c.hand.finished


def test_a_restart_in_the_middle_of_a_pause_deals_the_next_stage_when_it_is_due(table: Table) -> None:
    staged_table(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED}, now=1000)
    turn_first_cards(table, now=1001)
    # A new process knows only the database: no state kept in memory.
    live._recent.clear()
    live._projectors.clear()
    assert timers.fire_due(now=1004) == 1  # the pause ran out while the server was down
    assert board(table) == 4 and load_state(table.pk).hand.phase == "reveal_pause"


def test_no_pause_still_shows_each_stage_as_its_own_version(table: Table) -> None:
    staged_table(table, ["Ann", "Bo"], {"reveal": "staged", "stage_seconds": 0})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED}, now=1000)
    turn_first_cards(table, now=1000)
    assert board(table) == 3
    assert timers.fire_due(now=1000) == 1 and board(table) == 4
    assert timers.fire_due(now=1000) == 1 and board(table) == 5


def test_a_timeout_during_the_pause_for_an_older_version_changes_nothing(table: Table) -> None:
    staged_table(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED}, now=1000)
    turn_first_cards(table, now=1000)
    before = load_state(table.pk)
    with pytest.raises(ActionRefused):
        apply_intent(table.pk, "system", {"type": "timeout", "version": before.version - 1}, now=1010)
    assert load_state(table.pk).version == before.version


def _stage(view: dict[str, Any]) -> str | None:
    hand = view.get("hand")
    if not hand:
        return None
    cards = len(hand["boards"][0])
    if cards == 3 and hand["phase"] == "reveal_pause":
        return "a"
    if cards == 4 and hand["phase"] == "reveal_pause":
        return "b"
    if cards == 5 and hand["finished"]:
        return "c"
    return None


async def test_every_phone_receives_each_stage_as_its_own_view(table: Table) -> None:
    players = await database_sync_to_async(staged_table)(table, ["Ann", "Bo", "Cy"])
    await database_sync_to_async(apply_intent)(table.pk, "host", {"type": "start_hand", "seed": SEED})
    phones = [Phone(table.pk, await database_sync_to_async(player_cookie)(p)) for p in players]
    for phone in phones:
        await phone.connect()  # the first socket starts this process's timer task
    seen: dict[int, dict[str, int]] = {i: {} for i in range(len(phones))}
    await database_sync_to_async(turn_first_cards)(table, time.time())
    for index, phone in enumerate(phones):
        await phone.until(lambda view: view["hand"]["finished"], timeout=15)
        for message in phone.messages:
            if message.get("type") == "view":
                stage = _stage(message["view"])
                if stage:
                    seen[index].setdefault(stage, message["version"])
    for index in seen:
        assert set(seen[index]) == {"a", "b", "c"}, seen
        assert seen[index]["a"] < seen[index]["b"] < seen[index]["c"]
    assert len({tuple(sorted(s.items())) for s in seen.values()}) == 1  # the same versions for all
    for phone in phones:
        await phone.close()
