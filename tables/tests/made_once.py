"""Rows that every test of a module reads, made once for the module instead of once per test.

Django's `TestCase.setUpTestData` does the same: the rows are made inside a transaction that
stays open while the module's tests run; each test's own transaction nests inside it (a
savepoint, rolled back after the test), so one test's changes never reach the next, and the
whole transaction is rolled back after the module's last test. Tests get a deep copy of what
was made (`copy.deepcopy`, as `setUpTestData` gives), so changing an object in memory does not
change it for the next test either.

Only for modules whose tests all run in the test transaction: no `transactional_db`, no
async consumers (their threads use other connections, which cannot see uncommitted rows).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.test import override_settings

# The real hasher is slow on purpose; tests check flows, not hashing (tables/tests/conftest.py
# sets the same for each test, after a module's rows are made).
FAST_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@contextmanager
def made_once_for_the_module(django_db_blocker: Any) -> Iterator[None]:
    """Open the module's transaction: rows made inside the block live until it ends."""
    with (
        django_db_blocker.unblock(),
        override_settings(PASSWORD_HASHERS=FAST_PASSWORD_HASHERS),
        transaction.atomic(),
    ):
        yield
        transaction.set_rollback(True)
