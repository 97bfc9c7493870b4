"""The colour-up calculator at a break: what the host typed, worked out by the engine
(`engine.tournament.colour_up`), and the result written in the night's open log once the race
is run, so the chips each player took away are on record.

Nothing here changes a stack: the host counts the chips at the table and corrects a stack on the
table's page if it is wrong; the calculator says what each player should get.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from engine.tournament import Level, TournamentError
from engine.tournament.colour_up import (
    ColourUp,
    chips_no_longer_needed,
    colour_up,
    fewest_chips,
    level_after_the_next_break,
    odd_value,
    race,
)
from tables.errors import ActionRefused
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.hosting import audit
from tables.services.tournament import tournament_deals, tournaments

# A home chip set; the host changes it on the page to the chips on the table.
HOME_CHIPS = (25, 100, 500, 1000, 5000)


def _numbers(text: str, what: str) -> tuple[int, ...]:
    parts = [part.strip() for part in text.replace(";", ",").replace(" ", ",").split(",") if part.strip()]
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise ActionRefused(f"Write the {what} as whole numbers separated by commas.")
    return tuple(int(part) for part in parts)


@dataclass
class Worksheet:
    """The page: the chips in play and leaving, each player's count of each chip leaving, the
    plan once the counts are in, and each player's new chips once the race's winners are chosen."""

    chips: tuple[int, ...]
    leaving: tuple[int, ...]
    players: list[TournamentEntry]
    stacks: dict[int, int | None]
    counts: dict[int, dict[int, int]] = field(default_factory=dict)
    plan: ColourUp | None = None
    winners: tuple[int, ...] = ()
    result: dict[int, int] | None = None
    error: str = ""
    filled_from_stacks: bool = False  # the counts are a first guess from the stacks at the tables

    def name(self, entry_id: int) -> str:
        return next(e.player.display_name for e in self.players if e.pk == entry_id)

    def rows(self) -> list[tuple[TournamentEntry, list[tuple[int, int | str]]]]:
        """Each player with their count of each chip leaving, as typed ("" for none yet)."""
        return [
            (entry, [(chip, self.counts.get(entry.pk, {}).get(chip, "")) for chip in self.leaving])
            for entry in self.players
        ]

    def summary(self) -> str:
        """The result in one line, for the log."""
        assert self.plan is not None and self.result is not None
        leaving = ", ".join(f"{chip}s" for chip in self.plan.removed)
        raced = (
            f"{self.plan.chips_to_race} raced (won by {', '.join(self.name(w) for w in self.winners)})"
            if self.winners
            else "none raced"
        )
        new = ", ".join(f"{self.name(int(pk))} {chips}" for pk, chips in self.result.items())
        new_chip = self.plan.new_chip
        return f"Colour-up: the {leaving} leave for {new_chip}s; {raced}; new {new_chip}s: {new}"


def _next_blinds(tournament: Tournament, now: datetime.datetime) -> tuple[int, ...]:
    """The blinds the chips left after the colour-up must make: those of the level after the
    break (the one on now, or the next one while a level is played); before the clock starts,
    the first level's."""
    reading = tournaments.reading(tournament, now)
    level: Level | None = reading.current if isinstance(reading.current, Level) else None
    if reading.on_break:
        level = reading.next_level
    elif reading.started:
        periods = tournament.get_structure().periods
        level = level_after_the_next_break(periods, reading.period_index) or reading.next_level or level
    if level is None:
        return ()
    return (level.small_blind, level.big_blind, level.ante)


def _counts_from_stacks(sheet: Worksheet) -> None:
    """Each player's chips leaving as their known stack needs them at least: the value the
    staying chips cannot make, in the fewest chips leaving. A first guess the host corrects at
    the table; a player whose stack is not known (or not made of these chips) is left blank."""
    for entry in sheet.players:
        stack = sheet.stacks.get(entry.pk)
        if stack is None:
            continue
        counts = fewest_chips(odd_value(stack, sheet.chips, sheet.leaving), sheet.leaving)
        if counts is not None:
            sheet.counts[entry.pk] = counts
            sheet.filled_from_stacks = True


def worksheet(
    tournament: Tournament,
    data: Mapping[str, str],
    winners: Sequence[str] = (),
    now: datetime.datetime | None = None,
) -> Worksheet:
    """The calculator for what the host typed (`data`: the page's fields). A mistake is said in
    `error`, and the page shows what was typed to correct it."""
    now = now if now is not None else timezone.now()
    players = tournament_deals.players_still_in(tournament)
    sheet = Worksheet(HOME_CHIPS, (), players, tournament_deals.known_stacks(tournament))
    try:
        sheet.chips = _numbers(data.get("chips", ""), "chips in play") or HOME_CHIPS
        typed = data.get("leaving")
        if typed is None:
            sheet.leaving = chips_no_longer_needed(sheet.chips, _next_blinds(tournament, now))
        else:
            sheet.leaving = _numbers(typed, "chips leaving")
        for entry in players:
            for chip in sheet.leaving:
                raw = data.get(f"count_{entry.pk}_{chip}", "").strip()
                if raw:
                    sheet.counts.setdefault(entry.pk, {})[chip] = _numbers(raw, "chip counts")[0]
        if sheet.leaving:
            colour_up(sheet.chips, removed=sheet.leaving, chips={})  # the chips chosen can colour up
            if not any(key.startswith("count_") for key in data):
                _counts_from_stacks(sheet)
        if not sheet.counts:
            return sheet
        stacks = {str(pk): chips for pk, chips in sheet.stacks.items() if chips is not None}
        chips_by_player = {str(entry.pk): sheet.counts.get(entry.pk, {}) for entry in players}
        sheet.plan = colour_up(sheet.chips, removed=sheet.leaving, chips=chips_by_player, stacks=stacks)
        if winners or "race" in data:
            sheet.winners = tuple(int(w) for w in winners if w.isascii() and w.isdigit())
            outcome = race(sheet.plan, tuple(str(w) for w in sheet.winners))
            sheet.result = {int(pk): chips for pk, chips in outcome.items()}
    except (ActionRefused, TournamentError) as refusal:
        sheet.error = str(refusal)
        sheet.result = None
    return sheet


def record_colour_up(
    tournament_id: int, actor: AbstractBaseUser | None, data: Mapping[str, str], winners: Sequence[str]
) -> Worksheet:
    """Write the race's result in the night's open log: which chips left, who won the race, and
    each player's new chips. Refused, with the reason, unless the result is complete."""
    tournament = Tournament.objects.select_related("night").get(pk=tournament_id)
    tournaments.check_not_over(tournament)
    sheet = worksheet(tournament, {**data, "race": "1"}, winners)
    if sheet.error:
        raise ActionRefused(sheet.error)
    if sheet.plan is None or sheet.result is None:
        raise ActionRefused("Count each player's chips leaving play first.")
    audit.record(
        tournament.night,
        actor,
        f"{tournament.name}: {sheet.summary()}",
        payload={"tournament": tournament.pk, "colour_up": {str(k): v for k, v in sheet.result.items()}},
    )
    return sheet
