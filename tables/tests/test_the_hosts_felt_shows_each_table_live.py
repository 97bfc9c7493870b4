"""The host's live felt: every table's seats, stacks, bets, board and pot, as the public sees
them, on one page that redraws itself when a table changes.

docs/design.md: "The host view of a live hand shows no hidden cards: the host usually plays."
(every game, every step: tables/tests/test_privacy_every_game.py)
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.hosting.host_panel import card_text
from tables.services.ledger import ledger
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def _felt(client: Client, table: Table) -> str:
    return client.get(f"/host/nights/{table.night_id}/felt/").content.decode()


def test_the_felt_shows_seats_stacks_bets_and_the_pot_but_no_hole_card(
    host_client: Client, table: Table, host: User
) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    for player in (ann, bob):
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    page = _felt(host_client, table)
    assert 'data-table="Main table"' in page and "Hand #1" in page
    assert 'data-player="Ann"' in page and 'data-player="Bob"' in page
    assert "bet 1" in page and "bet 2" in page
    assert '<strong data-field="pot">3</strong>' in page
    hand = load_state(table.pk).hand
    for seat in hand.seats:
        for card in seat.hole:
            assert card_text(str(card)) not in page


def test_the_felt_status_sends_the_tables_again_only_when_one_changed(
    host_client: Client, table: Table, host: User
) -> None:
    seat_players(table, ["Ann", "Bob"])
    status = host_client.get(f"/host/nights/{table.night_id}/felt/status.json").json()
    assert "html" in status
    again = host_client.get(
        f"/host/nights/{table.night_id}/felt/status.json", {"since": status["fingerprint"]}
    ).json()
    assert "html" not in again
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    moved = host_client.get(
        f"/host/nights/{table.night_id}/felt/status.json", {"since": status["fingerprint"]}
    ).json()
    assert "Hand #1" in moved["html"]


def test_only_a_host_opens_the_felt(table: Table) -> None:
    stranger = Client()
    stranger.force_login(User.objects.create_user(username="stranger", password="x"))
    assert stranger.get(f"/host/nights/{table.night_id}/felt/").status_code == 403
    assert Client().get(f"/host/nights/{table.night_id}/felt/").status_code == 302
