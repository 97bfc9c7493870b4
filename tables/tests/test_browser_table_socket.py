"""static/js/socket.js in a real Chromium, against a stand-in WebSocket the test controls.

docs/protocol.md: "A client keeps the last version it rendered: it drops a `view` whose
version it already has, and sends `resync` when it sees a gap"; "reconnects with backoff
(0.5 s doubling to 8 s, with jitter)"; "An intent sent while offline is resent with the
same `client_id` after reconnecting, so it is applied at most once."
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser]

# A WebSocket stand-in: the test opens, closes and speaks for the server through window.fake.
FAKE_SOCKET = """
window.fake = { sockets: [], sent: [] };
class FakeSocket {
  static CONNECTING = 0; static OPEN = 1; static CLOSING = 2; static CLOSED = 3;
  constructor(url) { this.url = url; this.readyState = 0; window.fake.sockets.push(this); }
  send(text) { window.fake.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen && this.onopen({}); }
  say(message) { this.onmessage && this.onmessage({ data: JSON.stringify(message) }); }
  drop(code = 1006) { this.readyState = 3; this.onclose && this.onclose({ code }); }
}
window.WebSocket = FakeSocket;
"""

START = """async () => {
  const socket = await import('/static/js/socket.js');
  window.log = { views: [], statuses: [], errors: [] };
  window.table = socket.connectTable('ws://example.invalid/ws/tables/1/', {
    onView: (view, version) => window.log.views.push(version),
    onStatus: (status) => window.log.statuses.push(status),
    onError: (error) => window.log.errors.push(error.code),
  });
  window.socketModule = socket;
}"""


STATIC = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://homegame.test"


def serve_static(route: Any) -> None:
    """The page's origin, served from the static folder (no server needed for this module)."""
    path = route.request.url.removeprefix(ORIGIN)
    if path.startswith("/static/"):
        body = (STATIC / path.removeprefix("/static/")).read_text(encoding="utf-8")
        route.fulfill(status=200, content_type="text/javascript", body=body)
    else:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><title>socket</title>")


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page on the test origin in a context of its own (the `browser` fixture is conftest.py's)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route(f"{ORIGIN}/**", serve_static)
        page.add_init_script(FAKE_SOCKET)
        page.goto(f"{ORIGIN}/")
        page.evaluate("sessionStorage.clear()")
        page.evaluate(START)
        yield page
    finally:
        context.close()


def current(page: Any, script: str) -> Any:
    return page.evaluate(f"() => {{ const s = window.fake.sockets.at(-1); {script} }}")


def test_old_and_repeated_views_are_dropped_and_a_gap_asks_for_a_resync(page: Any) -> None:
    current(page, "s.open()")
    for version in (1, 1, 0, 3, 2):
        current(page, f"s.say({{type: 'view', version: {version}, view: {{version: {version}}}}})")
    assert page.evaluate("window.log.views") == [1, 3]
    assert page.evaluate("window.fake.sent.map(m => m.type)") == ["resync"]


def test_a_pong_that_names_a_newer_version_asks_for_a_resync(page: Any) -> None:
    current(page, "s.open(); s.say({type: 'view', version: 4, view: {}})")
    current(page, "s.say({type: 'pong', t: 0, version: 4})")
    assert page.evaluate("window.fake.sent.length") == 0
    current(page, "s.say({type: 'pong', t: 0, version: 5})")
    assert page.evaluate("window.fake.sent.map(m => m.type)") == ["resync"]


def test_an_intent_made_offline_is_sent_on_reconnect_with_the_same_client_id_until_acked(page: Any) -> None:
    current(page, "s.open(); s.say({type: 'view', version: 7, view: {}})")
    current(page, "s.drop()")
    client_id = page.evaluate("window.table.act({type: 'call'})")
    assert page.evaluate("window.fake.sent.length") == 0, "nothing goes out while offline"
    page.evaluate("window.dispatchEvent(new Event('online'))")  # back: reconnect at once
    current(page, "s.open()")
    first = page.evaluate("window.fake.sent")
    assert first == [{"type": "act", "client_id": client_id, "version": 7, "action": {"type": "call"}}]
    current(page, "s.drop()")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    current(page, "s.open()")
    assert page.evaluate("window.fake.sent.map(m => m.client_id)") == [client_id, client_id]
    current(page, f"s.say({{type: 'ack', client_id: '{client_id}', version: 8}})")
    current(page, "s.drop()")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    current(page, "s.open()")
    assert page.evaluate("window.fake.sent.length") == 2, "an acked intent is never sent again"
    assert page.evaluate("window.table.pending()") == []


def test_backoff_doubles_from_half_a_second_to_eight_with_jitter(page: Any) -> None:
    middle = page.evaluate("[0,1,2,3,4,5,6].map(n => window.socketModule.backoffDelay(n, () => 0.5))")
    assert middle == [500, 1000, 2000, 4000, 8000, 8000, 8000]
    low = page.evaluate("window.socketModule.backoffDelay(0, () => 0)")
    high = page.evaluate("window.socketModule.backoffDelay(4, () => 0.999)")
    assert low == 375 and 9990 <= high <= 10000


def test_a_refused_connection_is_not_retried(page: Any) -> None:
    current(page, "s.open()")
    current(page, "s.drop(4403)")
    page.wait_for_timeout(1200)
    assert page.evaluate("window.fake.sockets.length") == 1
    assert page.evaluate("window.log.statuses.at(-1)") == "forbidden"


def test_a_dropped_connection_is_retried_by_itself(page: Any) -> None:
    current(page, "s.open()")
    current(page, "s.drop()")
    assert page.evaluate("window.log.statuses.at(-1)") == "reconnecting"
    page.wait_for_function("window.fake.sockets.length === 2", timeout=3000)
