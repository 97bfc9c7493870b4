"""The Docker build context leaves out what belongs to one machine: the local SQLite database with
its journal files, and the secret key `make run` makes once and keeps in `.secret_key`.
An image built from a checkout where the night was run must carry neither.
"""

from __future__ import annotations

import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _ignored(name: str) -> bool:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return any(fnmatch.fnmatch(name, pattern) for pattern in patterns)


@pytest.mark.parametrize(
    "name", [".secret_key", "db.sqlite3", "db.sqlite3-journal", "db.sqlite3-wal", "db.sqlite3-shm", ".env"]
)
def test_a_local_secret_or_database_file_is_not_sent_to_the_build(name: str) -> None:
    assert _ignored(name), f"{name} would be copied into the image"


def test_the_code_itself_is_still_sent() -> None:
    assert not any(_ignored(name) for name in ["manage.py", "engine", "tables", "requirements.txt"])
