"""What the host-action log-line tests share: the cash night most scenarios start from, and the
check that one action wrote one complete line (who, when, what exactly and why).

Each harness is a test file of its own: host pages of a cash night
(test_each_host_page_action_writes_one_log_line), tournament pages
(test_each_tournament_action_writes_one_log_line), host commands over a table's socket
(test_each_host_socket_command_writes_one_log_line) and season pages
(test_each_season_action_writes_one_log_line); test_every_host_action_has_a_scenario checks
that their scenarios cover every host action of the app.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.forms import BaseForm
from django.test import Client

from engine.live import HOST
from tables.live import apply_intent
from tables.models import Night, Player, SeasonAuditEntry, Table
from tables.models.ledger import AuditEntry
from tables.services.ledger import chip_requests, ledger
from tables.tests.conftest import new_host, new_night, new_table
from tables.tests.live_helpers import seat_players
from tables.tests.made_once import made_once_for_the_module

WHY = "the reason the host gave"


@dataclass
class Night2:
    """A cash night in progress: Ann and Bob bought in and seated at Main table, Cy bought in
    and waiting, Dee waiting to be let in, Eve asking for a rebuy; an empty Side table."""

    night: Night
    main: Table
    side: Table
    players: dict[str, Player]
    client: Client


def _cash_night(host: User) -> tuple[Night, Table, Table, dict[str, Player]]:
    night = new_night(host)
    main = new_table(night, "Main table", 9)
    side = new_table(night, "Side table", 6)
    ann, bob, eve = seat_players(main, ["Ann", "Bob", "Eve"])
    for player in (ann, bob, eve):
        ledger.record_chips_in(player, "buy_in", 200, host)
    cy = Player.objects.create(
        night=night, display_name="Cy", status=Player.Status.APPROVED, session_token="c"
    )
    ledger.record_chips_in(cy, "buy_in", 100, host)
    dee = Player.objects.create(night=night, display_name="Dee", session_token="d")
    chip_requests.request_chips(eve, "rebuy", 50)
    return night, main, side, {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee, "Eve": eve}


@pytest.fixture(scope="module", name="cash_made_once")
def made_once_cash_night(
    django_db_setup: None, django_db_blocker: Any
) -> Iterator[tuple[Night, Table, Table, dict[str, Player]]]:
    # Most scenarios start from the same cash night, whose making was most of this module's
    # time: it is made once (tables/tests/made_once.py keeps each test's changes apart).
    with made_once_for_the_module(django_db_blocker):
        yield _cash_night(new_host())


@pytest.fixture(name="host")
def host_of_the_cash_night(cash_made_once: tuple[Night, ...], db: None) -> User:
    """The host of the cash night, who also hosts each test's tournament night."""
    return User.objects.get(pk=cash_made_once[0].host_id)


@pytest.fixture(name="cash")
def cash_night_in_progress(
    cash_made_once: tuple[Night, Table, Table, dict[str, Player]], host_client: Client
) -> Night2:
    return Night2(*copy.deepcopy(cash_made_once), client=host_client)


def deal_a_hand(c: Night2) -> None:
    apply_intent(c.main.pk, HOST, {"type": "start_hand"})


def form_data(*forms: BaseForm) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for form in forms:
        for field in form:
            value = field.value()
            if isinstance(value, bool):
                if value:
                    data[field.html_name] = "on"
            elif value is not None:
                data[field.html_name] = value
    return data


def check_complete(line: AuditEntry | SeasonAuditEntry, words: str, why: bool) -> None:
    """Who, when, what exactly and (where the form asks it) why."""
    assert line.who_label == "hostess" and line.when is not None
    assert words in line.what, line.what
    if why:
        assert line.why == WHY


def check_one_complete_line(
    before: int, night: Night, words: str, why: bool, players_moved: int = 1
) -> AuditEntry:
    """One line in `night`'s log (one per player, for a confirmation of several tournament moves)."""
    lines = list(AuditEntry.objects.filter(pk__gt=before).order_by("id"))
    assert len(lines) == players_moved, [line.what for line in lines]
    line = lines[0]
    assert line.night_id == night.pk, line.night
    check_complete(line, words, why)
    return line


def last_line_id(model: type[AuditEntry] | type[SeasonAuditEntry] = AuditEntry) -> int:
    last = model.objects.order_by("-id").first()
    return last.pk if last is not None else 0
