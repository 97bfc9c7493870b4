"""Frozen records as JSON-able dicts, without the cost of `dataclasses.asdict`.

A live table is serialised on every action, so its records are too. `asdict` looks up the
fields of every record and deep-copies every leaf, one generic call per value; `as_dict`
gives the same dict (equal with ``==``, tuples staying tuples) from field names kept per
class, passing immutable leaves through and copying only containers and nested records.
As with `asdict`, the dict never shares a list or dict with the record, so changing one
cannot change the other.

>>> from engine.config import Stakes
>>> as_dict(Stakes(small_blind=1, big_blind=2))["big_blind"]
2
"""

from __future__ import annotations

import copy
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

__all__ = ["as_dict", "non_zero"]

# Immutable leaves, passed through as asdict's deepcopy would (it returns them unchanged).
_LEAVES: frozenset[type] = frozenset({str, int, float, bool, type(None)})
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def as_dict(record: Any) -> dict[str, Any]:
    """`dataclasses.asdict(record)`, faster: the same keys, values and container types."""
    data = {name: getattr(record, name) for name in _field_names(type(record))}
    for name, value in data.items():
        if type(value) not in _LEAVES:
            data[name] = _copied(value)  # replacing a value while iterating is allowed
    return data


def non_zero(record: Any) -> dict[str, Any]:
    """The record's fields that are set (not 0, "" or False), as views and events show stakes."""
    return {name: value for name in _field_names(type(record)) if (value := getattr(record, name))}


def _copied(value: Any) -> Any:
    kind = type(value)
    if kind in _LEAVES or isinstance(value, Enum):
        return value
    if kind is list:
        return [_copied(item) for item in value]
    if kind is tuple:
        return tuple(_copied(item) for item in value)
    if kind is dict:
        # Keys are hashable, hence immutable in practice: asdict's copy of them is equal.
        return {key: _copied(item) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return as_dict(value)
    return copy.deepcopy(value)  # anything else, as asdict treats its leaves
