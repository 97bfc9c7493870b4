"""The SQLite database holds every table's deck seed (and so every card still to come): it, its
journal files and the secret key are readable by the account running Homegame only, however
they came to exist."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from tables.tests.conftest import BASE_DIR, _server_env

OWNER_ONLY = 0o600


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def run_django(database: Path, code: str, **env: str) -> None:
    """A Django process on `database`, started with the usual umask (files readable by all)."""
    subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=BASE_DIR,
        env={**_server_env(database), **env},
        check=True,
        timeout=120,
        umask=0o022,
    )


def test_the_database_made_by_migrate_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=BASE_DIR,
        env=_server_env(database),
        check=True,
        timeout=120,
        umask=0o022,
    )
    assert database.stat().st_size > 0
    assert mode_of(database) == OWNER_ONLY


def test_a_database_and_journals_readable_by_others_are_narrowed_when_opened(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    files = [database, tmp_path / "db.sqlite3-journal", tmp_path / "db.sqlite3-wal"]
    for file in files:
        file.touch()
        file.chmod(0o644)
    run_django(database, "from django.db import connection; connection.ensure_connection()")
    assert [mode_of(file) for file in files] == [OWNER_ONLY] * 3


def test_a_database_made_while_the_app_runs_is_owner_only(tmp_path: Path) -> None:
    """A connection to a file that did not exist when the app started (the signal's case)."""
    later = tmp_path / "later.sqlite3"
    code = (
        "from django.db import connections; "
        "connections.settings['later'] = {**connections.settings['default'], "
        f"'NAME': {str(later)!r}}}; "
        "connections['later'].cursor().execute('create table t (x integer)')"
    )
    run_django(tmp_path / "db.sqlite3", code)
    assert mode_of(later) == OWNER_ONLY


def test_a_secret_key_file_readable_by_others_is_narrowed(tmp_path: Path) -> None:
    key = tmp_path / "secret_key"
    key.write_text("a-key-written-by-hand-long-enough-for-the-settings-0123456789")
    key.chmod(0o644)
    run_django(tmp_path / "db.sqlite3", "pass", SECRET_KEY_FILE=str(key), SECRET_KEY="", DEBUG="0")
    assert mode_of(key) == OWNER_ONLY


def test_a_new_secret_key_file_is_owner_only(tmp_path: Path) -> None:
    key = tmp_path / "secret_key"
    run_django(tmp_path / "db.sqlite3", "pass", SECRET_KEY_FILE=str(key), SECRET_KEY="", DEBUG="0")
    assert mode_of(key) == OWNER_ONLY
    assert os.path.getsize(key) > 0
