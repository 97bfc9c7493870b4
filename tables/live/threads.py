"""Where the table sockets' database work runs, and how a write's hints reach the channel layer.

Called from async code, Django runs sync code on one thread ("thread sensitive"), so every
table served by a process would queue behind every other table's writes. On PostgreSQL the
database work of the sockets runs on a small pool of threads instead, each with its own
connection, so different tables' writes overlap (the snapshot row lock still orders the
writes of one table). SQLite has a single writer: there everything stays on the one thread.

A write's hints are held while it runs and sent from the event loop once it has returned,
when its transaction has committed: the Redis channel layer's connections and locks belong
to the event loop, and a worker thread blocking on it would hold a database thread hostage.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import close_old_connections

from tables.live import hints_held, send_hint_async

logger = logging.getLogger(__name__)

# A few threads overlap different tables' round trips to PostgreSQL; each borrows a connection
# from the pool for one call (homegame.settings: DATABASE_POOL_SIZE, TABLE_DATABASE_THREADS).
_pool = ThreadPoolExecutor(max_workers=settings.TABLE_DATABASE_THREADS, thread_name_prefix="table-db")

Result = TypeVar("Result")


def runs_in_parallel() -> bool:
    """True when the database takes concurrent writers (PostgreSQL), so the pool is used."""
    return "postgresql" in settings.DATABASES["default"]["ENGINE"]


def _call(function: Callable[..., Result], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Result:
    return function(*args, **kwargs)


def _call_closing(function: Callable[..., Result], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Result:
    try:
        return function(*args, **kwargs)
    finally:
        # Also here, inside the call: a pool thread's connection was otherwise seen to stay
        # checked out after a call (and to block dropping a test database).
        close_old_connections()


# Made once: building a sync-to-async wrapper per call was a measurable share of each action.
_on_the_sync_thread = database_sync_to_async(_call)
_on_the_pool = database_sync_to_async(_call_closing, thread_sensitive=False, executor=_pool)


async def _on_database_thread(function: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
    runner = _on_the_pool if runs_in_parallel() else _on_the_sync_thread
    return await runner(function, args, kwargs)


async def read(function: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
    """Run a function that only reads the database."""
    return await _on_database_thread(function, *args, **kwargs)


async def write(function: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
    """Run a function that may write to tables, then send the hints of what it committed
    (also when it raised after committing some of them)."""

    def held() -> tuple[Result | None, list[tuple[int, int]], BaseException | None]:
        with hints_held() as hints:
            try:
                return function(*args, **kwargs), hints, None
            except Exception as error:  # re-raised on the event loop, after the hints
                return None, hints, error

    result, hints, error = await _on_database_thread(held)
    for table_id, version in hints:
        await send_hint_async(table_id, version)
    if error is not None:
        raise error
    return result  # type: ignore[return-value]
