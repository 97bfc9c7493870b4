"""One refusal: the write path and the services raise the same `ActionRefused`, with a `code`.

docs/protocol.md: "Refused; nothing changed. `message` is for people. Codes: `malformed`,
`stale_version`, `illegal`, `forbidden`, `throttled`, `not_found`."
"""

from __future__ import annotations

import doctest

import pytest
from django.contrib.auth.models import User

from tables import errors
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state, player_actor
from tables.models import Table
from tables.services.hosting import host_panel
from tables.tests.live_helpers import SEED, seat_players


def test_the_write_path_refuses_a_stale_version_with_its_code(table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    version = load_state(table.pk).version
    with pytest.raises(ActionRefused) as refused:
        apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED}, expected_version=version - 1)
    assert refused.value.code == "stale_version"
    assert load_state(table.pk).version == version


def test_the_write_path_refuses_an_unknown_table_as_not_found(db: None) -> None:
    with pytest.raises(ActionRefused) as refused:
        apply_intent(999_999, "host", {"type": "start_hand"})
    assert refused.value.code == "not_found"
    assert refused.value.message == "This table does not exist."


def test_a_player_who_is_not_seated_is_refused_as_forbidden(table: Table) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    with pytest.raises(ActionRefused) as refused:
        apply_intent(table.pk, player_actor(ann.pk + 1000), {"type": "sit_out"})
    assert refused.value.code == "forbidden"


def test_a_service_passes_the_write_paths_refusal_on_with_its_code(table: Table, host: User) -> None:
    """A deal with one player is the engine's refusal; the host panel's service raises it unchanged."""
    seat_players(table, ["Ann"])
    version = load_state(table.pk).version
    with pytest.raises(ActionRefused) as refused:
        host_panel.table_command(table, host, "deal")
    assert refused.value.code == "illegal"
    assert refused.value.message
    assert load_state(table.pk).version == version


def test_a_services_own_refusal_is_illegal_by_default(table: Table, host: User) -> None:
    with pytest.raises(ActionRefused) as refused:
        host_panel.table_command(table, host, "shuffle up")
    assert refused.value.code == "illegal"
    assert str(refused.value) == "Choose deal, pause or resume."


def test_the_refusals_examples_hold() -> None:
    result = doctest.testmod(errors)
    assert result.attempted > 0 and result.failed == 0
