"""A ruling's confirmation explains "??" only when it writes one.

Seen on a first night: the misdeal confirmation listed bets and stacks, then "A card nobody has
seen yet is written ?? here", with no ?? anywhere on the page to explain.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from engine.live import HOST
from tables.live import apply_intent
from tables.models import Table
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db

NOTE = "A card nobody has seen yet is written ??"


def _preview(client: Client, table: Table, values: dict[str, str]) -> str:
    url = reverse("host_ruling", args=[table.night_id, table.pk])
    return client.post(url, values).content.decode()


def test_the_note_on_hidden_cards_comes_only_with_a_hidden_card(host_client: Client, table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    misdeal = _preview(host_client, table, {"ruling": "misdeal", "why": "card flipped"})
    assert "Misdeal?" in misdeal and "??" not in misdeal.split("<main", 1)[1]
    exposed = _preview(
        host_client, table, {"ruling": "exposed_card", "seat": "2", "card_number": "1", "why": "flipped"}
    )
    assert "??" in exposed.split(NOTE)[0].split("<main", 1)[1]
    assert NOTE in exposed
