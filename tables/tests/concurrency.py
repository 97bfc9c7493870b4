"""Races for tests that need them: calls released at the same moment, on PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connection, connections

from conftest import require_service


def require_postgresql() -> None:
    # SQLite serialises every write, so it cannot show a race.
    require_service(connection.vendor == "postgresql", "needs PostgreSQL (DATABASE_URL)")


def at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run the calls in threads released together; return each result or raised error."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = calls[index]()
        except Exception as error:  # the test inspects what each thread got
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results
