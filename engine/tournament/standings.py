"""Finishing places and the figures a clock screen shows about the field.

"Everyone starts with an equal stack; play until one person has all the chips."
"Bust out of chips and you're out (in a freeze-out). Two players left is heads-up."

Players who bust in the same hand are placed by the chips they had when that hand
started: more chips, better place. Players who started it with equal stacks share the
places they cover (two players out in 9th and 10th together both finish "9th-10th"),
and split the prizes of those places.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.errors import TournamentError
from engine.tournament.rebuys import RebuyRules
from engine.tournament.structure import Structure


@dataclass(frozen=True, slots=True)
class Bust:
    """A player out for good in a hand, with the chips they had when that hand started."""

    player: str
    chips_at_hand_start: int


@dataclass(frozen=True, slots=True)
class Finish:
    """A finishing place. `place` is the best place of a shared group; `shared_by` players share
    places `place` to `place + shared_by - 1`."""

    player: str
    place: int
    shared_by: int = 1

    @property
    def places(self) -> range:
        return range(self.place, self.place + self.shared_by)

    @property
    def label(self) -> str:
        if self.shared_by == 1:
            return ordinal(self.place)
        return f"{ordinal(self.place)}-{ordinal(self.place + self.shared_by - 1)} (shared)"

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "place": self.place, "shared_by": self.shared_by, "label": self.label}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finish:
        return cls(player=data["player"], place=data["place"], shared_by=data.get("shared_by", 1))


def ordinal(n: int) -> str:
    """A place as people say it: the one way places are named, in a tournament and in a season.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_busts(busts: Sequence[Bust], players_left: int) -> tuple[Finish, ...]:
    """Places for the players out for good in one hand, best first.

    `players_left` counts everyone still in before the hand, the busted players included;
    with 10 left and two out, they take 9th and 10th. A player who rebuys is not busted.
    """
    names = [bust.player for bust in busts]
    if len(set(names)) != len(names):
        raise TournamentError("The same player is listed twice among the busts.")
    if any(bust.chips_at_hand_start < 1 for bust in busts):
        raise TournamentError("A busted player must have started the hand with chips.")
    if len(busts) >= players_left:
        raise TournamentError(
            f"{len(busts)} busts with {players_left} players left: someone must still have chips."
        )
    chips = {bust.player: bust.chips_at_hand_start for bust in busts}
    return _placed_by_chips(chips, best_place=players_left - len(busts) + 1)


def deal_places(stacks: Mapping[str, int]) -> tuple[Finish, ...]:
    """Places for the players who end a tournament with a deal, best first: by the chips each
    had when they agreed (more chips, better place; equal stacks share), from 1st down.

    >>> [f.label for f in deal_places({"a": 900, "b": 300, "c": 300})]
    ['1st', '2nd-3rd (shared)', '2nd-3rd (shared)']
    """
    if len(stacks) < 2:
        raise TournamentError("A deal needs at least two players.")
    if any(isinstance(chips, bool) or not isinstance(chips, int) or chips < 1 for chips in stacks.values()):
        raise TournamentError("Every player in a deal must have chips.")
    return _placed_by_chips(stacks, best_place=1)


def _placed_by_chips(chips: Mapping[str, int], best_place: int) -> tuple[Finish, ...]:
    ordered = sorted(chips, key=lambda player: chips[player], reverse=True)
    finishes: list[Finish] = []
    start = 0
    while start < len(ordered):
        end = start
        while end < len(ordered) and chips[ordered[end]] == chips[ordered[start]]:
            end += 1
        for player in ordered[start:end]:
            finishes.append(Finish(player, best_place + start, shared_by=end - start))
        start = end
    return tuple(finishes)


def winner(stacks: Mapping[str, int]) -> str | None:
    """The winner, declared when one player has all the chips; None while two or more have chips."""
    with_chips = [player for player, chips in stacks.items() if chips > 0]
    return with_chips[0] if len(with_chips) == 1 else None


def is_heads_up(players_left: int) -> bool:
    """ "Two players left is heads-up." """
    return players_left == 2


@dataclass(frozen=True, slots=True)
class FieldSummary:
    """The field at a glance, for the clock screen.

    `entries` counts players who bought in; rebuys and add-ons are counted apart.
    `chips_in_play` is every chip sold (`chips_bought`) less the chips taken out of play.
    """

    entries: int
    rebuys: int
    add_ons: int
    players_left: int
    chips_in_play: int
    average_stack: float
    average_big_blinds: float
    heads_up: bool
    # As every page shows them (`average_texts`): the clock and the host's page say the same.
    average_stack_text: str = ""
    average_big_blinds_text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "entries": self.entries,
            "rebuys": self.rebuys,
            "add_ons": self.add_ons,
            "players_left": self.players_left,
            "chips_in_play": self.chips_in_play,
            "average_stack": self.average_stack,
            "average_big_blinds": self.average_big_blinds,
            "heads_up": self.heads_up,
            "average_stack_text": self.average_stack_text,
            "average_big_blinds_text": self.average_big_blinds_text,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FieldSummary:
        return cls(**{field.name: data[field.name] for field in fields(cls) if field.name in data})


def chips_bought(structure: Structure, rules: RebuyRules, *, entries: int, rebuys: int, add_ons: int) -> int:
    """Chips sold: a starting stack for each entry, a rebuy stack for each rebuy, an add-on stack
    for each add-on. For one entrant who has not sat down yet, the stack they sit down with.

    >>> from engine.tournament.structure import template
    >>> rules = RebuyRules(add_on=True, add_on_stack=5_000)
    >>> chips_bought(template("home-2h"), rules, entries=1, rebuys=0, add_ons=1)
    15000
    """
    return entries * structure.starting_stack + rebuys * rules.rebuy_stack + add_ons * rules.add_on_stack


def field_summary(
    structure: Structure,
    rules: RebuyRules,
    *,
    entries: int,
    rebuys: int,
    add_ons: int,
    players_left: int,
    big_blind: int,
    taken_out: int = 0,
) -> FieldSummary:
    """Entries, players left, chips in play and the average stack in chips and in big blinds.

    `taken_out`: chips of players the host recorded out while they still had some (they left
    the game with their stack), no longer in play.
    """
    counts = {
        "entries": entries,
        "rebuys": rebuys,
        "add-ons": add_ons,
        "players left": players_left,
        "chips taken out": taken_out,
    }
    for name, value in counts.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TournamentError(f"The number of {name} must be a whole number, 0 or more.")
    if players_left > entries:
        raise TournamentError(f"{players_left} players left is more than the {entries} who entered.")
    if big_blind < 1:
        raise TournamentError("The big blind must be at least 1 chip.")
    chips = chips_bought(structure, rules, entries=entries, rebuys=rebuys, add_ons=add_ons)
    if taken_out > chips:
        raise TournamentError(f"{taken_out} chips taken out is more than the {chips} ever in play.")
    chips -= taken_out
    average = chips / players_left if players_left else 0.0
    stack_text, big_blinds_text = average_texts(chips, players_left, big_blind)
    return FieldSummary(
        entries=entries,
        rebuys=rebuys,
        add_ons=add_ons,
        players_left=players_left,
        chips_in_play=chips,
        average_stack=average,
        average_big_blinds=average / big_blind,
        heads_up=is_heads_up(players_left),
        average_stack_text=stack_text,
        average_big_blinds_text=big_blinds_text,
    )


def _half_up(value: Fraction, places: int) -> Decimal:
    scaled = value * 10**places
    whole = math.floor(scaled + Fraction(1, 2))
    return Decimal(whole).scaleb(-places)


def average_texts(chips: int, players_left: int, big_blind: int) -> tuple[str, str]:
    """The average stack in chips and in big blinds, as the clock and the host's page show them:
    counted exactly from whole chips and rounded half up once, here, so two pages rounding a
    float their own way cannot differ (23 chips over a big blind of 20 is 1.15: "1.2").

    >>> average_texts(55_000, 4, 300)
    ('13,750', '45.8')
    >>> average_texts(23, 1, 20)
    ('23', '1.2')
    >>> average_texts(0, 0, 300)
    ('0', '0.0')
    """
    average = Fraction(chips, players_left) if players_left else Fraction(0)
    stack = _half_up(average, 0)
    big_blinds = _half_up(average / max(big_blind, 1), 1)
    return f"{stack:,.0f}", f"{big_blinds:.1f}"


def chip_leaders(stacks: Mapping[str, int], top: int = 5) -> list[tuple[str, int]]:
    """The biggest stacks, biggest first (equal stacks by name), at most `top` of them.

    Chip counts are public at a poker table; cards never are, and none are needed here.

    >>> chip_leaders({"Bea": 9_000, "Ann": 12_000, "Cal": 9_000, "Dan": 0}, top=3)
    [('Ann', 12000), ('Bea', 9000), ('Cal', 9000)]
    """
    in_play = [(name, chips) for name, chips in stacks.items() if chips > 0]
    ranked = sorted(in_play, key=lambda row: (-row[1], row[0]))
    return ranked[:top]
