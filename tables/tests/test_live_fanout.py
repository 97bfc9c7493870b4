"""A server process subscribes once per table and hands each hint to all its sockets there.

docs/design.md: "Channel-layer messages are hints ('version N exists'), never state: they can be
dropped. Each consumer, on a hint, loads the committed snapshot and sends its own viewer's
projection." The channel layer (in-memory, or Redis in CI) carries one message per change
to each process, not one per socket.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from channels.layers import get_channel_layer

from tables.live import fanout as live_fanout
from tables.live import group_name
from tables.tests.live_helpers import fresh_channel_layer  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("fresh_channel_layer")


class Socket:
    """Stands in for a table consumer: records the hints it is handed."""

    def __init__(self) -> None:
        self.hints: list[dict[str, Any]] = []
        self.got_one = asyncio.Event()

    async def table_changed(self, event: dict[str, Any]) -> None:
        self.hints.append(event)
        self.got_one.set()


def _group_members(layer: Any, table_id: int) -> set[str]:
    """Which channels the layer would deliver the table's hints to (each backend keeps its own)."""
    if hasattr(layer, "_get_layer"):  # channels_redis' pub/sub layer: one per event loop
        inner = layer._get_layer()
        return set(inner.groups.get(inner._get_group_channel_name(group_name(table_id)), ()))
    return set(layer.groups.get(group_name(table_id), {}))


async def test_sockets_of_one_table_share_one_subscription_and_each_gets_every_hint() -> None:
    layer = get_channel_layer()
    ann, bo, elsewhere = Socket(), Socket(), Socket()
    await live_fanout.listen(7, ann)
    await live_fanout.listen(7, bo)
    await live_fanout.listen(8, elsewhere)
    assert len(_group_members(layer, 7)) == 1

    await layer.group_send(group_name(7), {"type": "table.changed", "version": 3})
    await asyncio.wait_for(asyncio.gather(ann.got_one.wait(), bo.got_one.wait()), timeout=5)
    await asyncio.sleep(0.05)  # anything more would have arrived by now
    assert ann.hints == bo.hints == [{"type": "table.changed", "version": 3}]
    assert elsewhere.hints == []

    for socket in (ann, bo):
        await live_fanout.stop_listening(7, socket)
    await live_fanout.stop_listening(8, elsewhere)
    await asyncio.sleep(0.05)  # the subscriptions leave their groups as they end
    assert _group_members(layer, 7) == set() and _group_members(layer, 8) == set()


async def test_a_socket_that_fails_on_a_hint_does_not_keep_it_from_the_others() -> None:
    class Broken(Socket):
        async def table_changed(self, event: dict[str, Any]) -> None:
            raise RuntimeError("this socket is broken")

    layer = get_channel_layer()
    broken, fine = Broken(), Socket()
    await live_fanout.listen(9, broken)
    await live_fanout.listen(9, fine)
    await layer.group_send(group_name(9), {"type": "table.changed", "version": 1})
    await layer.group_send(group_name(9), {"type": "table.changed", "version": 2})
    await asyncio.wait_for(fine.got_one.wait(), timeout=5)
    await asyncio.sleep(0.05)
    assert [hint["version"] for hint in fine.hints] == [1, 2]
    await live_fanout.stop_listening(9, broken)
    await live_fanout.stop_listening(9, fine)
