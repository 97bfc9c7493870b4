"""Shared set-up for the tournament tests: a tournament with entrants, and a frozen clock."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from engine.tournament import PayoutTable, RebuyRules, Structure
from tables.models import Night, Player
from tables.models.tournaments import Tournament
from tables.services import joining, tournaments

T0 = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)


def at(minutes: float) -> datetime.datetime:
    """`minutes` after T0, the moment the clock starts in these tests."""
    return T0 + datetime.timedelta(minutes=minutes)


def make_tournament(
    night: Night,
    host: User,
    names: tuple[str, ...] = ("Ann", "Bea", "Cal", "Dan"),
    *,
    template_key: str = "home-2h",
    rules: RebuyRules | None = None,
    payouts: tuple[int, ...] = (50, 30, 20),
    buy_in: int = 20,
    rebuy_price: int = 0,
    add_on_price: int = 0,
) -> tuple[Tournament, list[Player]]:
    """A tournament on a shipped structure with `names` entered, clock not started."""
    tournament = tournaments.create_tournament(
        night, host, name="Main event", template_key=template_key, buy_in=buy_in, now=T0
    )
    structure = Structure.from_json(tournament.structure)
    tournaments.update_tournament(
        tournament.pk,
        host,
        name="Main event",
        buy_in=buy_in,
        rebuy_price=rebuy_price,
        add_on_price=add_on_price,
        structure=structure,
        rules=rules or RebuyRules(),
        payouts=PayoutTable(payouts),
        now=T0,
    )
    players = [joining.join_night(night, name) for name in names]
    if players:
        tournaments.register_players(tournament.pk, host, players, now=T0)
    tournament.refresh_from_db()
    return tournament, players


def entry_of(tournament: Tournament, name: str) -> int:
    return tournament.entries.get(player__display_name=name).pk
