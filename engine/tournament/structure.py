"""Blind structures: the levels and breaks a tournament clock runs through.

"Blind levels rise on a fixed timer, which is what the clock on the screen is running."
A structure is an ordered list of periods; each period is a `Level` (small blind, big
blind, ante, minutes) or a `Break` (minutes and an optional colour-up note). A structure
that could not be played is refused when it is built, so every `Structure` in the app
is a valid one. Structures are frozen: the host edits a copy of a template with
`replace_period`, `insert_period` and `remove_period` (or `dataclasses.replace`).

>>> home = template("home-2h")
>>> home.periods[0]
Level(small_blind=25, big_blind=50, ante=0, minutes=15)
>>> Structure.from_json(home.to_json()) == home
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from engine.errors import TournamentError


@dataclass(frozen=True, slots=True)
class Level:
    """A blind level: the stakes in force for `minutes` of play."""

    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: int = 15

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "level",
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "minutes": self.minutes,
        }


@dataclass(frozen=True, slots=True)
class Break:
    """A pause in play ("a chance to top up snacks, chip up, and stretch"). No hands are dealt."""

    minutes: int
    note: str = ""  # e.g. "Colour up the 25s"

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    def to_json(self) -> dict[str, Any]:
        return {"kind": "break", "minutes": self.minutes, "note": self.note}


Period = Level | Break


def period_from_json(data: Mapping[str, Any]) -> Period:
    """Read a level or a break written by `to_json()`."""
    kind = data.get("kind")
    if kind == "level":
        return Level(
            small_blind=data["small_blind"],
            big_blind=data["big_blind"],
            ante=data.get("ante", 0),
            minutes=data["minutes"],
        )
    if kind == "break":
        return Break(minutes=data["minutes"], note=data.get("note", ""))
    raise TournamentError(f"A period must be a level or a break, not {kind!r}.")


@dataclass(frozen=True, slots=True)
class Structure:
    """A named blind structure and the stack each player starts with.

    The last level stays in force for as long as the tournament lasts, so a structure
    does not need to run to the end of the night.
    """

    name: str
    starting_stack: int
    periods: tuple[Period, ...]

    def __post_init__(self) -> None:
        # Accept a list from callers; store a tuple so the record stays immutable and hashable.
        object.__setattr__(self, "periods", tuple(self.periods))
        _check_structure(self)

    @property
    def levels(self) -> tuple[Level, ...]:
        return tuple(p for p in self.periods if isinstance(p, Level))

    @property
    def breaks(self) -> tuple[Break, ...]:
        return tuple(p for p in self.periods if isinstance(p, Break))

    def level_number(self, period_index: int) -> int:
        """1-based number of the level at `period_index`; for a break, the number of the level before it."""
        return sum(1 for p in self.periods[: period_index + 1] if isinstance(p, Level))

    def break_number(self, period_index: int) -> int:
        """How many breaks have started up to and including `period_index` (1 on the first break)."""
        return sum(1 for p in self.periods[: period_index + 1] if isinstance(p, Break))

    def replace_period(self, index: int, period: Period) -> Structure:
        """A copy with the period at `index` (0-based, breaks included) replaced."""
        self._check_index(index, len(self.periods))
        return replace(self, periods=(*self.periods[:index], period, *self.periods[index + 1 :]))

    def insert_period(self, index: int, period: Period) -> Structure:
        """A copy with `period` inserted before `index` (`len(periods)` appends)."""
        self._check_index(index, len(self.periods) + 1)
        return replace(self, periods=(*self.periods[:index], period, *self.periods[index:]))

    def remove_period(self, index: int) -> Structure:
        """A copy without the period at `index`."""
        self._check_index(index, len(self.periods))
        return replace(self, periods=(*self.periods[:index], *self.periods[index + 1 :]))

    @staticmethod
    def _check_index(index: int, limit: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < limit:
            raise TournamentError(f"There is no period {index!r} to change in this structure.")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "starting_stack": self.starting_stack,
            "periods": [p.to_json() for p in self.periods],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Structure:
        return cls(
            name=data["name"],
            starting_stack=data["starting_stack"],
            periods=tuple(period_from_json(p) for p in data["periods"]),
        )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_level(number: int, level: Level) -> None:
    where = f"Level {number}"
    for name in ("small_blind", "big_blind", "ante", "minutes"):
        if not _is_int(getattr(level, name)):
            raise TournamentError(f"{where}: the {name.replace('_', ' ')} must be a whole number.")
    if level.small_blind < 1:
        raise TournamentError(f"{where}: the small blind must be at least 1 chip.")
    if level.big_blind < level.small_blind:
        raise TournamentError(
            f"{where}: the big blind ({level.big_blind}) is smaller than "
            f"the small blind ({level.small_blind})."
        )
    if level.ante < 0:
        raise TournamentError(f"{where}: the ante cannot be negative ({level.ante}).")
    if level.minutes < 1:
        raise TournamentError(f"{where}: a level must last at least one minute (it says {level.minutes}).")


def _check_structure(structure: Structure) -> None:
    if not _is_int(structure.starting_stack) or structure.starting_stack < 1:
        raise TournamentError("The starting stack must be a whole number of chips, at least 1.")
    if not structure.levels:
        raise TournamentError("A structure needs at least one blind level.")
    if isinstance(structure.periods[0], Break):
        raise TournamentError("A structure starts with a blind level, not a break.")
    if isinstance(structure.periods[-1], Break):
        raise TournamentError("A structure ends with a blind level, not a break: the last level runs on.")
    level_number = 0
    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            level_number += 1
            _check_level(level_number, period)
        elif isinstance(period, Break):
            if not _is_int(period.minutes) or period.minutes < 1:
                raise TournamentError(f"The break after level {level_number} must last at least one minute.")
            if isinstance(structure.periods[index - 1], Break):
                raise TournamentError(f"Two breaks in a row after level {level_number}: merge them into one.")
        else:
            raise TournamentError(f"Period {index + 1} is neither a level nor a break.")


def _levels(minutes: int, blinds: list[tuple[int, int, int]]) -> list[Period]:
    return [Level(small_blind=sb, big_blind=bb, ante=ante, minutes=minutes) for sb, bb, ante in blinds]


# Templates the host copies and edits. Small blinds are half the big blind, as the house
# rules have it ("Small Blind ... posts half the minimum bet"), and every amount can be
# paid with the chips left after the colour-ups named in the breaks.
_HOME_2H = Structure(
    name="Home game, 2 hours",
    starting_stack=10_000,
    periods=(
        *_levels(15, [(25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 0)]),
        Break(minutes=10, note="Colour up the 25s"),
        *_levels(15, [(150, 300, 0), (200, 400, 0), (300, 600, 0), (400, 800, 0)]),
        *_levels(15, [(600, 1_200, 0), (800, 1_600, 0), (1_000, 2_000, 0)]),
    ),
)

_HOME_3H = Structure(
    name="Home game, 3 hours",
    starting_stack=10_000,
    periods=(
        *_levels(20, [(25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 0)]),
        Break(minutes=10, note="Colour up the 25s"),
        *_levels(20, [(150, 300, 0), (200, 400, 50), (300, 600, 50), (400, 800, 100)]),
        Break(minutes=10, note="Colour up the 50s"),
        *_levels(20, [(600, 1_200, 100), (800, 1_600, 200), (1_000, 2_000, 300), (1_500, 3_000, 500)]),
        *_levels(20, [(2_000, 4_000, 500)]),
    ),
)

_TURBO = Structure(
    name="Turbo",
    starting_stack=5_000,
    periods=(
        *_levels(8, [(25, 50, 0), (50, 100, 0), (100, 200, 0), (150, 300, 0)]),
        Break(minutes=5, note="Colour up the 25s"),
        *_levels(8, [(200, 400, 50), (300, 600, 50), (500, 1_000, 100), (800, 1_600, 200)]),
        *_levels(8, [(1_000, 2_000, 300), (1_500, 3_000, 500)]),
    ),
)

TEMPLATES: Mapping[str, Structure] = MappingProxyType(
    {"home-2h": _HOME_2H, "home-3h": _HOME_3H, "turbo": _TURBO}
)


def template(name: str) -> Structure:
    """A shipped structure by key ("home-2h", "home-3h", "turbo"); frozen, so edits make a new one."""
    try:
        return TEMPLATES[name]
    except KeyError:
        raise TournamentError(
            f"There is no structure template called {name!r}; choose one of {', '.join(TEMPLATES)}."
        ) from None
