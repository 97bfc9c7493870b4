"""Hand histories in the Poker Hand History (PHH) format, for variants NT, FT, NS, PO and FO/8.

    loads(text) -> dict          the fields of a PHH file, checked
    dumps(history) -> str        TOML text for those fields
    hand_to_phh(hand) -> str     a finished Hand as a PHH file
    replay(text) -> list[int]    finishing stacks (p1 first) after playing the file through this engine
    hand_from_phh(text) -> Hand  the Hand itself after those actions

PHH has no code for pot-limit Omaha hi-lo, nor for 5- and 6-card Omaha: they are written as `PO`
with `_game` naming the game ("plo8", "plo5", "plo6"). Bomb pots and other games without a PHH
variant code are written with user-defined
"_" fields (`_game`, `_boards`, ...; see `engine.phh.write`) and read back the same way.
Crazy Blind Man removals and staged Blind Hold'em reveals go in `_home_actions`
(`engine.phh.home`). Hands with host rulings are refused when written.

    python -m engine.phh replay FILE...

replays files and exits non-zero, naming each file whose computed finishing stacks
differ from its `finishing_stacks` (or that cannot be replayed).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.hand import Hand
from engine.phh.format import HandHistoryError, dumps, loads
from engine.phh.replay import finishing_stacks, hand_from_history
from engine.phh.write import history_from_hand

__all__ = ["HandHistoryError", "dumps", "hand_from_phh", "hand_to_phh", "loads", "main", "replay"]


def hand_to_phh(hand: Hand) -> str:
    """A finished hand as PHH text."""
    return dumps(history_from_hand(hand))


def replay(text: str) -> list[int]:
    """Each player's finishing stack, p1 first, after replaying the file's cards and actions."""
    return finishing_stacks(loads(text))


def hand_from_phh(text: str) -> Hand:
    """The hand after replaying every recorded action (finished if the file is complete)."""
    return hand_from_history(loads(text))[0]


def check_file(path: Path) -> str | None:
    """None if the file replays to its finishing_stacks, else what is wrong."""
    try:
        history = loads(path.read_text(encoding="utf-8"))
        computed = finishing_stacks(history)
    except (OSError, UnicodeDecodeError, HandHistoryError) as error:
        return str(error)
    expected = history.get("finishing_stacks")
    if expected is None:
        return "it has no finishing_stacks to compare with"
    if computed != expected:
        return f"finishing_stacks are {expected} but replaying gives {computed}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.phh", description="PHH hand histories")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_command = commands.add_parser("replay", help="replay files and compare their finishing stacks")
    replay_command.add_argument("files", nargs="+", type=Path)
    arguments = parser.parse_args(argv)
    failed = 0
    for path in arguments.files:
        problem = check_file(path)
        if problem:
            failed += 1
            print(f"{path}: {problem}", file=sys.stderr)
        else:
            print(f"{path}: ok")
    if failed:
        print(f"{failed} of {len(arguments.files)} file(s) do not replay", file=sys.stderr)
    return 1 if failed else 0
