"""One owner for the timers: with the timer runner beside it (`make run`, docker-compose.yml set
TIMERS_IN_WEB=0), a web server's table sockets start no timer loop of their own. Started alone
(`make dev`, tests), a server fires the timers while it serves table sockets, as before."""

from __future__ import annotations

import asyncio
from typing import Any

from tables.live import timers


async def test_with_the_runner_a_table_socket_starts_no_timer_loop(settings: Any) -> None:
    settings.TIMERS_IN_WEB = False
    key = id(asyncio.get_running_loop())
    timers.ensure_running()
    assert key not in timers._running
    timers.release()


async def test_a_server_alone_runs_the_timer_loop_while_a_socket_is_open(settings: Any) -> None:
    settings.TIMERS_IN_WEB = True
    key = id(asyncio.get_running_loop())
    timers.ensure_running()
    task = timers._running[key]
    assert not task.done()
    timers.release()
    assert key not in timers._running
    await asyncio.sleep(0)
    assert task.cancelled() or task.done()
