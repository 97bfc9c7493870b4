"""The host's colour-up calculator at a break: the chips leaving, each player's exchange, the race
for the odd chips (one chip at most per player), and the result in the night's open log.

House rules, Tournament Play: "Breaks are a chance to top up snacks, chip up, and stretch before
blinds climb again."
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.models import Night
from tables.models.ledger import AuditEntry
from tables.models.tournaments import Tournament
from tables.tests.conftest import host_calls
from tables.tests.tournament_helpers import entry_of, make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host, names=("Ann", "Bea", "Cal"))[0]


def _counts(tournament: Tournament, **by_name: int) -> dict[str, str]:
    return {f"count_{entry_of(tournament, name)}_25": str(n) for name, n in by_name.items()}


def test_the_page_suggests_the_chips_the_next_blinds_do_not_need(
    tournament: Tournament, host_client: Client
) -> None:
    page = host_client.get(f"/host/tournaments/{tournament.pk}/colour-up/").content.decode()
    level = tournament.get_structure().levels[0]
    assert (level.small_blind, level.big_blind) == (25, 50)  # the 25s are still needed
    assert 'name="leaving" value=""' in page
    page = host_client.get(
        f"/host/tournaments/{tournament.pk}/colour-up/?chips=25,100,500&leaving=25"
    ).content
    assert f'name="count_{entry_of(tournament, "Ann")}_25"'.encode() in page


def test_the_exchange_and_the_race_are_worked_out(tournament: Tournament, host_client: Client) -> None:
    url = f"/host/tournaments/{tournament.pk}/colour-up/"
    query = {"chips": "25, 100, 500", "leaving": "25", **_counts(tournament, Ann=7, Bea=2, Cal=5)}
    page = host_client.get(url, query).content.decode()
    assert "1 × 100 + <strong>75 odd</strong>" in page  # Ann: 175
    assert "0 × 100 + <strong>50 odd</strong>" in page  # Bea: 50
    assert "the race is for <strong>2 chips of 100</strong>" in page  # 150 odd: one and a half chips
    winners = [entry_of(tournament, "Ann"), entry_of(tournament, "Bea")]
    page = host_client.get(url, {**query, "race": "1", "winner": winners}).content.decode()
    assert (
        '<li class="player-row" data-new-chips="Ann"><span class="player-name">Ann</span><strong>2</strong>'
        in page
    )
    assert 'data-new-chips="Bea"><span class="player-name">Bea</span><strong>1</strong>' in page
    assert 'data-new-chips="Cal"><span class="player-name">Cal</span><strong>1</strong>' in page


def test_one_chip_at_most_per_player_is_refused_with_the_reason(
    tournament: Tournament, host_client: Client
) -> None:
    url = f"/host/tournaments/{tournament.pk}/colour-up/"
    query = {"chips": "25, 100", "leaving": "25", "race": "1", **_counts(tournament, Ann=3, Bea=2, Cal=1)}
    response = host_client.get(url, {**query, "winner": [entry_of(tournament, "Ann")]})
    assert response.status_code == 400
    assert "The race is for 2 chips of 100: choose 2 winners, not 1." in response.content.decode()


@pytest.mark.parametrize(
    ("query", "refusal"),
    [
        (
            {"chips": "25, 100", "leaving": "100"},
            "Colour up the smallest chips first: the 25 stays while the 100 goes.",
        ),
        ({"chips": "25, 100", "leaving": "5"}, "There is no 5 chip in play."),
        (
            {"chips": "25, x", "leaving": "25"},
            "Write the chips in play as whole numbers separated by commas.",
        ),
    ],
)
def test_a_colour_up_that_cannot_be_done_says_why(
    tournament: Tournament, host_client: Client, query: dict[str, str], refusal: str
) -> None:
    query = {**query, **_counts(tournament, Ann=1)}
    response = host_client.get(f"/host/tournaments/{tournament.pk}/colour-up/", query)
    assert response.status_code == 400 and refusal in response.content.decode()


def test_the_result_is_written_in_the_nights_log(tournament: Tournament, host_client: Client) -> None:
    data = {"chips": "25, 100, 500", "leaving": "25", **_counts(tournament, Ann=7, Bea=2, Cal=5)}
    winners = [entry_of(tournament, "Ann"), entry_of(tournament, "Bea")]
    response = host_client.post(f"/host/tournaments/{tournament.pk}/colour-up/", {**data, "winner": winners})
    assert response.status_code == 302
    assert host_calls().last().what == (
        "Main event: Colour-up: the 25s leave for 100s; 2 raced (won by Ann, Bea); "
        "new 100s: Ann 2, Bea 1, Cal 1"
    )
    before = AuditEntry.objects.count()
    host_client.post(f"/host/tournaments/{tournament.pk}/colour-up/", {**data, "winner": winners[:1]})
    assert AuditEntry.objects.count() == before  # refused: nothing written
