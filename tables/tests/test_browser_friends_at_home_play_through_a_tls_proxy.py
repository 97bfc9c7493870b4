"""Friends at home: the app behind a real TLS reverse proxy (Debian's Caddy, with its own
certificate authority), reached only at the public address, as README's "Friends at home" sets it
up: `PUBLIC_URL` the proxy's address, `TRUSTED_PROXIES` the proxy.

The host logs in and shows the night's QR code and link, which name the public address; two
phones open that link, join, are seated by the host and play a hand to the showdown, every page
over https and every table socket over wss through the proxy, each phone showing only its own
cards, and each keeping its screen on during the hand (the wake lock needs a secure context).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import require_service
from tables.tests.browser import PHONE, save_screenshot
from tables.tests.conftest import chromium_path
from tables.tests.test_browser_table import (
    WAIT_MS,
    assert_page_private,
    committed,
    play_step,
    wait_for_next_action,
)
from tables.tests.tls_proxy import PUBLIC_NAME, Caddy, ServerBehindTheProxy, caddy_path, chromium_trusting

pytestmark = [pytest.mark.browser]
HERE = "tables.tests.test_browser_friends_at_home_play_through_a_tls_proxy"
HOST, PASSWORD = "hostess", "a-long-host-password"
NAMES = ("Ann", "Bo")


def arrange_night() -> dict[str, Any]:
    """A host, an open night (no approval needed) and a table (run in the server's database)."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth.models import User

    from tables.live import apply_intent
    from tables.services.hosting import hosting

    host = User.objects.create_superuser(username=HOST, password=PASSWORD)
    night = hosting.create_night(
        host,
        name="Friday from home",
        date=datetime.date(2026, 12, 11),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    table = hosting.create_table(night, name="Kitchen", game="nlhe", max_seats=9, small_blind=1, big_blind=2)
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    return {"night": night.pk, "code": night.join_code, "table": table.pk}


def seats_by_name(table: int) -> dict[str, int]:
    """Where the host's random draw seated each player, each with a stack of 200."""
    from tables.live import apply_intent, load_state
    from tables.models import Player

    seats = {}
    for seat in load_state(table).table.seats:
        seats[Player.objects.get(pk=int(seat.player)).display_name] = seat.seat
        apply_intent(table, "host", {"type": "set_stack", "seat": seat.seat, "stack": 200})
    return seats


def deal(table: int) -> int:
    """The host deals; once the phones' values have dealt the cards, the table's version."""
    from tables.tests.test_browser_table import deal_and_wait

    return deal_and_wait(table).version


class ProxiedPhone:
    """A phone that reached the night only through the proxy's public address."""

    def __init__(self, page: Any, name: str) -> None:
        self.page, self.name = page, name
        self.sockets: list[str] = []
        self.frames = 0
        self.errors: list[str] = []
        page.on("websocket", self._watch)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _watch(self, socket: Any) -> None:
        self.sockets.append(socket.url)

        def counted(_payload: object) -> None:
            self.frames += 1

        socket.on("framereceived", counted)

    def wait_version(self, version: int, timeout_ms: int = WAIT_MS) -> None:
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version || -1) >= v", arg=version, timeout=timeout_ms
        )


@pytest.fixture
def proxied(tmp_path: Path, migrated_sqlite_file: Path, browser: Any) -> Iterator[tuple[Any, Caddy, Any]]:
    """(the app's server, Caddy in front of it, a Chromium that trusts Caddy's authority)."""
    require_service(caddy_path() is not None, "Caddy is not installed")
    database = tmp_path / "db.sqlite3"
    database.write_bytes(migrated_sqlite_file.read_bytes())
    server = ServerBehindTheProxy(database)
    caddy_dir = tmp_path / "caddy"
    caddy_dir.mkdir()
    caddy = Caddy(caddy_dir, upstream=0)
    chromium = None
    try:
        # Caddy's port is chosen first: the app's PUBLIC_URL names it.
        caddy.reserve()
        server.extra_env = {"PUBLIC_URL": caddy.url, "TRUSTED_PROXIES": "127.0.0.1"}
        server.start()
        caddy.upstream = server.port
        caddy.start()
        chromium = chromium_trusting(browser, caddy, str(chromium_path()))
        yield server, caddy, chromium
    finally:
        if chromium is not None:
            chromium.close()
        caddy.stop()
        server.stop()


def test_friends_join_by_the_public_link_and_play_a_hand_over_https_and_wss(
    proxied: tuple[Any, Caddy, Any],
) -> None:
    server, caddy, chromium = proxied
    public = caddy.url
    arranged = server.call(f"{HERE}:arrange_night")

    # The host logs in through the proxy (the form's CSRF check sees the public origin) and
    # shows the night's QR code and link: both are the public address.
    host = chromium.new_context(**PHONE).new_page()
    host.goto(f"{public}/login/")
    host.fill("input[name=username]", HOST)
    host.fill("input[name=password]", PASSWORD)
    host.click("button[type=submit]")
    host.wait_for_url(f"{public}/host/")
    night_page = f"{public}/host/nights/{arranged['night']}/"
    host.goto(night_page)
    join_link = f"{public}/join/{arranged['code']}/"
    assert host.locator(".join-url a").get_attribute("href") == join_link
    from tables.views.qr import qr_svg

    served = host.evaluate("url => fetch(url).then(answer => answer.text())", night_page)
    assert str(qr_svg(join_link)) in served, "the QR code is not the public join link"
    save_screenshot(host, "friends-at-home-night-qr", full_page=False)

    phones = []
    for name in NAMES:
        page = chromium.new_context(**PHONE).new_page()
        phone = ProxiedPhone(page, name)
        page.goto(join_link)
        page.fill("input[name=display_name]", name)
        page.locator("form button[type=submit]").first.click()
        page.wait_for_url(f"{public}/play/**")
        phones.append(phone)

    host.goto(night_page)
    host.locator("button:text('Seat waiting players here')").click()
    seats = server.call(f"{HERE}:seats_by_name", table=arranged["table"])
    by_seat = {seats[phone.name]: phone for phone in phones}
    for phone in phones:
        phone.page.goto(f"{public}/play/")
        phone.page.wait_for_url(f"{public}/play/table/")

    table_id = arranged["table"]
    # The deal waits for the phones' values for the shuffle, sent over their wss sockets.
    server.call(f"{HERE}:deal", table=table_id)
    state = committed(server, table_id)
    for seat, phone in by_seat.items():
        phone.wait_version(state.version)
        assert_page_private(phone, state, seat)  # type: ignore[arg-type]
        # A secure context: the phone keeps its screen on while the hand is on.
        phone.page.wait_for_function("document.body.dataset.screenAwake === 'true'", timeout=WAIT_MS)
    save_screenshot(by_seat[min(by_seat)].page, "friends-at-home-table", full_page=False)

    for _ in range(40):
        hand = state.hand
        assert hand is not None
        if hand.finished:
            break
        seat = hand.to_act
        assert seat is not None
        play_step(by_seat[seat], state, seat, {})  # type: ignore[arg-type]
        state = wait_for_next_action(server, table_id, state)
        for number, phone in by_seat.items():
            phone.wait_version(state.version)
            assert_page_private(phone, state, number)  # type: ignore[arg-type]
    assert state.hand is not None and state.hand.finished and state.hand.awards

    for phone in phones:
        assert phone.page.url.startswith(f"{public}/")
        secure_socket = re.compile(rf"wss://{re.escape(PUBLIC_NAME)}:{caddy.port}/ws/tables/{table_id}/")
        assert phone.sockets and all(secure_socket.match(url) for url in phone.sockets), phone.sockets
        assert phone.frames > 0
        assert phone.errors == []
        # Each phone shows the hand's result (who won, with what), as at the kitchen table.
        assert phone.page.locator("#results").inner_text().strip()
