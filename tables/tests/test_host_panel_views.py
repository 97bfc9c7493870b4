"""The host panel's pages: what the host sees and each button, on a phone or a laptop."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AuditEntry
from tables.services.hosting import host_panel
from tables.services.ledger import ledger
from tables.services.seating import joining
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def _panel(night: Night) -> str:
    return f"/host/nights/{night.pk}/panel/"


def test_the_panel_shows_each_table_with_its_hand_and_whose_turn_it_is(
    host_client: Client, table: Table, host: User
) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    for player in (ann, bob):
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    page = host_client.get(_panel(table.night)).content.decode()
    assert "Main table" in page and "hand #1" in page
    assert re.search(r"To act: <strong>(Ann|Bob)</strong>", page)
    assert 'data-player="Ann"' in page and 'data-player="Bob"' in page


def test_the_panel_never_shows_a_hidden_card(host_client: Client, table: Table, host: User) -> None:
    """docs/design.md: "The host view of a live hand shows no hidden cards: the host usually plays." """
    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    hand = load_state(table.pk).hand
    assert hand is not None
    page = host_client.get(_panel(table.night)).content.decode()
    status = host_client.get(_panel(table.night) + "status.json").json()["html"]
    hole_cards = [str(card) for seat in hand.seats for card in seat.hole]
    assert len(hole_cards) == 4
    page, status = _without_random_tokens(page), _without_random_tokens(status)
    for card in hole_cards:
        # As a word: tokens and fingerprints are made of letters and digits too.
        assert not re.search(rf"\b{card}\b", page) and not re.search(rf"\b{card}\b", status)


def _without_random_tokens(html: str) -> str:
    """The page less what is random on every run (CSRF tokens, links with tokens, the QR
    drawing), where a two-character piece like "-Ah-" could pass for a card by chance."""
    html = re.sub(r"<svg.*?</svg>", "", html, flags=re.DOTALL)
    return re.sub(r'\b(value|href|src|action)="[^"]*"', "", html)


def test_approving_and_seating_from_the_panel(
    host_client: Client, make_night, host: User, make_table
) -> None:
    night = make_night(require_approval=True)
    table = make_table(target=night)
    dee = joining.join_night(night, "Dee")
    assert "Let in" in host_client.get(_panel(night)).content.decode()
    host_client.post(f"/host/nights/{night.pk}/players/{dee.pk}/panel/approve/")
    dee.refresh_from_db()
    assert dee.status == Player.Status.APPROVED
    host_client.post(f"/host/nights/{night.pk}/tables/{table.pk}/panel/seat-waiting/")
    assert Seat.objects.filter(player=dee, table=table).exists()
    assert list(host_calls().values_list("what", flat=True))[:1] == ["Let Dee in"]


def test_deal_and_pause_buttons(host_client: Client, table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    base = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/"
    host_client.post(base + "deal/")
    assert load_state(table.pk).hand_in_progress
    response = host_client.post(base + "deal/", follow=True)
    assert "A hand is in progress" in response.content.decode()
    host_client.post(base + "pause/")
    assert not load_state(table.pk).dealing


def test_swap_sit_out_and_settings_from_the_panel(host_client: Client, table: Table) -> None:
    ann, _, cy = seat_players(table, ["Ann", "Bob", "Cy"])
    night = table.night_id
    base = f"/host/nights/{night}/tables/{table.pk}/panel/"
    host_client.post(base + "swap/", {"first": "1", "second": "2", "why": "asked"})
    assert Seat.objects.get(player=ann).number == 2
    host_client.post(f"/host/nights/{night}/players/{cy.pk}/panel/sit_out/")
    assert load_state(table.pk).table.seat(3).status.value == "sitting_out"
    fields = {"game": "flhe", "small_blind": "2", "big_blind": "4", "ante": "0", "action_seconds": "20"}
    host_client.post(base + "settings/", {**fields, "straddle_allowed": "on"})
    state = load_state(table.pk)
    assert (
        state.table.game == "flhe"
        and state.table.stakes.big_blind == 4
        and state.options.action_seconds == 20
    )
    response = host_client.post(base + "settings/", {**fields, "game": "poker_dice"}, follow=True)
    assert "Choose a game from the list" in response.content.decode()


def test_a_ruling_is_one_tap_then_a_confirmation_of_what_changes(
    host_client: Client, table: Table, host: User
) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 300, host)
    url = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/ruling/"
    confirm = host_client.post(url, {"ruling": "adjust_stack", "seat": "1", "stack": "250", "how": "paid"})
    page = confirm.content.decode()
    assert "Seat 1 (Ann): stack 300 → 250 chips" in page
    assert load_state(table.pk).table.seat(1).stack == 300
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    done = host_client.post(
        url,
        {
            "ruling": "adjust_stack",
            "seat": "1",
            "stack": "250",
            "how": "paid",
            "confirm": "1",
            "version": version,
            "why": "spilled",
        },
        follow=True,
    )
    # The confirmation says what was done: the seat, the stack before and after.
    message = done.content.decode()
    assert "Main table: Adjust a stack: Correction: Ann, -50 chips" in message
    assert "stack at Main table seat 1: 300 → 250 chips" in message
    assert load_state(table.pk).table.seat(1).stack == 250


def test_a_refused_ruling_shows_the_engines_reason(host_client: Client, table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    url = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/ruling/"
    response = host_client.post(
        url, {"ruling": "adjust_stack", "seat": "7", "stack": "5", "how": "paid"}, follow=True
    )
    assert "seat 7" in response.content.decode().lower()


def test_the_panel_status_sends_html_only_when_something_changed(host_client: Client, table: Table) -> None:
    url = f"/host/nights/{table.night_id}/panel/status.json"
    first = host_client.get(url).json()
    assert "html" in first
    again = host_client.get(url, {"since": first["fingerprint"]}).json()
    assert "html" not in again
    seat_players(table, ["Ann"])
    assert "html" in host_client.get(url, {"since": first["fingerprint"]}).json()


def test_a_bomb_pot_every_few_hands_is_set_from_the_panel(host_client: Client, table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    base = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/"
    fields = {"game": "nlhe", "small_blind": "1", "big_blind": "2", "bomb_ante": "4"}
    host_client.post(
        base + "settings/", {**fields, "bomb_pot_every": "5", "bomb_pot_game": "bomb_pot_double"}
    )
    options = load_state(table.pk).options
    assert (options.bomb_pot_every, options.bomb_pot_game, options.bomb_ante) == (5, "bomb_pot_double", 4)
    logged = host_calls().get()
    assert logged.what.endswith("a No-Limit Hold'em Double Board Bomb Pot every 5 hands")


def test_a_co_host_sees_the_join_code_on_the_panel(table: Table, host: User) -> None:
    friend = User.objects.create_user(username="friend", password="x")
    host_panel.name_co_host(table.night, host, "friend")
    client = Client()
    client.force_login(friend)
    page = client.get(_panel(table.night)).content.decode()
    assert f"Join code {table.night.join_code}" in page
    assert f'href="/host/nights/{table.night_id}/"' not in page


def test_blind_holdem_with_its_announced_reveal_from_the_panel(host_client: Client, table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    base = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/"
    host_client.post(
        base + "settings/", {"game": "blind_holdem", "big_blind": "5", "reveal": "staged", "look": "on"}
    )
    state = load_state(table.pk)
    assert state.table.game == "blind_holdem" and state.table.stakes.fixed_stake == 5
    assert state.options.game_options == {"reveal": "staged", "look_at_own_cards": True}
    host_client.post(base + "deal/")
    hand = load_state(table.pk).hand
    assert hand is not None and hand.config.options["reveal"] == "staged"
    assert 'value="staged" selected' in host_client.get(_panel(table.night)).content.decode()


def test_the_house_options_and_the_pause_between_stages_from_the_panel(
    host_client: Client, table: Table
) -> None:
    """Host options per table, declared with the games: the 7-2 bounty and the rabbit hunt for
    Hold'em, the pause between the stages of a staged Blind Hold'em reveal; each is audited."""
    seat_players(table, ["Ann", "Bob"])
    base = f"/host/nights/{table.night_id}/tables/{table.pk}/panel/"
    host_client.post(
        base + "settings/",
        {"game": "nlhe", "small_blind": "1", "big_blind": "2", "seven_deuce": "2", "rabbit_hunt": "on"},
    )
    assert load_state(table.pk).options.game_options == {"rabbit_hunt": True, "seven_deuce": 2}
    page = host_client.get(_panel(table.night)).content.decode()
    assert '<option value="2" selected>2 big blinds</option>' in page
    assert "7-2 bounty: 2 big blinds" in AuditEntry.objects.filter(night=table.night).latest("pk").what
    host_client.post(
        base + "settings/",
        {"game": "blind_holdem", "big_blind": "5", "reveal": "staged", "stage_seconds": "5"},
    )
    assert load_state(table.pk).options.game_options["stage_seconds"] == 5
    refused = host_client.post(
        base + "settings/",
        {"game": "nlhe", "small_blind": "1", "big_blind": "2", "seven_deuce": "4"},
        follow=True,
    )
    assert "7-2 bounty: choose one of" in refused.content.decode()
