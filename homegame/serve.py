"""How the Docker image starts the server: `python -m homegame.serve` (after migrating) prints
the setup code while no host account exists, then runs Daphne on port 8000 of every interface.

Daphne's --proxy-headers takes each client's address (and scheme) from the X-Forwarded-For
(and X-Forwarded-Proto) headers. With no proxy in front any client can send those headers, and
each made-up address got fresh attempts at the join-code and password limits, which count per
address (tables.rate_limits). So they are trusted only with BEHIND_PROXY=1, set when a proxy
stands in front; that proxy must then set X-Forwarded-For itself, replacing what the client sent.
"""

from __future__ import annotations

import os
import sys


def daphne_arguments(behind_proxy: bool, port: int = 8000, bind: str = "0.0.0.0") -> list[str]:
    """Daphne's command line.

    >>> "--proxy-headers" in daphne_arguments(behind_proxy=False)
    False
    >>> "--proxy-headers" in daphne_arguments(behind_proxy=True)
    True
    """
    arguments = ["--bind", bind, "--port", str(port)]
    if behind_proxy:
        arguments.append("--proxy-headers")
    # The same message and frame limits as `make run` (a table's messages are small).
    arguments += ["--websocket-max-message-size", "65536", "--websocket-max-frame-size", "65536"]
    return [*arguments, "homegame.asgi:application"]


def main(argv: list[str]) -> None:
    """`python -m homegame.serve [port [bind]]`: the image passes neither."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "homegame.settings")
    import django

    django.setup()
    from django.conf import settings

    from tables.setup_code import notice

    print(notice(), flush=True)
    port = int(argv[0]) if argv else 8000
    bind = argv[1] if len(argv) > 1 else "0.0.0.0"
    # With TRUSTED_PROXIES the app reads the forwarded headers itself, from those peers only
    # (homegame.proxies); Daphne's --proxy-headers would believe them from anyone.
    arguments = daphne_arguments(settings.BEHIND_PROXY and not settings.TRUSTED_PROXIES, port, bind)
    os.execv(sys.executable, [sys.executable, "-m", "daphne", *arguments])


if __name__ == "__main__":
    main(sys.argv[1:])
