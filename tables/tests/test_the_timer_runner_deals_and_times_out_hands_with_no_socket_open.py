"""The timer runner fires every table's clocks with no phone connected, and a restart of it
loses none.

No rule text names an action clock; the app's own is "when the action clock runs out: check if
possible, else fold" (engine.live.dealing.TIMEOUT_ACTIONS). These tests run the real runner
(`manage.py run_timers`) as a process of its own against a database of its own, with no web
server and no socket open anywhere: the table deals its next hands and each player's clock runs
out through the runner alone.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tables.tests.conftest import BASE_DIR, DaphneServer, _server_env

HERE = "tables.tests.test_the_timer_runner_deals_and_times_out_hands_with_no_socket_open"
pytestmark = pytest.mark.slow  # processes of their own


def arrange_heads_up() -> dict[str, int]:
    """Two players, a one-second action clock, two seconds between hands, and the first hand
    dealt by the host (run in the runner's database through DaphneServer.call)."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth.models import User

    from tables.live import apply_intent
    from tables.services.hosting import hosting
    from tables.services.seating import joining, seating

    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 12, 4),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    for number, name in enumerate(("Ann", "Bo"), start=1):
        seating.move_player(joining.join_night(night, name), table, number)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": 200})
    apply_intent(
        table.pk, "host", {"type": "options", "action_seconds": 1, "deal_delay": 2, "auto_deal": True}
    )
    apply_intent(table.pk, "host", {"type": "start_hand"})
    return {"table": table.pk}


def _count(database: Path, sql: str, *args: object) -> int:
    with sqlite3.connect(database, timeout=20) as db:
        return int(db.execute(sql, args).fetchone()[0])


def hands_dealt(database: Path, table: int) -> int:
    return _count(database, "select count(*) from tables_hand where table_id = ?", table)


def clocks_run_out(database: Path, table: int) -> int:
    """The action clock's runs-out, fired by the system (a timer), never by a player."""
    sql = "select count(*) from tables_handevent where table_id = ? and kind = 'table.timed_out'"
    assert _count(database, sql + " and actor != 'system'", table) == 0
    return _count(database, sql, table)


def wait_until(condition: object, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the timers did not fire in time"
        time.sleep(0.1)


class Runner:
    """`manage.py run_timers` as `make run` starts it, on the given database."""

    def __init__(self, database: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "run_timers", "--poll", "0.1"],
            cwd=BASE_DIR,
            env={**_server_env(database), "TIMERS_IN_WEB": "0"},
            stdout=subprocess.DEVNULL,
        )

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


@pytest.fixture
def database(tmp_path: Path, migrated_sqlite_file: Path) -> Path:
    path = tmp_path / "db.sqlite3"
    path.write_bytes(migrated_sqlite_file.read_bytes())
    return path


@pytest.fixture
def table(database: Path) -> int:
    return int(DaphneServer(database).call(f"{HERE}:arrange_heads_up")["table"])  # type: ignore[index]


@pytest.fixture
def runner(database: Path) -> Iterator[list[Runner]]:
    started: list[Runner] = []
    yield started
    for each in started:
        each.stop()


def test_with_no_socket_open_the_runner_times_out_players_and_deals_the_next_hands(
    database: Path, table: int, runner: list[Runner]
) -> None:
    assert hands_dealt(database, table) == 1 and clocks_run_out(database, table) == 0
    runner.append(Runner(database))
    # Heads-up the button (small blind) acts first and cannot check: the clock folds the hand;
    # two seconds later the runner deals the next one, whose clock runs out in turn.
    wait_until(lambda: hands_dealt(database, table) >= 3 and clocks_run_out(database, table) >= 2, 60)


def test_a_restarted_runner_fires_the_deadlines_that_passed_while_it_was_down(
    database: Path, table: int, runner: list[Runner]
) -> None:
    """The deadlines are stored, never held by the process: nothing is lost by a restart."""
    runner.append(Runner(database))
    wait_until(lambda: clocks_run_out(database, table) >= 1, 60)
    runner[0].stop()
    stopped_at = (hands_dealt(database, table), clocks_run_out(database, table))
    time.sleep(4)  # past the next deal's time, and past that hand's action clock
    assert (hands_dealt(database, table), clocks_run_out(database, table)) == stopped_at
    runner.append(Runner(database))
    hands, run_out = stopped_at
    wait_until(lambda: hands_dealt(database, table) > hands and clocks_run_out(database, table) > run_out, 60)
