"""Seasons add up recognised people's nights; each closed night has a recap for its players.

Issue 21: "Standings: cash net per player (money, and big blinds won per hour of play),
tournament points with a formula the host chooses, attendance, biggest pot, best finish" and
"Settle-up across a season for groups that pay at the end of the season rather than each night."
"""

from __future__ import annotations

import copy
import datetime
import math
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.config import HandConfig
from tables.errors import ActionRefused
from tables.models import AuditEntry, Night
from tables.models.live import Hand
from tables.services.ledger import settle_up
from tables.services.ledger.night_results import HandResult, _knockouts, night_results
from tables.services.seasons import seasons
from tables.services.seating import joining
from tables.tests.conftest import new_host
from tables.tests.ledger_helpers import stacks
from tables.tests.made_once import made_once_for_the_module
from tables.tests.season_helpers import TwoNights, two_nights
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def nights_made_once(django_db_setup: None, django_db_blocker: Any) -> Iterator[TwoNights]:
    # Playing two nights of hands is most of this module's time, and every test reads the same
    # two nights: they are made once (tables/tests/made_once.py keeps each test's changes apart).
    with made_once_for_the_module(django_db_blocker):
        yield two_nights(new_host())


@pytest.fixture
def host(nights_made_once: TwoNights, db: None) -> User:
    """The host of the two nights (the module's rows are in every test of it)."""
    return User.objects.get(pk=nights_made_once.first.host_id)


@pytest.fixture
def nights(nights_made_once: TwoNights, db: None) -> TwoNights:
    return copy.deepcopy(nights_made_once)


def test_a_recognised_guests_nights_add_up_to_one_person(nights: TwoNights) -> None:
    table = seasons.season_table(nights.season)
    by_name = {row.name: row.standing for row in table.rows}
    first = settle_up.settle(nights.first).balances
    second = settle_up.settle(nights.second).balances
    ann = by_name["Ann"]
    assert ann.nights == 2
    assert ann.money_net == first["Ann"] + second["Ann"]
    # The two Bos were never recognised as one: two people, told apart by their first night.
    assert by_name["Bo (13 Nov)"].nights == 1 and by_name["Bo (27 Nov)"].nights == 1
    assert by_name["Bo (13 Nov)"].money_net == first["Bo"]


def test_tournament_points_follow_the_card_room_formula_and_attendance(nights: TwoNights) -> None:
    """points = 10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25)), plus 1 per night played."""
    by_name = {row.name: row.standing for row in seasons.season_table(nights.season).rows}
    factor = 1 + math.log10(20.25)  # buy-in 20
    assert by_name["Ann"].points == pytest.approx(10 * math.sqrt(3) / 1 * factor + 2)
    assert by_name["Bo (13 Nov)"].points == pytest.approx(10 * math.sqrt(3) / math.sqrt(2) * factor + 1)
    assert by_name["Cy"].points == pytest.approx(10 * math.sqrt(3) / math.sqrt(3) * factor + 1)
    assert by_name["Di"].points == 1
    assert by_name["Ann"].best_finish.place == 1 and by_name["Di"].best_finish is None


def test_big_blinds_per_hour_come_from_the_hands(nights: TwoNights) -> None:
    results = night_results(nights.first)
    ann_id = nights.players["Ann1"].pk
    ann = results.players[ann_id]
    dealt = [
        row
        for row in Hand.objects.filter(table__night=nights.first, status="finished")
        if any(s.player == str(ann_id) for s in HandConfig.from_json(row.config).seats)
    ]
    assert ann.hands_played == len(dealt) >= 1
    # She sat down with 300 chips: what she has now, less those
    assert ann.net_chips == stacks(nights.tables[0].pk).get(str(ann_id), 0) - 300
    # Chips won at the table, counted in big blinds of 2
    assert ann.big_blinds_won == ann.net_chips / 2
    hands = [h for h in results.hands if nights.players["Ann1"].pk in h.before]
    assert ann.seconds_played == pytest.approx(hands[-1].finished_at - hands[0].started_at)


def test_the_season_settles_with_the_fewest_transfers_from_each_persons_total(nights: TwoNights) -> None:
    table = seasons.season_table(nights.season)
    settlement = seasons.season_settlement(table)
    paid: dict[str, int] = {}
    for t in settlement.transfers:
        paid[t.payer] = paid.get(t.payer, 0) - t.amount
        paid[t.payee] = paid.get(t.payee, 0) + t.amount
    assert paid == {name: amount for name, amount in settlement.balances.items() if amount}
    assert settlement.balances == {r.name: r.standing.money_net for r in table.rows if r.standing.money_net}
    assert len(settlement.transfers) <= len(settlement.balances) - 1


def test_a_season_of_nights_in_two_currencies_is_not_settled(nights: TwoNights) -> None:
    type(nights.second).objects.filter(pk=nights.second.pk).update(currency="GBP")
    with pytest.raises(ActionRefused, match="different currencies"):
        seasons.season_settlement(seasons.season_table(nights.season))


def test_choosing_the_nights_is_one_line_in_the_seasons_log_and_none_in_the_nights(
    nights: TwoNights, host: User
) -> None:
    """A season is not a night: its calls are in its own log, shown on its page."""
    night_lines = AuditEntry.objects.count()
    line = seasons.set_nights(nights.season, [nights.first.pk], host, "Second night was a friendly")
    assert line is not None and line.season == nights.season and line.who == host
    assert line.what == "Nights that count: took out Second Friday (27 Nov 2026); 1 night counts now"
    assert line.why == "Second night was a friendly"
    assert AuditEntry.objects.count() == night_lines
    assert seasons.set_nights(nights.season, [nights.first.pk], host) is None  # nothing changed, no line
    # made (counting both nights, within its dates), then one taken out
    assert nights.season.audit_entries.count() == 2


def test_the_seasons_log_is_open_to_its_players(nights: TwoNights, host: User) -> None:
    """ "The host's call is final, and open": the season's readers read its log on its page."""
    season = nights.season
    settings = seasons.SeasonSettings(
        "Autumn", season.starts_on, season.ends_on, "card_room", attendance_points=Decimal(1), best_of=1
    )
    line = seasons.update_season(season, settings, host, "One missed night should not sink anyone")
    assert line is not None
    assert line.what == "Changed the settings: nights counted for each player: every night → the best 1"
    page = phone_of(nights.players["Di2"]).get(f"/seasons/{season.pk}/").content.decode()
    log = page.split('id="season-log"')[1]
    assert line.what in log and "One missed night should not sink anyone" in log and "by hostess" in log


def test_a_night_outside_the_season_or_of_another_host_is_refused(nights: TwoNights, host: User) -> None:
    nights.season.ends_on = datetime.date(2026, 11, 20)
    nights.season.save()
    with pytest.raises(ActionRefused, match="within the season"):
        seasons.set_nights(nights.season, [nights.second.pk], host)
    assert set(nights.season.nights.all()) == {nights.first, nights.second}


def test_bad_scoring_is_refused(host: User) -> None:
    base = dict(name="x", starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 2, 1))
    with pytest.raises(ActionRefused, match="Fixed points"):
        seasons.create_season(host, seasons.SeasonSettings(**base, scoring="fixed"))
    with pytest.raises(ActionRefused, match="ends before"):
        seasons.create_season(host, seasons.SeasonSettings(**{**base, "ends_on": datetime.date(2025, 1, 1)}))
    with pytest.raises(ActionRefused):
        seasons.parse_points("10, seven")


def test_the_knockout_goes_to_the_winners_of_the_busting_hand() -> None:
    def hand(number: int, after: dict[int, int], won: dict[int, int]) -> HandResult:
        return HandResult(1, "T", number, False, 100, 0, 1, 400, {1: 200, 2: 100, 3: 100}, after, won)

    hands = [hand(1, {1: 300, 2: 0, 3: 100}, {1: 300}), hand(2, {1: 100, 2: 0, 3: 300}, {3: 200})]
    assert _knockouts(hands[:1], 2) == {1: 1.0}
    split = [hand(1, {1: 300, 2: 0, 3: 200}, {1: 150, 3: 150})]
    assert _knockouts(split, 2) == {1: 0.5, 3: 0.5}
    assert _knockouts([hand(1, {1: 300, 2: 50, 3: 100}, {1: 100})], 2) == {}  # not busted there


# The pages ----------------------------------------------------------------------------------------


def test_the_recap_opens_for_the_nights_players_and_the_recognised_only(
    nights: TwoNights, host_client: Client
) -> None:
    url = f"/nights/{nights.first.pk}/recap/"
    assert host_client.get(url).status_code == 200
    assert phone_of(nights.players["Cy1"]).get(url).status_code == 200
    assert phone_of(nights.players["Ann2"]).get(url).status_code == 200  # recognised as the Ann of that night
    assert phone_of(nights.players["Bo2"]).get(url).status_code == 403  # a new Bo is not the old one
    assert phone_of(nights.players["Di2"]).get(url).status_code == 403
    assert Client().get(url).status_code == 403


def test_the_recap_shows_stacks_pots_places_and_transfers(nights: TwoNights, host_client: Client) -> None:
    page = host_client.get(f"/nights/{nights.first.pk}/recap/").content.decode()
    assert page.count("<svg") == 1 and "Main table: stacks hand by hand" in page
    assert "1st in Main event" in page and "Biggest pots" in page
    for transfer in settle_up.settle(nights.first).transfers:
        assert f"{transfer.payer} pays {transfer.payee}" in page
    results = night_results(nights.first)
    biggest = max(results.hands, key=lambda h: h.pot)
    replay = host_client.get(f"/nights/{nights.first.pk}/recap/hands/{biggest.table_id}/{biggest.number}/")
    assert (
        replay.status_code == 200
        and "Step" not in replay.content.decode()[:0]
        and "replay-step" in replay.content.decode()
    )


def test_an_open_nights_recap_waits_for_the_close(night: Night, host_client: Client) -> None:
    assert host_client.get(f"/nights/{night.pk}/recap/").status_code == 200
    guest = joining.join_night(night, "Eve")
    assert phone_of(guest).get(f"/nights/{night.pk}/recap/").status_code == 404


def test_the_season_page_is_sortable_and_for_its_players_only(nights: TwoNights, host_client: Client) -> None:
    url = f"/seasons/{nights.season.pk}/"
    page = host_client.get(url).content.decode()
    assert "10 x sqrt(n) / sqrt(k) x (1 + log10(b + 0.25))" in page and "<svg" in page
    by_money = host_client.get(url, {"sort": "money"}).content.decode()
    table = seasons.season_table(nights.season)
    richest = max(table.rows, key=lambda r: r.standing.money_net).name
    first_row = by_money.split("<tbody>")[1].split("</tr>")[0]
    assert richest in first_row
    assert phone_of(nights.players["Di2"]).get(url).status_code == 200
    assert Client().get(url).status_code == 403
    stranger = User.objects.create_user("stranger", password="x" * 20)
    other = Client()
    other.force_login(stranger)
    assert other.get(url).status_code == 403
    assert other.get(f"/host/seasons/{nights.season.pk}/edit/").status_code == 404
