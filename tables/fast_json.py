"""JSON text written by orjson: every change at a table writes its snapshot and sends each
socket its own view, and the standard library's encoder was a large share of that work.

The text parses to what `json.dumps` would give: integer keys become strings, as there.

>>> dumps({"version": 3, "stacks": {1: 200}})
'{"version":3,"stacks":{"1":200}}'
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """Compact JSON text of `value` (dicts, lists, tuples, str, int, float, bool, None)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


class FastJSONEncoder(json.JSONEncoder):
    """For a model's JSONField(encoder=...): Django hands each value to `json.dumps(cls=...)`,
    which calls `encode`."""

    def encode(self, o: Any) -> str:
        return dumps(o)
