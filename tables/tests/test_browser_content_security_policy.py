"""With the Content-Security-Policy on (homegame.content_security), the pages still work in a real
Chromium: the table page opens its websocket (ws:// to its own host and port is 'self'), shows
the hand and plays it; the host's pages and their QR codes load; and the browser reports no
violation of the policy on any of them."""

from __future__ import annotations

from typing import Any

import pytest

from tables.tests.browser import HOST_PASSWORD, HOST_USERNAME, PHONE
from tables.tests.test_browser_table import WAIT_MS, committed, tap, wait_for_next_action

pytestmark = [pytest.mark.browser]

HERE = "tables.tests.test_browser_content_security_policy"
SEED = "5c" * 32
# Every violation the page's own document reports, recorded from the first script on.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def night_of(table: int) -> int:
    """Run in the server's database (DaphneServer.call)."""
    from tables.models import Table

    return Table.objects.get(pk=table).night_id


class Watched:
    """A page whose policy violations and console errors are kept."""

    def __init__(
        self, browser: Any, server: Any, session_key: str = "", viewport: dict | None = None
    ) -> None:
        self.context = browser.new_context(**{**PHONE, **({"viewport": viewport} if viewport else {})})
        self.context.add_init_script(RECORD_VIOLATIONS)
        if session_key:
            host = server.url.split("//")[1].split(":")[0]
            self.context.add_cookies(
                [{"name": "sessionid", "value": session_key, "domain": host, "path": "/"}]
            )
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda message: message.type == "error" and self.console.append(message.text))
        self.page.on("pageerror", lambda error: self.console.append(str(error)))

    def violations(self) -> list[str]:
        return self.page.evaluate("() => window.__violations") + [
            line for line in self.console if "Content Security Policy" in line
        ]


def test_the_table_page_connects_and_plays_under_the_policy(daphne_server: Any, browser: Any) -> None:
    arranged = daphne_server.call(
        "tables.tests.test_browser_table:arrange_table", names=["Ann", "Bo"], stacks=[200, 200], seed=SEED
    )
    table_id = arranged["table"]
    phones = []
    for session in arranged["sessions"]:
        phone = Watched(browser, daphne_server, session, viewport={"width": 360, "height": 740})
        sockets: list[str] = []
        phone.page.on("websocket", lambda socket, seen=sockets: seen.append(socket.url))
        response = phone.page.goto(f"{daphne_server.url}/play/")
        phone.page.wait_for_url("**/play/table/")
        assert (
            response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
        )
        phone.sockets = sockets
        phones.append(phone)
    start = committed(daphne_server, table_id)
    for phone in phones:  # the view came over the socket
        phone.page.wait_for_function(
            "v => Number(document.body.dataset.version || -1) >= v", arg=start.version, timeout=WAIT_MS
        )
        assert phone.sockets == [f"ws://127.0.0.1:{daphne_server.port}/ws/tables/{table_id}/"]
    assert start.hand is not None
    acting = phones[start.hand.to_act - 1]
    acting.page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=WAIT_MS)
    tap(acting, "[data-action=call]")
    # The call went up the socket (presence, a phone arriving, moves the version too: the hand's
    # own events are what tell the call) and the new view came down to both.
    called = wait_for_next_action(daphne_server, table_id, start)
    assert len(called.hand.events) > len(start.hand.events)
    for phone in phones:
        phone.page.wait_for_function(
            "v => Number(document.body.dataset.version || -1) >= v", arg=called.version, timeout=WAIT_MS
        )
    phones[0].page.screenshot(path="/tmp/csp-table-360x740.png")
    for phone in phones:
        assert phone.violations() == []

    # The host's pages: log in, the nights, the night page (its QR code is inline SVG), the panel.
    host = Watched(browser, daphne_server)
    host.page.goto(f"{daphne_server.url}/login/")
    host.page.fill("input[name=username]", HOST_USERNAME)
    host.page.fill("input[name=password]", HOST_PASSWORD)
    host.page.click("button[type=submit]")
    host.page.wait_for_url(f"{daphne_server.url}/host/")
    night = daphne_server.call(f"{HERE}:night_of", table=table_id)
    host.page.goto(f"{daphne_server.url}/host/nights/{night}/")
    assert host.page.locator("svg").count() >= 1
    host.page.goto(f"{daphne_server.url}/host/nights/{night}/panel/")
    host.page.locator("body").wait_for()
    host.page.goto(f"{daphne_server.url}/verify/?table={table_id}")
    assert host.violations() == []
