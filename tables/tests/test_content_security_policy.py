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

from homegame.content_security import POLICY

BASE_DIR = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((BASE_DIR / "templates").rglob("*.html"))
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
HANDLER_ATTRIBUTE = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"\sstyle\s*=", re.IGNORECASE)


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


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    ["/", "/setup/", "/login/", "/verify/", "/no-such-page/", "/admin/login/"],
)
def test_every_response_carries_the_policy(path: str) -> None:
    assert Client().get(path)["Content-Security-Policy"] == POLICY


def test_static_files_carry_the_policy_too(settings: object) -> None:
    """WhiteNoise answers for them before the views; the policy is set outside it."""
    settings.WHITENOISE_USE_FINDERS = True  # as with DEBUG on (`make dev`), without collectstatic
    settings.WHITENOISE_AUTOREFRESH = True
    response = Client().get("/static/img/icon.svg")
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == POLICY


@pytest.mark.django_db
def test_the_host_pages_carry_the_policy(host_client: Client, host: User) -> None:
    for path in ["/host/", "/host/nights/new/", "/admin/"]:
        assert host_client.get(path)["Content-Security-Policy"] == POLICY


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(BASE_DIR)))
def test_no_template_has_inline_script_handlers_or_styles(template: Path) -> None:
    text = template.read_text(encoding="utf-8")
    assert not INLINE_SCRIPT.findall(text), "scripts are files under static/js"
    assert not HANDLER_ATTRIBUTE.findall(text), "event handlers are added by a script file"
    assert not STYLE_ATTRIBUTE.findall(text), "styles are in static/css"
