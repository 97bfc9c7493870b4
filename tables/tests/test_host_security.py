"""Brief: "Only the night's host (or a user they named) can open the panel or send host commands,
checked on every command, not only at connect; a player sending a host message gets an error and
nothing changes." """

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from tables.live import load_state
from tables.models import Player, Seat, Table
from tables.models.ledger import ChipRequest, CoHost, LedgerEntry
from tables.services.hosting import audit, host_panel
from tables.services.ledger import chip_requests, ledger
from tables.services.seating import joining
from tables.tests.conftest import host_calls, join_from_phone
from tables.tests.live_helpers import Phone, host_cookie, player_cookie, seat_players


def _commands(table: Table, players: list[Player], entry_id: int, request_id: int) -> list[tuple[str, dict]]:
    """Every host command of the panel and the ledger, as (url, form)."""
    night = table.night_id
    base = f"/host/nights/{night}/"
    on_table = f"{base}tables/{table.pk}/panel/"
    ann, bob = players
    return [
        (f"{base}players/{bob.pk}/panel/approve/", {}),
        (f"{base}players/{bob.pk}/panel/reject/", {}),
        (f"{base}players/{bob.pk}/panel/remove/", {}),
        (f"{base}players/{ann.pk}/panel/sit_out/", {}),
        (f"{base}players/{ann.pk}/panel/move/", {"table": table.pk, "seat": 5}),
        (on_table + "deal/", {}),
        (on_table + "pause/", {}),
        (on_table + "resume/", {}),
        (on_table + "seat-waiting/", {}),
        (on_table + "swap/", {"first": 1, "second": 2}),
        (on_table + "settings/", {"game": "flhe", "small_blind": 5, "big_blind": 10}),
        (on_table + "ruling/", {"ruling": "adjust_stack", "seat": 1, "stack": 1}),
        (on_table + "ruling/", {"ruling": "pause", "confirm": "1", "version": 0, "why": "x"}),
        (f"{base}panel/co-hosts/", {"username": "mallory"}),
        (f"{base}ledger/entries/", {"player": ann.pk, "kind": "rebuy", "chips": 500}),
        (f"{base}ledger/entries/", {"player": ann.pk, "kind": "cash_out"}),
        (f"{base}ledger/entries/{entry_id}/correct/", {"chips": 100, "why": "x"}),
        (f"{base}ledger/requests/{request_id}/approve/", {}),
        (f"{base}ledger/requests/{request_id}/decline/", {}),
        (f"{base}ledger/close/", {}),
    ]


def _pages(table: Table) -> list[str]:
    base = f"/host/nights/{table.night_id}/"
    return [
        base + "panel/",
        base + "panel/status.json",
        base + "ledger/",
        base + "ledger.csv",
        base + "settlement.csv",
    ]


@pytest.fixture
def scene(table: Table, host: User) -> dict:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    entry = ledger.record_chips_in(ann, "buy_in", 100, host)
    ledger.record_chips_in(bob, "buy_in", 100, host)
    dee = joining.join_night(table.night, "Dee")
    request = chip_requests.request_chips(dee, "buy_in", 50)
    return {"table": table, "players": [ann, bob], "entry": entry, "request": request}


def _snapshot(table: Table) -> tuple:
    state = load_state(table.pk)
    return (
        state.version,
        LedgerEntry.objects.count(),
        host_calls().count(),
        list(Player.objects.values_list("status", flat=True)),
        list(Seat.objects.values_list("player_id", "number")),
        list(ChipRequest.objects.values_list("status", flat=True)),
        CoHost.objects.count(),
        table.night.__class__.objects.get(pk=table.night_id).status,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("who", ["stranger", "player", "anonymous"])
def test_nobody_but_a_host_can_open_the_panel_or_send_a_command(scene: dict, who: str) -> None:
    table = scene["table"]
    User.objects.create_user(username="mallory", password="x")
    if who == "stranger":
        client = Client()
        client.force_login(User.objects.create_user(username="stranger", password="x"))
    elif who == "player":
        client = join_from_phone(table.night, "Eve")
    else:
        client = Client()
    for page in _pages(table):
        response = client.get(page)
        assert response.status_code in (302, 403), page
        assert b"Ann" not in response.content
    before = _snapshot(table)
    for url, form in _commands(table, scene["players"], scene["entry"].pk, scene["request"].pk):
        response = client.post(url, form)
        assert response.status_code in (302, 403), url
        if response.status_code == 302:
            assert response["Location"].startswith("/login/"), url
        assert _snapshot(table) == before, url


@pytest.mark.django_db
def test_a_co_host_can_run_the_night_and_loses_it_when_removed(scene: dict, host: User) -> None:
    table = scene["table"]
    friend = User.objects.create_user(username="friend", password="x")
    client = Client()
    client.force_login(friend)
    assert client.get(f"/host/nights/{table.night_id}/panel/").status_code == 403
    co_host = host_panel.name_co_host(table.night, host, "friend")
    assert client.get(f"/host/nights/{table.night_id}/panel/").status_code == 200
    client.post(f"/host/nights/{table.night_id}/tables/{table.pk}/panel/deal/")
    assert load_state(table.pk).hand_in_progress
    host_panel.remove_co_host(table.night, host, co_host.pk)
    # Checked on every command: the page they still have open does nothing now.
    response = client.post(f"/host/nights/{table.night_id}/tables/{table.pk}/panel/pause/")
    assert response.status_code == 403
    assert load_state(table.pk).dealing


@pytest.mark.django_db(transaction=True)
async def test_a_player_sending_host_messages_gets_an_error_and_nothing_changes(table: Table) -> None:
    ann, _ = await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    phone = Phone(table.pk, await database_sync_to_async(player_cookie)(ann))
    await phone.connect()
    before = (await database_sync_to_async(load_state)(table.pk)).version
    for command in (
        {"type": "deal"},
        {"type": "pause"},
        {"type": "set_stack", "seat": 1, "stack": 10_000},
        {"type": "set_game", "game": "flhe"},
        {"type": "move_button", "seat": 2},
    ):
        reply = await phone.request(
            {"type": "host", "client_id": command["type"], "version": phone.version, "command": command}
        )
        assert (reply["type"], reply["code"]) == ("error", "forbidden")
    assert (await database_sync_to_async(load_state)(table.pk)).version == before
    await phone.close()


@pytest.mark.django_db(transaction=True)
async def test_host_rights_over_the_socket_are_checked_on_every_command(table: Table, host: User) -> None:
    await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    friend = await database_sync_to_async(User.objects.create_user)(username="friend", password="x")
    co_host = await database_sync_to_async(host_panel.name_co_host)(table.night, host, "friend")
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(friend))
    await phone.connect()
    reply = await phone.request(
        {"type": "host", "client_id": "p1", "version": phone.version, "command": {"type": "deal"}}
    )
    assert reply["type"] == "ack"
    await database_sync_to_async(host_panel.remove_co_host)(table.night, host, co_host.pk)
    reply = await phone.request(
        {"type": "host", "client_id": "p2", "version": phone.version, "command": {"type": "pause"}}
    )
    assert (reply["type"], reply["code"]) == ("error", "forbidden")
    assert (await database_sync_to_async(load_state)(table.pk)).dealing
    await phone.close()


@pytest.mark.django_db(transaction=True)
async def test_host_commands_over_the_socket_are_in_the_open_log(table: Table, host: User) -> None:
    await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    deal = {"type": "host", "client_id": "d1", "version": phone.version, "command": {"type": "deal"}}
    assert (await phone.request(deal))["type"] == "ack"
    again = await phone.request(deal)  # a resent message is applied once, and logged once
    assert again["type"] == "ack"
    whats = await database_sync_to_async(lambda: list(host_calls().values_list("what", "who_label")))()
    assert len(whats) == 1 and whats[0][1] == "hostess"
    assert whats[0][0].startswith("Main table: dealt the next hand: Button: ")
    await phone.close()


@pytest.mark.django_db(transaction=True)
async def test_a_host_command_whose_log_line_fails_is_not_applied(
    table: Table, host: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Every ruling is kept in the audit log": a command and its line commit together or not at all.
    await database_sync_to_async(seat_players)(table, ["Ann", "Bob"])
    phone = Phone(table.pk, await database_sync_to_async(host_cookie)(host))
    await phone.connect()
    before = await database_sync_to_async(load_state)(table.pk)

    def log_fails(*args: object) -> None:
        raise RuntimeError("the log is unavailable")

    monkeypatch.setattr(audit, "record_table_command", log_fails)
    deal = {"type": "host", "client_id": "d1", "version": phone.version, "command": {"type": "deal"}}
    reply = await phone.request(deal)
    assert (reply["type"], reply["code"]) == ("error", "illegal")
    after = await database_sync_to_async(load_state)(table.pk)
    assert (after.version, after.hand_in_progress) == (before.version, False)
    monkeypatch.undo()
    assert (await phone.request(deal))["type"] == "ack"  # the same command, once the log works
    whats = await database_sync_to_async(lambda: list(host_calls().values_list("what", flat=True)))()
    assert len(whats) == 1 and whats[0].startswith("Main table: dealt the next hand")
    await phone.close()
