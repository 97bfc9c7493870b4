"""Project-wide test set-up: which real services this run has.

Tests that need PostgreSQL, Redis or Chromium call `require_service(...)`. On a
laptop without them the test is skipped with the reason shown; with
HOMEGAME_REQUIRE_SERVICES=1 (as CI sets) a missing service fails the run instead.
"""

from __future__ import annotations

import math
import os
import shutil

import pytest
from hypothesis import settings as hypothesis_settings

REQUIRE_SERVICES = os.environ.get("HOMEGAME_REQUIRE_SERVICES", "") == "1"


# Timing is not what the property tests check, and a loaded 2-core machine can take longer
# than Hypothesis's default deadline. CI runs derandomized so that a red build always
# replays the same examples; locally each run explores new ones.
hypothesis_settings.register_profile("homegame", deadline=None, print_blob=True)
hypothesis_settings.register_profile(
    "ci", parent=hypothesis_settings.get_profile("homegame"), derandomize=True
)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "homegame")
# `make test-fast` (the check before each commit) passes --hypothesis-profile=test-fast: each
# property test runs about a third of its examples. `make test` and CI run every count written.
hypothesis_settings.register_profile(
    "test-fast", parent=hypothesis_settings.get_profile("homegame"), max_examples=34
)


def examples(written: int) -> int:
    """A property test's example count: `written` under the full profiles (Hypothesis's default
    of 100 examples, so 300 stays 300), scaled down with the profile's count under test-fast
    (300 becomes 102)."""
    return max(1, math.ceil(written * hypothesis_settings.default.max_examples / 100))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """`-n auto` (`make test-fast`) starts one worker more than there are cores. About an eighth
    of the fast set's time is waiting, not computing (websockets, timers, subprocesses): a
    worker per core would leave a core idle then, while the extra one keeps both busy.
    PYTEST_XDIST_AUTO_NUM_WORKERS still sets the number outright."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def require_service(available: bool, reason: str) -> None:
    if available:
        return
    if REQUIRE_SERVICES:
        pytest.fail(f"HOMEGAME_REQUIRE_SERVICES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        f"database: {'PostgreSQL' if os.environ.get('DATABASE_URL') else 'SQLite'}; "
        f"channel layer: {'Redis' if os.environ.get('REDIS_URL') else 'in-memory'}; "
        f"chromium: {chromium_path() or 'not installed'}; "
        f"services required: {REQUIRE_SERVICES}"
    ]


def pytest_configure(config: pytest.Config) -> None:
    if REQUIRE_SERVICES:
        missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not os.environ.get(name)]
        if missing:
            raise pytest.UsageError(f"HOMEGAME_REQUIRE_SERVICES=1 needs {', '.join(missing)} set")
