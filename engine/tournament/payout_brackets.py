"""Payouts that follow the size of the field: brackets of entries, each with its payout table.

A host does not know at set-up how many will play. So a tournament's payouts are brackets
("2 to 6 entries: 65/35; 7 to 10: 50/30/20; ..."), chosen from a template and editable, and
the table in force is the one of the bracket the number of entries falls in, as players are
entered, until the host fixes it (a table the host wrote, whatever the field) or the players
make a deal.

Entries are the players entered, one per player: a rebuy or an add-on grows the prize pool
but adds no player, so no place to pay ("Rebuys. ... You can buy back in for a fresh stack and
keep playing": the same player, one finishing place).

>>> plan = PayoutPlan.from_template("standard")
>>> plan.table_for(9).to_json()
[50, 30, 20]
>>> plan.bracket_for(9).label
'8–10 entries'
>>> plan.fixed_at(9).table_for(30).to_json()
[50, 30, 20]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import TournamentError
from engine.tournament.payouts import PayoutTable, Percentage

# The smallest field a tournament has: its first bracket starts here.
FEWEST_ENTRIES = 2


@dataclass(frozen=True, slots=True)
class Bracket:
    """A payout table for fields from `first` to `last` entries (`last` None: any field above)."""

    first: int
    last: int | None
    table: PayoutTable

    @property
    def label(self) -> str:
        if self.last is None:
            return f"{self.first}+ entries"
        if self.last == self.first:
            return f"{self.first} entries"
        return f"{self.first}–{self.last} entries"

    def holds(self, entries: int) -> bool:
        return entries >= self.first and (self.last is None or entries <= self.last)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(f"{what} must be a whole number of entries.")
    return value


@dataclass(frozen=True, slots=True)
class PayoutBrackets:
    """Brackets in order of field size. Each gives the largest field it is for (`up_to`), the last
    none: it pays every bigger field. Refused unless the fields grow from one bracket to the next,
    a bigger field never pays fewer places, and no bracket pays more places than its smallest
    field has players."""

    brackets: tuple[Bracket, ...]

    @classmethod
    def build(cls, rows: Sequence[tuple[int | None, PayoutTable | Sequence[Percentage]]]) -> PayoutBrackets:
        """From (largest field, percentages) rows, the last row's largest field None.

        >>> PayoutBrackets.build([(6, (65, 35)), (None, (50, 30, 20))]).brackets[1].label
        '7+ entries'
        """
        if not rows:
            raise TournamentError("The payouts need at least one bracket.")
        brackets: list[Bracket] = []
        first = FEWEST_ENTRIES
        for number, (up_to, pays) in enumerate(rows, start=1):
            try:
                table = pays if isinstance(pays, PayoutTable) else PayoutTable(tuple(pays))
            except TournamentError as error:
                raise TournamentError(f"Bracket {number}: {error}") from None
            is_last = number == len(rows)
            if is_last:
                if up_to is not None:
                    raise TournamentError(
                        f"Bracket {number}, the last, pays every bigger field: leave its end blank."
                    )
            else:
                up_to = _whole(up_to, f"Bracket {number}'s largest field")
                if up_to < first:
                    raise TournamentError(
                        f"Bracket {number} ends at {up_to} entries, but starts at {first}: "
                        "each bracket is for bigger fields than the one before."
                    )
            bracket = Bracket(first, up_to, table)
            if table.places_paid > first:
                raise TournamentError(
                    f"Bracket {number} ({bracket.label}) pays {table.places_paid} places: "
                    f"a field of {first} has only {first} players."
                )
            if brackets and table.places_paid < brackets[-1].table.places_paid:
                raise TournamentError(
                    f"Bracket {number} ({bracket.label}) pays fewer places ({table.places_paid}) than "
                    f"the smaller fields before it ({brackets[-1].table.places_paid})."
                )
            brackets.append(bracket)
            first = (up_to or 0) + 1
        return cls(tuple(brackets))

    def bracket_for(self, entries: int) -> Bracket:
        """The bracket a field of `entries` falls in (below the smallest field: the first)."""
        return next((b for b in self.brackets if b.holds(entries)), self.brackets[0])

    def to_json(self) -> list[dict[str, Any]]:
        return [{"up_to": b.last, "pays": b.table.to_json()} for b in self.brackets]

    @classmethod
    def from_json(cls, data: Sequence[Mapping[str, Any]]) -> PayoutBrackets:
        return cls.build([(row.get("up_to"), tuple(row["pays"])) for row in data])


def _brackets(*rows: tuple[int | None, tuple[int, ...]]) -> PayoutBrackets:
    return PayoutBrackets.build(list(rows))


# The templates a host picks from, then edits. Plain data, by key.
PAYOUT_BRACKET_TEMPLATES: dict[str, tuple[str, PayoutBrackets]] = {
    "standard": (
        "Standard",
        _brackets(
            (4, (100,)),
            (7, (65, 35)),
            (10, (50, 30, 20)),
            (16, (45, 27, 17, 11)),
            (24, (40, 25, 17, 11, 7)),
            (40, (36, 23, 16, 11, 8, 6)),
            (None, (30, 20, 14, 10, 8, 6, 5, 4, 3)),
        ),
    ),
    "flat": (
        "Flatter: more places paid",
        _brackets(
            (6, (65, 35)),
            (10, (50, 30, 20)),
            (20, (40, 27, 19, 14)),
            (30, (35, 24, 18, 13, 10)),
            (None, (30, 21, 16, 12, 11, 10)),
        ),
    ),
    "winner-heavy": (
        "Winner-heavy: fewer places",
        _brackets(
            (6, (100,)),
            (10, (70, 30)),
            (20, (50, 30, 20)),
            (None, (45, 27, 17, 11)),
        ),
    ),
}

DEFAULT_BRACKET_TEMPLATE = "standard"


def bracket_template(key: str) -> PayoutBrackets:
    try:
        return PAYOUT_BRACKET_TEMPLATES[key][1]
    except KeyError:
        known = ", ".join(PAYOUT_BRACKET_TEMPLATES)
        raise TournamentError(f"There is no payout template {key!r} (there are: {known}).") from None


@dataclass(frozen=True, slots=True)
class PayoutPlan:
    """A tournament's payouts: brackets that follow the field (from `template`, maybe edited), or,
    once `fixed`, that table whatever the field (a table for a bigger field than plays pays the
    places the field has, as `PayoutTable.for_field` says)."""

    brackets: PayoutBrackets
    template: str = DEFAULT_BRACKET_TEMPLATE
    fixed: PayoutTable | None = None

    @classmethod
    def from_template(cls, key: str) -> PayoutPlan:
        return cls(bracket_template(key), key)

    @property
    def follows_the_field(self) -> bool:
        return self.fixed is None

    @property
    def is_edited(self) -> bool:
        """The brackets differ from the template they were taken from."""
        shipped = PAYOUT_BRACKET_TEMPLATES.get(self.template)
        return shipped is None or shipped[1] != self.brackets

    def bracket_for(self, entries: int) -> Bracket:
        return self.brackets.bracket_for(entries)

    def table_for(self, entries: int) -> PayoutTable:
        """The table in force for a field of `entries`, cut to the places the field has."""
        table = self.fixed if self.fixed is not None else self.bracket_for(entries).table
        return table.for_field(entries)

    def fixed_at(self, entries: int) -> PayoutPlan:
        """The plan with today's table fixed: it no longer follows the field."""
        return PayoutPlan(self.brackets, self.template, self.fixed or self.bracket_for(entries).table)

    def describe(self, entries: int) -> str:
        """What decides the payouts now, in a host's words.

        >>> PayoutPlan.from_template("standard").describe(9)
        '9 entries: the 8–10 entries bracket pays 3 places'
        """
        if self.fixed is not None:
            return f"Fixed by the host: {self.fixed.places_paid} places paid, whatever the field"
        bracket = self.bracket_for(entries)
        places = self.table_for(entries).places_paid
        return (
            f"{entries} entries: the {bracket.label} bracket pays {places} place{'s' if places != 1 else ''}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "template": self.template,
            "brackets": self.brackets.to_json(),
            "fixed": self.fixed.to_json() if self.fixed is not None else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | Sequence[Percentage]) -> PayoutPlan:
        """A plan as stored. A bare list of percentages is a table fixed by the host (how payouts
        were stored before they followed the field), kept with the standard brackets."""
        if not isinstance(data, Mapping):
            fixed = PayoutTable.from_json(data) if data else None
            return cls(bracket_template(DEFAULT_BRACKET_TEMPLATE), DEFAULT_BRACKET_TEMPLATE, fixed)
        fixed_data = data.get("fixed")
        return cls(
            PayoutBrackets.from_json(data["brackets"]),
            str(data.get("template", "")),
            PayoutTable.from_json(fixed_data) if fixed_data else None,
        )
