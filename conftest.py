"""Project-wide test set-up: which real services this run has.

Tests that need PostgreSQL, Redis or Chromium call `require_service(...)`. On a
laptop without them the test is skipped with the reason shown; with
HOMEGAME_REQUIRE_SERVICES=1 (as CI sets) a missing service fails the run instead.
"""

from __future__ import annotations

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
