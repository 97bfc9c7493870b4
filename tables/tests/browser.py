"""What every browser test shares: Debian's Chromium, launched headless, and phone-sized pages.

The `browser` fixture itself is in this folder's conftest.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User

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


# The host every browser test signs in as (the `host` fixture makes the same one).
HOST_USERNAME = "hostess"
HOST_PASSWORD = "a-long-host-password"


def create_host() -> User:
    """The host `host_logged_in` signs in as: made before the browser starts."""
    return User.objects.create_superuser(username=HOST_USERNAME, password=HOST_PASSWORD)


def host_logged_in(browser: Any, live_server: Any, context: dict[str, Any] = PHONE) -> Any:
    """A page (on a phone unless `context` says otherwise) where the host has logged in through
    the login form, on the host's home page."""
    page = browser.new_context(**context).new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", HOST_USERNAME)
    page.fill("input[name=password]", HOST_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/host/")
    return page
