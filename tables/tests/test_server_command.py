"""The commands that start the server are ones Daphne accepts, with a small websocket limit
(a client message is a few hundred bytes; 64 KiB is plenty)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from daphne.cli import CommandLineInterface

ROOT = Path(__file__).resolve().parents[2]


def _daphne_arguments(text: str) -> list[str]:
    line = next(line for line in text.splitlines() if re.search(r"(^|[\s/])daphne ", line))
    command = line.split("daphne ", 1)[1].strip().strip('"]').replace("$(PORT)", "8000")
    return shlex.split(command)


@pytest.mark.parametrize("path", ["Makefile", "docker-compose.yml", "Dockerfile"])
def test_the_server_command_is_one_daphne_accepts_with_a_small_message_limit(path: str) -> None:
    arguments = CommandLineInterface().parser.parse_args(_daphne_arguments((ROOT / path).read_text()))
    assert arguments.application == "homegame.asgi:application"
    assert arguments.websocket_max_message_size == 65536
    assert arguments.websocket_max_frame_size == 65536


def test_a_misspelt_option_is_refused() -> None:
    with pytest.raises(SystemExit):
        CommandLineInterface().parser.parse_args(["--websocket_max_message_size", "65536", "x:y"])
