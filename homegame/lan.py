"""This computer's address on the local network: what phones on the same Wi-Fi open."""

from __future__ import annotations

import socket


def lan_address() -> str:
    # Connecting a UDP socket sends nothing; it only asks the OS which interface
    # would route outward, which is the address other devices on the LAN can reach.
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
