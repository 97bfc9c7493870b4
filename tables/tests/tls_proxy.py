"""A real TLS reverse proxy for browser tests: Debian's Caddy, with its own certificate authority
(`tls internal`), in front of a Daphne test server, as a host with a domain would run it.

Chromium trusts that authority for the test only: it ignores certificate errors for a chain
holding Caddy's intermediate key (`--ignore-certificate-errors-spki-list`), and resolves the
public name to this computer (`--host-resolver-rules`). Nothing is installed in a trust store.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from tables.tests.browser import CHROMIUM_ARGS
from tables.tests.conftest import BASE_DIR, DaphneServer, _reserved_port, _server_env

PUBLIC_NAME = "poker.home.test"  # .test: a name no real resolver answers


def caddy_path() -> str | None:
    return shutil.which("caddy")


def spki_hash(certificate_file: Path) -> str:
    """base64 SHA-256 of a certificate's public key, as Chromium's SPKI list takes it."""
    certificate = x509.load_pem_x509_certificate(certificate_file.read_bytes())
    der = certificate.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def _wait_for_port(port: int, process: subprocess.Popen, what: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with status {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen in time")


@dataclass
class ServerBehindTheProxy(DaphneServer):
    """Daphne as `make run` serves it behind a proxy: PUBLIC_URL the proxy's address and the
    proxy (this computer) the one trusted to name clients and their scheme."""

    extra_env: dict[str, str] = field(default_factory=dict)

    def start(self, timeout: float = 30) -> None:
        with _reserved_port() as reserved:
            self.port = reserved.getsockname()[1]
            command = [sys.executable, "-m", "daphne", "-v", "0", "-b", "127.0.0.1", "-p", str(self.port)]
            self.process = subprocess.Popen(
                [*command, "homegame.asgi:application"],
                cwd=BASE_DIR,
                env={**_server_env(self.database), **self.extra_env},
            )
            _wait_for_port(self.port, self.process, "Daphne", timeout)


@dataclass
class Caddy:
    """`caddy run` with a Caddyfile naming one site, PUBLIC_NAME on `port`, proxied to `upstream`."""

    directory: Path
    upstream: int
    port: int = 0
    process: subprocess.Popen | None = None
    _held: list[socket.socket] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"https://{PUBLIC_NAME}:{self.port}"

    def reserve(self) -> None:
        """Choose the ports (held until Caddy listens there), before the app's PUBLIC_URL names one."""
        self._held = [_reserved_port(), _reserved_port()]
        self.port = self._held[0].getsockname()[1]

    def start(self) -> None:
        plain = self._held[1]
        try:
            # No admin endpoint, no redirect listener, nothing written outside `directory`, and
            # Caddy's root certificate installed nowhere.
            caddyfile = self.directory / "Caddyfile"
            caddyfile.write_text(
                "{\n"
                "\tadmin off\n"
                f"\tstorage file_system {self.directory / 'data'}\n"
                "\tskip_install_trust\n"
                "\tauto_https disable_redirects\n"
                f"\thttp_port {plain.getsockname()[1]}\n"
                f"\thttps_port {self.port}\n"
                "}\n"
                f"https://{PUBLIC_NAME}:{self.port} {{\n"
                "\ttls internal\n"
                f"\treverse_proxy 127.0.0.1:{self.upstream}\n"
                "}\n"
            )
            home = str(self.directory)
            env = {**os.environ, "HOME": home, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home}
            self.process = subprocess.Popen(
                [str(caddy_path()), "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
                cwd=self.directory,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=(self.directory / "caddy.log").open("w"),
            )
            _wait_for_port(self.port, self.process, "Caddy")
        finally:
            for held in self._held:
                held.close()
        self._wait_until_it_proxies()

    def _wait_until_it_proxies(self, timeout: float = 30) -> None:
        """Until Caddy has its certificate and answers from the app: checked against Caddy's
        own root, for the public name."""
        context = ssl.create_default_context(cafile=str(self.authority("root.crt")))
        request = f"GET / HTTP/1.1\r\nHost: {PUBLIC_NAME}:{self.port}\r\nConnection: close\r\n\r\n"
        deadline = time.monotonic() + timeout
        while True:
            try:
                with (
                    socket.create_connection(("127.0.0.1", self.port), timeout=5) as raw,
                    context.wrap_socket(raw, server_hostname=PUBLIC_NAME) as tls,
                ):
                    tls.sendall(request.encode())
                    if b"server: daphne" in tls.recv(65536).lower():
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("Caddy did not proxy to the app in time")
            time.sleep(0.2)

    def authority(self, name: str) -> Path:
        """A certificate of Caddy's own authority: root.crt or intermediate.crt."""
        return self.directory / "data" / "pki" / "authorities" / "local" / name

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


def chromium_trusting(browser: Any, caddy: Caddy, executable: str) -> Any:
    """A Chromium of its own that reaches PUBLIC_NAME at this computer and accepts the chain
    Caddy's authority issued (its intermediate signs the site's certificate)."""
    return browser.browser_type.launch(
        executable_path=executable,
        args=[
            *CHROMIUM_ARGS,
            f"--host-resolver-rules=MAP {PUBLIC_NAME} 127.0.0.1",
            f"--ignore-certificate-errors-spki-list={spki_hash(caddy.authority('intermediate.crt'))}",
        ],
    )
