"""Fixtures for the app's tests: a host, their night and tables, and guests' phones."""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
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
from tables.services.hosting import hosting
from tables.services.seating import joining
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


@pytest.fixture(scope="session", autouse=True)
def own_channel_layer_prefix() -> None:
    """Each test process (each xdist worker) names its Redis channels and groups apart. Table ids
    repeat across the workers' databases, and Redis publishes to every subscriber whatever its
    database number: with one prefix, a worker's sockets of table 7 would be handed another
    worker's hints of its table 7 (and those of a run beside it: the process id tells them
    apart). Subprocesses that keep REDIS_URL inherit the prefix through REDIS_PREFIX."""
    from channels.layers import channel_layers
    from django.conf import settings

    config = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
    if "prefix" not in config:
        return  # the in-memory layer: nothing is shared between processes
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    config["prefix"] = f"{config['prefix']}-test-{worker}-{os.getpid()}"
    os.environ["REDIS_PREFIX"] = config["prefix"]
    channel_layers.backends.clear()


class _Chromium:
    """One Playwright driver and one Chromium per test process, started by the first browser test.

    Starting them takes a second or more, once per process instead of once per test. While
    Playwright's sync API is in use it marks its event loop as running in this thread, which
    makes Django refuse ORM calls and pytest-asyncio refuse to run a loop: between browser tests
    the mark is taken off, and put back before the next one uses the browser."""

    def __init__(self) -> None:
        self.manager: Any = None
        self.browser: Any = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def lend(self) -> Any:
        """The browser, with Playwright's loop marked running again (started if need be)."""
        from tables.tests.browser import CHROMIUM_ARGS

        if self.loop is not None:
            asyncio._set_running_loop(self.loop)
        try:
            if self.browser is not None and not self.browser.is_connected():
                self.stop()  # Chromium went away: this test gets a new one
            if self.manager is None:
                from playwright.sync_api import sync_playwright

                self.manager = sync_playwright()
                playwright = self.manager.start()
                self.loop = asyncio.get_running_loop()
                self.browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        except BaseException:
            self.stop()
            raise
        return self.browser

    def take_back(self) -> None:
        """Each test's pages and contexts are closed, so the next test starts from a fresh context."""
        try:
            for context in list(self.browser.contexts):
                context.close()
        finally:
            asyncio._set_running_loop(None)

    def stop(self) -> None:
        if self.manager is None:
            return
        if self.loop is not None:
            asyncio._set_running_loop(self.loop)
        try:
            if self.browser is not None and self.browser.is_connected():
                self.browser.close()
        finally:
            manager, self.manager, self.browser, self.loop = self.manager, None, None, None
            try:
                manager.__exit__()  # stops the driver and its loop
            finally:
                asyncio._set_running_loop(None)


@pytest.fixture(scope="session")
def chromium() -> Iterator[_Chromium]:
    shared = _Chromium()
    yield shared
    shared.stop()


@pytest.fixture
def browser(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, chromium: _Chromium
) -> Iterator[Any]:
    """Debian's headless Chromium, driven by Playwright (which never downloads a browser): the
    test process's one Chromium, whose contexts the test opens are closed after it."""
    require_service(chromium_path() is not None, "Chromium is not installed")
    # Tests against pytest-django's live_server use the ORM between browser steps, while
    # Playwright's sync API runs an event loop in this thread: those calls are ordinary
    # synchronous ones. (Tests against a Daphne subprocess do not touch the ORM here.)
    uses_orm = "live_server" in request.fixturenames
    if uses_orm:
        monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    browser = chromium.lend()
    try:
        yield browser
    finally:
        try:
            if uses_orm:
                # Those ORM calls got their own connection, which Django's test teardown does not
                # know about: close it, or PostgreSQL cannot drop the test database. It is found
                # only while Playwright's loop is still marked running, as when it was opened.
                connections.close_all()
        finally:
            chromium.take_back()


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


def _reserved_port() -> socket.socket:
    """A socket bound to a port the OS chose, to be kept until the server listens there. Bound
    with SO_REUSEADDR and not listening, it lets Daphne (which sets SO_REUSEADDR too) listen on
    the port, while the OS gives the port to no other bind meanwhile: another test process's
    server cannot take it, and then be the one that answers this test."""
    probe = socket.socket()
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    probe.bind(("127.0.0.1", 0))
    return probe


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
    port: int = 0  # chosen by start()
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20) -> None:
        with _reserved_port() as reserved:
            self.port = reserved.getsockname()[1]
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
    """A running Daphne with a fresh database of its own (stopped after the test). One per test,
    not per module: the server keeps each table's newest state in memory under its id, and each
    test's arranging makes the same host and table ids again."""
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
