"""Busts, finishing places, payouts in the results, and the deal calculator.

"Everyone starts with an equal stack; play until one person has all the chips."
"Bust out of chips and you're out (in a freeze-out)."
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import DealMethod
from tables.errors import ActionRefused
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.seating import seating
from tables.services.tournament import tournament_clock, tournament_deals, tournament_results, tournaments
from tables.tests.tournament_helpers import at, entry_of, make_tournament

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve")


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    tournament, _ = make_tournament(night, host, names=NAMES, buy_in=20)
    return tournament_clock.run_clock(tournament.pk, host, TournamentAction.START, now=at(0))


def _places(tournament: Tournament) -> dict[str, tuple[int | None, int]]:
    return {
        e.player.display_name: (e.place, e.shared_by) for e in tournament.entries.select_related("player")
    }


def test_a_bust_takes_the_last_place_left(tournament: Tournament, host: User) -> None:
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Eve"), None)], now=at(10))
    assert _places(tournament)["Eve"] == (5, 1)
    assert TournamentEntry.objects.get(pk=entry_of(tournament, "Eve")).finished_at == at(10)


def test_players_out_in_one_hand_are_placed_by_their_chips_and_equal_stacks_share(
    tournament: Tournament, host: User
) -> None:
    """Players who bust in the same hand are placed by the chips they had when it started."""
    busts = [
        (entry_of(tournament, "Cal"), 3_000),
        (entry_of(tournament, "Dan"), 3_000),
        (entry_of(tournament, "Eve"), 8_000),
    ]
    tournaments.record_busts(tournament.pk, host, busts, now=at(10))
    places = _places(tournament)
    assert places["Eve"] == (3, 1)
    assert places["Cal"] == places["Dan"] == (4, 2)


def test_several_busts_need_the_chips_to_order_them(tournament: Tournament, host: User) -> None:
    busts = [(entry_of(tournament, "Cal"), None), (entry_of(tournament, "Dan"), 2_000)]
    with pytest.raises(ActionRefused, match="enter the chips each had"):
        tournaments.record_busts(tournament.pk, host, busts, now=at(10))
    assert all(place is None for place, _ in _places(tournament).values())


def test_the_last_player_left_wins_and_the_results_carry_the_payouts(
    tournament: Tournament, host: User
) -> None:
    """Pool 5 x 20 = 100 paid 50/30/20; Cal and Dan share 3rd-4th: 20 split in two."""
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Eve"), None)], now=at(10))
    busts = [(entry_of(tournament, "Cal"), 4_000), (entry_of(tournament, "Dan"), 4_000)]
    tournaments.record_busts(tournament.pk, host, busts, now=at(20))
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Bea"), None)], now=at(30))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rows = [
        (row.entry.player.display_name, row.label, row.prize)
        for row in tournament_results.results(tournament)
    ]
    assert rows == [
        ("Ann", "1st", 50),
        ("Bea", "2nd", 30),
        ("Cal", "3rd-4th (shared)", 10),
        ("Dan", "3rd-4th (shared)", 10),
        ("Eve", "5th", 0),
    ]
    assert sum(prize for _, _, prize in rows) == tournament_results.pool(tournament)
    with pytest.raises(ActionRefused, match="over"):
        tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE, now=at(31))


def test_a_busted_player_leaves_their_seat_and_cannot_rebuy(
    tournament: Tournament, host: User, table: Table
) -> None:
    eve = TournamentEntry.objects.select_related("player").get(pk=entry_of(tournament, "Eve"))
    seating.move_player(eve.player, table, 3)
    tournaments.record_busts(tournament.pk, host, [(eve.pk, None)], now=at(10))
    assert not Seat.objects.filter(player=eve.player).exists()
    with pytest.raises(ActionRefused, match="out for good"):
        tournaments.record_rebuy(eve.pk, host, now=at(11))


def test_the_host_page_records_busts_and_shows_results(tournament: Tournament, host_client: Client) -> None:
    eve, dan = entry_of(tournament, "Eve"), entry_of(tournament, "Dan")
    url = f"/host/tournaments/{tournament.pk}/busts/"
    response = host_client.post(
        url, {"entry": [eve, dan], f"chips_{eve}": "1,500", f"chips_{dan}": "900"}, follow=True
    )
    page = response.content.decode()
    said = [str(message) for message in response.context["messages"]]
    assert said[0].startswith("Main event: Eve is out in") and "; Main event: Dan is out in" in said[0], said
    assert _places(tournament)["Eve"] == (4, 1) and _places(tournament)["Dan"] == (5, 1)
    assert 'data-result="Eve"' in page


def test_the_deal_calculator_splits_what_is_left_by_chips_and_by_icm(
    tournament: Tournament, host: User, host_client: Client
) -> None:
    """Three left of five: 100 in the pool, 50/30/20 still to be paid."""
    busts = [(entry_of(tournament, "Dan"), 2_000), (entry_of(tournament, "Eve"), 1_000)]
    tournaments.record_busts(tournament.pk, host, busts, now=at(10))
    stacks = {
        entry_of(tournament, "Ann"): 25_000,
        entry_of(tournament, "Bea"): 15_000,
        entry_of(tournament, "Cal"): 10_000,
    }
    chop = tournament_deals.propose_deal(tournament, stacks, DealMethod.CHIP_CHOP).as_dict()
    assert chop == {
        str(entry_of(tournament, "Ann")): 50,
        str(entry_of(tournament, "Bea")): 30,
        str(entry_of(tournament, "Cal")): 20,
    }
    icm = tournament_deals.propose_deal(tournament, stacks, DealMethod.ICM).as_dict()
    assert sum(icm.values()) == 100
    assert icm[str(entry_of(tournament, "Cal"))] > 20  # ICM favours the short stack over a chip chop

    data = {f"chips_{entry_id}": str(chips) for entry_id, chips in stacks.items()}
    page = host_client.post(f"/host/tournaments/{tournament.pk}/deal/", data).content.decode()
    assert 'data-deal="chip_chop"' in page and 'data-deal="icm"' in page
    missing = host_client.post(f"/host/tournaments/{tournament.pk}/deal/", {})
    assert missing.status_code == 400 and "Enter every player" in missing.content.decode()


def test_a_deal_leaving_out_a_player_still_in_is_refused(tournament: Tournament) -> None:
    with pytest.raises(ActionRefused, match="every player still in"):
        tournament_deals.propose_deal(tournament, {entry_of(tournament, "Ann"): 100}, DealMethod.ICM)


def test_a_small_field_pays_only_the_places_it_has(night: Night, host: User) -> None:
    """A 50/30/20 table with two entrants pays 1st and 2nd; the 3rd place's share goes to 1st."""
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"), buy_in=25)
    assert tournament_results.payouts(tournament) == (35, 15)
    assert sum(tournament_results.payouts(tournament)) == tournament_results.pool(tournament) == 50


def test_the_clock_json_shows_the_pool_and_payouts(tournament: Tournament, host: User) -> None:
    tournaments.record_busts(tournament.pk, host, [(entry_of(tournament, "Eve"), None)], now=at(1))
    state = Client().get(f"/clock/{tournament.clock_token}/state.json").json()
    assert state["prize_pool"] == 100 and state["currency"] == "EUR"
    assert state["payouts"] == [
        {"place": 1, "amount": 50},
        {"place": 2, "amount": 30},
        {"place": 3, "amount": 20},
    ]
    assert (state["field"]["players_left"], state["field"]["entries"]) == (4, 5)
    assert state["winner"] is None
