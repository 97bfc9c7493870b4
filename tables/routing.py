"""Websocket routes. The echo route exists only for benchmarks/realtime.py, which sets
HOMEGAME_BENCHMARK_ECHO=1 in the server's environment."""

from __future__ import annotations

import os

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from tables.consumers import EchoConsumer, TableConsumer


class UnknownRoute(AsyncWebsocketConsumer):
    """Any other websocket path: the handshake is refused (the client sees a 403), where the
    router alone would raise and log an error for every such request."""

    async def connect(self) -> None:
        await self.close()


websocket_urlpatterns: list = [path("ws/tables/<int:table_id>/", TableConsumer.as_asgi())]

if os.environ.get("HOMEGAME_BENCHMARK_ECHO") == "1":
    websocket_urlpatterns.append(path("ws/echo/", EchoConsumer.as_asgi()))

# Last: it matches every path.
websocket_urlpatterns.append(re_path(r"", UnknownRoute.as_asgi()))
