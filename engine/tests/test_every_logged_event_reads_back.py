"""Every event a hand can log is read back from one literal table (`engine.event_types`).

DESIGN.md ("Where things live"): "Registries are plain dict literals in one module, not filled
at import time." A hand's log must replay (the event log is the truth), so every event the
engine can apply must be one `event_from_json` knows, under its own type.
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


def test_the_table_is_a_literal_nothing_adds_to_at_import() -> None:
    tree = ast.parse((ENGINE / "event_types.py").read_text())
    assigned = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "EVENT_TYPES"
    ]
    assert len(assigned) == 1 and isinstance(assigned[0], ast.Dict)
    # Nobody else writes to it (the decorator that once filled it from the house modules is gone).
    for path in ENGINE.rglob("*.py"):
        if "tests" not in path.parts:
            assert not WRITES.search(path.read_text()), path
