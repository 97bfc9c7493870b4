"""The table socket lets Channels dispatch its messages: no copy of Channels' own code to drift
from it when Channels changes (the socket's behaviour is checked by the consumer tests)."""

from __future__ import annotations

from channels.consumer import AsyncConsumer

from tables.consumers import TableConsumer


def test_the_table_socket_uses_channels_own_dispatch() -> None:
    assert TableConsumer.dispatch is AsyncConsumer.dispatch
