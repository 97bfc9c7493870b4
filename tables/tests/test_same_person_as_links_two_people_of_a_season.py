""" "Same person as": the host links two people of a season who are one, and may undo it.

The issue: "the same guests on the same phones with the same names on night 2, without tapping
'Played here before?', become 'Bob (05 Dec)' and 'Bob (05 Dec) (2)' in the season and its
settle-up, and the host has no way to link or merge them. Give the host a 'same person as' link
(and undo), logged, that moves results and money without changing any total."
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.errors import ActionRefused
from tables.models import AuditEntry, Person, PersonLink, PersonMerge, SeasonAuditEntry
from tables.services.ledger import closing, ledger, settle_up
from tables.services.seasons import seasons
from tables.services.seating import joining, people, person_links
from tables.tests.season_fixtures import (  # noqa: F401  (fixtures)
    host_fixture,
    nights_fixture,
    nights_made_once_fixture,
)
from tables.tests.season_helpers import TwoNights, night_in_november

pytestmark = pytest.mark.django_db


def _rows(nights: TwoNights) -> dict[str, Any]:
    return {row.name: row.standing for row in seasons.season_table(nights.season).rows}


def _key(nights: TwoNights, name: str) -> str:
    table = seasons.season_table(nights.season)
    return next(key for key, shown in table.names.items() if shown == name)


def _people_state() -> tuple[Any, ...]:
    return (
        tuple(PersonLink.objects.order_by("pk").values_list("pk", "player_id", "person_id", "night_id")),
        tuple(Person.objects.order_by("pk").values_list("pk", "name")),
    )


def _night_figures(nights: TwoNights) -> tuple[Any, ...]:
    return (
        settle_up.settle(nights.first),
        settle_up.settle(nights.second),
        AuditEntry.objects.filter(night__in=[nights.first, nights.second]).count(),
    )


def test_the_split_guest_shows_twice_until_the_host_links_them(nights: TwoNights, host: User) -> None:
    rows = _rows(nights)
    assert {"Bo (13 Nov)", "Bo (27 Nov)"} <= set(rows)
    person_links.link_people(nights.season, _key(nights, "Bo (27 Nov)"), _key(nights, "Bo (13 Nov)"), host)
    after = _rows(nights)
    assert "Bo" in after and not {"Bo (13 Nov)", "Bo (27 Nov)"} & set(after)
    bo = after["Bo"]
    assert bo.nights == 2
    assert bo.money_net == rows["Bo (13 Nov)"].money_net + rows["Bo (27 Nov)"].money_net
    assert bo.cash_net == rows["Bo (13 Nov)"].cash_net + rows["Bo (27 Nov)"].cash_net


def test_a_link_changes_no_total_and_no_nights_figures(nights: TwoNights, host: User) -> None:
    before, figures = _rows(nights), _night_figures(nights)
    person_links.link_people(nights.season, _key(nights, "Bo (27 Nov)"), _key(nights, "Bo (13 Nov)"), host)
    after = _rows(nights)
    assert sum(s.money_net for s in after.values()) == sum(s.money_net for s in before.values()) == 0
    assert sum(s.cash_net for s in after.values()) == sum(s.cash_net for s in before.values())
    assert sum(s.points for s in after.values()) == pytest.approx(sum(s.points for s in before.values()))
    settlement = seasons.season_settlement(seasons.season_table(nights.season))
    assert sum(settlement.balances.values()) == 0
    assert _night_figures(nights) == figures  # each night's settle-up and log as they were


def test_undo_gives_back_exactly_the_people_there_were(nights: TwoNights, host: User) -> None:
    people_before, rows_before = _people_state(), _rows(nights)
    link = person_links.link_people(
        nights.season, _key(nights, "Bo (27 Nov)"), _key(nights, "Bo (13 Nov)"), host
    )
    assert _people_state() != people_before
    person_links.undo_link(nights.season, link.pk, host, "Two different Bos after all")
    assert _people_state() == people_before
    assert _rows(nights) == rows_before


def test_a_recognised_person_and_a_new_one_link_and_unlink(nights: TwoNights, host: User) -> None:
    """Ann was recognised (a person of two nights); a later guest of hers links into her."""
    third = night_in_november(host, "Third Friday", 28)
    ann3 = joining.join_night(third, "Annie")
    ledger.record_chips_in(ann3, "buy_in", 100, host)
    ledger.cash_out(ann3, host)
    closing.close_night(third, host)
    people_before = _people_state()
    link = person_links.link_people(nights.season, _key(nights, "Annie"), _key(nights, "Ann"), host)
    assert _rows(nights)["Ann"].nights == 3
    person_links.undo_link(nights.season, link.pk, host)
    assert _people_state() == people_before


def test_a_person_linked_to_themselves_is_refused(nights: TwoNights, host: User) -> None:
    key = _key(nights, "Bo (13 Nov)")
    with pytest.raises(ActionRefused, match="the same person twice"):
        person_links.link_people(nights.season, key, key, host)
    assert not PersonMerge.objects.exists()


def test_two_players_of_one_night_are_refused_as_one_person(nights: TwoNights, host: User) -> None:
    before = (_people_state(), SeasonAuditEntry.objects.count())
    with pytest.raises(ActionRefused, match="both played Second Friday"):
        person_links.link_people(nights.season, _key(nights, "Di"), _key(nights, "Ann"), host)
    assert (_people_state(), SeasonAuditEntry.objects.count()) == before


def test_linking_back_the_other_way_is_refused(nights: TwoNights, host: User) -> None:
    """After "Bo of the 27th is Bo of the 13th", the other way round would be a cycle: both rows
    are one person now, so the old row is gone and the link is refused with a reason."""
    bo13, bo27 = _key(nights, "Bo (13 Nov)"), _key(nights, "Bo (27 Nov)")
    person_links.link_people(nights.season, bo27, bo13, host)
    before = (_people_state(), SeasonAuditEntry.objects.count())
    with pytest.raises(ActionRefused, match="reload"):
        person_links.link_people(nights.season, bo13, bo27, host)
    bo = _key(nights, "Bo")
    with pytest.raises(ActionRefused, match="the same person twice"):
        person_links.link_people(nights.season, bo, bo, host)
    assert (_people_state(), SeasonAuditEntry.objects.count()) == before


def test_an_undo_a_later_link_builds_on_waits_for_that_one(nights: TwoNights, host: User) -> None:
    third = night_in_november(host, "Third Friday", 28)
    bo3 = joining.join_night(third, "Bobby")
    ledger.record_chips_in(bo3, "buy_in", 100, host)
    ledger.cash_out(bo3, host)
    closing.close_night(third, host)
    people_before = _people_state()
    first = person_links.link_people(
        nights.season, _key(nights, "Bo (27 Nov)"), _key(nights, "Bo (13 Nov)"), host
    )
    second = person_links.link_people(nights.season, _key(nights, "Bobby"), _key(nights, "Bo"), host)
    with pytest.raises(
        ActionRefused, match=r"A later link builds on this one \(Bobby is Bo\): undo it first"
    ):
        person_links.undo_link(nights.season, first.pk, host)
    person_links.undo_link(nights.season, second.pk, host)
    person_links.undo_link(nights.season, first.pk, host)
    assert _people_state() == people_before
    with pytest.raises(ActionRefused, match="already undone"):
        person_links.undo_link(nights.season, first.pk, host)


def test_each_link_and_its_undo_is_one_line_in_the_seasons_log(nights: TwoNights, host: User) -> None:
    lines = SeasonAuditEntry.objects.filter(season=nights.season).count()
    link = person_links.link_people(
        nights.season, _key(nights, "Bo (27 Nov)"), _key(nights, "Bo (13 Nov)"), host, "same phone, same Bo"
    )
    line = SeasonAuditEntry.objects.filter(season=nights.season).latest("id")
    assert line.what == "Same person: Bo (27 Nov) is Bo (13 Nov); their results add up over 2 nights"
    assert line.why == "same phone, same Bo" and line.who == host
    person_links.undo_link(nights.season, link.pk, host, "not him")
    line = SeasonAuditEntry.objects.filter(season=nights.season).latest("id")
    assert line.what == "Undid same person: Bo (27 Nov) and Bo (13 Nov) are two people again"
    assert SeasonAuditEntry.objects.filter(season=nights.season).count() == lines + 2


def test_only_the_seasons_host_links_people(nights: TwoNights) -> None:
    with pytest.raises(ActionRefused, match="Only the season's host"):
        person_links.link_people(
            nights.season,
            _key(nights, "Bo (27 Nov)"),
            _key(nights, "Bo (13 Nov)"),
            User.objects.create_user("another-host", password="x"),
        )
    assert not PersonMerge.objects.exists()


def test_the_host_links_and_undoes_from_the_season_page(nights: TwoNights, host: User) -> None:
    client = Client()
    client.force_login(host)
    page = reverse("season_page", args=[nights.season.pk])
    assert 'id="season-link-form"' in client.get(page).content.decode()
    response = client.post(
        reverse("season_link_people", args=[nights.season.pk]),
        {"merged": _key(nights, "Bo (27 Nov)"), "into": _key(nights, "Bo (13 Nov)"), "why": "same Bo"},
        follow=True,
    )
    text = response.content.decode()
    assert "Same person: Bo (27 Nov) is Bo (13 Nov)" in text
    link = PersonMerge.objects.get()
    response = client.post(reverse("season_undo_link", args=[nights.season.pk, link.pk]), follow=True)
    assert "are two people again" in response.content.decode()
    refused = client.post(
        reverse("season_link_people", args=[nights.season.pk]),
        {"merged": _key(nights, "Di"), "into": _key(nights, "Ann")},
        follow=True,
    )
    assert "both played Second Friday" in refused.content.decode()
    assert Decimal(0) == sum(settle_up.balances_by_player(nights.second).values(), Decimal(0))


def test_a_guest_of_the_season_cannot_link(nights: TwoNights) -> None:
    response = Client().post(
        reverse("season_link_people", args=[nights.season.pk]),
        {"merged": _key(nights, "Bo (27 Nov)"), "into": _key(nights, "Bo (13 Nov)")},
    )
    assert response.status_code == 302 and "login" in response["Location"]
    assert not PersonMerge.objects.exists()


def test_a_person_claimed_since_the_link_stays_after_its_undo(nights: TwoNights, host: User) -> None:
    """Bo of a third night claimed the Bo the link made (the host confirmed): the undo gives the
    two Bos back and the person stays, with Bo of the 13th and Bo of the third night."""
    link = person_links.link_people(
        nights.season, _key(nights, "Bo (27 Nov)"), _key(nights, "Bo (13 Nov)"), host
    )
    third = night_in_november(host, "Third Friday", 28)
    bo3 = joining.join_night(third, "Bo")
    people.confirm_claim(people.claim_name(bo3, nights.players["Bo1"].pk).pk, host)
    person_links.undo_link(nights.season, link.pk, host)
    assert people.person_of(bo3) == people.person_of(nights.players["Bo1"]) is not None
    assert people.person_of(nights.players["Bo2"]) is None
