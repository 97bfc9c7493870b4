"""What `make run` starts: Daphne and the timer runner side by side, stopped together.

With `HTTPS=1` (the Makefile's default) Daphne serves https on `HTTPS_PORT` (8443) with the
laptop's own certificate (homegame.certificate), and plain http on `PORT` (8000) only sends each
visitor to the https address (homegame.https_port). With `HTTPS=0` it serves plain http on `PORT`,
as before, which anyone on the Wi-Fi can read.

The timer runner (`manage.py run_timers`) fires every table's clocks, so a table deals and times
out with no phone connected (tables.live.timers). If either process stops, the other is stopped
too, and Ctrl-C stops both: a night never runs with its clocks silently gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from homegame.certificate import ensure_certificate, fingerprint_of
from homegame.lan import lan_address
from homegame.serve import daphne_arguments

BASE_DIR = Path(__file__).resolve().parent.parent
# Beside .secret_key, git-ignored like it; the key readable by its owner only. TLS_DIRECTORY
# moves both (a test's own).
TLS_DIRECTORY = Path(os.environ.get("TLS_DIRECTORY", "") or BASE_DIR)
CERTIFICATE = TLS_DIRECTORY / ".tls-certificate.pem"
KEY = TLS_DIRECTORY / ".tls-key.pem"


@dataclass(frozen=True)
class Serving:
    """How `make run` serves: the plain port, and the https port (0: plain http only)."""

    port: int
    https_port: int

    @classmethod
    def from_env(cls, port: int) -> Serving:
        https = os.environ.get("HTTPS", "0").strip().lower() in ("1", "true", "yes", "on")
        return cls(port, int(os.environ.get("HTTPS_PORT", "8443")) if https else 0)

    def child_env(self) -> dict[str, str]:
        """The web server's and the runner's environment: the timers are the runner's."""
        env = {k: v for k, v in os.environ.items() if k not in ("TLS_CERTIFICATE", "HTTPS_PORT", "HTTPS")}
        env["TIMERS_IN_WEB"] = "0"
        if self.https_port:
            env.update(HTTPS="1", HTTPS_PORT=str(self.https_port), TLS_CERTIFICATE=str(CERTIFICATE))
            env.setdefault("PUBLIC_URL", f"https://{lan_address()}:{self.https_port}/")
        # Serving plain http, the site may still be reached over https through a tunnel or a
        # proxy (an https PUBLIC_URL): the settings then turn the https switches on themselves.
        return env


def tls_endpoint(port: int, certificate: Path, key: Path, interface: str = "0.0.0.0") -> str:
    r"""Daphne's (Twisted's) endpoint for https on `port`; a colon in a path is escaped.

    >>> tls_endpoint(8443, Path("/a/c.pem"), Path("/a/k.pem"))
    'ssl:port=8443:interface=0.0.0.0:privateKey=/a/k.pem:certKey=/a/c.pem'
    """

    def escaped(path: Path) -> str:
        return str(path).replace("\\", "\\\\").replace(":", "\\:")

    return f"ssl:port={port}:interface={interface}:privateKey={escaped(key)}:certKey={escaped(certificate)}"


def daphne_command(serving: Serving, bind: str = "0.0.0.0") -> list[str]:
    arguments = daphne_arguments(behind_proxy=False, port=serving.port, bind=bind)
    if serving.https_port:
        arguments = ["-e", tls_endpoint(serving.https_port, CERTIFICATE, KEY, bind), *arguments]
    return [sys.executable, "-m", "daphne", *arguments]


def runner_command() -> list[str]:
    return [sys.executable, str(BASE_DIR / "manage.py"), "run_timers"]


def addresses(serving: Serving) -> str:
    """What `make run` prints before serving (scripts/lan_url.py), making the certificate first
    if it has to."""
    lan = lan_address()
    public = os.environ.get("PUBLIC_URL", "").strip()
    if not serving.https_port and public.startswith("https://"):
        return "\n".join(
            [
                "",
                f"  Homegame is starting on http://localhost:{serving.port}/ for the tunnel or proxy",
                f"  in front of it. Everyone, the host too, opens:  {public}",
            ]
        )
    if not serving.https_port:
        return "\n".join(
            [
                "",
                f"  Homegame is starting. On this computer: http://localhost:{serving.port}/",
                f"  Phones on the same Wi-Fi open:       {public or f'http://{lan}:{serving.port}/'}",
                "  Plain http: anyone on this Wi-Fi can read every card and the host's login.",
                "  `make run` without HTTPS=0 serves https.",
            ]
        )
    made = ensure_certificate(CERTIFICATE, KEY, lan)
    secure = f"https://{lan}:{serving.https_port}/"
    return "\n".join(
        [
            "",
            f"  Homegame is starting. On this computer: https://localhost:{serving.https_port}/",
            f"  Phones on the same Wi-Fi open:       {public or secure}",
            f"  (typed without https, http://{lan}:{serving.port}/ sends them there)",
            "",
            f"  This laptop's own certificate ({'made now' if made else 'kept'} in {CERTIFICATE.name}):",
            "  each phone warns once that the connection is not private, because no public",
            "  authority vouches for a home address. The certificate's SHA-256 fingerprint,",
            "  also on the clock screen, is:",
            f"    {fingerprint_of(CERTIFICATE)}",
            "  If a phone's browser shows the same one, go on (Advanced, then Proceed).",
        ]
    )


def _stop(processes: list[subprocess.Popen], grace: float = 10.0) -> None:
    for process in processes:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run(serving: Serving, bind: str = "0.0.0.0") -> int:
    """Start both, wait until one ends (or Ctrl-C, or SIGTERM), stop the other; its status."""
    if serving.https_port:
        ensure_certificate(CERTIFICATE, KEY, lan_address())
    env = serving.child_env()
    processes = [
        subprocess.Popen(daphne_command(serving, bind), cwd=BASE_DIR, env=env),
        subprocess.Popen(runner_command(), cwd=BASE_DIR, env=env),
    ]
    stopping = False

    def on_signal(number: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, on_signal)
    try:
        while not stopping and all(process.poll() is None for process in processes):
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass  # the terminal sent Ctrl-C to both children too
    ended = [process for process in processes if process.poll() is not None]
    _stop(processes)
    if ended and not stopping:
        which = "The web server" if ended[0] is processes[0] else "The timer runner"
        print(f"{which} stopped (status {ended[0].returncode}): stopped the other too.", file=sys.stderr)
        return ended[0].returncode or 1
    return 0


def main(argv: list[str]) -> int:
    """`python -m homegame.launch [port [bind]]`."""
    port = int(argv[0]) if argv else 8000
    bind = argv[1] if len(argv) > 1 else "0.0.0.0"
    return run(Serving.from_env(port), bind)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
