"""A misdeal's re-deal is shuffled again from fresh pledges, as any deal.

House rules, At the Deal: "Some dealing errors void the hand and it's re-dealt from scratch."
From scratch includes the shuffle: the phones whose pledges went into the void deal pledge
again, and the re-deal's cut-off waits for them, so the host cannot deal it at once from the
server's seed alone (docs/shuffle.md, "Rulings cannot re-roll the deck"). A phone that does not
pledge again within `REDEAL_PLEDGE_SECONDS` of the void (locked, or gone) is not waited for
longer: the re-deal is then cut off with the pledges that came, as a normal deal is.
"""

from __future__ import annotations

from dataclasses import replace

from engine.errors import TableError
from engine.live.base import SYSTEM, Actor, LiveTable, Result

# A phone pledges again the moment it sees the void deal (static/js/table/fairness.js): this is
# for a phone on a weak signal.
REDEAL_PLEDGE_SECONDS = 10.0


def after_void(state: LiveTable, now: float) -> LiveTable:
    """The table as a misdeal leaves it: its re-deal waits for fresh pledges from the players
    whose pledges went into the void deal."""
    if not state.pledged:
        return replace(state, redeal_wait=None)
    wait = {"players": sorted(state.pledged), "until": now + REDEAL_PLEDGE_SECONDS}
    return replace(state, redeal_wait=wait)


def missing_pledges(state: LiveTable) -> list[str]:
    """The players the re-deal still waits for: they pledged for the void deal, are still
    seated and at the table, and have not pledged again."""
    wait = state.redeal_wait or {}
    seated = [player for player in wait.get("players", ()) if state.table.seat_of(player) is not None]
    return [player for player in seated if player not in state.away and player not in state.pledges]


def hold_for_pledges(state: LiveTable, actor: Actor, now: float) -> Result | None:
    """None when the re-deal may be cut off now; otherwise the dealer's timer moved to the end of
    the wait (for the system), or a refusal (for the host)."""
    wait = state.redeal_wait
    missing = missing_pledges(state)
    if wait is None or not missing or now >= wait["until"]:
        return None
    if actor != SYSTEM:
        seconds = max(1, round(wait["until"] - now))
        raise TableError(
            "The re-deal is shuffled again from fresh pledges: waiting for "
            f"{len(missing)} phone{'s' if len(missing) != 1 else ''} to pledge (at most {seconds} s more)."
        )
    if state.next_deal_at == wait["until"]:
        return state, []
    event = {"type": "table.waiting_for_pledges", "players": len(missing), "until": wait["until"]}
    return replace(state, next_deal_at=wait["until"]), [event]
