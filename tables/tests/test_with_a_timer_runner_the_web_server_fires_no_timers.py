"""One owner for the timers: with the timer runner beside it (`make run`, docker-compose.yml set
TIMERS_IN_WEB=0), a web server's table sockets start no timer loop of their own. Started alone
(`make dev`, tests), a server fires the timers while it serves table sockets, as before."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from tables.live import timers

ROOT = Path(__file__).resolve().parents[2]


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


def test_make_run_and_compose_start_one_timer_runner_and_tell_the_web_server() -> None:
    compose = (ROOT / "docker-compose.yml").read_text()
    services = re.split(r"\n  (?=[a-z]+:\n)", compose.split("\nservices:\n", 1)[1].split("\nvolumes:", 1)[0])
    by_name = {service.split(":", 1)[0].strip(): service for service in services}
    assert '["python", "manage.py", "run_timers"]' in by_name["timers"]
    assert 'TIMERS_IN_WEB: "0"' in by_name["web"]
    launcher = (ROOT / "homegame" / "launch.py").read_text()
    assert '"run_timers"' in launcher and 'env["TIMERS_IN_WEB"] = "0"' in launcher
    assert "$(BIN)/python -m homegame.launch $(PORT)" in (ROOT / "Makefile").read_text()
