"""Pages show the game and stakes the live table deals (its snapshot), not a copy of them.

Variants, bomb pots: "The stakes of a bomb pot table are shown as its ante."
"""

from __future__ import annotations

import doctest

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night, Table
from tables.services.hosting import hosting, table_settings
from tables.tests.live_helpers import seat_players
from tables.views.player_status import player_status


@pytest.mark.django_db
def test_the_night_page_shows_the_stakes_the_host_set_in_the_panel(
    host_client: Client, table: Table, host: User
) -> None:
    page = host_client.get(f"/host/nights/{table.night_id}/").content.decode()
    assert "No-Limit Hold&#x27;em, blinds 1/2" in page
    table_settings.save_settings(table, host, game="short_deck", small_blind=5, big_blind=10, ante=1)
    page = host_client.get(f"/host/nights/{table.night_id}/").content.decode()
    assert "Short Deck Hold&#x27;em, blinds 5/10, ante 1" in page
    assert "blinds 1/2" not in page


@pytest.mark.django_db
def test_a_seated_player_is_told_the_stakes_the_table_deals(table: Table, host: User) -> None:
    (ann, _) = seat_players(table, ["Ann", "Bob"])
    assert player_status(ann)["detail"] == "No-Limit Hold'em, blinds 1/2."
    table_settings.save_settings(table, host, game="plo_bomb", bomb_ante=5)
    assert player_status(ann)["detail"] == "PLO Bomb Pot, bomb ante 5."


@pytest.mark.django_db
def test_a_blind_holdem_table_is_shown_with_its_fixed_stake(night: Night) -> None:
    table = hosting.create_table(
        night, name="Blind", game="blind_holdem", max_seats=23, small_blind=1, big_blind=3
    )
    (ann, _) = seat_players(table, ["Ann", "Bob"])
    assert player_status(ann)["detail"] == "Blind Hold'em, fixed stake 3."


def test_docstring_examples() -> None:
    failures, attempted = doctest.testmod(hosting)
    assert attempted > 0 and failures == 0
