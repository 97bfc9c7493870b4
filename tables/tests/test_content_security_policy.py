"""Every response carries a Content-Security-Policy that allows no inline script, no script from
elsewhere and no framing: an injected <script> or onclick would not run. The pages keep to it:
no inline script, no event-handler attribute, no style attribute in any template.
(test_browser_content_security_policy.py plays a hand in Chromium under it.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from homegame.content_security import POLICY, policy_for

BASE_DIR = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((BASE_DIR / "templates").rglob("*.html"))
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
HANDLER_ATTRIBUTE = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"\sstyle\s*=", re.IGNORECASE)


# As served to the test client (Host: testserver): the table socket's own address is named.
SERVED = POLICY.replace("connect-src 'self'", "connect-src 'self' ws://testserver wss://testserver")


def directives(policy: str) -> dict[str, str]:
    return {part.split()[0]: part.split(maxsplit=1)[1] for part in policy.split("; ")}


def test_the_policy_allows_only_this_site_and_nothing_inline() -> None:
    policy = directives(POLICY)
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self'"
    assert policy["style-src"] == "'self'"
    assert policy["connect-src"] == "'self'"  # the table socket: same host and port, ws:// or wss://
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    assert "unsafe" not in POLICY


def test_the_socket_of_the_page_s_own_host_and_port_is_allowed(rf: object) -> None:
    request = rf.get("/", HTTP_HOST="localhost:8000")
    connect = directives(policy_for(request))["connect-src"].split()
    assert connect == ["'self'", "ws://localhost:8000", "wss://localhost:8000"]


def test_a_host_not_allowed_gets_the_policy_without_a_socket_address(rf: object) -> None:
    assert policy_for(rf.get("/", HTTP_HOST="evil.example")) == POLICY


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    ["/", "/setup/", "/login/", "/verify/", "/no-such-page/", "/admin/login/"],
)
def test_every_response_carries_the_policy(path: str) -> None:
    assert Client().get(path)["Content-Security-Policy"] == SERVED


def test_static_files_carry_the_policy_too(settings: object) -> None:
    """WhiteNoise answers for them before the views; the policy is set outside it."""
    settings.WHITENOISE_USE_FINDERS = True  # as with DEBUG on (`make dev`), without collectstatic
    settings.WHITENOISE_AUTOREFRESH = True
    response = Client().get("/static/img/icon.svg")
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == SERVED


@pytest.mark.django_db
def test_the_host_pages_carry_the_policy(host_client: Client, host: User) -> None:
    for path in ["/host/", "/host/nights/new/", "/admin/"]:
        assert host_client.get(path)["Content-Security-Policy"] == SERVED


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(BASE_DIR)))
def test_no_template_has_inline_script_handlers_or_styles(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    assert not INLINE_SCRIPT.findall(text), "scripts are files under static/js"
    assert not HANDLER_ATTRIBUTE.findall(text), "event handlers are added by a script file"
    assert not STYLE_ATTRIBUTE.findall(text), "styles are in static/css"
