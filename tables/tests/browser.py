"""What every browser test shares: Debian's Chromium, launched headless, and phone-sized pages.

The `browser` fixture itself is in this folder's conftest.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
# Headless, and nothing that reaches out to the network on its own (this machine has none).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def save_screenshot(page: Any, name: str, *, full_page: bool = True) -> None:
    """Saved under test-artifacts/screenshots/ so anyone can look at what the tests saw."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def host_logged_in(browser: Any, live_server: Any, context: dict[str, Any] = PHONE) -> Any:
    """A page on a phone where the host ("hostess", as the `host` fixture makes her) has logged in."""
    page = browser.new_context(**context).new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", "hostess")
    page.fill("input[name=password]", "a-long-host-password")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/host/")
    return page
