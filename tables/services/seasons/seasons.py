"""Seasons: a host groups nights, scores them (`engine.season`) and may settle up once at the end.

Each counted night is added up by `night_results`; its players count as the people the host
recognised (`people.person_keys`), so a returning guest's nights add up and two strangers
with one name never do. Every change the host makes to a season (making it, its settings, its
nights) is one line in the season's own open log (`audit.record_season`), not in a night's: it
changes the standings of every night the season counts, and a new season counts none yet.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.season import (
    SCORING_NAMES,
    NightResult,
    PointRules,
    Scoring,
    SeasonError,
    Series,
    Standing,
    cumulative_money,
    formula_text,
    standings,
)
from tables.access import hosted_nights
from tables.errors import ActionRefused
from tables.models import Night, Player, Season, SeasonAuditEntry
from tables.services.hosting import audit
from tables.services.ledger import settle_up
from tables.services.ledger.night_results import NightResults, night_results
from tables.services.seating import people


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    """What the host fills in: name, dates and scoring."""

    name: str
    starts_on: datetime.date
    ends_on: datetime.date
    scoring: str = Scoring.PLACES_BEATEN.value
    fixed_points: tuple[float, ...] = ()
    knockout_points: Decimal = Decimal(0)
    attendance_points: Decimal = Decimal(0)
    best_of: int | None = None
    show_on_clock: bool = False


def parse_points(text: str) -> tuple[float, ...]:
    """ "10, 7, 5" -> (10.0, 7.0, 5.0); anything else is refused with a reason."""
    try:
        return tuple(float(part) for part in text.replace(";", ",").split(",") if part.strip())
    except ValueError:
        raise ActionRefused("Fixed points: numbers separated by commas, 1st first.", "bad_points") from None


def _checked(settings: SeasonSettings) -> SeasonSettings:
    if not settings.name.strip():
        raise ActionRefused("Give the season a name.", "no_name")
    if settings.ends_on < settings.starts_on:
        raise ActionRefused("The season ends before it starts.", "bad_dates")
    try:
        PointRules(
            scoring=Scoring(settings.scoring),
            fixed_points=settings.fixed_points,
            knockout_points=float(settings.knockout_points),
            attendance_points=float(settings.attendance_points),
            best_of=settings.best_of,
        )
    except (SeasonError, ValueError, InvalidOperation) as error:
        raise ActionRefused(str(error), "bad_scoring") from None
    return settings


def _apply(season: Season, settings: SeasonSettings) -> None:
    season.name = settings.name.strip()[:80]
    season.starts_on, season.ends_on = settings.starts_on, settings.ends_on
    season.scoring, season.fixed_points = settings.scoring, list(settings.fixed_points)
    season.knockout_points, season.attendance_points = settings.knockout_points, settings.attendance_points
    season.best_of, season.show_on_clock = settings.best_of, settings.show_on_clock


def _points(value: Decimal | float) -> str:
    return f"{Decimal(str(value)).normalize():f}"


def settings_in_words(season: Season) -> dict[str, str]:
    """Each setting of a season as its log names it, so a change reads "label: before → after"."""
    best_of = season.best_of
    return {
        "name": season.name,
        "dates": f"{season.starts_on:%d %b %Y} – {season.ends_on:%d %b %Y}",
        "tournament points": SCORING_NAMES[Scoring(season.scoring)],
        "fixed points by place": ", ".join(f"{p:g}" for p in season.fixed_points) or "none",
        "points per knockout": _points(season.knockout_points),
        "points per night played": _points(season.attendance_points),
        "nights counted for each player": f"the best {best_of}" if best_of else "every night",
        "standings on the clock screen in breaks": "yes" if season.show_on_clock else "no",
    }


def create_season(owner: AbstractBaseUser, settings: SeasonSettings) -> Season:
    """A new season counts the host's nights already within its dates (not the archived ones),
    as a night made later within them joins it (`join_seasons_of_its_date`): the dates are the
    host's answer to "which nights", and the season's edit page takes any of them out."""
    season = Season(owner=owner)
    _apply(season, _checked(settings))
    with transaction.atomic():
        season.save()
        already = [night for night in nights_to_choose(season) if not night.archived]
        season.nights.set(already)
        words = settings_in_words(season)
        settings_words = "; ".join(f"{k}: {v}" for k, v in words.items() if k != "name")
        counted = (
            "; counted its dates' nights: " + ", ".join(_night_words(night) for night in already)
            if already
            else ""
        )
        audit.record_season(
            season,
            owner,
            f"Made the season {season.name}: {settings_words}{counted}",
            payload={**words, "added": [night.pk for night in already]},
        )
    return season


def join_seasons_of_its_date(night: Night, user: AbstractBaseUser | None) -> list[Season]:
    """A new night counts in each season of its host whose dates hold its date, by itself: a
    league's host made the season for exactly those nights. One line in each season's log says
    so and why; the season's edit page takes the night out again."""
    joined = list(
        Season.objects.select_for_update().filter(
            owner_id=night.host_id, starts_on__lte=night.date, ends_on__gte=night.date
        )
    )
    for season in joined:
        season.nights.add(night)
        count = season.nights.count()
        total = "1 night counts now" if count == 1 else f"{count} nights count now"
        audit.record_season(
            season,
            user,
            f"Nights that count: counted {_night_words(night)}, made within the season's dates; {total}",
            payload={"added": [night.pk], "taken_out": [], "by_date": True},
        )
    return joined


def update_season(
    season: Season, settings: SeasonSettings, user: AbstractBaseUser | None, why: str = ""
) -> SeasonAuditEntry | None:
    """Save new settings; the season's log says what changed, from what to what (no line, and
    nothing saved, when nothing changed)."""
    settings = _checked(settings)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        before = settings_in_words(season)
        _apply(season, settings)
        after = settings_in_words(season)
        changed = {k: (before[k], after[k]) for k in after if before[k] != after[k]}
        if not changed:
            return None
        season.save()
        return audit.record_season(
            season,
            user,
            "Changed the settings: " + "; ".join(f"{k}: {old} → {new}" for k, (old, new) in changed.items()),
            why,
            payload={"changed": changed},
        )


def nights_to_choose(season: Season) -> list[Night]:
    """The owner's nights within the season's dates: the ones a season may count."""
    return list(
        Night.objects.filter(
            host=season.owner, date__gte=season.starts_on, date__lte=season.ends_on
        ).order_by("date", "created_at")
    )


def _night_words(night: Night) -> str:
    return f"{night.name} ({night.date:%d %b %Y})"


def set_nights(
    season: Season, night_ids: list[int], user: AbstractBaseUser | None, why: str = ""
) -> SeasonAuditEntry | None:
    """Which nights count: one line in the season's log names each night added and taken out
    (no line when nothing changed)."""
    allowed = {night.pk: night for night in nights_to_choose(season)}
    unknown = [pk for pk in night_ids if pk not in allowed]
    if unknown:
        raise ActionRefused("Only your own nights within the season's dates can count.", "night_outside")
    if not all(hosted_nights(user).filter(pk=pk).exists() for pk in night_ids):
        raise ActionRefused("Only the night's host (or someone they named) can do that.", "not_host")
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        counted = {night.pk: night for night in season.nights.all()}
        after = set(night_ids)
        added = [allowed[pk] for pk in sorted(after - set(counted))]
        taken_out = [counted[pk] for pk in sorted(set(counted) - after)]
        if not added and not taken_out:
            return None
        season.nights.set(sorted(after))
        parts = [f"counted {_night_words(n)}" for n in added]
        parts += [f"took out {_night_words(n)}" for n in taken_out]
        total = "1 night counts now" if len(after) == 1 else f"{len(after)} nights count now"
        return audit.record_season(
            season,
            user,
            "Nights that count: " + "; ".join(parts) + f"; {total}",
            why,
            payload={"added": [n.pk for n in added], "taken_out": [n.pk for n in taken_out]},
        )


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A standing, with the name shown for its person."""

    name: str
    standing: Standing


@dataclass(frozen=True, slots=True)
class SeasonTable:
    season: Season
    formula: str
    nights: list[Night]
    rows: list[SeasonRow]
    series: list[Series]  # by person key
    names: dict[str, str]  # person key -> name shown
    results: list[NightResults]
    unbalanced: list[str]  # nights whose ledger does not balance (their money is left out)


def shown_names(keys: dict[str, tuple[str, datetime.date]]) -> dict[str, str]:
    """The name shown for each person, never one name for two people (the season settles by
    these names): two people of one name get the date they first came, and two who also first
    came the same night a number after it.

    >>> first = datetime.date(2026, 11, 6)
    >>> shown_names({"a": ("Bob", first), "b": ("Ann", first), "c": ("bob", first)})
    {'a': 'Bob (06 Nov)', 'b': 'Ann', 'c': 'bob (06 Nov) (2)'}
    """
    counts: dict[str, int] = {}
    for name, _ in keys.values():
        counts[name.lower()] = counts.get(name.lower(), 0) + 1
    names: dict[str, str] = {}
    taken: set[str] = set()
    for key, (name, first) in keys.items():
        dated = name if counts[name.lower()] == 1 else f"{name} ({first:%d %b})"
        shown, number = dated, 1
        while shown.lower() in taken:
            number += 1
            shown = f"{dated} ({number})"
        taken.add(shown.lower())
        names[key] = shown
    return names


def season_table(season: Season) -> SeasonTable:
    """The season's standings, and each person's running money total night by night."""
    nights = list(season.nights.order_by("date", "created_at"))
    rules = season.point_rules()
    results: list[NightResult] = []
    named: dict[str, tuple[str, datetime.date]] = {}
    added_up: list[NightResults] = []
    unbalanced: list[str] = []
    for index, night in enumerate(nights):
        figures = night_results(night)
        added_up.append(figures)
        if figures.settlement is None:
            unbalanced.append(night.name)
        keys = people.person_keys(list(Player.objects.filter(pk__in=figures.players)))
        for pk, row in figures.players.items():
            key, name = keys[pk]
            named.setdefault(key, (name, night.date))
            results.append(
                NightResult(
                    person=key,
                    night=index,
                    money_net=row.money_net or 0,
                    cash_net=row.cash_net or 0,
                    big_blinds_won=row.big_blinds_won,
                    seconds_played=row.seconds_played,
                    cash_hands=len(row.cash_hands),
                    biggest_pot=row.biggest_pot_big_blinds,
                    finishes=tuple(row.finishes),
                    knockouts=row.knockouts,
                )
            )
    try:
        rows = standings(results, rules)
    except SeasonError as error:
        raise ActionRefused(str(error), "bad_results") from None
    names = shown_names(named)
    return SeasonTable(
        season=season,
        formula=formula_text(rules),
        nights=nights,
        rows=[SeasonRow(names[row.person], row) for row in rows],
        series=cumulative_money(results, list(range(len(nights)))),
        names=names,
        results=added_up,
        unbalanced=unbalanced,
    )


@dataclass(frozen=True, slots=True)
class SeasonSettlement:
    currency: str
    balances: dict[str, int]  # minor units, by person name
    transfers: list[settle_up.Transfer]


def season_settlement(table: SeasonTable) -> SeasonSettlement:
    """For groups who pay once at the season's end: each person's nets added up over the
    season's nights, settled with the night's own rule (`settle_up.fewest_transfers`)."""
    currencies = {night.currency for night in table.nights}
    if len(currencies) > 1:
        raise ActionRefused(
            "The season's nights are in different currencies: settle each night.", "currencies"
        )
    if table.unbalanced:
        raise ActionRefused(
            f"The ledger of {', '.join(table.unbalanced)} does not balance: fix it before settling "
            "the season.",
            "unbalanced",
        )
    balances = {row.name: row.standing.money_net for row in table.rows if row.standing.money_net}
    bank = -sum(balances.values())
    if bank:
        # A night's bank's difference (chips a ruling made appear or disappear): the bank settles it.
        balances[settle_up.BANK if settle_up.BANK not in balances else f"{settle_up.BANK} (cash box)"] = bank
    currency = currencies.pop() if currencies else "EUR"
    return SeasonSettlement(currency, balances, settle_up.fewest_transfers(balances))


def seasons_for(user: AbstractBaseUser | None) -> list[Season]:
    if user is None or not user.is_authenticated:
        return []
    if user.is_superuser:
        return list(Season.objects.all())
    return list(Season.objects.filter(owner=user))
