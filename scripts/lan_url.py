"""Print the address a phone on the same Wi-Fi should open (the https one with `HTTPS=1`, with
the laptop's certificate made first and its fingerprint) and, until the host account exists,
the setup code that creates it from another device (tables.setup_code)."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from homegame.launch import Serving, addresses


def setup_code_notice() -> str:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "homegame.settings")
    import django

    django.setup()
    from tables.setup_code import notice

    return notice()


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    print(addresses(Serving.from_env(port)))
    print(setup_code_notice())
