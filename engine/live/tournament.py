"""Live-table intents a tournament adds: the dealer waiting for the clock.

"No hands are dealt during a break", nor before the clock starts. When the dealer's timer
comes due at a tournament table whose clock forbids a deal, the app sends ``deal_waits``
instead of ``start_hand``: the next deal is put off until `until` (epoch seconds), when
the timer looks again. Only the system sends it (a player or the host cannot).
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import IllegalActionError
from engine.live import SYSTEM, Actor, Intent, LiveTable, Result, register_intent


@register_intent("deal_waits", {SYSTEM})
def _deal_waits(state: LiveTable, actor: Actor, intent: Intent, now: float) -> Result:
    until = intent.get("until")
    if isinstance(until, bool) or not isinstance(until, int | float) or until <= now:
        raise IllegalActionError("The next deal waits until a later moment")
    reason = intent.get("reason", "")
    if not isinstance(reason, str):
        raise IllegalActionError("The reason for waiting is text")
    if state.hand_in_progress or not state.dealing:
        return state, []  # nothing is waiting to be dealt
    waiting = replace(state, next_deal_at=float(until))
    return waiting, [{"type": "table.deal_waits", "until": float(until), "reason": reason}]
