"""`make run` serves https on the home Wi-Fi with the laptop's own certificate, made once and kept;
its plain http port only sends visitors to https; it starts the timer runner beside Daphne and
stops both together.

The certificate is self-signed (no public authority vouches for a home address), so HSTS stays
off there: browsers ignore it on such a certificate, and one that kept it could strand a phone
once the certificate is made anew. An https deployment with a trusted certificate gets HSTS,
never preloaded.
"""

from __future__ import annotations

import datetime
import json
import os
import signal
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509
from django.test import Client

from homegame import certificate
from homegame.launch import Serving, daphne_command
from tables.tests.conftest import BASE_DIR, _reserved_port, _server_env

SHOWN = [
    "DEBUG",
    "HTTPS",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_PRELOAD",
    "HTTPS_PORT",
    "TIMERS_IN_WEB",
    "CSRF_TRUSTED_ORIGINS",
]
SHOW_SETTINGS = (
    "import json; from django.conf import settings as s; "
    f"print(json.dumps({{name: getattr(s, name) for name in {SHOWN!r}}}))"
)


def _manage(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _make_run_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """What homegame.launch gives Daphne and the runner under `make run` (HTTPS=1, the default)."""
    base = {k: v for k, v in os.environ.items() if k not in ("PUBLIC_URL", "ALLOWED_HOSTS", "SECRET_KEY")}
    monkeypatch.setenv("HTTPS", "1")
    monkeypatch.setenv("HTTPS_PORT", "8443")
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    child = Serving.from_env(8000).child_env()
    given = ("HTTPS", "HTTPS_PORT", "TLS_CERTIFICATE", "PUBLIC_URL", "TIMERS_IN_WEB")
    return {**base, **{k: child[k] for k in given}, "DEBUG": "0", "SECRET_KEY_FILE": str(tmp_path / "key")}


def test_the_certificate_is_made_once_and_kept_readable_by_its_owner_only(tmp_path: Path) -> None:
    made, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    assert certificate.ensure_certificate(made, key, "192.168.1.20") is True
    first = certificate.fingerprint_of(made)
    assert certificate.ensure_certificate(made, key, "192.168.1.20") is False
    assert certificate.fingerprint_of(made) == first
    assert key.stat().st_mode & 0o077 == 0
    names = x509.load_pem_x509_certificate(made.read_bytes()).extensions.get_extension_for_class(
        x509.SubjectAlternativeName
    )
    assert "192.168.1.20" in {str(a) for a in names.value.get_values_for_type(x509.IPAddress)}
    assert "localhost" in names.value.get_values_for_type(x509.DNSName)


def test_a_new_lan_address_or_an_ending_certificate_makes_a_new_one(tmp_path: Path) -> None:
    made, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    certificate.ensure_certificate(made, key, "192.168.1.20")
    first = certificate.fingerprint_of(made)
    assert certificate.ensure_certificate(made, key, "10.0.0.7") is True
    second = certificate.fingerprint_of(made)
    assert second != first
    late = datetime.datetime.now(tz=datetime.UTC) + datetime.timedelta(days=certificate.VALID_DAYS - 10)
    assert certificate.ensure_certificate(made, key, "10.0.0.7", now=late) is True


def test_the_certificate_and_its_key_are_git_ignored() -> None:
    ignored = (BASE_DIR / ".gitignore").read_text().split()
    assert {".tls-certificate.pem", ".tls-key.pem"} <= set(ignored)


def test_make_run_https_settings_pass_check_deploy_with_secure_cookies_and_no_hsts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = _make_run_env(tmp_path, monkeypatch)
    result = _manage(["check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode == 0, result.stdout + result.stderr
    shown = _manage(["shell", "-c", SHOW_SETTINGS], env)
    assert shown.returncode == 0, shown.stderr
    settings = json.loads(shown.stdout.strip().splitlines()[-1])
    assert settings["HTTPS"] is settings["SESSION_COOKIE_SECURE"] is settings["CSRF_COOKIE_SECURE"] is True
    assert settings["SECURE_HSTS_SECONDS"] == 0 and settings["SECURE_HSTS_PRELOAD"] is False
    # The plain port's redirect is homegame.https_port's (to the https port), not Django's.
    assert settings["SECURE_SSL_REDIRECT"] is False and settings["HTTPS_PORT"] == 8443
    assert settings["TIMERS_IN_WEB"] is False


def test_an_https_deployment_gets_hsts_but_never_preload(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PUBLIC_URL", "TLS_CERTIFICATE", "HTTPS_PORT")}
    env.update(DEBUG="0", SECRET_KEY_FILE=str(tmp_path / "key"), PUBLIC_URL="https://poker.example.org")
    shown = _manage(["shell", "-c", SHOW_SETTINGS], env)
    settings = json.loads(shown.stdout.strip().splitlines()[-1])
    assert settings["SECURE_HSTS_SECONDS"] == 31536000 and settings["SECURE_HSTS_PRELOAD"] is False
    assert settings["SECURE_SSL_REDIRECT"] is True
    # Forms posted from the public address pass the CSRF check whatever Host a tunnel hands on.
    assert "https://poker.example.org" in settings["CSRF_TRUSTED_ORIGINS"]
    result = _manage(["check", "--deploy", "--fail-level", "WARNING"], env)
    assert result.returncode == 0, result.stdout + result.stderr


def test_plain_http_stays_possible_with_https_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS", "0")
    serving = Serving.from_env(8000)
    assert serving.https_port == 0
    assert "TLS_CERTIFICATE" not in serving.child_env() and "-e" not in daphne_command(serving)


@pytest.mark.django_db
def test_the_plain_port_sends_each_page_to_the_same_address_on_the_https_port(settings: object) -> None:
    settings.TLS_CERTIFICATE, settings.HTTPS_PORT = "/nowhere.pem", 8443  # type: ignore[attr-defined]
    answer = Client().get("/join/?from=qr", HTTP_HOST="localhost:8000")
    assert answer.status_code == 302  # temporary: HTTPS=0 make run must serve http here again
    assert answer["Location"] == "https://localhost:8443/join/?from=qr"
    assert Client().get("/", secure=True, HTTP_HOST="localhost:8443").status_code == 200


# The launcher itself, as `make run` runs it ----------------------------------------------------


@pytest.fixture
def launched(tmp_path: Path, migrated_sqlite_file: Path) -> Iterator[tuple[subprocess.Popen, int, int]]:
    database = tmp_path / "db.sqlite3"
    database.write_bytes(migrated_sqlite_file.read_bytes())
    with _reserved_port() as plain, _reserved_port() as secure:
        ports = plain.getsockname()[1], secure.getsockname()[1]
        env = {
            **_server_env(database),
            "HTTPS": "1",
            "HTTPS_PORT": str(ports[1]),
            "TLS_DIRECTORY": str(tmp_path),
        }
        launcher = subprocess.Popen(
            [sys.executable, "-m", "homegame.launch", str(ports[0]), "127.0.0.1"],
            cwd=BASE_DIR,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                ssl.get_server_certificate(("127.0.0.1", ports[1]), timeout=1)
                break
            except OSError:
                assert launcher.poll() is None, launcher.stderr.read() if launcher.stderr else ""
                assert time.monotonic() < deadline, "the launcher's Daphne did not serve https"
                time.sleep(0.2)
        yield launcher, *ports
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
            launcher.wait()


def _children(pid: int) -> list[str]:
    done = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(pid)], capture_output=True, text=True)
    return [line.strip() for line in done.stdout.splitlines() if line.strip()]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@pytest.mark.slow  # processes of its own
def test_the_launcher_serves_its_certificate_redirects_plain_http_and_stops_both_together(
    launched: tuple[subprocess.Popen, int, int], tmp_path: Path
) -> None:
    launcher, plain, secure = launched
    served = ssl.get_server_certificate(("127.0.0.1", secure))
    kept = certificate.fingerprint_of(tmp_path / ".tls-certificate.pem")
    assert certificate.fingerprint(x509.load_pem_x509_certificate(served.encode())) == kept
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as redirected:
        opener.open(f"http://127.0.0.1:{plain}/join/", timeout=10)
    assert redirected.value.code == 302
    assert redirected.value.headers["Location"] == f"https://127.0.0.1:{secure}/join/"
    children = _children(launcher.pid)
    assert (
        len(children) == 2
        and any("daphne" in c for c in children)
        and any("run_timers" in c for c in children)
    )
    # The timer runner stops: the launcher stops the web server too, and says so.
    runner = next(c for c in children if "run_timers" in c)
    os.kill(int(runner.split()[0]), signal.SIGKILL)
    assert launcher.wait(timeout=30) != 0
    assert "The timer runner stopped" in (launcher.stderr.read() if launcher.stderr else "")
    assert _children(launcher.pid) == []
