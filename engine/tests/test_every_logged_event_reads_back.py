"""Every event a hand can log is read back through the one literal list of events
(`engine.appliers.APPLIERS`, each event with what it does to a hand).

docs/design.md ("Where things live"): "Registries are plain dict literals in one module, not
filled at import time." A hand's log must replay (the event log is the truth), so every event
the engine can apply must be one `event_from_json` knows, under its own type; and an event is
listed once, not in a second table that could forget it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engine.appliers import APPLIERS
from engine.event_types import EVENT_TYPES, event_from_json
from engine.events import Folded

ENGINE = Path(__file__).resolve().parents[1]
WRITES = re.compile(r"EVENT_TYPES\[[^\]]*\]\s*=[^=]|EVENT_TYPES\.(update|setdefault)\(")


def test_each_event_is_listed_under_its_own_type() -> None:
    wrong = {key: cls.type for key, cls in EVENT_TYPES.items() if key != cls.type}
    assert wrong == {}


def test_every_event_a_hand_can_apply_can_be_read_back() -> None:
    assert set(EVENT_TYPES.values()) == set(APPLIERS)


def test_an_event_reads_back_as_it_was_written() -> None:
    assert event_from_json(Folded(seat=4).to_json()) == Folded(seat=4)


def test_the_events_are_one_literal_nothing_adds_to_at_import() -> None:
    appliers = ast.parse((ENGINE / "appliers.py").read_text())
    literal = [
        node.value
        for node in ast.walk(appliers)
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "APPLIERS"
    ]
    assert len(literal) == 1 and isinstance(literal[0], ast.Dict)
    # The read-back table is that list by type, not a second list to keep in step with it.
    tree = ast.parse((ENGINE / "event_types.py").read_text())
    assigned = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "EVENT_TYPES"
    ]
    assert len(assigned) == 1 and isinstance(assigned[0], ast.DictComp)
    assert ast.unparse(assigned[0].generators[0].iter) == "APPLIERS"
    # Nobody else writes to it (the decorator that once filled it from the house modules is gone).
    for path in ENGINE.rglob("*.py"):
        if "tests" not in path.parts:
            assert not WRITES.search(path.read_text()), path
