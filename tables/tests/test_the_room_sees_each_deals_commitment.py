"""Each deal's commitment, short, where the whole room sees it: the host's felt and the clock.

docs/shuffle.md, "Whoever runs the server": "the room sees each hand's commitment: the felt and,
in a tournament, the clock screen show the same first 12 digits each phone shows, from the
cut-off on, so the phones can be compared with one screen everybody sees".
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.live.fairness import pledge_of
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Table
from tables.models.tournaments import TournamentAction
from tables.services.tournament import tournament_clock, tournament_seating
from tables.tests.live_helpers import seat_players
from tables.tests.tournament_helpers import make_tournament
from tables.views.clock import clock_payload

pytestmark = pytest.mark.django_db

ANN = "a0" * 32


def _felt(host_client: Client, table: Table) -> str:
    return " ".join(host_client.get(f"/host/nights/{table.night_id}/felt/").content.decode().split())


def test_the_felt_shows_the_commitment_from_the_cut_off_and_through_the_hand(
    table: Table, host_client: Client
) -> None:
    ann, _ = seat_players(table, ["Ann", "Bo"])
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    assert "commitment" not in _felt(host_client, table)  # between hands: no deal to compare
    apply_intent(table.pk, player_actor(ann.pk), {"type": "shuffle_pledge", "pledge": pledge_of(ANN)})
    apply_intent(table.pk, "host", {"type": "start_hand"})
    shuffling = load_state(table.pk).shuffling
    assert shuffling is not None
    short = shuffling.commitment[:12]
    assert f'Shuffling hand #1 · commitment <code title="{shuffling.commitment}">{short}</code>' in _felt(
        host_client, table
    )
    apply_intent(
        table.pk,
        player_actor(ann.pk),
        {"type": "shuffle_value", "value": ANN, "commitment": shuffling.commitment},
    )
    state = load_state(table.pk)
    assert state.hand is not None and state.commitment == shuffling.commitment
    assert f'Hand #1 · commitment <code title="{state.commitment}">{short}</code>' in _felt(
        host_client, table
    )


def test_the_clock_screen_shows_each_tournament_tables_commitment(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    kitchen, lounge = make_table("Kitchen", 6), make_table("Lounge", 6)
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal", "Dan"))
    tournament_seating.draw_opening_seats(tournament.pk, host, tables={kitchen.pk: 2, lounge.pk: 2})
    assert clock_payload(tournament)["commitments"] == []
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, deal=True)
    tournament.refresh_from_db()
    shown = clock_payload(tournament)["commitments"]
    expected = []
    for table in (kitchen, lounge):
        state = load_state(table.pk)
        dealing = state.shuffling.commitment if state.shuffling else state.commitment
        number = state.shuffling.config["hand_number"] if state.shuffling else state.hand.config.hand_number
        expected.append(
            {
                "table": table.name,
                "hand_number": number,
                "commitment": dealing[:12],
                "shuffling": bool(state.shuffling),
            }
        )
    assert shown == expected
