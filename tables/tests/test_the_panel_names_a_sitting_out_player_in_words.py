"""The host panel's badge beside a player who sits out reads "sitting out", in two words.

Seen on a first night: after a rebuy, the panel showed "Dan sittingout" (the status with its
underscore cut out), on the page and in the live updates that redraw it.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Seat, Table
from tables.services.hosting import host_panel
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


def _badges(html: str) -> list[str]:
    return re.findall(r'<span class="badge">([^<]*)</span>', html)


def test_a_player_sitting_out_has_a_badge_in_words(host_client: Client, table: Table, host: User) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    host_panel.seat_command(Seat.objects.get(player=ann), host, "sit_out", "went for a smoke")
    panel = f"/host/nights/{table.night_id}/panel/"
    page = host_client.get(panel).content.decode()
    live = host_client.get(panel + "status.json").json()["html"]
    for html in (page, live):
        assert "sitting out" in _badges(html)
        assert "sittingout" not in html
