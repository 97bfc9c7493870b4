"""A fast reader for the TOML that `engine.phh.format.dumps` writes, with `tomllib` for the rest.

`tomllib` is general and so costs tens of microseconds per hand history, as much as
replaying a short hand. The files this engine writes use a small, fixed part of TOML:
one `key = value` per line, bare keys, whole numbers, booleans, basic strings with
no escapes, arrays of those (`actions` one string per line) and inline tables of them
(`_options`). `parse` reads exactly that part and returns None for anything else (a
comment, a float, an escape, a nested table, a repeated key, ...), so that `tomllib`
reads it: a file gives the same fields whichever reader reads it, and no valid file is
refused for not being in the fast part.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

# TOML's bare keys; its integers without sign, underscores or leading zeros (and -N);
# basic strings holding no escape, quote or control character (TOML forbids U+0000 to
# U+001F except tab, and U+007F, unescaped).
_INTEGER = r"-?(?:0|[1-9][0-9]*)"
_STRING = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
# One field: blank lines, `key = value` and the end of its line; an array written one item
# a line ("[", then "  item," lines, then "]") is taken whole.
_FIELD = re.compile(
    rf"\n*([A-Za-z0-9_-]+) = (\[\n(?:  (?:{_STRING}|{_INTEGER}),\n)*\]|[^\n]*)(?:\n|\Z)"
).match
_IS_INTEGER = re.compile(_INTEGER).fullmatch
_IS_STRING = re.compile(_STRING).fullmatch
_IS_INTEGERS = re.compile(rf"\[(?:{_INTEGER}(?:, {_INTEGER})*)?\]").fullmatch
_IS_STRINGS = re.compile(rf"\[(?:{_STRING}(?:, {_STRING})*)?\]").fullmatch
_STRINGS = re.compile(_STRING).findall
_LINE_STRINGS = re.compile(r'\n  "([^"\\\x00-\x08\x0a-\x1f\x7f]*)",').findall
_LINE_ITEMS = re.compile(rf"\n  ({_STRING}|{_INTEGER}),").findall
_CONSTANTS: dict[str, bool] = {"true": True, "false": False}
_ENTRY = rf"([A-Za-z0-9_-]+) = ({_STRING}|{_INTEGER}|true|false)"
_IS_TABLE = re.compile(rf"\{{(?:{_ENTRY}(?:, {_ENTRY})*)?\}}").fullmatch  # `_options`
_ENTRIES = re.compile(_ENTRY).findall


def loads(text: str) -> dict[str, Any]:
    """The TOML document `text` as `tomllib.loads` gives it (and its TOMLDecodeError)."""
    fields = parse(text)
    return tomllib.loads(text) if fields is None else fields


def parse(text: str) -> dict[str, Any] | None:
    """The fields of `text` if it is in the part of TOML that `dumps` writes, else None."""
    if "\r" in text:  # a lone CR is an error in TOML, CRLF is not: leave both to tomllib
        return None
    fields: dict[str, Any] = {}
    position, end = 0, len(text)
    while position < end:
        match = _FIELD(text, position)
        if match is None:
            return None
        position = match.end()
        key, value = match.groups()
        if key in fields:
            return None  # a repeated key is an error: tomllib says so
        first = value[:1]
        if first == "[":
            if value[1:2] == "\n":
                items = _LINE_STRINGS(value)  # `actions`: strings only, one a line
                if len(items) != value.count("\n") - 1:
                    items = [_scalar(item) for item in _LINE_ITEMS(value)]
                fields[key] = items
            elif _IS_INTEGERS(value):
                fields[key] = [int(item) for item in value[1:-1].split(", ")] if value != "[]" else []
            elif _IS_STRINGS(value):
                fields[key] = [item[1:-1] for item in _STRINGS(value)]  # a string may hold ", "
            else:
                return None
        elif first == '"':
            if not _IS_STRING(value):
                return None
            fields[key] = value[1:-1]
        elif first == "{":
            if not _IS_TABLE(value):
                return None
            entries = _ENTRIES(value)
            table = {name: _scalar(item) for name, item in entries}
            if len(table) < len(entries):
                return None
            fields[key] = table
        elif value in _CONSTANTS:
            fields[key] = _CONSTANTS[value]
        elif _IS_INTEGER(value):
            fields[key] = int(value)
        else:
            return None
    return fields


def _scalar(text: str) -> Any:
    if text[:1] == '"':
        return text[1:-1]
    return _CONSTANTS[text] if text in _CONSTANTS else int(text)
