"""Each table's commitment as the whole room sees it: on the host's felt and the clock screen.

docs/shuffle.md, "Whoever runs the server": a server could show one phone a commitment and
another phone a different one; the room's screen shows one to everybody, so each phone's (its
fairness line, and its own record) can be compared with it, and with the others'. It is the
commitment of the deal being shuffled (shown from the cut-off, while the phones send their
values) or of the hand being played; public, like the deal that publishes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.live import LiveTable
from tables import live
from tables.models import Table

# As many hex digits as each phone shows of it (static/js/table/fairness.js).
SHOWN_DIGITS = 12


@dataclass(frozen=True, slots=True)
class RoomCommitment:
    table: str
    hand_number: int
    commitment: str
    shuffling: bool

    @property
    def short(self) -> str:
        return self.commitment[:SHOWN_DIGITS]

    def to_json(self) -> dict[str, object]:
        return {
            "table": self.table,
            "hand_number": self.hand_number,
            "commitment": self.short,
            "shuffling": self.shuffling,
        }


def room_commitment(name: str, state: LiveTable) -> RoomCommitment | None:
    """The commitment the room sees at this table now, or None between hands."""
    if state.shuffling is not None:
        number = int(state.shuffling.config["hand_number"])
        return RoomCommitment(name, number, state.shuffling.commitment, True)
    if state.hand is not None and not state.hand.finished and state.commitment:
        return RoomCommitment(name, state.hand.config.hand_number, state.commitment, False)
    return None


def room_commitments(tables: Iterable[Table]) -> list[RoomCommitment]:
    """The commitments to show for these tables, in their order (tables between hands show none)."""
    found = (room_commitment(table.name, live.load_state(table.pk)) for table in tables)
    return [shown for shown in found if shown is not None]
