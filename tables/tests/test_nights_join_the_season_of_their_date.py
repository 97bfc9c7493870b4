"""A night counts in the host's season of its date by itself, unless the host unticks it.

The issue: "Nights join the season of their dates by themselves (or the night form asks),
instead of '0 nights' until ticked." The night form asks, ticked by default: the host made the
season for exactly the nights within its dates. A season made after some nights counts those.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.models import AuditEntry, Night, Season, SeasonAuditEntry
from tables.services.hosting import hosting
from tables.services.seasons import seasons
from tables.tests.season_helpers import night_in_november

pytestmark = pytest.mark.django_db

AUTUMN = seasons.SeasonSettings("Autumn", datetime.date(2026, 11, 1), datetime.date(2026, 11, 30))


def test_a_night_made_within_a_seasons_dates_counts_in_it(host: User) -> None:
    season = seasons.create_season(host, AUTUMN)
    night = night_in_november(host, "Friday game", 13)
    assert list(season.nights.all()) == [night]
    line = SeasonAuditEntry.objects.filter(season=season).latest("id")
    assert line.what == (
        "Nights that count: counted Friday game (13 Nov 2026), made within the season's dates; "
        "1 night counts now"
    )
    assert AuditEntry.objects.filter(
        night=night, what="Counts in the season Autumn: its date is within the season's dates"
    ).exists()


def test_a_night_outside_the_dates_or_another_hosts_joins_no_season(host: User) -> None:
    season = seasons.create_season(host, AUTUMN)
    hosting.create_night(
        host,
        name="December",
        date=datetime.date(2026, 12, 4),
        currency="EUR",
        chip_value=Decimal(1),
        require_approval=False,
    )
    other = User.objects.create_user("other-host", password="x")
    hosting.create_night(
        other,
        name="Theirs",
        date=datetime.date(2026, 11, 13),
        currency="EUR",
        chip_value=Decimal(1),
        require_approval=False,
    )
    assert not season.nights.exists()


def test_a_new_season_counts_the_nights_already_within_its_dates(host: User) -> None:
    early = night_in_november(host, "Early game", 6)
    archived = night_in_november(host, "Test night", 7)
    hosting.archive_night(archived, host, True)
    october = hosting.create_night(
        host,
        name="October",
        date=datetime.date(2026, 10, 30),
        currency="EUR",
        chip_value=Decimal(1),
        require_approval=False,
    )
    season = seasons.create_season(host, AUTUMN)
    assert list(season.nights.all()) == [early]
    assert october not in season.nights.all()
    line = SeasonAuditEntry.objects.get(season=season)
    assert line.what.endswith("; counted its dates' nights: Early game (06 Nov 2026)")


def test_the_night_form_asks_and_counts_it_when_ticked(host: User, host_client: Client) -> None:
    season = seasons.create_season(host, AUTUMN)
    form = host_client.get(reverse("night_create")).content.decode()
    assert 'name="join_seasons"' in form and "checked" in form.split('name="join_seasons"')[1].split(">")[0]
    data = {
        "name": "Friday",
        "date": "2026-11-13",
        "currency": "EUR",
        "chip_value": "1",
        "join_seasons": "on",
    }
    response = host_client.post(reverse("night_create"), data, follow=True)
    assert "Friday counts in the season Autumn" in response.content.decode()
    assert list(Season.objects.get(pk=season.pk).nights.values_list("name", flat=True)) == ["Friday"]


def test_unticked_on_the_night_form_the_night_joins_no_season(host: User, host_client: Client) -> None:
    season = seasons.create_season(host, AUTUMN)
    data = {"name": "Friendly", "date": "2026-11-13", "currency": "EUR", "chip_value": "1"}
    assert host_client.post(reverse("night_create"), data).status_code == 302
    assert Night.objects.filter(name="Friendly").exists()
    assert not season.nights.exists()
    assert SeasonAuditEntry.objects.filter(season=season).count() == 1  # only its making
