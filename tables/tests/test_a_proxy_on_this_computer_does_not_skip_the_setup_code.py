"""Behind a proxy on the laptop that the server was not told to trust, nobody skips the setup code.

README, Hosting a night: "On the laptop itself (`http://localhost:8000/`) that is all; from a phone
or another computer the page also asks for the setup code". A proxy on the laptop (a tunnel, or
Caddy without BEHIND_PROXY) hands every request over from a loopback address, so a loopback
address that carries a proxy's forwarding header may come from anyone: it needs the code.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables import setup_code
from tables.tests.test_host_setup_code import ACCOUNT, KEY

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def install_key(settings: object) -> None:
    settings.SECRET_KEY = KEY  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "header",
    [
        {"HTTP_X_FORWARDED_FOR": "192.168.1.50"},
        {"HTTP_FORWARDED": "for=192.168.1.50"},
        {"HTTP_X_REAL_IP": "192.168.1.50"},
        {"HTTP_X_FORWARDED_FOR": "127.0.0.1"},  # a header says what it likes
    ],
)
def test_a_forwarded_request_from_loopback_needs_the_code(header: dict[str, str]) -> None:
    phone = Client(REMOTE_ADDR="127.0.0.1", **header)
    assert b'name="setup_code"' in phone.get("/setup/").content
    response = phone.post("/setup/", ACCOUNT)
    assert response.status_code == 400
    assert setup_code.WRONG in response.content.decode()
    assert not User.objects.exists()
    code = setup_code.setup_code()
    assert code is not None
    assert phone.post("/setup/", {**ACCOUNT, "setup_code": code}).status_code == 302
