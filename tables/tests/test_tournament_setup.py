"""Setting up a tournament: a copy of a shipped structure, edited as rows; forms refuse nonsense.

"Blind levels rise on a fixed timer" and "Small Blind ... posts half the minimum bet; Big Blind
... posts the full minimum bet": a big blind below the small blind, a level of no minutes, or
payouts that do not add up to 100% are refused with the engine's message.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.tournament import PayoutTable, template
from tables.models import Night
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_setup
from tables.tests.tournament_helpers import T0, make_tournament


@pytest.fixture
def tournament(night: Night, host: User) -> Tournament:
    return make_tournament(night, host)[0]


def _edit_data(tournament: Tournament, **changes: object) -> dict[str, object]:
    """The edit page's form as the host would post it unchanged, with `changes` applied."""
    structure = tournament.get_structure()
    data: dict[str, object] = {
        "name": tournament.name,
        "buy_in": 20,
        "starting_stack": structure.starting_stack,
        "max_rebuys": 0,
        "rebuy_until_level": 0,
        "rebuy_price": 0,
        "rebuy_stack": 0,
        "add_on_price": 0,
        "add_on_stack": 0,
        "payouts": "50, 30, 20",
        "periods-TOTAL_FORMS": len(structure.periods),
        "periods-INITIAL_FORMS": len(structure.periods),
        "periods-MIN_NUM_FORMS": 0,
        "periods-MAX_NUM_FORMS": 1000,
    }
    for i, period in enumerate(structure.periods):
        for key, value in period.to_json().items():
            data[f"periods-{i}-{key}"] = value
    data.update(changes)
    return data


def test_it_creates_a_tournament_from_a_copy_of_a_template(
    night: Night, host: User, host_client: Client
) -> None:
    response = host_client.post(
        f"/host/nights/{night.pk}/tournaments/new/", {"name": "Turbo", "template_key": "turbo", "buy_in": 10}
    )
    tournament = Tournament.objects.get(night=night, name="Turbo")
    assert response.status_code == 302 and response["Location"] == f"/host/tournaments/{tournament.pk}/edit/"
    assert tournament.get_structure() == template("turbo")
    assert tournament.starting_stack == 5_000 and tournament.buy_in == 10
    assert tournament.log.get().action == TournamentAction.CREATE
    assert len(tournament.clock_token) >= 16


def test_it_refuses_a_second_tournament_with_the_same_name(night: Night, host: User) -> None:
    tournament_setup.create_tournament(night, host, name="Main", template_key="turbo", buy_in=10, now=T0)
    with pytest.raises(Exception, match="already has a tournament called 'main'"):
        tournament_setup.create_tournament(night, host, name="main", template_key="turbo", buy_in=10, now=T0)


def test_editing_saves_levels_rows_rebuys_and_payouts(tournament: Tournament, host_client: Client) -> None:
    data = _edit_data(
        tournament,
        **{"periods-0-small_blind": 50, "periods-0-big_blind": 100, "periods-0-ante": 10},
        max_rebuys=2,
        rebuy_until_level=4,
        rebuy_stack=10_000,
        rebuy_price=20,
        payouts="60, 40",
    )
    response = host_client.post(f"/host/tournaments/{tournament.pk}/edit/", data)
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    first = tournament.get_structure().periods[0]
    assert (first.small_blind, first.big_blind, first.ante) == (50, 100, 10)
    assert tournament.get_rebuy_rules().max_rebuys == 2
    assert tournament.get_payouts().fixed == PayoutTable((60, 40))
    # The shipped template is untouched.
    assert template("home-2h").periods[0].big_blind == 50


def test_blank_rows_are_left_out_and_ticked_rows_removed(tournament: Tournament, host_client: Client) -> None:
    count = len(tournament.get_structure().periods)
    data = _edit_data(tournament, **{"periods-1-DELETE": "on"})
    data["periods-TOTAL_FORMS"] = count + 1
    data[f"periods-{count}-kind"] = "level"
    assert host_client.post(f"/host/tournaments/{tournament.pk}/edit/", data).status_code == 302
    tournament.refresh_from_db()
    assert len(tournament.get_structure().periods) == count - 1


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"periods-1-small_blind": 100, "periods-1-big_blind": 40},
            "Level 2: the big blind (40) is smaller than the small blind (100).",
        ),
        ({"periods-2-minutes": 0}, "Level 3: a level must last at least one minute (it says 0)."),
        ({"payouts": "50, 30, 10"}, "The payout percentages add up to 90%, not 100%."),
        ({"payouts": "30, 50, 20"}, "Place 2 pays more (50%) than place 1 (30%)."),
        ({"max_rebuys": 1, "rebuy_until_level": 0, "rebuy_stack": 100}, "Rebuys need a window"),
        ({"periods-0-kind": "break"}, "A structure starts with a blind level, not a break."),
    ],
)
def test_the_edit_form_refuses_nonsense_with_a_clear_message(
    tournament: Tournament, host_client: Client, changes: dict, message: str
) -> None:
    before = tournament.structure
    response = host_client.post(f"/host/tournaments/{tournament.pk}/edit/", _edit_data(tournament, **changes))
    assert response.status_code == 400
    assert message in response.content.decode().replace("&#x27;", "'")
    tournament.refresh_from_db()
    assert tournament.structure == before


def test_the_night_page_links_to_the_tournament_and_its_clock_screen(
    tournament: Tournament, host_client: Client
) -> None:
    page = host_client.get(f"/host/nights/{tournament.night_id}/").content.decode()
    assert f"/host/tournaments/{tournament.pk}/" in page
    assert f"/clock/{tournament.clock_token}/" in page
    assert f"/clock/{tournament.clock_token}/qr.svg" in page


def _host_endpoints(tournament: Tournament) -> list[tuple[str, str]]:
    base = f"/host/tournaments/{tournament.pk}/"
    entry = tournament.entries.first().pk
    return [
        ("get", f"/host/nights/{tournament.night_id}/tournaments/new/"),
        ("post", f"/host/nights/{tournament.night_id}/tournaments/new/"),
        ("get", base),
        ("get", base + "edit/"),
        ("post", base + "edit/"),
        ("post", base + "clock/start/"),
        ("post", base + "register/"),
        ("post", base + f"entries/{entry}/rebuy/"),
        ("post", base + f"entries/{entry}/add-on/"),
        ("post", base + "busts/"),
        ("get", base + "deal/"),
        ("post", base + "deal/"),
        ("get", base + "seating/"),
        ("post", base + "seating/draw/"),
        ("post", base + "seating/moves/"),
    ]


def test_every_host_page_is_for_the_nights_host_only(tournament: Tournament, host_client: Client) -> None:
    other = User.objects.create_user(username="other-host", password="another-long-password")
    stranger = Client()
    stranger.force_login(other)
    anonymous = Client()
    for method, url in _host_endpoints(tournament):
        assert getattr(stranger, method)(url).status_code == 404, url
        response = getattr(anonymous, method)(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/"), url
    # Nothing the others tried changed the tournament.
    tournament.refresh_from_db()
    assert tournament.clock_period_started_at is None
    assert host_client.get(f"/host/tournaments/{tournament.pk}/").status_code == 200
