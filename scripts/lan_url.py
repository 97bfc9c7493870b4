"""Print the address a phone on the same Wi-Fi should open, and, until the host account exists,
the setup code that creates it from another device (tables.setup_code)."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from homegame.lan import lan_address


def setup_code_notice() -> str:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "homegame.settings")
    import django

    django.setup()
    from tables.setup_code import notice

    return notice()


if __name__ == "__main__":
    port = sys.argv[1] if len(sys.argv) > 1 else "8000"
    public = os.environ.get("PUBLIC_URL", "").strip() or f"http://{lan_address()}:{port}/"
    print(f"\n  Homegame is starting. On this computer: http://localhost:{port}/")
    print(f"  Phones on the same Wi-Fi open:       {public}")
    print(setup_code_notice())
