"""Settings come from the environment through small typed helpers that refuse malformed values,
and a deployment's settings pass Django's own deployment checks."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from homegame import settings as homegame_settings

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def _manage(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    unset = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")
    environment = {k: v for k, v in os.environ.items() if k not in unset}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(("raw", "expected"), [("1", True), ("true", True), ("0", False), ("off", False)])
def test_env_bool_reads_the_usual_spellings(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool
) -> None:
    monkeypatch.setenv("DEBUG", raw)
    assert homegame_settings.env_bool("DEBUG", not expected) is expected


def test_env_bool_refuses_maybe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be a boolean"):
        homegame_settings.env_bool("DEBUG", True)


def test_env_int_refuses_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SESSION_COOKIE_AGE", "a month")
    with pytest.raises(ImproperlyConfigured, match="SESSION_COOKIE_AGE must be a whole number"):
        homegame_settings.env_int("SESSION_COOKIE_AGE", 1)


@pytest.mark.parametrize("url", ["nonsense", "mongodb://db/poker", "postgres://user@host:notaport/db"])
def test_bad_database_url_is_refused(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL is not a valid database URL"):
        homegame_settings._database_from_env()


def test_no_database_url_means_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert homegame_settings._database_from_env()["ENGINE"] == "django.db.backends.sqlite3"


def test_sqlite_keeps_its_connections_open_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DATABASE_CONN_MAX_AGE", raising=False)
    assert homegame_settings._database_from_env()["CONN_MAX_AGE"] is None
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/homegame.sqlite3")
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "30")
    assert homegame_settings._database_from_env()["CONN_MAX_AGE"] == 30


def test_sqlite_transactions_wait_for_the_write_lock_from_their_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DATABASE_URL", "sqlite:////tmp/homegame.sqlite3")
    options = homegame_settings._database_from_env()["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] >= 10


def test_postgresql_connections_come_from_a_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://homegame@127.0.0.1:5432/homegame")
    monkeypatch.delenv("DATABASE_POOL_SIZE", raising=False)
    monkeypatch.delenv("DATABASE_CONN_MAX_AGE", raising=False)
    config = homegame_settings._database_from_env()
    assert config["OPTIONS"]["pool"]["max_size"] == 16 and config["CONN_MAX_AGE"] == 0


def test_a_pool_size_of_zero_keeps_plain_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://homegame@127.0.0.1:5432/homegame")
    monkeypatch.setenv("DATABASE_POOL_SIZE", "0")
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "60")
    config = homegame_settings._database_from_env()
    assert "pool" not in config.get("OPTIONS", {}) and config["CONN_MAX_AGE"] == 60


def test_a_pool_with_persistent_connections_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://homegame@127.0.0.1:5432/homegame")
    monkeypatch.delenv("DATABASE_POOL_SIZE", raising=False)
    monkeypatch.setenv("DATABASE_CONN_MAX_AGE", "60")
    with pytest.raises(ImproperlyConfigured, match="DATABASE_POOL_SIZE=0"):
        homegame_settings._database_from_env()


def test_redis_carries_hints_by_publish_and_subscribe(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    layer = homegame_settings._channel_layers_from_env()["default"]
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"


def test_bad_redis_url_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", "http://127.0.0.1:6379")
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL must start with redis://"):
        homegame_settings._channel_layers_from_env()


def test_a_malformed_setting_stops_manage_py_with_the_reason() -> None:
    result = _manage(["check"], DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG must be a boolean (1/0, true/false), not 'maybe'" in result.stderr


def test_debug_off_without_a_secret_key_is_refused() -> None:
    result = _manage(["check"], DEBUG="0", ALLOWED_HOSTS="poker.example.org")
    assert result.returncode != 0
    assert "Set SECRET_KEY when DEBUG is off." in result.stderr


def test_deployment_settings_pass_check_deploy() -> None:
    result = _manage(
        ["check", "--deploy", "--fail-level", "WARNING"],
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="poker.example.org",
        CSRF_TRUSTED_ORIGINS="https://poker.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
