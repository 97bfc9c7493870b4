"""The clock screen served by `make run`'s https shows the laptop certificate's SHA-256
fingerprint, the one `make run` prints, for whoever compares it with what their phone's browser
showed before going on; on a 360 px phone too, without pushing the page sideways.

The server is the real launcher (homegame.launch, as `make run` starts it, with its own
certificate in a test directory); Chromium accepts that one certificate by its key
(`--ignore-certificate-errors-spki-list`), as a phone does once its owner has gone on.
Screenshots: clock-certificate-360.png, clock-certificate-390.png.
"""

from __future__ import annotations

import base64
import hashlib
import os
import signal
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from homegame.certificate import fingerprint_of
from tables.tests.browser import CHROMIUM_ARGS, PHONE, save_screenshot
from tables.tests.conftest import BASE_DIR, DaphneServer, _reserved_port, _server_env, chromium_path

pytestmark = [pytest.mark.browser]
HERE = "tables.tests.test_browser_the_clock_screen_shows_the_certificate_fingerprint"
SIZES = ((360, 740), (390, 844))


def arrange_clock() -> str:
    """A night with a tournament (run in the server's database); its clock token."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth.models import User

    from tables.services.hosting import hosting
    from tables.tests.tournament_helpers import make_tournament

    host = User.objects.create_superuser(username="hostess", password="a-long-host-password")
    night = hosting.create_night(
        host,
        name="Friday game",
        date=datetime.date(2026, 12, 11),
        currency="EUR",
        chip_value=Decimal("0.10"),
        require_approval=False,
    )
    tournament, _players = make_tournament(night, host)
    return tournament.clock_token


@pytest.fixture
def launched(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[tuple[int, Path, str]]:
    """The launcher serving https on a port of its own: (that port, the certificate, the token)."""
    database = tmp_path / "db.sqlite3"
    database.write_bytes(migrated_sqlite_file.read_bytes())
    token = str(DaphneServer(database).call(f"{HERE}:arrange_clock"))
    with _reserved_port() as plain, _reserved_port() as secure:
        port = secure.getsockname()[1]
        env = {**_server_env(database), "HTTPS": "1", "HTTPS_PORT": str(port), "TLS_DIRECTORY": str(tmp_path)}
        launcher = subprocess.Popen(
            [sys.executable, "-m", "homegame.launch", str(plain.getsockname()[1]), "127.0.0.1"],
            cwd=BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                ssl.get_server_certificate(("127.0.0.1", port), timeout=1)
                break
            except OSError:
                assert launcher.poll() is None and time.monotonic() < deadline, "https never answered"
                time.sleep(0.2)
        yield port, tmp_path / ".tls-certificate.pem", token
    finally:
        os.killpg(launcher.pid, signal.SIGTERM)
        try:
            launcher.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(launcher.pid, signal.SIGKILL)
            launcher.wait()


def _spki(certificate: Path) -> str:
    key = x509.load_pem_x509_certificate(certificate.read_bytes()).public_key()
    der = key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def test_the_clock_screen_shows_the_fingerprint_make_run_prints(
    launched: tuple[int, Path, str], browser: Any
) -> None:
    port, certificate, token = launched
    chromium = browser.browser_type.launch(
        executable_path=str(chromium_path()),
        args=[*CHROMIUM_ARGS, f"--ignore-certificate-errors-spki-list={_spki(certificate)}"],
    )
    try:
        page = chromium.new_context(**PHONE).new_page()
        page.goto(f"https://127.0.0.1:{port}/clock/{token}/")
        shown = page.locator("[data-field=certificate-fingerprint]")
        assert shown.inner_text() == fingerprint_of(certificate)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            wide = page.evaluate(
                "w => [...document.querySelectorAll('body *')]"
                ".filter(e => e.getBoundingClientRect().right > w)"
                ".map(e => e.className || e.tagName).slice(0, 8)",
                width,
            )
            assert page.evaluate("document.documentElement.scrollWidth") <= width, wide
            box = shown.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            save_screenshot(page, f"clock-certificate-{width}", full_page=True)
    finally:
        chromium.close()
