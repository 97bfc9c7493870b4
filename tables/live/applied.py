"""What one write to a table did, as the write path tells its caller and the consequences
registered by event type (`tables.live.consequences`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.live import LiveTable


@dataclass(frozen=True, slots=True)
class Applied:
    """What one intent did to a table: its version after, `duplicate` if this client id was
    applied before (then nothing else is filled), and for a change the table before and after,
    the engine's events and the write's moment (epoch seconds)."""

    version: int
    duplicate: bool = False
    table_id: int = 0
    before: LiveTable | None = None
    state: LiveTable | None = None
    events: tuple[dict[str, Any], ...] = ()
    now: float = 0.0

    @property
    def changed(self) -> bool:
        return self.state is not None

    @property
    def finished(self) -> bool:
        """This write ended a hand (the state after it still holds the hand, and so who was
        dealt in with what)."""
        return any(event["type"] == "table.hand_finished" for event in self.events)
