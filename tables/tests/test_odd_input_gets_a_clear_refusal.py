"""Odd input on the pages anyone can reach is refused in words, never answered with a server error
(a 500): the shuffle check's query, a websocket to a route that does not exist, and the table
settings a host types. A refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from homegame.asgi import application
from tables.errors import ActionRefused
from tables.models import Night, Table
from tables.models.ledger import AuditEntry
from tables.models.tournaments import TournamentEntry
from tables.services.hosting import hosting
from tables.services.hosting.table_settings import settings_for
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY as MAX_CHIPS
from tables.tests.tournament_helpers import make_tournament

pytestmark = pytest.mark.django_db

SEED = "ab" * 32
# Well-formed queries for the odd fields to land in: each check goes as far as its odd field.
VERIFY_BASES = [
    {},
    {"seed": SEED, "commitment": "cd" * 32},
    {"seed": SEED, "commitment": "cd" * 32, "root": "ef" * 32, "contribution": "01" * 32},
    {"opening": '{"position": 0, "card": "As", "salt": "00", "path": []}', "root": "ef" * 32},
]
VERIFY_FIELDS = ["seed", "commitment", "root", "contribution", "opening", "short_deck", "table"]
# Text a form field can carry: non-ASCII letters, digits of other scripts, huge numbers, NUL.
ODD_TEXT = st.one_of(
    st.text(max_size=80),
    st.sampled_from(["é", "%C3%A9", "١٢٣", "9" * 25, "-1", "\x00", "ab" * 32 + "é", "{}", "[]", "null"]),
    st.builds(lambda digits: "".join(digits), st.lists(st.sampled_from("0123456789abcdefé"), max_size=70)),
)


def verify_page(query: dict[str, str]) -> Any:
    return Client(raise_request_exception=False).get("/verify/", query)


@pytest.mark.parametrize(
    "query",
    [
        {"seed": SEED, "commitment": "é"},
        {"seed": SEED, "commitment": "ab" * 31 + "é"},
        {"seed": SEED, "commitment": "a" * 64, "root": "é"},
        {"opening": '{"position": 0, "card": "As", "salt": "00", "path": []}', "root": "é"},
        {"opening": "{}", "root": "\u0660" * 64},
        {"opening": "[" * 100_000, "root": "a" * 64},
        {"table": "9" * 25},
    ],
)
def test_non_hex_text_on_the_verify_page_is_refused_in_words(query: dict[str, str]) -> None:
    response = verify_page(query)
    assert response.status_code < 500
    if "table" in query:
        assert response.status_code == 404
    else:
        assert response.status_code == 200
        assert (
            "hexadecimal" in response.content.decode()
            or "the JSON the table gave you" in response.content.decode()
        )


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(VERIFY_BASES), st.dictionaries(st.sampled_from(VERIFY_FIELDS), ODD_TEXT, min_size=1))
def test_no_query_makes_the_verify_page_fail(base: dict[str, str], odd: dict[str, str]) -> None:
    query = {
        key: value.replace("\x00", "") for key, value in {**base, **odd}.items()
    }  # the client refuses NUL
    assert verify_page(query).status_code in (200, 404)


@pytest.mark.parametrize("path", ["/ws/tables/abc/", "/ws/tables/", "/ws/", "/admin/", "/ws/tables/1/extra/"])
async def test_a_websocket_to_a_path_with_no_route_is_refused_cleanly(path: str) -> None:
    headers = [(b"host", b"localhost:8000"), (b"origin", b"http://localhost:8000")]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    assert not connected
    await communicator.wait(timeout=1)


# The table settings a host types -----------------------------------------------------------------

SETTINGS_FIELDS = [
    "game",
    "small_blind",
    "big_blind",
    "ante",
    "cap",
    "bomb_ante",
    "action_seconds",
    "bomb_pot_every",
    "bomb_pot_game",
    "reveal",
    "stage_seconds",
    "seven_deuce",
]


def save_settings(host: User, table: Table, data: dict[str, str]) -> Any:
    client = Client(raise_request_exception=False)
    client.force_login(host)
    return client.post(reverse("host_table_action", args=[table.night_id, table.pk, "settings"]), data)


def said(response: Any) -> str:
    return " ".join(str(message) for message in get_messages(response.wsgi_request))


def test_blinds_of_25_digits_in_the_table_settings_are_refused_with_the_limit(
    host: User, table: Table
) -> None:
    """docs/chips-and-money.md: "Limits are the same in every path"; a blind is a figure of chips."""
    before, lines = settings_for(table), AuditEntry.objects.count()
    response = save_settings(host, table, {"game": "nlhe", "small_blind": "9" * 25, "big_blind": "9" * 25})
    assert response.status_code == 302
    assert f"at most {MAX_CHIPS:,} chips" in said(response)
    assert settings_for(table) == before
    assert AuditEntry.objects.count() == lines


@pytest.mark.parametrize("field", ["ante", "cap", "bomb_ante"])
def test_every_chip_figure_of_the_settings_has_the_one_limit(host: User, table: Table, field: str) -> None:
    before = settings_for(table)
    data = {"game": "nlhe", "small_blind": "1", "big_blind": "2", field: str(MAX_CHIPS + 1)}
    assert f"at most {MAX_CHIPS:,} chips" in said(save_settings(host, table, data))
    assert settings_for(table) == before


def test_blinds_at_the_limit_are_taken(host: User, table: Table) -> None:
    data = {"game": "nlhe", "small_blind": str(MAX_CHIPS // 2), "big_blind": str(MAX_CHIPS)}
    save_settings(host, table, data)
    assert settings_for(table).big_blind == MAX_CHIPS


def test_a_new_table_with_blinds_of_25_digits_is_refused_with_the_limit(
    host_client: Client, night: Night
) -> None:
    data = {"name": "Side", "game": "nlhe", "max_seats": "9", "small_blind": "9" * 25, "big_blind": "9" * 25}
    response = host_client.post(reverse("table_create", args=[night.pk]), data)
    assert response.status_code == 400
    assert f"A blind is at most {MAX_CHIPS:,} chips." in response.content.decode()
    assert not night.tables.exists()


def test_the_service_refuses_a_new_table_with_blinds_over_the_limit(night: Night) -> None:
    with pytest.raises(ActionRefused, match="at most 10,000,000 chips"):
        hosting.create_table(
            night, name="Side", game="nlhe", max_seats=9, small_blind=1, big_blind=MAX_CHIPS + 1
        )
    assert not night.tables.exists()


@settings(max_examples=examples(100), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(SETTINGS_FIELDS), ODD_TEXT, min_size=1))
def test_no_settings_form_makes_the_host_panel_fail(host: User, table: Table, odd: dict[str, str]) -> None:
    usual = {"game": "nlhe", "small_blind": "1", "big_blind": "2", "action_seconds": "30"}
    data = {key: value.replace("\x00", "") for key, value in {**usual, **odd}.items()}
    assert save_settings(host, table, data).status_code == 302


# The tournament pages' figures ----------------------------------------------------------------

# "²" passes str.isdigit() but int() refuses it: the pages took it for a number.
NOT_A_NUMBER = ["²", "١٢", "9" * 25]


@pytest.mark.parametrize("odd", NOT_A_NUMBER)
def test_odd_figures_on_the_tournament_pages_are_refused_in_words(host: User, night: Night, odd: str) -> None:
    tournament, _ = make_tournament(night, host)
    entries = [entry.pk for entry in tournament.entries.all()]
    before = list(
        TournamentEntry.objects.order_by("pk").values_list("pk", "place", "out_chips", "finished_at")
    )
    client = Client(raise_request_exception=False)
    client.force_login(host)
    posts = {
        "tournament_register": {"player": odd},
        "tournament_busts": {"entry": odd},
        "tournament_deal": {f"chips_{entry}": odd for entry in entries},
        "tournament_deal_record": {f"amount_{entry}": odd for entry in entries},
    }
    for name, data in posts.items():
        response = client.post(reverse(name, args=[tournament.pk]), data)
        assert response.status_code < 500, name
    assert (
        list(TournamentEntry.objects.order_by("pk").values_list("pk", "place", "out_chips", "finished_at"))
        == before
    )
