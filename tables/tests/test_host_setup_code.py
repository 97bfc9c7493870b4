"""The first visit creates the host account, who administers the install: only from the computer
Homegame runs on (a loopback address), or with the setup code the server printed when it started.
A wrong code creates nothing and counts like a wrong password; once the host account exists the
code opens nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables import setup_code
from tables.rate_limits import PASSWORDS

pytestmark = pytest.mark.django_db

BASE_DIR = Path(__file__).resolve().parents[2]
KEY = "a-secret-key-made-for-this-laptop-only-0123456789"
PHONE = "192.168.1.50"  # another device on the Wi-Fi
ACCOUNT = {"username": "sam", "password1": "a-long-host-password", "password2": "a-long-host-password"}


@pytest.fixture(autouse=True)
def install_key(settings: object) -> None:
    settings.SECRET_KEY = KEY  # as `make run` has, from .secret_key


def setup_from(address: str, **fields: str) -> tuple[int, str]:
    response = Client(REMOTE_ADDR=address).post("/setup/", {**ACCOUNT, **fields})
    return response.status_code, response.content.decode()


def test_another_address_without_the_code_creates_nobody() -> None:
    status, page = setup_from(PHONE)
    assert status == 400
    assert setup_code.WRONG in page
    assert not User.objects.exists()


def test_another_address_with_a_wrong_code_creates_nobody() -> None:
    status, page = setup_from(PHONE, setup_code="ABCD-EFGH")
    assert status == 400
    assert setup_code.WRONG in page
    assert not User.objects.exists()


def test_the_setup_page_asks_another_address_for_the_code_and_not_this_computer() -> None:
    assert b'name="setup_code"' in Client(REMOTE_ADDR=PHONE).get("/setup/").content
    assert b'name="setup_code"' not in Client(REMOTE_ADDR="127.0.0.1").get("/setup/").content


def test_another_address_with_the_code_creates_the_host() -> None:
    code = setup_code.setup_code()
    assert code is not None
    status, _ = setup_from(PHONE, setup_code=f" {code.lower()} ")  # typed as people type it
    assert status == 302
    assert User.objects.get().is_superuser


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1"])
def test_this_computer_needs_no_code(address: str) -> None:
    status, _ = setup_from(address)
    assert status == 302
    assert User.objects.get().username == "sam"


def test_wrong_codes_are_limited_like_wrong_passwords() -> None:
    for attempt in range(PASSWORDS.attempts):
        setup_from(PHONE, setup_code=f"WRNG-{attempt:04}")
    status, page = setup_from(PHONE, setup_code=setup_code.setup_code() or "")
    assert status == 400
    assert PASSWORDS.message in page
    assert not User.objects.exists()
    status, _ = setup_from("192.168.1.51", setup_code=setup_code.setup_code() or "")  # another device
    assert status == 302


def test_once_the_host_exists_the_code_opens_nothing(host: User) -> None:
    response = Client(REMOTE_ADDR=PHONE).post("/setup/", {**ACCOUNT, "setup_code": setup_code.setup_code()})
    assert response.status_code == 302
    assert response["Location"] == "/login/"
    assert list(User.objects.values_list("username", flat=True)) == ["hostess"]


def test_with_the_development_key_there_is_no_code_and_only_this_computer_sets_up(settings: object) -> None:
    settings.SECRET_KEY = "django-insecure-homegame-development-only-key"
    assert setup_code.setup_code() is None
    status, page = setup_from(PHONE, setup_code="ANYT-HING")
    assert status == 400
    assert "on the computer running Homegame" in page
    assert not User.objects.exists()


def test_the_code_depends_on_the_install_key(settings: object) -> None:
    first = setup_code.setup_code()
    settings.SECRET_KEY = KEY + "-another-install"
    assert setup_code.setup_code() not in (None, first)


def test_make_run_prints_the_setup_code_next_to_the_addresses(tmp_path: Path) -> None:
    """What `make run` runs before serving (the Makefile's `run`), on a fresh install."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "PUBLIC_URL")}
    env.update(DEBUG="0", SECRET_KEY=KEY, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    done = subprocess.run(
        [sys.executable, "scripts/lan_url.py", "8000"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "http://localhost:8000/" in done.stdout
    code = setup_code.setup_code()
    assert code is not None and f"The setup code is {code}" in done.stdout
    # `make run` gives it the install's key, as it does to the server.
    assert (
        "\t@env $(LAN_ENV) $(BIN)/python scripts/lan_url.py $(PORT)\n" in (BASE_DIR / "Makefile").read_text()
    )


def test_the_server_prints_the_code_until_the_host_exists() -> None:
    """What `make run` and the Docker image (homegame.serve) print where the server starts."""
    assert f"The setup code is {setup_code.setup_code()}" in setup_code.notice()
    User.objects.create_superuser(username="sam", password="a-long-host-password")
    assert setup_code.notice() == ""
