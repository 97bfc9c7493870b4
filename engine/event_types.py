"""Every event a hand's log may hold, by its type: the core's (engine.events) and the house
rules' (engine.house). The events are listed once, with what each does to a hand, in
`engine.appliers.APPLIERS`; each event class names its own `type`, so a logged event is read
back through that one list.

>>> event_from_json({'type': 'fold', 'seat': 2})
Folded(seat=2)
>>> EVENT_TYPES["ruling_misdeal"].__module__
'engine.house.rulings'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.appliers import APPLIERS
from engine.events import Event

EVENT_TYPES: dict[str, type[Event]] = {event.type: event for event in APPLIERS}


def event_from_json(data: Mapping[str, Any]) -> Event:
    """The event `Event.to_json` gave."""
    return EVENT_TYPES[data["type"]].from_json(data)
