"""A client's X-Forwarded-For is trusted only when a proxy stands in front (BEHIND_PROXY=1).

The guessing limits count per client address (tables.rate_limits). The Docker image ran Daphne
with --proxy-headers always, so any client could send a made-up X-Forwarded-For with each guess
and never reach the limit. The image now runs `python -m homegame.serve`, which passes
--proxy-headers only with BEHIND_PROXY=1; these tests start the server that way."""

from __future__ import annotations

import http.cookiejar
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from homegame.serve import daphne_arguments
from tables.rate_limits import PASSWORDS
from tables.tests.conftest import BASE_DIR, DaphneServer, _reserved_port, _server_env

HERE = "tables.tests.test_forwarded_addresses"
HOST, PASSWORD = "hostess", "a-long-host-password"


def make_host() -> None:
    """Run in the server's database (DaphneServer.call)."""
    User.objects.create_superuser(username=HOST, password=PASSWORD)


@dataclass
class ServedAsTheImageServes(DaphneServer):
    """Daphne started by homegame.serve, as the Docker image starts it (on this computer only)."""

    behind_proxy: str = "0"

    def start(self, timeout: float = 30) -> None:
        # Plain http here (no TLS proxy in the test): no redirect to https.
        env = {**_server_env(self.database), "BEHIND_PROXY": self.behind_proxy, "HTTPS": "0"}
        # The port is held until the server listens there, as every test server's is.
        with _reserved_port() as reserved:
            self.port = reserved.getsockname()[1]
            command = [sys.executable, "-m", "homegame.serve", str(self.port), "127.0.0.1"]
            self.process = subprocess.Popen(command, cwd=BASE_DIR, env=env, stdout=subprocess.DEVNULL)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"The server exited with status {self.process.returncode}")
                try:
                    with urllib.request.urlopen(f"{self.url}/", timeout=1):
                        return
                except OSError:
                    time.sleep(0.1)
        raise RuntimeError("The server did not answer in time")


def served(tmp_path: Path, template: Path, behind_proxy: str) -> ServedAsTheImageServes:
    database = tmp_path / "db.sqlite3"
    database.write_bytes(template.read_bytes())
    server = ServedAsTheImageServes(database, behind_proxy=behind_proxy)
    server.call(f"{HERE}:make_host")
    server.start()
    return server


@pytest.fixture
def without_a_proxy(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[ServedAsTheImageServes]:
    server = served(tmp_path, migrated_sqlite_file, "0")
    yield server
    server.stop()


@pytest.fixture
def behind_a_proxy(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[ServedAsTheImageServes]:
    server = served(tmp_path, migrated_sqlite_file, "1")
    yield server
    server.stop()


def log_in(server: DaphneServer, password: str, forwarded_for: str) -> str:
    """One log-in through the form, claiming to come from `forwarded_for`: the page it ends on."""
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with browser.open(f"{server.url}/login/", timeout=10) as page:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode())
    assert token is not None
    form = {"csrfmiddlewaretoken": token.group(1), "username": HOST, "password": password}
    request = urllib.request.Request(
        f"{server.url}/login/",
        data=urllib.parse.urlencode(form).encode(),
        headers={"X-Forwarded-For": forwarded_for},
    )
    with browser.open(request, timeout=10) as answer:
        return f"{answer.url}\n{answer.read().decode()}"


def guess_from_made_up_addresses(server: DaphneServer) -> str:
    for n in range(PASSWORDS.attempts):
        assert "Please enter a correct username and password" in log_in(server, "guess", f"203.0.113.{n}")
    return log_in(server, PASSWORD, "198.51.100.1")


@pytest.mark.slow  # a server of its own
def test_without_a_proxy_a_made_up_forwarded_address_does_not_reset_the_limit(
    without_a_proxy: ServedAsTheImageServes,
) -> None:
    assert PASSWORDS.message in guess_from_made_up_addresses(without_a_proxy)


@pytest.mark.slow
def test_behind_a_proxy_the_forwarded_address_is_the_client(behind_a_proxy: ServedAsTheImageServes) -> None:
    """The proxy names each client: five addresses each had one wrong try, none is held up."""
    assert guess_from_made_up_addresses(behind_a_proxy).startswith(f"{behind_a_proxy.url}/host/")


def test_the_image_and_compose_start_the_server_through_homegame_serve() -> None:
    for name in ("Dockerfile", "docker-compose.yml"):
        text = (BASE_DIR / name).read_text()
        assert "exec python -m homegame.serve" in text, name
        assert "--proxy-headers" not in text, f"{name} must leave --proxy-headers to BEHIND_PROXY"
    assert "--proxy-headers" not in daphne_arguments(behind_proxy=False)
    assert "--proxy-headers" in daphne_arguments(behind_proxy=True)


@pytest.mark.django_db
def test_the_app_counts_the_address_the_server_gives_not_the_header(host: User) -> None:
    browser = Client()
    for n in range(PASSWORDS.attempts):
        browser.post(
            "/login/", {"username": HOST, "password": "guess"}, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}"
        )
    refused = browser.post(
        "/login/", {"username": HOST, "password": PASSWORD}, HTTP_X_FORWARDED_FOR="10.9.9.9"
    )
    assert PASSWORDS.message in refused.content.decode()
