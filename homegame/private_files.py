"""Files only the account running Homegame may read: the SQLite database, which holds the live
deck seed of every table (and so every card still to come), its journal files, and the secret key.

The database file is made readable by its owner only before SQLite first opens it (SQLite gives
its journal and WAL files the mode of the database file), and a file left readable by others
from before is narrowed on the next start.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)
OWNER_ONLY = 0o600
# The files SQLite keeps beside a database while it writes.
SQLITE_COMPANIONS = ("-journal", "-wal", "-shm")


def make_owner_only(path: Path) -> None:
    """Take away every right of other accounts on an existing file; nothing if it does not exist."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return
    if mode & 0o077:
        try:
            path.chmod(mode & 0o700)
        except PermissionError:  # another account's file: say so, and leave it to its owner
            logger.warning("%s is readable by other accounts and not ours to change: chmod 600 it.", path)


def sqlite_file(database: dict[str, Any]) -> Path | None:
    """The file of an SQLite database setting, or None (another engine, or a database in memory).

    >>> sqlite_file({"ENGINE": "django.db.backends.sqlite3", "NAME": "/srv/db.sqlite3"})
    PosixPath('/srv/db.sqlite3')
    >>> sqlite_file({"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}) is None
    True
    """
    if database.get("ENGINE") != "django.db.backends.sqlite3":
        return None
    name = str(database.get("NAME") or "")
    if not name or name == ":memory:" or name.startswith("file:") or "mode=memory" in name:
        return None
    return Path(name)


def keep_sqlite_private(path: Path) -> None:
    """Make the database file owner-only, creating it empty (as SQLite would) if it is missing,
    so that it is never readable by others, not even for a moment; and its journal files."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
    except FileExistsError:
        pass
    except FileNotFoundError:  # its folder does not exist: SQLite will say so when it opens it
        return
    else:
        os.close(descriptor)
    for file in (path, *(path.with_name(path.name + suffix) for suffix in SQLITE_COMPANIONS)):
        make_owner_only(file)
