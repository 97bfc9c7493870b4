"""The commands that start the server are ones Daphne accepts, with a small websocket limit
(a client message is a few hundred bytes; 64 KiB is plenty)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from daphne.cli import CommandLineInterface

from homegame.serve import daphne_arguments

ROOT = Path(__file__).resolve().parents[2]


def _daphne_arguments(text: str) -> list[str]:
    line = next(line for line in text.splitlines() if re.search(r"(^|[\s/])daphne ", line))
    command = line.split("daphne ", 1)[1].strip().strip('"]').replace("$(PORT)", "8000")
    return shlex.split(command)


def _check(arguments: list[str]) -> None:
    parsed = CommandLineInterface().parser.parse_args(arguments)
    assert parsed.application == "homegame.asgi:application"
    assert parsed.websocket_max_message_size == 65536
    assert parsed.websocket_max_frame_size == 65536


def test_the_make_run_command_is_one_daphne_accepts_with_a_small_message_limit() -> None:
    _check(_daphne_arguments((ROOT / "Makefile").read_text()))


@pytest.mark.parametrize("path", ["docker-compose.yml", "Dockerfile"])
@pytest.mark.parametrize("behind_proxy", [False, True])
def test_the_image_starts_a_daphne_command_it_accepts_with_a_small_message_limit(
    path: str, behind_proxy: bool
) -> None:
    """The image and compose start the server through homegame.serve, which builds Daphne's
    command line (with or without the proxy headers)."""
    assert "python -m homegame.serve" in (ROOT / path).read_text()
    _check(daphne_arguments(behind_proxy))


def test_a_misspelt_option_is_refused() -> None:
    with pytest.raises(SystemExit):
        CommandLineInterface().parser.parse_args(["--websocket_max_message_size", "65536", "x:y"])
