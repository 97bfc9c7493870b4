"""What an edit of a tournament's set-up changed, field by field, old → new, for its log line.

A dispute ("the rebuy was 10, not 20", "level 4 was 15 minutes") is settled by the log, so the
line lists every value the edit changed. It is worked out from the stored row before and after,
over every field of the model and every key inside its JSON (the structure's levels and
breaks, the rebuy rules, the payout brackets), not from a list of fields someone remembered:
a field added to the set-up later shows up here by itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from tables.models.tournaments import Tournament

# Kept by the row, but not the set-up: changed by the clock and the tables, or on every write.
NOT_SET_UP = frozenset({"id", "version", "created_at", *Tournament.CLOCK_FIELDS})

# Words for keys whose own name reads badly; any other key is its name with spaces.
WORDS = {
    "buy_in": "buy-in",
    "add_on_price": "add-on price",
    "add_on": "add-on at the first break",
    "add_on_stack": "add-on stack",
    "max_rebuys": "rebuys per player",
    "rebuy_until_level": "rebuys until the end of level",
    "payout_table": "payouts",
    "rebuy_rules": "rebuy rules",
    "up_to": "up to entries",
    "pays": "pays %",
    "fixed": "fixed table %",
    "small_blind": "SB",
    "big_blind": "BB",
}

Leaf = str | int | float | bool | None


def _word(key: str) -> str:
    return WORDS.get(key, key.replace("_", " "))


def _shown(value: Leaf) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _item_label(key: str, items: list[Any], index: int) -> str:
    """A list item's name: "level 3" or "break 1" for periods (counted by kind), else "bracket 2"."""
    item = items[index]
    if isinstance(item, Mapping) and "kind" in item:
        number = sum(1 for other in items[: index + 1] if other.get("kind") == item["kind"])
        return f"{item['kind']} {number}"
    return f"{'bracket' if key == 'brackets' else _word(key)} {index + 1}"


def _flatten(value: Any, where: tuple[str, ...], key: str) -> Iterator[tuple[tuple[str, ...], Leaf]]:
    """(where, leaf value) for every value inside `value`: a list of plain values (percentages)
    is one value; a list of records is one group per record."""
    if isinstance(value, Mapping):
        for name, inner in value.items():
            if name != "kind":
                yield from _flatten(inner, (*where, _word(name)), name)
    elif isinstance(value, list) and any(isinstance(item, Mapping | list) for item in value):
        for index in range(len(value)):
            yield from _flatten(value[index], (*where[:-1], _item_label(key, value, index)), key)
    elif isinstance(value, list):
        yield where, ", ".join(_shown(item) for item in value) or "none"
    else:
        yield where, value


def setup_values(tournament: Tournament) -> dict[tuple[str, ...], Leaf]:
    """Every set-up value of the row, by where it sits ("structure", "level 3", "minutes")."""
    values: dict[tuple[str, ...], Leaf] = {}
    for field in Tournament._meta.concrete_fields:
        if field.name in NOT_SET_UP or field.is_relation:
            continue
        value = field.value_from_object(tournament)
        if field.name == "payout_table" and isinstance(value, list):
            value = {"fixed": value}  # a fixed table stored bare, as before payouts had brackets
        for where, leaf in _flatten(value, (_word(field.name),), field.name):
            values.setdefault(where, leaf)
    return values


def describe_changes(
    before: Mapping[tuple[str, ...], Leaf], after: Mapping[tuple[str, ...], Leaf]
) -> list[str]:
    """Each value changed, old → new, grouped: a level, break or bracket added or removed is one
    part, its values listed.

    >>> describe_changes({("buy-in",): 20}, {("buy-in",): 25})
    ['buy-in 20 → 25']
    """
    parts: list[str] = []
    groups: dict[tuple[str, ...], list[tuple[str, Leaf, Leaf, bool, bool]]] = {}
    # In the order the set-up writes its values (a level's blinds before its minutes), then
    # whatever went away.
    for where in [*after, *(w for w in before if w not in after)]:
        old, new = before.get(where), after.get(where)
        if where in before and where in after and old == new:
            continue
        groups.setdefault(where[:-1], []).append((where[-1], old, new, where in before, where in after))
    seen_top = {(where[-1], before.get(where), after.get(where)) for where in after if len(where) == 1}
    for group, changes in groups.items():
        prefix = " ".join(group)
        if group and all(not was for _, _, _, was, _ in changes):
            parts.append(
                f"{prefix} added: " + ", ".join(f"{key} {_shown(new)}" for key, _, new, _, _ in changes)
            )
        elif group and all(not now for _, _, _, _, now in changes):
            was = ", ".join(f"{key} {_shown(old)}" for key, old, _, _, _ in changes)
            parts.append(f"{prefix} removed (was {was})")
        elif not group:
            parts += [f"{key} {_shown(old)} → {_shown(new)}" for key, old, new, _, _ in changes]
        else:
            # The same value kept twice (the starting stack, in the row and in its structure): said once.
            said = [(key, old, new) for key, old, new, _, _ in changes if (key, old, new) not in seen_top]
            if said:
                parts.append(f"{prefix}: " + ", ".join(f"{k} {_shown(o)} → {_shown(n)}" for k, o, n in said))
    return parts
