"""A table's game and seats come from the engine's game definitions (engine.games) alone.

Blind Hold'em: "Each player needs two cards and the board needs five, so a single deck is
enough for up to 23 players." House rules: "Play with 2 to 10 players."
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.games import GAMES, max_players_for_deck
from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Seat, Table
from tables.services.hosting import hosting
from tables.services.tournament import tournament_seating
from tables.tests.tournament_helpers import at, make_tournament


def _form(game: str, seats: int) -> dict[str, str]:
    return {"name": "Kitchen", "game": game, "max_seats": str(seats), "small_blind": "1", "big_blind": "2"}


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_can_be_made_for_every_game_the_engine_deals(
    host_client: Client, night: Night, game: str
) -> None:
    most = max_players_for_deck(GAMES[game])
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", _form(game, most))
    assert response.status_code == 302, response.content.decode()
    table = Table.objects.get()
    assert table.max_seats == most
    # The live table opens with the game and the stakes its forced bets need.
    state = load_state(table.pk)
    assert (state.table.game, state.table.max_seats) == (game, most)


@pytest.mark.django_db
def test_a_blind_holdem_table_seats_up_to_23_players(host_client: Client, night: Night) -> None:
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", _form("blind_holdem", 23))
    assert response.status_code == 302
    assert load_state(Table.objects.get().pk).table.stakes.fixed_stake == 2
    response = host_client.post(
        f"/host/nights/{night.pk}/tables/new/", _form("blind_holdem", 24) | {"name": "B"}
    )
    assert response.status_code == 400
    assert "Blind Hold&#x27;em is played with 2 to 23 seats." in response.content.decode()
    assert Table.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "seats"), [("plo6_bomb_double", 7), ("plo5_bomb", 9), ("nlhe", 11)])
def test_more_seats_than_one_deck_can_deal_to_are_refused_up_front(
    host_client: Client, night: Night, game: str, seats: int
) -> None:
    """Six hole cards each and two boards: one deck deals a double-board PLO6 bomb pot to six."""
    name = GAMES[game].name.replace("'", "&#x27;")
    most = max_players_for_deck(GAMES[game])
    assert seats == most + 1
    response = host_client.post(f"/host/nights/{night.pk}/tables/new/", _form(game, seats))
    assert response.status_code == 400
    assert f"{name} is played with 2 to {most} seats." in response.content.decode()
    with pytest.raises(ActionRefused, match=f"played with 2 to {most} seats"):
        hosting.create_table(night, name="T", game=game, max_seats=seats, small_blind=1, big_blind=2)
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_game_the_engine_does_not_deal_is_refused(night: Night) -> None:
    with pytest.raises(ActionRefused, match="Choose a game from the list"):
        hosting.create_table(night, name="T", game="chess", max_seats=6, small_blind=1, big_blind=2)
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_tournament_seats_its_players_only_at_tables_with_blinds(
    host_client: Client, night: Night, host: User
) -> None:
    """A 23-seat Blind Hold'em table beside the tournament: its levels raise blinds, and
    Blind Hold'em has none."""
    blind = hosting.create_table(
        night, name="Blind", game="blind_holdem", max_seats=23, small_blind=1, big_blind=2
    )
    kitchen = hosting.create_table(
        night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2
    )
    tournament, _ = make_tournament(night, host)
    assert tournament_seating.draw_opening_seats(tournament.pk, host, now=at(0)) == 4
    assert set(Seat.objects.values_list("table_id", flat=True)) == {kitchen.pk}
    assert not Seat.objects.filter(table=blind).exists()
    assert host_client.get(f"/host/tournaments/{tournament.pk}/seating/").status_code == 200
