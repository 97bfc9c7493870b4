"""Reading and writing the text of Poker Hand History (PHH) files.

PHH is TOML with fixed field names (`variant`, `antes`, `blinds_or_straddles`,
`min_bet`, `starting_stacks`, `actions`, ...). `loads` parses and checks the
fields this engine needs; `dumps` writes them back in the specification's order,
then any other fields. Fields whose name starts with "_" are user-defined: the
specification lets an annotator add them, and this engine uses a few for what
PHH has no field for (bomb pots, double boards, a dead button).

>>> history = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n'
...                 'min_bet = 2\\nstarting_stacks = [100, 100]\\nactions = []')
>>> history["starting_stacks"]
[100, 100]
>>> loads(dumps(history)) == history
True
"""

from __future__ import annotations

import datetime
import math
import tomllib
from collections.abc import Mapping
from typing import Any

from engine.errors import EngineError
from engine.phh import reader


class HandHistoryError(EngineError):
    """A hand history that cannot be read, written or replayed; the message says where."""


# The variants this engine plays, and the fields each needs ("required fields").
VARIANT_FIELDS: dict[str, tuple[str, ...]] = {
    "NT": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "NS": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "PO": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "FT": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"),
    "FO/8": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"),
}

# The specification's field order, used when writing.
FIELD_ORDER = (
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
    "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year",
    "hand", "level", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings",
    "currency", "currency_symbol", "ante_trimming_status", "time_limit", "time_banks",
)  # fmt: skip

# Optional fields holding one value per player.
PER_PLAYER_FIELDS = ("seats", "players", "finishing_stacks", "winnings", "time_banks")


# Reading -------------------------------------------------------------------------------


def loads(text: str) -> dict[str, Any]:
    """The fields of one PHH file, after checking those this engine needs."""
    try:
        history = reader.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HandHistoryError(f"This is not a PHH file (TOML): {error}") from None
    check(history)
    return history


def check(history: Mapping[str, Any]) -> None:
    """HandHistoryError unless the required fields are there with the right shapes."""
    variant = history.get("variant")
    if variant not in VARIANT_FIELDS:
        raise HandHistoryError(
            f"Variant {variant!r} is not supported: use one of {', '.join(VARIANT_FIELDS)}"
        )
    missing = [name for name in VARIANT_FIELDS[variant] if name not in history]
    if missing:
        raise HandHistoryError(f"A {variant} hand history needs the field(s) {', '.join(missing)}")
    stacks = history["starting_stacks"]
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise HandHistoryError("starting_stacks must list at least two players' stacks")
    players = len(stacks)
    for name in ("antes", "blinds_or_straddles", "starting_stacks", *PER_PLAYER_FIELDS):
        if name not in history:
            continue
        value = history[name]
        if not isinstance(value, list) or len(value) != players:
            raise HandHistoryError(f"{name} must have one entry per player ({players})")
        if name != "players" and not _all_numbers(value):
            raise HandHistoryError(f"{name} must hold numbers only")
    for name in ("min_bet", "small_bet", "big_bet"):
        if name in history and not _is_number(history[name]):
            raise HandHistoryError(f"{name} must be a number")
    actions = history["actions"]
    if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
        raise HandHistoryError("actions must be a list of strings")


def _all_numbers(values: list[Any]) -> bool:
    if set(map(type, values)) <= {int}:  # the usual case, checked at C speed
        return True
    return all(_is_number(item) for item in values)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# Writing -------------------------------------------------------------------------------


def dumps(history: Mapping[str, Any]) -> str:
    """TOML text for `history`: the specification's fields in its order, then the rest."""
    names = [name for name in FIELD_ORDER if name in history]
    names += [name for name in history if name not in FIELD_ORDER]
    lines = []
    for name in names:
        if not name.replace("_", "a").replace("-", "a").isalnum() or not name.isascii():
            raise HandHistoryError(f"{name!r} cannot be a field name")
        lines.append(f"{name} = {_value(history[name], multiline=name == 'actions')}")
    return "\n".join(lines) + "\n"


def dumps_all(histories: Mapping[str, Mapping[str, Any]]) -> str:
    """Several hands in one file (PHH's ".phhs" form): each hand a TOML table named by its key.

    >>> text = dumps_all({"1": {"variant": "NT", "actions": []}})
    >>> text.splitlines()[0], tomllib.loads(text)["1"]["variant"]
    ('[1]', 'NT')
    """
    sections = []
    for key, history in histories.items():
        if not key.replace("_", "a").replace("-", "a").isalnum() or not key.isascii():
            raise HandHistoryError(f"{key!r} cannot name a hand")
        sections.append(f"[{key}]\n{dumps(history)}")
    return "\n".join(sections)


def loads_all(text: str) -> dict[str, dict[str, Any]]:
    """The hands of a ".phhs" file by name, each checked as `loads` checks one."""
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HandHistoryError(f"This is not a PHH file (TOML): {error}") from None
    for history in tables.values():
        if not isinstance(history, dict):
            raise HandHistoryError("A .phhs file holds one table per hand")
        check(history)
    return tables


def _value(value: Any, *, multiline: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime.date | datetime.time):  # datetime is a date
        return value.isoformat()
    if isinstance(value, list | tuple):
        if multiline and value:
            return "[\n" + "".join(f"  {_value(item)},\n" for item in value) + "]"
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key} = {_value(item)}" for key, item in value.items()) + "}"
    raise HandHistoryError(f"{value!r} cannot be written in a hand history")


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'
