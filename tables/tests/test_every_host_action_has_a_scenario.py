"""Every host action of the app has a scenario in one of the host-action log-line harnesses.

The scenario tables are checked against the app itself: every URL under host/ (tables.urls) and
every intent a host may send a table (engine.live.intents.INTENTS). A host action added
without a scenario fails `test_every_host_action_has_a_scenario`; one added without a
log line fails its scenario.
"""

from __future__ import annotations

from django.urls import URLPattern

from engine.live import HOST
from engine.live.intents import INTENTS
from tables import urls
from tables.tests.test_each_host_page_action_writes_one_log_line import CASH_SCENARIOS
from tables.tests.test_each_host_socket_command_writes_one_log_line import SOCKET_SCENARIOS
from tables.tests.test_each_season_action_writes_one_log_line import SEASON_SCENARIOS
from tables.tests.test_each_tournament_action_writes_one_log_line import TOURNAMENT_SCENARIOS

# Host pages that only show, or compute without recording anything (the deal calculator).
SHOWS_ONLY = {
    "host_home",
    "night_detail",
    "night_status",
    "host_panel",
    "host_panel_status",
    "host_felt",
    "host_felt_status",
    "ledger",
    "ledger_csv",
    "settlement_csv",
    "players_csv",
    "tournament_detail",
    "tournament_seating",
    "tournament_deal",
    "night_people",
}


def _url_names() -> set[str]:
    return {
        pattern.name
        for pattern in urls.urlpatterns
        if isinstance(pattern, URLPattern) and str(pattern.pattern).startswith("host/") and pattern.name
    }


def test_every_host_action_has_a_scenario() -> None:
    """A host page or button added without a scenario in its harness fails: write its log line,
    then add it (or add it to SHOWS_ONLY if it records nothing)."""
    covered = {name for name, _ in CASH_SCENARIOS} | {name for name, _ in TOURNAMENT_SCENARIOS}
    covered |= {name for name, _ in SEASON_SCENARIOS}
    assert _url_names() - SHOWS_ONLY == covered
    host_intents = {kind for kind, spec in INTENTS.items() if HOST in spec.roles}
    assert host_intents == set(SOCKET_SCENARIOS)
