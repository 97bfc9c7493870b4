"""A host command's line in the open log is worded from the engine's events of its write, a ruling's
preview from the events the engine gives in memory, and a chip command locks its table once.

docs/design.md, The one write path: "The host's log line is worded from the events, by event
type (`tables.services.hosting.change_words`), with former values from the table before the
write; a ruling's preview words the events the engine gives in memory, with nothing written."
Visibility: "A refusal
message, a ruling preview, a log line, a download, a verify page or a CSV must never depend on a
card its reader may not see: the host usually plays."
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine import live as engine_live
from engine.config import Stakes
from engine.table import new_table
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.models.ledger import AuditEntry
from tables.models.live import HandEvent
from tables.services.hosting import host_panel, host_rulings
from tables.services.hosting.change_words import UNSEEN, describe, public_cards
from tables.services.ledger import ledger
from tables.tests.live_helpers import SEED, seat_players


def _seated(*names: str) -> engine_live.LiveTable:
    state = engine_live.new_live_table(new_table(max_seats=6, stakes=Stakes(small_blind=1, big_blind=2)))
    for seat, name in enumerate(names, start=1):
        sit = {"type": "sit", "seat": seat, "player": f"p{seat}", "stack": 200, "name": name}
        state, _ = engine_live.apply(state, "system", sit, now=0)
    return state


def test_a_line_says_what_the_events_say_and_nothing_else() -> None:
    before = _seated("Ann", "Bob")
    after, events = engine_live.apply(before, "host", {"type": "set_stack", "seat": 1, "stack": 150}, 0)
    # Seat 2 changes too, in a later write: not this write's events, so not its words.
    later, _ = engine_live.apply(after, "host", {"type": "set_stack", "seat": 2, "stack": 90}, 0)
    assert describe(before, later, events) == ["Seat 1 (Ann): stack 200 → 150 chips"]


def test_former_values_come_from_the_table_before_the_write() -> None:
    before = _seated("Ann", "Bob", "Cy")
    after, events = engine_live.apply(before, "host", {"type": "leave", "seat": 3}, 0)
    assert describe(before, after, events) == ["Seat 3 (Cy) leaves the table with 200 chips"]
    after, events = engine_live.apply(before, "host", {"type": "move_button", "seat": 2}, 0)
    assert describe(before, after, events) == ["Button: not placed yet → seat 2"]


def _exposed_during_the_deal() -> tuple[engine_live.LiveTable, engine_live.LiveTable, list[dict]]:
    state = _seated("Ann", "Bob", "Cy")
    state, _ = engine_live.apply(state, "host", {"type": "start_hand", "seed": SEED}, 0)
    ruling = {"type": "exposed_card", "seat": 2, "card_number": 1, "during_deal": True}
    after, events = engine_live.apply(state, "host", ruling, 0)
    return state, after, events


def test_an_event_names_a_card_only_where_the_public_view_shows_it() -> None:
    """The exposed card is dead and shown to all: the log names it. The events carry more (the
    card dealt in its place, everyone's hole cards): none of it enters a line."""
    before, after, events = _exposed_during_the_deal()
    dead = str(before.hand.seat(2).hole[0])
    lines = describe(before, after, events)
    assert f"Seat 2 (Bob): {dead} is dead, shown to all" in lines
    hidden = {str(c) for s in after.hand.seats for c in s.hole} - public_cards(after)
    assert hidden and not [line for line in lines if any(card in line for card in hidden)], lines


def test_a_preview_names_no_card_the_table_has_not_seen_yet() -> None:
    before, after, events = _exposed_during_the_deal()
    lines = describe(before, after, events, shown=lambda: public_cards(before))
    assert f"Seat 2 (Bob): {UNSEEN} is dead, shown to all" in lines
    assert not {str(c) for s in after.hand.seats for c in s.hole} & {
        w for line in lines for w in line.split()
    }


@pytest.mark.django_db
def test_a_ruling_preview_is_worked_out_in_memory_and_writes_only_its_log_line(
    table: Table, host: User
) -> None:
    seat_players(table, ["Ann", "Bob", "Cy"])
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    version, logged = load_state(table.pk).version, HandEvent.objects.count()
    with CaptureQueriesContext(connection) as queries:
        shown = host_rulings.preview(
            table, host, "kill_hand", {"seat": str(load_state(table.pk).hand.to_act)}
        )
    assert any(line.endswith("active → folded") for line in shown.changes), shown.changes
    assert (load_state(table.pk).version, HandEvent.objects.count()) == (version, logged)
    writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 1 and "audit" in writes[0].lower(), writes  # the "previewed" line


def _locks(queries: CaptureQueriesContext) -> int:
    return sum("FOR UPDATE" in q["sql"].upper() for q in queries)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "intent", [{"type": "set_stack", "seat": 1, "stack": 150}, {"type": "leave", "seat": 1}]
)
def test_a_chip_command_over_the_socket_locks_the_table_once(table: Table, host: User, intent: dict) -> None:
    for player in seat_players(table, ["Ann", "Bob"]):
        ledger.record_chips_in(player, "buy_in", 200, host)
    version, last = load_state(table.pk).version, AuditEntry.objects.order_by("-id").first().pk
    with CaptureQueriesContext(connection) as queries:
        applied = host_panel.socket_command(table.pk, host, intent, "c-1", version)
    assert applied.version == version + 1
    assert _locks(queries) == 1, [q["sql"] for q in queries if "FOR UPDATE" in q["sql"].upper()]
    (line,) = AuditEntry.objects.filter(pk__gt=last)  # one line per command: the ledger's
    assert "200 → 150 chips" in line.what if intent["type"] == "set_stack" else "Cash-out: Ann" in line.what


@pytest.mark.django_db
def test_a_stale_chip_command_changes_nothing_and_writes_nothing(table: Table, host: User) -> None:
    for player in seat_players(table, ["Ann", "Bob"]):
        ledger.record_chips_in(player, "buy_in", 200, host)
    seen = load_state(table.pk).version
    apply_intent(table.pk, "host", {"type": "move_button", "seat": 2})
    entries, lines = ledger.entries(table.night).count(), AuditEntry.objects.count()
    with pytest.raises(Exception, match="moved on"):
        host_panel.socket_command(table.pk, host, {"type": "set_stack", "seat": 1, "stack": 150}, "c-2", seen)
    assert load_state(table.pk).table.seat(1).stack == 200
    assert (ledger.entries(table.night).count(), AuditEntry.objects.count()) == (entries, lines)
