"""One subscription per table and server process, shared by that process's sockets at the table.

A change at a table is announced with one hint on the channel layer. Rather than every
socket joining the table's group (one channel-layer message, queue and wake-up per socket
and change), each process joins the group once per table it serves and hands each hint to
its own sockets there. The hint is still only a hint: every socket answers it by sending its
own viewer's projection of the committed state (tables.consumers).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from channels.layers import get_channel_layer

from tables.live import group_name

logger = logging.getLogger(__name__)


class Listener(Protocol):
    async def table_changed(self, event: dict[str, Any]) -> None: ...

    async def identity_moved(self, event: dict[str, Any]) -> None: ...


@dataclass(eq=False)
class _Subscription:
    """A table's group membership in this process, and the sockets it serves."""

    table_id: int
    listeners: set[Listener] = field(default_factory=set)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


# Keyed by event loop as well: each test runs its own loop, and a layer belongs to one loop.
_subscriptions: dict[tuple[int, int], _Subscription] = {}


async def listen(table_id: int, listener: Listener) -> None:
    """Hand `listener` every hint of the table from now on (returns once it is subscribed, so a
    view read after this call cannot miss a change)."""
    key = (id(asyncio.get_running_loop()), table_id)
    subscription = _subscriptions.get(key)
    if subscription is None or subscription.task is None or subscription.task.done():
        subscription = _subscriptions[key] = _Subscription(table_id)
        subscription.task = asyncio.create_task(_relay(subscription))
    subscription.listeners.add(listener)
    await subscription.ready.wait()


async def stop_listening(table_id: int, listener: Listener) -> None:
    key = (id(asyncio.get_running_loop()), table_id)
    subscription = _subscriptions.get(key)
    if subscription is None:
        return
    subscription.listeners.discard(listener)
    if not subscription.listeners and subscription.task is not None:
        del _subscriptions[key]
        subscription.task.cancel()


async def _relay(subscription: _Subscription) -> None:
    layer = get_channel_layer()
    group = group_name(subscription.table_id)
    channel = None
    try:
        if layer is None:
            return  # no channel layer: no hints, the sockets still resync on their pings
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        subscription.ready.set()
        while True:
            event = await layer.receive(channel)
            kind = event.get("type")
            if kind not in ("table.changed", "table.identity_moved"):
                continue
            # A copy: a socket that closes while being told leaves the set.
            for listener in list(subscription.listeners):
                try:
                    if kind == "table.changed":
                        await listener.table_changed(event)
                    else:  # tables.live.identity_moves
                        await listener.identity_moved(event)
                except Exception:  # one socket's failure must not silence the others
                    logger.exception("A socket of table %s failed on a hint", subscription.table_id)
    except Exception:  # e.g. Redis went away: the next socket to open subscribes again
        logger.exception("Hints of table %s stopped", subscription.table_id)
    finally:
        subscription.ready.set()  # nobody waits for a subscription that is over
        if layer is not None and channel is not None:
            try:
                await asyncio.shield(layer.group_discard(group, channel))
            except Exception:  # the process or Redis is going away: nothing is left to tidy
                logger.debug("Could not leave %s", group, exc_info=True)
