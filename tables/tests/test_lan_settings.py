"""`make run` serves the LAN: DEBUG off, a secret key made once and kept, no https switches on
plain http, ALLOWED_HOSTS from the LAN address and PUBLIC_URL (never `*`), and Django's
deployment checks pass for exactly these settings."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from homegame.lan import lan_address

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SHOWN = "DEBUG SECRET_KEY ALLOWED_HOSTS SECURE_SSL_REDIRECT SESSION_COOKIE_SECURE CSRF_COOKIE_SECURE"
SHOW_SETTINGS = (
    "import json; from django.conf import settings as s; "
    f"print(json.dumps({{name: getattr(s, name) for name in {SHOWN.split()!r}}}))"
)


def _lan_env(key_file: Path, **extra: str) -> dict[str, str]:
    """The environment `make run` gives the app (the Makefile's LAN_ENV), the key file moved to `key_file`."""
    makefile = (PROJECT_ROOT / "Makefile").read_text()
    line = re.search(r"^LAN_ENV := (.*)$", makefile, re.MULTILINE)
    assert line is not None
    env = {
        k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "PUBLIC_URL")
    }
    env.update(pair.split("=", 1) for pair in line.group(1).split())
    assert env["DEBUG"] == "0" and env["SECRET_KEY_FILE"] == ".secret_key"
    env["SECRET_KEY_FILE"] = str(key_file)
    env.update(extra)
    return env


def _manage(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _settings(env: dict[str, str]) -> dict:
    result = _manage(["shell", "-c", SHOW_SETTINGS], env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_make_run_settings_pass_check_deploy(tmp_path: Path) -> None:
    result = _manage(["check", "--deploy", "--fail-level", "WARNING"], _lan_env(tmp_path / "key"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_make_run_serves_plain_http_without_debug_and_keeps_one_secret_key(tmp_path: Path) -> None:
    env = _lan_env(tmp_path / "key", PUBLIC_URL="http://poker.lan:8000")
    first, second = _settings(env), _settings(env)
    assert first["DEBUG"] is False
    assert (
        first["SECURE_SSL_REDIRECT"] is first["SESSION_COOKIE_SECURE"] is first["CSRF_COOKIE_SECURE"] is False
    )
    assert "*" not in first["ALLOWED_HOSTS"]
    assert {lan_address(), "localhost", "poker.lan"} <= set(first["ALLOWED_HOSTS"])
    assert len(first["SECRET_KEY"]) >= 50 and first["SECRET_KEY"] == second["SECRET_KEY"]
    assert (tmp_path / "key").read_text().strip() == first["SECRET_KEY"]
    assert (tmp_path / "key").stat().st_mode & 0o077 == 0


def test_behind_a_tls_proxy_the_https_switches_come_on(tmp_path: Path) -> None:
    settings = _settings(_lan_env(tmp_path / "key", BEHIND_PROXY="1"))
    assert settings["SECURE_SSL_REDIRECT"] is settings["SESSION_COOKIE_SECURE"] is True


@pytest.mark.parametrize("hosts", ["*", "poker.lan,*"])
def test_allowed_hosts_star_is_refused(tmp_path: Path, hosts: str) -> None:
    result = _manage(["check"], _lan_env(tmp_path / "key", ALLOWED_HOSTS=hosts))
    assert result.returncode != 0
    assert "ALLOWED_HOSTS=* would answer any Host" in result.stderr


def test_the_secret_key_file_is_git_ignored() -> None:
    assert ".secret_key" in (PROJECT_ROOT / ".gitignore").read_text().split()
