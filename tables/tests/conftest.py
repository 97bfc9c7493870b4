"""Fixtures for the app's tests: a host, their night and tables, and guests' phones."""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connections
from django.db.models import QuerySet
from django.test import Client

from conftest import chromium_path, require_service
from tables.models import Night, Player, Table
from tables.models.ledger import AuditEntry
from tables.services import hosting, joining
from tables.tests.made_once import FAST_PASSWORD_HASHERS

BASE_DIR = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: object) -> None:
    # The real hasher is slow on purpose; these tests check flows, not hashing.
    settings.PASSWORD_HASHERS = FAST_PASSWORD_HASHERS


@pytest.fixture(autouse=True)
def fresh_table_memory() -> Iterator[None]:
    # Each process keeps the newest state of every table it served (tables.live). A test's
    # database is emptied afterwards and a later test's table may get the same id: it must not
    # be shown the state the earlier table had.
    from tables import live

    live._recent.clear()
    live._projectors.clear()
    yield
    live._recent.clear()
    live._projectors.clear()


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> Iterator[None]:
    # Every test client comes from 127.0.0.1: one test's wrong passwords must not count in the next.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def browser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Debian's headless Chromium, driven by Playwright (which never downloads a browser)."""
    from tables.tests.browser import CHROMIUM_ARGS

    require_service(chromium_path() is not None, "Chromium is not installed")
    # Tests against pytest-django's live_server use the ORM between browser steps, while
    # Playwright's sync API runs an event loop in this thread: those calls are ordinary
    # synchronous ones. (Tests against a Daphne subprocess do not touch the ORM here.)
    uses_orm = "live_server" in request.fixturenames
    if uses_orm:
        monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        if uses_orm:
            # Those ORM calls got their own connection, which Django's test teardown does not
            # know about: close it, or PostgreSQL cannot drop the test database.
            connections.close_all()
        browser.close()


@pytest.fixture
def host(db: None) -> User:
    return new_host()


@pytest.fixture
def host_client(host: User) -> Client:
    client = Client()
    client.force_login(host)
    return client


def new_night(host: User, **overrides: object) -> Night:
    """The tests' usual night (Friday game, euros, 0.10 a chip, guests let in), with `overrides`."""
    fields: dict = {
        "name": "Friday game",
        "date": datetime.date(2026, 11, 27),
        "currency": "EUR",
        "chip_value": Decimal("0.10"),
        "require_approval": False,
    }
    fields.update(overrides)
    return hosting.create_night(host, **fields)


def new_table(night: Night, name: str = "Main table", max_seats: int = 9) -> Table:
    """The tests' usual table: No-Limit Hold'em, blinds 1/2."""
    return hosting.create_table(
        night, name=name, game="nlhe", max_seats=max_seats, small_blind=1, big_blind=2
    )


def new_host() -> User:
    return User.objects.create_superuser(username="hostess", password="a-long-host-password")


@pytest.fixture
def make_night(host: User) -> Callable[..., Night]:
    def make(**overrides: object) -> Night:
        return new_night(host, **overrides)

    return make


@pytest.fixture
def night(make_night: Callable[..., Night]) -> Night:
    return make_night()


@pytest.fixture
def make_table(night: Night) -> Callable[..., Table]:
    def make(name: str = "Main table", max_seats: int = 9, target: Night | None = None) -> Table:
        return new_table(target or night, name, max_seats)

    return make


@pytest.fixture
def table(make_table: Callable[..., Table]) -> Table:
    return make_table()


@pytest.fixture
def make_player(night: Night) -> Callable[..., Player]:
    def make(name: str, target: Night | None = None) -> Player:
        return joining.join_night(target or night, name)

    return make


def join_from_phone(night: Night, name: str) -> Client:
    """A new phone opens the join link and enters a name; returns its logged session."""
    phone = Client()
    response = phone.post(f"/join/{night.join_code}/", {"display_name": name})
    assert response.status_code == 302, response.content.decode()
    return phone


# A real ASGI server for browser tests that need websockets -------------------------------------
# pytest-django's live_server speaks WSGI only. These tests start Daphne as a subprocess on a
# free port against its own SQLite file (copied from one migrated once per run), so the server
# and the test share a database without touching the test database of the other tests.


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _server_env(database: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        DEBUG="1",
        DJANGO_SETTINGS_MODULE="homegame.settings",
        PYTHONPATH=str(BASE_DIR),
        LOG_LEVEL="WARNING",
    )
    return env


@dataclass
class DaphneServer:
    """Daphne serving the project on `url`, with its own SQLite file `database`."""

    database: Path
    port: int = field(default_factory=_free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20) -> None:
        command = [sys.executable, "-m", "daphne", "-v", "0", "-b", "127.0.0.1", "-p", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "homegame.asgi:application"], cwd=BASE_DIR, env=_server_env(self.database)
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Daphne exited with status {self.process.returncode}")
            try:
                with urllib.request.urlopen(f"{self.url}/", timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("Daphne did not answer in time")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                # A test's server holds nothing worth a graceful close (Daphne would wait 10 s
                # for open sockets).
                self.process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def call(self, function: str, **kwargs: object) -> object:
        """Run `module:function(**kwargs)` in a Django process on this server's database; its
        JSON result. For arranging a test (nights, seats, decks) and reading what was stored."""
        module, name = function.split(":")
        code = (
            "import django, json, sys; django.setup(); "
            f"from {module} import {name}; "
            f"print(json.dumps({name}(**json.loads(sys.argv[1]))))"
        )
        done = subprocess.run(
            [sys.executable, "-c", code, json.dumps(kwargs)],
            cwd=BASE_DIR,
            env=_server_env(self.database),
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{function} failed:\n{done.stderr}")
        return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty, migrated SQLite database file, made once per run and copied by each server."""
    path = tmp_path_factory.mktemp("daphne-template") / "db.sqlite3"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=BASE_DIR,
        env=_server_env(path),
        check=True,
        timeout=120,
    )
    return path


@pytest.fixture
def daphne_server(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[DaphneServer]:
    """A running Daphne with a fresh database of its own (stopped after the test)."""
    database = tmp_path / "db.sqlite3"
    shutil.copyfile(migrated_sqlite_file, database)
    server = DaphneServer(database)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def host_calls() -> QuerySet[AuditEntry]:
    """The night's log without the set-up lines (the night opened, its tables added), which
    every test night has: the lines of the host's calls a test makes."""
    return AuditEntry.objects.exclude(payload__has_key="setup")
