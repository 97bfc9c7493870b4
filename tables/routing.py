"""Websocket routes. The echo route exists only for benchmarks/realtime.py, which sets
HOMEGAME_BENCHMARK_ECHO=1 in the server's environment."""

from __future__ import annotations

import os

from django.urls import path

from tables.consumers import EchoConsumer, TableConsumer

websocket_urlpatterns: list = [path("ws/tables/<int:table_id>/", TableConsumer.as_asgi())]

if os.environ.get("HOMEGAME_BENCHMARK_ECHO") == "1":
    websocket_urlpatterns.append(path("ws/echo/", EchoConsumer.as_asgi()))
