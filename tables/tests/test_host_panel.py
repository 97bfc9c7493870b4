"""The host panel's services: co-hosts, table commands, swaps, sitting out, settings, overview."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.live import HOST
from tables import access
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Night, Seat, Table
from tables.services.hosting import host_panel, table_settings
from tables.services.ledger import ledger
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import seat_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def friend(db: None) -> User:
    return User.objects.create_user(username="friend", password="x")


def test_the_host_can_name_a_co_host_who_then_may_host(night: Night, host: User, friend: User) -> None:
    assert not access.can_host(friend, night)
    host_panel.name_co_host(night, host, "friend")
    assert access.can_host(friend, night)
    assert list(access.hosted_nights(friend)) == [night]
    assert host_calls().filter(what="Named friend co-host").exists()


def test_a_co_host_cannot_name_more_co_hosts(night: Night, host: User, friend: User) -> None:
    host_panel.name_co_host(night, host, "friend")
    User.objects.create_user(username="other", password="x")
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_panel.name_co_host(night, friend, "other")


def test_removing_a_co_host_takes_their_rights_away(night: Night, host: User, friend: User) -> None:
    co_host = host_panel.name_co_host(night, host, "friend")
    host_panel.remove_co_host(night, host, co_host.pk)
    assert not access.can_host(friend, night)


def test_deal_pause_and_resume_go_through_the_write_path_and_the_log(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    host_panel.table_command(table, host, "deal")
    assert load_state(table.pk).hand_in_progress
    host_panel.table_command(table, host, "pause", "dinner break")
    assert not load_state(table.pk).dealing
    with pytest.raises(ActionRefused, match="A hand is in progress"):
        host_panel.table_command(table, host, "resume")
    logged = list(host_calls().values_list("what", "why"))
    assert logged == [
        ("Main table: Dealt the next hand", ""),
        ("Main table: Paused the table", "dinner break"),
    ]


def test_a_player_who_is_not_a_host_changes_nothing(table: Table, friend: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_panel.table_command(table, friend, "deal")
    assert not load_state(table.pk).hand_in_progress
    assert not host_calls().exists()


def test_sitting_a_player_out_and_back_in(table: Table, host: User) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    seat = Seat.objects.get(player=ann)
    host_panel.seat_command(seat, host, "sit_out", "went for a smoke")
    assert load_state(table.pk).table.seat(1).status.value == "sitting_out"
    host_panel.seat_command(seat, host, "sit_in")
    assert load_state(table.pk).table.seat(1).status.value != "sitting_out"


def test_two_players_swap_seats_at_the_table_and_in_the_engine(table: Table, host: User) -> None:
    ann, _, cy = seat_players(table, ["Ann", "Bob", "Cy"])
    ledger.record_chips_in(ann, "buy_in", 111, host)
    host_panel.swap_players(table, host, 1, 3, "Cy asked to sit by the window")
    assert Seat.objects.get(player=ann).number == 3 and Seat.objects.get(player=cy).number == 1
    state = load_state(table.pk).table
    assert state.seat(3).player == str(ann.pk) and state.seat(3).stack == 111
    assert state.seat(1).player == str(cy.pk)
    assert host_calls().filter(what__contains="swapped Ann (now seat 3) and Cy (now seat 1)").exists()


def test_a_swap_at_a_full_table_is_refused(make_table, host: User) -> None:
    table = make_table(name="Small", max_seats=2)
    seat_players(table, ["Ann", "Bob"])
    with pytest.raises(ActionRefused, match="full"):
        host_panel.swap_players(table, host, 1, 2)


def test_settings_take_effect_from_the_next_hand_and_are_announced(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob", "Cy"])
    host_panel.table_command(table, host, "deal")
    table_settings.save_settings(
        table, host, game="short_deck", small_blind=5, big_blind=10, ante=1, action_seconds=30
    )
    state = load_state(table.pk)
    assert state.hand is not None and state.hand.config.game == "nlhe"  # this hand keeps its game
    assert state.table.game == "short_deck" and state.options.action_seconds == 30
    # The panel's form shows what the live table took (the settings are stored nowhere else).
    shown = table_settings.settings_for(table)
    assert (shown.game, shown.small_blind, shown.big_blind, shown.ante, shown.action_seconds) == (
        "short_deck",
        5,
        10,
        1,
        30,
    )
    assert host_calls().filter(what__contains="from the next hand, Short Deck Hold'em").exists()


def test_bad_settings_show_the_engines_reason_and_change_nothing(table: Table, host: User) -> None:
    with pytest.raises(ActionRefused, match="small blind cannot be bigger"):
        table_settings.save_settings(table, host, small_blind=10, big_blind=5)
    assert load_state(table.pk).table.game == "nlhe"
    assert table_settings.settings_for(table) == table_settings.TableSettings(
        game="nlhe", small_blind=1, big_blind=2
    )


def test_the_overview_shows_public_information_only(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    apply_intent(
        table.pk, "system", {"type": "presence", "away": [str(Seat.objects.get(number=2).player_id)]}
    )
    (row,) = host_panel.overview(table.night)
    assert row.hand_number == 1 and row.to_act in ("Ann", "Bob")
    assert row.away == ["Bob"]
    assert all(s["hand"]["cards"] is None for s in row.seats)


def test_a_bomb_pot_takes_the_bomb_ante_from_the_settings(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    table_settings.save_settings(table, host, game="plo_bomb_double", bomb_ante=5)
    state = load_state(table.pk).table
    assert state.game == "plo_bomb_double" and state.stakes.bomb_ante == 5 and state.stakes.big_blind == 0
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    hand = load_state(table.pk).hand
    assert hand is not None and hand.config.game == "plo_bomb_double"
