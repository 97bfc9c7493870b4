"""Guessing is slowed down per client address and per session: join codes, host and admin
passwords, and reconnecting right after a 4429 close. The refusal says what to do."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.test import Client

from tables import consumers
from tables.models import Night, Player
from tables.rate_limits import JOIN_CODES, PASSWORDS
from tables.tests.live_helpers import (
    Phone,
    fresh_channel_layer,  # noqa: F401  (a fixture)
    player_cookie,
    seat_players,
)

WRONG_CODE = "ZZZZZZ"


def _wrong_codes(client: Client, count: int, **extra: str) -> None:
    for _ in range(count):
        assert client.post("/", {"code": WRONG_CODE}, **extra).status_code == 400


@pytest.mark.django_db
def test_wrong_join_codes_are_limited_per_address_then_even_the_right_one_waits(night: Night) -> None:
    phone = Client()
    _wrong_codes(phone, JOIN_CODES.attempts)
    refused = phone.post("/", {"code": night.join_code})
    assert refused.status_code == 429
    assert JOIN_CODES.message in refused.content.decode()
    assert phone.get(f"/join/{night.join_code}/").status_code == 429
    other = Client(REMOTE_ADDR="10.0.0.7")  # another phone is not held up
    assert other.post("/", {"code": night.join_code}).status_code == 302


@pytest.mark.django_db
def test_wrong_join_codes_are_limited_per_session_whatever_the_address(night: Night) -> None:
    phone = Client()
    phone.post(f"/join/{night.join_code}/", {"display_name": "Ann"})  # a session of its own
    assert Player.objects.exists()
    for n in range(JOIN_CODES.attempts):
        phone.post("/", {"code": WRONG_CODE}, REMOTE_ADDR=f"10.0.1.{n}")
    refused = phone.post("/", {"code": night.join_code}, REMOTE_ADDR="10.0.2.1")
    assert refused.status_code == 429


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/login/", "/admin/login/"])
def test_wrong_passwords_are_limited_then_even_the_right_one_waits(host: User, url: str) -> None:
    browser = Client()
    for _ in range(PASSWORDS.attempts):
        wrong = browser.post(url, {"username": host.username, "password": "guess"})
        assert "_auth_user_id" not in browser.session and wrong.status_code == 200
    right = browser.post(url, {"username": host.username, "password": "a-long-host-password"})
    assert "_auth_user_id" not in browser.session
    assert PASSWORDS.message in right.content.decode()


@pytest.mark.django_db
def test_host_and_admin_log_ins_share_one_count(host: User) -> None:
    browser = Client()
    for n in range(PASSWORDS.attempts):
        browser.post(
            "/login/" if n % 2 else "/admin/login/", {"username": host.username, "password": "guess"}
        )
    right = browser.post("/login/", {"username": host.username, "password": "a-long-host-password"})
    assert PASSWORDS.message in right.content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_channel_layer")
async def test_a_reconnect_right_after_a_4429_close_is_refused(table, monkeypatch) -> None:
    monkeypatch.setattr(consumers, "BURST", 3.0)
    (ann,) = await database_sync_to_async(seat_players)(table, ["Ann"])
    cookie = await database_sync_to_async(player_cookie)(ann)
    flooding = Phone(table.pk, cookie)
    await flooding.connect()
    for _ in range(10):
        await flooding.send({"type": "resync"})
    assert await _close_code(flooding) == consumers.CLOSE_THROTTLED
    again = Phone(table.pk, cookie)
    await again.connect()
    assert await _close_code(again) == consumers.CLOSE_THROTTLED
    assert again.view is None  # not a single view
    assert [m["code"] for m in again.messages] == ["throttled"]


async def _close_code(phone: Phone) -> int:
    while True:
        output = await phone.communicator.receive_output(timeout=10)
        if output["type"] == "websocket.close":
            return output["code"]
        phone._take(json.loads(output["text"]))
