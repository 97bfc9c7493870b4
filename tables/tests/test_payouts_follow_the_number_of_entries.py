"""A tournament's payouts follow the number of entries, bracket by bracket, from the template the
host picked and edited, on the host's page and the clock screen, until the host fixes them or
the players make a deal.

Entries are the players entered: "Rebuys. ... You can buy back in for a fresh stack and keep
playing" (house rules, Tournament Play): a rebuy puts money in the pool, not a player in the field.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import PayoutTable, RebuyRules, bracket_template
from tables.errors import ActionRefused
from tables.live import apply_intent
from tables.models import Night, Table
from tables.models.tournaments import Tournament
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_deals, tournament_results, tournament_setup, tournaments
from tables.tests.conftest import host_calls
from tables.tests.tournament_helpers import T0

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou")


def _new(night: Night, host: User, template: str = "flat", buy_in: int = 10) -> Tournament:
    return tournament_setup.create_tournament(
        night,
        host,
        name="Main event",
        template_key="home-2h",
        buy_in=buy_in,
        payout_template=template,
        now=T0,
    )


def _enter(tournament: Tournament, host: User, names: tuple[str, ...]) -> None:
    players = [joining.join_night(tournament.night, name) for name in names]
    tournament_setup.register_players(tournament.pk, host, players, now=T0)


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return _new(night, host)


def test_the_places_paid_grow_with_the_field(tournament: Tournament, host: User) -> None:
    _enter(tournament, host, NAMES[:2])
    assert tournament_results.payouts(tournament) == (13, 7)  # 65/35 of 20
    _enter(tournament, host, NAMES[2:7])
    assert tournament_results.payouts(tournament) == (35, 21, 14)  # 7 entries: 50/30/20 of 70
    _enter(tournament, host, NAMES[7:11])
    assert len(tournament_results.payouts(tournament)) == 4  # 11 entries: 4 places
    assert sum(tournament_results.payouts(tournament)) == 110
    assert tournament_results.payout_rule(tournament) == "11 entries: the 11–20 entries bracket pays 4 places"


def test_a_rebuy_grows_the_pool_not_the_places(night: Night, host: User) -> None:
    tournament = _new(night, host)
    _enter(tournament, host, NAMES[:6])
    paid = tournament_results.payouts(tournament)
    entries = list(tournament.entries.all())
    for entry in entries:
        entry.rebuys = 1
        entry.save(update_fields=["rebuys"])
    tournament.rebuy_price = 10
    assert len(tournament_results.payouts(tournament)) == len(paid) == 2
    assert sum(tournament_results.payouts(tournament)) == 120


def test_the_clock_screen_shows_the_bracket_and_its_prizes(tournament: Tournament, host: User) -> None:
    _enter(tournament, host, NAMES[:7])
    state = Client().get(f"/clock/{tournament.clock_token}/state.json").json()
    assert state["payouts"] == [
        {"place": 1, "amount": 35},
        {"place": 2, "amount": 21},
        {"place": 3, "amount": 14},
    ]
    assert state["payout_rule"] == "7 entries: the 7–10 entries bracket pays 3 places"


def test_the_host_page_says_which_bracket_pays(
    tournament: Tournament, host: User, host_client: Client
) -> None:
    _enter(tournament, host, NAMES[:3])
    page = host_client.get(f"/host/tournaments/{tournament.pk}/").content.decode()
    assert "3 entries: the 2–6 entries bracket pays 2 places." in page
    assert "7–10 entries: 50 / 30 / 20" in page
    assert "Fix these payouts" in page


def test_fixed_payouts_stay_as_more_players_enter(tournament: Tournament, host: User) -> None:
    _enter(tournament, host, NAMES[:7])
    tournament_setup.fix_payouts(tournament.pk, host, now=T0)
    assert host_calls().last().what == "Main event: Edited: payouts: fixed table % none → 50, 30, 20"
    _enter(tournament, host, NAMES[7:12])
    tournament.refresh_from_db()
    assert tournament_results.payouts(tournament) == (60, 36, 24)
    assert tournament_results.payout_rule(tournament).startswith("Fixed by the host: 3 places paid")
    with pytest.raises(ActionRefused, match="fixed already"):
        tournament_setup.fix_payouts(tournament.pk, host, now=T0)


def test_a_deal_fixes_the_payouts_it_was_made_on(
    night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    table = make_table("Kitchen", max_seats=6)
    tournament = _new(night, host, buy_in=20)
    _enter(tournament, host, NAMES[:4])
    players = [entry.player for entry in tournament.entries.select_related("player")]
    for number, player in enumerate(players[:3], 1):
        seating.move_player(player, table, number)
        apply_intent(table.pk, "host", {"type": "set_stack", "seat": number, "stack": 1000 * number})
    tournaments.record_busts(tournament.pk, host, [(tournament.entries.get(player=players[3]).pk, None)])
    still_in = tournament_deals.players_still_in(tournament)
    assert tournament_results.payouts(tournament) == (52, 28)  # 4 entries: 65/35 of 80
    amounts = {entry.pk: 0 for entry in still_in} | {still_in[0].pk: 40, still_in[1].pk: 40}
    tournament_deals.record_deal(tournament.pk, host, amounts, "agreed")
    tournament.refresh_from_db()
    assert tournament.get_payouts().fixed == PayoutTable((65, 35))


def _edit_post(tournament: Tournament, **changes: object) -> dict[str, object]:
    """The set-up page as the host posts it, with the payout rows `changes` sets."""
    structure = tournament.get_structure()
    data: dict[str, object] = {
        "name": tournament.name,
        "buy_in": tournament.buy_in,
        "starting_stack": structure.starting_stack,
        **{key: value for key, value in RebuyRules().to_json().items() if value is not False},
        "rebuy_price": 0,
        "add_on_price": 0,
        "payout_template": tournament.get_payouts().template,
        "payouts": "",
        "periods-TOTAL_FORMS": len(structure.periods),
        "periods-INITIAL_FORMS": len(structure.periods),
        "brackets-TOTAL_FORMS": 9,
        "brackets-INITIAL_FORMS": 0,
    }
    for i, period in enumerate(structure.periods):
        for key, value in period.to_json().items():
            data[f"periods-{i}-{key}"] = value
    for i, bracket in enumerate(tournament.get_payouts().brackets.to_json()):
        data[f"brackets-{i}-up_to"] = "" if bracket["up_to"] is None else bracket["up_to"]
        data[f"brackets-{i}-pays"] = ", ".join(str(p) for p in bracket["pays"])
    data.update(changes)
    return data


def test_the_host_edits_a_bracket_and_it_pays(
    tournament: Tournament, host: User, host_client: Client
) -> None:
    url = f"/host/tournaments/{tournament.pk}/edit/"
    page = host_client.get(url).content.decode()
    assert 'value="65, 35"' in page and "Flatter: more places paid" in page
    response = host_client.post(url, _edit_post(tournament, **{"brackets-0-pays": "60, 40"}))
    assert response.status_code == 302, response.content.decode()[:3000]
    _enter(tournament, host, NAMES[:4])
    tournament.refresh_from_db()
    assert tournament_results.payouts(tournament) == (24, 16)
    assert tournament.get_payouts().is_edited


@pytest.mark.parametrize(
    ("rows", "refusal"),
    [
        ({"brackets-0-pays": "60, 30"}, "Bracket 1: The payout percentages add up to 90%, not 100%."),
        ({"brackets-1-pays": "20, 30, 50"}, "Bracket 2: Place 2 pays more (30%) than place 1 (20%)."),
        ({"brackets-1-up_to": "4"}, "Bracket 2 ends at 4 entries, but starts at 7"),
        ({"brackets-0-pays": "fifty"}, "Write the payouts as numbers separated by commas."),
    ],
)
def test_brackets_that_cannot_pay_are_refused_and_nothing_is_saved(
    tournament: Tournament, host_client: Client, rows: dict[str, str], refusal: str
) -> None:
    before = Tournament.objects.values_list("payout_table", "version").get(pk=tournament.pk)
    response = host_client.post(f"/host/tournaments/{tournament.pk}/edit/", _edit_post(tournament, **rows))
    assert response.status_code == 400
    assert refusal in response.content.decode().replace("&#x27;", "'")
    assert Tournament.objects.values_list("payout_table", "version").get(pk=tournament.pk) == before


def test_picking_another_template_without_the_script_takes_its_brackets(
    tournament: Tournament, host_client: Client
) -> None:
    url = f"/host/tournaments/{tournament.pk}/edit/"
    assert host_client.post(url, _edit_post(tournament, payout_template="winner-heavy")).status_code == 302
    tournament.refresh_from_db()
    assert tournament.get_payouts().brackets == bracket_template("winner-heavy")
    assert not tournament.get_payouts().is_edited
    changes = host_calls().filter(payload__has_key="changes").last().payload["changes"]
    assert "payouts: template flat → winner-heavy" in changes


def test_fixed_payouts_typed_on_the_set_up_page_pay_whatever_the_field(
    tournament: Tournament, host: User, host_client: Client
) -> None:
    url = f"/host/tournaments/{tournament.pk}/edit/"
    assert host_client.post(url, _edit_post(tournament, payouts="70, 30")).status_code == 302
    _enter(tournament, host, NAMES[:9])
    tournament.refresh_from_db()
    assert tournament_results.payouts(tournament) == (63, 27)
