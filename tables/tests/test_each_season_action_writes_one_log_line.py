"""An action on a season, which is not a night, is one line in the season's own open log, with
who, when, what exactly and why, and none in any night's.

House rules: "The host's call is final, and open." Issue 20: "Every host action is one log
line with who, when, what exactly (seat, player, amounts before and after) and why."
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.models import Night, PersonMerge, Season, SeasonAuditEntry, SeasonPayment
from tables.models.ledger import AuditEntry
from tables.services.seasons import seasons
from tables.services.seating import joining, person_links
from tables.tests.host_action_lines import (
    WHY,
    check_complete,
    form_data,
    host_of_the_cash_night,  # noqa: F401  (a fixture)
    last_line_id,
    made_once_cash_night,  # noqa: F401  (a fixture)
)

pytestmark = pytest.mark.django_db


@dataclass
class SeasonScene:
    """Autumn, a season counting the Early game; the Friday game is in its dates, not counted."""

    season: Season
    early: Night
    friday: Night
    client: Client


@pytest.fixture
def autumn(night: Night, make_night: Callable[..., Night], host: User, host_client: Client) -> SeasonScene:
    early = make_night(name="Early game", date=datetime.date(2026, 11, 6))
    settings = seasons.SeasonSettings("Autumn", datetime.date(2026, 11, 1), datetime.date(2026, 11, 30))
    season = seasons.create_season(host, settings)
    # Bo and Cy came both nights without claiming their names: two people each in the season.
    for name in ("Bo", "Cy"):
        for played in (early, night):
            joining.join_night(played, name)
    named = {p.name: p for p in person_links.season_people(season).values()}
    person_links.link_people(season, named["Cy (27 Nov)"].key, named["Cy (06 Nov)"].key, host)  # to undo
    # Bo paid 1.00 to the bank: the bank owes it back to him, to mark paid or to pay in cash.
    SeasonPayment.objects.create(season=season, payer=named["Bo (06 Nov)"].players[0], payee=None, amount=100)
    seasons.set_nights(season, [early.pk], host)
    seasons.set_nights(season, [early.pk, night.pk], host)
    return SeasonScene(season, early, night, host_client)


def _season_key(s: SeasonScene, name: str) -> str:
    return next(p.key for p in person_links.season_people(s.season).values() if p.name == name)


def _season_settings(s: SeasonScene) -> tuple[str, dict[str, Any]]:
    url = reverse("season_edit", args=[s.season.pk])
    form = s.client.get(url).context["form"]
    return url, {**form_data(form), "name": "Autumn league", "attendance_points": "1", "why": WHY}


# (url name, label): (the POST, words the line must hold). A season is not a night: its line
# goes in the season's own log (tables.services.seasons.seasons), and none in any night's.
SEASON_SCENARIOS: dict[tuple[str, str], Callable[[SeasonScene], tuple[str, dict[str, Any]]] | Any] = {
    ("season_list", "create"): (
        lambda s: (
            reverse("season_list"),
            {
                "name": "Winter",
                "starts_on": "2026-12-01",
                "ends_on": "2027-02-28",
                "scoring": "card_room",
                "knockout_points": "1",
                "attendance_points": "0",
            },
        ),
        "Made the season Winter: dates: 01 Dec 2026 – 28 Feb 2027; tournament points: Card-room league "
        "(field size and buy-in); fixed points by place: none; points per knockout: 1;",
    ),
    ("season_edit", "settings"): (
        _season_settings,
        "Changed the settings: name: Autumn → Autumn league; points per night played: 0 → 1",
    ),
    ("season_edit", "nights"): (
        lambda s: (
            reverse("season_edit", args=[s.season.pk]),
            {"part": "nights", "nights": [s.friday.pk], "why": WHY},
        ),
        "Nights that count: took out Early game (06 Nov 2026); 1 night counts now",
    ),
    ("season_link_people", ""): (
        lambda s: (
            reverse("season_link_people", args=[s.season.pk]),
            {"merged": _season_key(s, "Bo (27 Nov)"), "into": _season_key(s, "Bo (06 Nov)"), "why": WHY},
        ),
        "Same person: Bo (27 Nov) is Bo (06 Nov); their results add up over 2 nights",
    ),
    ("season_undo_link", ""): (
        lambda s: (
            reverse("season_undo_link", args=[s.season.pk, PersonMerge.objects.get(season=s.season).pk]),
            {"why": WHY},
        ),
        "Undid same person: Cy (27 Nov) and Cy (06 Nov) are two people again",
    ),
    ("season_mark_paid", ""): (
        lambda s: (
            reverse("season_mark_paid", args=[s.season.pk]),
            {"payer": "bank", "payee": _season_key(s, "Bo (06 Nov)"), "amount": "100", "why": WHY},
        ),
        "Paid: The bank paid Bo 1.00 EUR",
    ),
    ("season_cash_bank", ""): (
        lambda s: (
            reverse("season_cash_bank", args=[s.season.pk]),
            {"person": _season_key(s, "Bo (06 Nov)"), "amount": "0.40", "why": WHY},
        ),
        "Paid: The bank paid Bo 0.40 EUR",
    ),
    ("season_mark_unpaid", ""): (
        lambda s: (
            reverse("season_mark_unpaid", args=[s.season.pk, SeasonPayment.objects.get(season=s.season).pk]),
            {"why": WHY},
        ),
        "Not paid after all: payment",
    ),
}


@pytest.mark.parametrize(
    "key", list(SEASON_SCENARIOS), ids=[":".join(k).strip(":") for k in SEASON_SCENARIOS]
)
def test_each_season_action_writes_one_complete_line_in_the_seasons_log(
    autumn: SeasonScene, key: tuple[str, str]
) -> None:
    post, words = SEASON_SCENARIOS[key]
    before, before_in_nights = last_line_id(SeasonAuditEntry), last_line_id()
    url, data = post(autumn)
    response = autumn.client.post(url, data, follow=True)
    assert response.status_code == 200
    assert not [m for m in response.context["messages"] if m.level_tag == "error"], data
    lines = list(SeasonAuditEntry.objects.filter(pk__gt=before).order_by("id"))
    assert len(lines) == 1, [line.what for line in lines]
    season = Season.objects.get(name="Winter") if key[0] == "season_list" else autumn.season
    assert lines[0].season_id == season.pk
    assert not AuditEntry.objects.filter(pk__gt=before_in_nights).exists()  # and no night's
    check_complete(lines[0], words, why=key[0] != "season_list")  # a new season's form asks no why
