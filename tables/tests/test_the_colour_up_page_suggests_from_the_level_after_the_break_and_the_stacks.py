"""The colour-up calculator starts from what the app knows.

House rules, Tournament Play: "Breaks are a chance to top up snacks, chip up, and stretch before
blinds climb again." The chips that leave are those the blinds after the break no longer need,
so while a level is played the page suggests them from the level after the coming break (not the
level on now); each player's count of those chips is filled in from their stack at the table:
the part of it the chips staying cannot make.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import Break, Level, Structure
from tables.live import apply_intent
from tables.models import Night, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.seating import seating
from tables.services.tournament import tournament_clock
from tables.tests.tournament_helpers import entry_of, make_tournament

pytestmark = pytest.mark.django_db

# 25/50 now; after the break 100/200, which no 25 chip is needed for.
STRUCTURE = Structure("Short", 10000, (Level(25, 50), Break(10), Level(100, 200)))


@pytest.fixture
def playing(night: Night, host: User, make_table: Callable[..., Table]) -> Tournament:
    tournament, players = make_tournament(night, host, names=("Ann", "Bea", "Cal"))
    Tournament.objects.filter(pk=tournament.pk).update(structure=STRUCTURE.to_json())
    table = make_table("Kitchen", max_seats=6)
    for number, (player, stack) in enumerate(zip(players[:2], (1275, 3000), strict=True), 1):
        seating.move_player(player, table, number)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": stack})
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    return tournament


def test_during_a_level_the_chips_leaving_follow_the_level_after_the_break(
    playing: Tournament, host_client: Client
) -> None:
    page = host_client.get(f"/host/tournaments/{playing.pk}/colour-up/").content.decode()
    assert 'name="leaving" value="25"' in page


def test_the_counts_are_filled_in_from_the_stacks_at_the_tables(
    playing: Tournament, host_client: Client
) -> None:
    page = host_client.get(f"/host/tournaments/{playing.pk}/colour-up/").content.decode()
    # Ann's 1275: 1200 in 100s and up, 75 in three 25s; Bea's 3000 needs none; Cal sits nowhere.
    assert f'name="count_{entry_of(playing, "Ann")}_25" value="3"' in page
    assert f'name="count_{entry_of(playing, "Bea")}_25" value="0"' in page
    assert f'name="count_{entry_of(playing, "Cal")}_25" value=""' in page
    assert 'data-field="filled-from-stacks"' in page


def test_counts_the_host_typed_are_kept(playing: Tournament, host_client: Client) -> None:
    ann = entry_of(playing, "Ann")
    page = host_client.get(
        f"/host/tournaments/{playing.pk}/colour-up/",
        {"chips": "25,100,500", "leaving": "25", f"count_{ann}_25": "7"},
    ).content.decode()
    assert f'name="count_{ann}_25" value="7"' in page
    assert 'data-field="filled-from-stacks"' not in page
