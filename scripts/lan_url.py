"""Print the address a phone on the same Wi-Fi should open."""

import socket
import sys


def lan_address() -> str:
    # Connecting a UDP socket sends nothing; it only asks the OS which interface
    # would route outward, which is the address other devices on the LAN can reach.
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


if __name__ == "__main__":
    port = sys.argv[1] if len(sys.argv) > 1 else "8000"
    print(f"\n  Homegame is starting. On this computer: http://localhost:{port}/")
    print(f"  Phones on the same Wi-Fi open:       http://{lan_address()}:{port}/\n")
