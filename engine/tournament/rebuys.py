"""Rebuys and the add-on: who may buy chips, and why not.

"Rebuys. If the night allows them, busting isn't the end while you still have a rebuy
left. You can buy back in for a fresh stack and keep playing. Once your rebuys are used
up, or the rebuy window closes, the next time you bust is for good."

The window is judged with the clock reading taken when the hand in which the player
busted started, in keeping with "the stakes of each hand are the level in force when the
hand starts": a player who busts in the last hand of the last rebuy level may still rebuy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import TournamentError
from engine.tournament.clock import ClockReading
from engine.tournament.structure import Structure


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether something is allowed and, either way, a sentence saying why. True when allowed."""

    allowed: bool
    reason: str

    def __bool__(self) -> bool:
        return self.allowed

    def to_json(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class RebuyRules:
    """The night's rebuy and add-on rules. The defaults are a freeze-out.

    `rebuy_until_level` is a level number (1-based, breaks not counted): the window closes
    when that level ends, so the break after it is already outside the window.
    The add-on is offered once per player, at the first break, to players still in.
    """

    max_rebuys: int = 0
    rebuy_until_level: int = 0
    rebuy_stack: int = 0
    add_on: bool = False
    add_on_stack: int = 0

    def __post_init__(self) -> None:
        for name in ("max_rebuys", "rebuy_until_level", "rebuy_stack", "add_on_stack"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise TournamentError(f"The {name.replace('_', ' ')} must be a whole number, 0 or more.")
        if self.max_rebuys and self.rebuy_until_level < 1:
            raise TournamentError("Rebuys need a window: say until which level they are allowed.")
        if self.max_rebuys and self.rebuy_stack < 1:
            raise TournamentError("Rebuys need a stack: say how many chips a rebuy gives.")
        if self.add_on and self.add_on_stack < 1:
            raise TournamentError("The add-on needs a stack: say how many chips it gives.")

    @property
    def freeze_out(self) -> bool:
        return self.max_rebuys == 0

    def check_against(self, structure: Structure) -> None:
        """Refuse a rebuy window past the last level, or an add-on when there is no break."""
        if self.max_rebuys and self.rebuy_until_level > len(structure.levels):
            raise TournamentError(
                f"Rebuys until level {self.rebuy_until_level}, but the structure has only "
                f"{len(structure.levels)} levels."
            )
        if self.add_on and not structure.breaks:
            raise TournamentError("The add-on is taken at the first break, and this structure has no break.")

    def to_json(self) -> dict[str, Any]:
        return {
            "max_rebuys": self.max_rebuys,
            "rebuy_until_level": self.rebuy_until_level,
            "rebuy_stack": self.rebuy_stack,
            "add_on": self.add_on,
            "add_on_stack": self.add_on_stack,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RebuyRules:
        return cls(
            max_rebuys=data.get("max_rebuys", 0),
            rebuy_until_level=data.get("rebuy_until_level", 0),
            rebuy_stack=data.get("rebuy_stack", 0),
            add_on=data.get("add_on", False),
            add_on_stack=data.get("add_on_stack", 0),
        )


FREEZE_OUT = RebuyRules()


def rebuy_window_open(rules: RebuyRules, reading: ClockReading) -> bool:
    """Whether the clock is still inside the rebuy window (open until the end of `rebuy_until_level`)."""
    if rules.freeze_out:
        return False
    if reading.on_break:
        # A break's level_number is the level just played, which has ended.
        return reading.level_number < rules.rebuy_until_level
    return reading.level_number <= rules.rebuy_until_level


def closes_rebuys(rules: RebuyRules, before: ClockReading, after: ClockReading) -> bool:
    """Whether moving the clock from `before` to `after` ends the rebuy period.

    "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for
    good": a host's tap that does this deserves a second look.

    >>> from engine.tournament.clock import Clock, clock_state, start
    >>> from engine.tournament.structure import template
    >>> home, rules = template("home-2h"), RebuyRules(max_rebuys=1, rebuy_until_level=1, rebuy_stack=1)
    >>> clock = start(Clock(), now=0)
    >>> closes_rebuys(rules, clock_state(clock, home, 0), clock_state(clock, home, 15 * 60))
    True
    """
    return rebuy_window_open(rules, before) and not rebuy_window_open(rules, after)


def window_text(rules: RebuyRules, structure: Structure, reading: ClockReading) -> str:
    """The rebuy and add-on window in one line, as the clock screen shows it.

    >>> from engine.tournament.clock import Clock, clock_state, start
    >>> from engine.tournament.structure import template
    >>> home = template("home-2h")
    >>> rules = RebuyRules(max_rebuys=2, rebuy_until_level=4, rebuy_stack=1, add_on=True, add_on_stack=1)
    >>> window_text(rules, home, clock_state(start(Clock(), now=0), home, 0))
    'Rebuys open until the end of level 4 · add-on at the first break'
    >>> window_text(rules, home, clock_state(start(Clock(), now=0), home, 61 * 60))
    'Rebuys are closed · add-on now'
    >>> window_text(RebuyRules(), home, clock_state(Clock(), home, 0))
    'Freeze-out: no rebuys'
    """
    if rules.freeze_out:
        parts = ["Freeze-out: no rebuys"]
    elif rebuy_window_open(rules, reading):
        parts = [f"Rebuys open until the end of level {rules.rebuy_until_level}"]
    else:
        parts = ["Rebuys are closed"]
    if rules.add_on and structure.breaks:
        if reading.on_break and reading.break_number == 1:
            parts.append("add-on now")
        elif reading.period_index < structure.periods.index(structure.breaks[0]):
            parts.append("add-on at the first break")
    return " · ".join(parts)


def can_rebuy(rules: RebuyRules, reading: ClockReading, *, rebuys_used: int, chips: int) -> Decision:
    """May a player with `chips` left, who has rebought `rebuys_used` times, buy back in?

    `reading` is the clock when the hand in which they busted started.
    """
    if rules.freeze_out:
        return Decision(False, "This is a freeze-out: bust out of chips and you're out.")
    if chips > 0:
        return Decision(False, "You can rebuy only once you have busted.")
    if rebuys_used >= rules.max_rebuys:
        return Decision(
            False, f"You have used all your rebuys ({rules.max_rebuys}), so this bust is for good."
        )
    if not rebuy_window_open(rules, reading):
        return Decision(
            False,
            f"The rebuy window closed at the end of level {rules.rebuy_until_level}, "
            "so this bust is for good.",
        )
    left = rules.max_rebuys - rebuys_used - 1
    return Decision(
        True, f"Rebuy for a fresh stack of {rules.rebuy_stack}; {left} rebuy(s) left after this one."
    )


def bust_is_final(rules: RebuyRules, reading: ClockReading, *, rebuys_used: int) -> bool:
    """ "The next time you bust is for good" once rebuys are used up or the window has closed."""
    return not can_rebuy(rules, reading, rebuys_used=rebuys_used, chips=0)


def can_add_on(rules: RebuyRules, reading: ClockReading, *, add_ons_used: int, chips: int) -> Decision:
    """May a player take the add-on now? Once, at the first break, while still in the tournament."""
    if not rules.add_on:
        return Decision(False, "There is no add-on tonight.")
    if add_ons_used >= 1:
        return Decision(False, "You have already taken the add-on.")
    if chips <= 0:
        return Decision(False, "The add-on is for players still in: rebuy first if you can.")
    if not reading.on_break or reading.break_number != 1:
        return Decision(False, "The add-on is taken at the first break.")
    return Decision(True, f"Take the add-on for {rules.add_on_stack} more chips.")
