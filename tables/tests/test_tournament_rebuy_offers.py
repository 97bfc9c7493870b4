"""The host's pending rebuy offers (Rebuy / Out), lapsed offers, and the tables after the winner.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy left...
Once your rebuys are used up, or the rebuy window closes, the next time you bust is for good."
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from engine.table_state import GameMode
from engine.tournament import RebuyRules
from tables.live import apply_intent, load_state, timers
from tables.models import Night, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.hosting import table_settings
from tables.services.tournament import tournament_clock, tournament_play, tournament_seating, tournaments
from tables.tests.live_helpers import SEED
from tables.tests.tournament_helpers import all_in_and_call, make_tournament, seed_busting

REBUYS = RebuyRules(max_rebuys=2, rebuy_until_level=1, rebuy_stack=7000)


@pytest.fixture
def table(make_table: Callable[..., Table]) -> Table:
    return make_table("Kitchen", max_seats=6)


def _busted_heads_up(night: Night, host: User, table: Table, rules: RebuyRules) -> Tournament:
    """Ann and Bea heads-up, clock running, one all-in hand played: one of them has no chips."""
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea"), rules=rules)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": SEED})
    all_in_and_call(table)
    # The loser has no seat; a freeze-out's winner has left with the chips too (its finish).
    assert len(load_state(table.pk).table.seats) < 2, "this seed splits the pot: choose another"
    tournament.refresh_from_db()
    return tournament


def _page(client: Client, tournament: Tournament) -> str:
    response = client.get(reverse("tournament_detail", args=[tournament.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _the_offer(tournament: Tournament) -> TournamentEntry:
    (offer,) = tournament_play.rebuy_offers(tournament)
    return offer


def test_the_host_page_shows_a_busted_player_their_rebuy_offer(
    night: Night, host: User, host_client: Client, table: Table
) -> None:
    """ "Busting isn't the end while you still have a rebuy left": the page offers it, with what is left."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    offer = _the_offer(tournament)
    page = _page(host_client, tournament)
    assert f"{offer.player.display_name} busted: rebuy (2 left) / out for good" in page
    assert reverse("tournament_rebuy", args=[tournament.pk, offer.pk]) in page


def test_one_tap_rebuy_seats_the_player_back_with_the_rebuy_stack(
    night: Night, host: User, host_client: Client, table: Table
) -> None:
    """A rebuy recorded from the offer puts the player back in their seat with the rebuy stack."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    offer = _the_offer(tournament)
    response = host_client.post(reverse("tournament_rebuy", args=[tournament.pk, offer.pk]))
    assert response.status_code == 302
    back = load_state(table.pk).table.seat_of(str(offer.player_id))
    assert back is not None and back.stack == 7000
    offer.refresh_from_db()
    assert offer.rebuys == 1 and offer.place is None
    assert "busted: rebuy" not in _page(host_client, tournament)


def test_one_tap_out_records_the_bust_for_good_with_its_place(
    night: Night, host: User, host_client: Client, table: Table
) -> None:
    """Out: the bust is for good; heads-up the player finishes second and the other wins."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    offer = _the_offer(tournament)
    page = _page(host_client, tournament)
    assert f'name="entry" value="{offer.pk}"' in page
    host_client.post(reverse("tournament_busts", args=[tournament.pk]), {"entry": [str(offer.pk)]})
    offer.refresh_from_db()
    tournament.refresh_from_db()
    assert offer.place == 2 and tournament.status == Tournament.Status.FINISHED
    assert not Seat.objects.filter(player_id=offer.player_id).exists()
    winner = tournament.entries.get(place=1)
    assert f"{winner.player.display_name} wins" in _page(host_client, tournament)


def test_an_offer_pending_when_the_rebuy_window_closes_becomes_a_bust_for_good(
    night: Night, host: User, host_client: Client, table: Table
) -> None:
    """ "Once ... the rebuy window closes, the next time you bust is for good": settled on the page load."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    offer = _the_offer(tournament)
    assert tournament_play.close_lapsed_offers(tournament, timezone.now()) == []  # level 1: still open
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.NEXT_LEVEL, confirmed=True)
    # For the minute the level change can be undone, the offer stands.
    assert "busted: rebuy" in _page(host_client, tournament)
    after_the_minute = timezone.now() + datetime.timedelta(seconds=tournament_clock.LEVEL_UNDO_SECONDS + 1)
    tournament.refresh_from_db()
    tournament_play.close_lapsed_offers(tournament, after_the_minute)
    page = _page(host_client, tournament)
    assert "busted: rebuy" not in page
    offer.refresh_from_db()
    tournament.refresh_from_db()
    assert offer.place == 2 and tournament.status == Tournament.Status.FINISHED


def test_an_offer_with_its_window_closed_cannot_be_rebought(night: Night, host: User, table: Table) -> None:
    """The window closed: the rebuy is refused and the offer lapses into a bust for good."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    offer = _the_offer(tournament)
    later = timezone.now() + datetime.timedelta(hours=3)
    with pytest.raises(Exception, match="rebuy window closed"):
        tournaments.record_rebuy(offer.pk, host, now=later)
    (lapsed,) = tournament_play.close_lapsed_offers(tournament, later)
    assert lapsed.pk == offer.pk and lapsed.place == 2 and lapsed.rebuys == 0
    assert tournament_play.close_lapsed_offers(tournament, later) == []  # settled once only


def test_another_host_can_neither_see_nor_answer_the_offers(night: Night, host: User, table: Table) -> None:
    """The offers are the host's: another account gets "not found" and changes nothing."""
    tournament = _busted_heads_up(night, host, table, REBUYS)
    offer = _the_offer(tournament)
    stranger = Client()
    stranger.force_login(User.objects.create_user(username="other", password="another-long-password"))
    assert stranger.get(reverse("tournament_detail", args=[tournament.pk])).status_code == 404
    rebuy = stranger.post(reverse("tournament_rebuy", args=[tournament.pk, offer.pk]))
    out = stranger.post(reverse("tournament_busts", args=[tournament.pk]), {"entry": [str(offer.pk)]})
    assert rebuy.status_code == 404 and out.status_code == 404
    offer.refresh_from_db()
    assert offer.rebuys == 0 and offer.place is None
    assert Client().get(reverse("tournament_detail", args=[tournament.pk])).status_code == 302


def test_when_the_tournament_ends_its_table_stops_dealing_and_is_a_cash_table_again(
    night: Night, host: User, table: Table
) -> None:
    """ "Play until one person has all the chips": then the dealer stops and the table is cash again."""
    tournament = _busted_heads_up(night, host, table, RebuyRules())  # a freeze-out: the bust is final
    assert tournament.status == Tournament.Status.FINISHED
    due = load_state(table.pk).next_deal_at
    assert due is not None and load_state(table.pk).table.mode is GameMode.TOURNAMENT
    timers.fire_due(now=due + 1)
    state = load_state(table.pk)
    assert not state.dealing and state.next_deal_at is None
    assert state.table.mode is GameMode.CASH
    assert (state.table.stakes.small_blind, state.table.stakes.big_blind) == (1, 2)


def test_after_the_tournament_the_table_deals_the_cash_game_it_had_before(
    night: Night, host: User, table: Table
) -> None:
    """The table's own game and stakes are kept once, in its live state, while the levels deal."""
    table_settings.save_settings(table, host, game="short_deck", small_blind=5, big_blind=10, ante=1)
    tournament = _busted_heads_up(night, host, table, RebuyRules())
    assert tournament.status == Tournament.Status.FINISHED
    assert load_state(table.pk).table.stakes.big_blind == tournament.get_structure().levels[0].big_blind
    timers.fire_due(now=load_state(table.pk).next_deal_at + 1)
    dealt = load_state(table.pk).table
    assert dealt.mode is GameMode.CASH and dealt.own_game is None
    assert (dealt.game, dealt.stakes.small_blind, dealt.stakes.big_blind, dealt.stakes.ante) == (
        "short_deck",
        5,
        10,
        1,
    )


def test_offers_lapsing_from_one_hand_are_placed_by_the_chips_each_started_it_with(
    night: Night, host: User, table: Table
) -> None:
    """Two players out in the same hand: "more chips at the start of the hand, better place"."""
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal"), rules=REBUYS)
    tournament_seating.draw_opening_seats(tournament.pk, host)
    tournament_clock.run_clock(tournament.pk, None, TournamentAction.START, now=timezone.now())
    short, shorter, big = load_state(table.pk).table.seats
    for seat, stack in ((short, 3000), (shorter, 2000), (big, 20000)):
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": seat.seat, "stack": stack})
    seed = seed_busting(table, {short.player, shorter.player})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed})
    all_in_and_call(table)
    assert len(tournament_play.rebuy_offers(tournament)) == 2
    tournament.refresh_from_db()
    later = timezone.now() + datetime.timedelta(hours=3)
    assert len(tournament_play.close_lapsed_offers(tournament, later)) == 2
    places = {str(e.player_id): (e.place, e.shared_by) for e in tournament.entries.all()}
    assert places == {big.player: (1, 1), short.player: (2, 1), shorter.player: (3, 1)}
