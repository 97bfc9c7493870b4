"""Firing a table's stored deadlines: the action clock and the next deal.

Deadlines live in the snapshot (`TableSnapshot.due_at` indexes the earliest), never in a
process, so a restart loses none. Any process may fire a due one: it sends an ordinary
intent through the write path carrying the version it saw, and if another process got
there first the version has moved on and the intent is refused as stale (a no-op).

The timers' owner is `manage.py run_timers`: one process, beside the web server, that runs
the loop below whether or not anybody has a table open, so a table deals and times out with
every phone asleep. `make run` and `docker-compose.yml` start it and tell the web server so
(`TIMERS_IN_WEB=0`). Started alone (`make dev`, a test's server), a Daphne process instead
runs the same loop while it serves at least one table websocket (`ensure_running` /
`release`). Either way, deadlines that passed while nothing ran fire at the next poll.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from collections.abc import Callable, Collection

from django.conf import settings

from tables.errors import ActionRefused
from tables.live import apply_intent
from tables.live.threads import write
from tables.models.live import TableSnapshot

logger = logging.getLogger(__name__)

POLL_SECONDS = 0.25
# A deal refused for a reason only the host can change (a guest dealt in with no buy-in beside
# bought chips) is tried again this long after, not at every poll: nothing is dealt before the
# check refuses, but each try locks the table and asks the ledger and the tournament again.
REFUSED_DEAL_RETRY_SECONDS = 5.0
# (table, version, when its snapshot was written: a table reused under the same id and version
# in a new database never matches) -> when it was refused.
_refused_deals: dict[tuple[int, int, str], float] = {}
# One task per event loop (keyed by the loop's id), and how many sockets use it.
_running: dict[int, asyncio.Task[None]] = {}
_users: dict[int, int] = {}


def fire_due(now: float | None = None, table_ids: Collection[int] | None = None) -> int:
    """Fire every deadline that has passed (at `table_ids` only, if given); returns how many
    intents were applied."""
    now = time.time() if now is None else now
    moment = datetime.datetime.fromtimestamp(now, tz=datetime.UTC)
    snapshots = TableSnapshot.objects.filter(due_at__lte=moment)
    if table_ids is not None:
        snapshots = snapshots.filter(table_id__in=table_ids)
    due = snapshots.values_list("table_id", "version", "state", "updated_at")
    fired = 0
    for table_id, version, state, written in due:
        deadline, next_deal_at = state.get("deadline"), state.get("next_deal_at")
        if deadline is not None and deadline <= now:
            intent = {"type": "timeout", "version": version}
        elif next_deal_at is not None and next_deal_at <= now:
            refused_key = (table_id, version, written.isoformat())
            refused_at = _refused_deals.get(refused_key)
            if refused_at is not None and refused_at <= now < refused_at + REFUSED_DEAL_RETRY_SECONDS:
                continue
            intent = {"type": "start_hand"}
        else:
            continue
        try:
            apply_intent(table_id, "system", intent, expected_version=version, now=now)
            fired += 1
        except ActionRefused as refused:
            # Someone else fired it, or the table changed meanwhile: nothing to do.
            logger.debug("Timer on table %s not applied: %s", table_id, refused.message)
            if intent["type"] == "start_hand":
                _refused_deals[refused_key] = now
    for key, refused_at in list(_refused_deals.items()):
        if not refused_at <= now < refused_at + REFUSED_DEAL_RETRY_SECONDS:
            del _refused_deals[key]
    return fired


# What else the loop does each time round, installed by the app (tables.apps), so the write path
# imports no service: a running tournament's clock noted as seen (tournament_clock_gaps).
_each_poll: tuple[Callable[[], object], ...] = ()


def install(each_poll: tuple[Callable[[], object], ...]) -> None:
    global _each_poll
    _each_poll = each_poll


async def run_forever(poll_seconds: float = POLL_SECONDS) -> None:
    while True:
        try:
            await write(fire_due)
            for task in _each_poll:
                await write(task)
        except Exception:  # a database hiccup must not stop the clock for good
            logger.exception("Firing table timers failed")
        await asyncio.sleep(poll_seconds)


def ensure_running() -> None:
    """A websocket opened: start this process's timer task on the running loop if needed
    (not when the timer runner owns the timers)."""
    if not settings.TIMERS_IN_WEB:
        return
    loop = asyncio.get_running_loop()
    key = id(loop)
    _users[key] = _users.get(key, 0) + 1
    task = _running.get(key)
    if task is None or task.done():
        _running[key] = loop.create_task(run_forever())


def release() -> None:
    """A websocket closed: stop the task when no socket of this process needs it."""
    key = id(asyncio.get_running_loop())
    _users[key] = max(0, _users.get(key, 0) - 1)
    if _users[key] == 0 and key in _running:
        _running.pop(key).cancel()
