"""Every host action is one line in the night's open log, with who, when, what exactly and why;
an action on a season, which is not a night, is one line in the season's own open log.

House rules: "The host's call is final, and open." Issue 20: "Every host action is one log
line with who, when, what exactly (seat, player, amounts before and after) and why."

The lists below are checked against the app itself: every URL under host/ (tables.urls) and
every intent a host may send a table (engine.live.intents.INTENTS). A host action added
without a scenario here fails `test_every_host_action_has_a_scenario`; one added without a
log line fails its scenario.
"""

from __future__ import annotations

import copy
import datetime
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.forms import BaseForm
from django.test import Client
from django.urls import URLPattern, reverse

from engine.live import HOST
from engine.live.intents import INTENTS
from engine.tournament import RebuyRules
from tables import urls
from tables.live import apply_intent, load_state
from tables.models import NameClaim, Night, Player, Season, SeasonAuditEntry, Seat, Table
from tables.models.ledger import AuditEntry, ChipRequest
from tables.models.tournaments import Tournament, TournamentAction
from tables.services import (
    host_panel,
    hosting,
    joining,
    ledger,
    people,
    seasons,
    tournament_clock,
    tournaments,
)
from tables.services import tournament_seating as seating_service
from tables.tests.conftest import host_calls, new_host, new_night, new_table
from tables.tests.live_helpers import seat_players
from tables.tests.made_once import made_once_for_the_module
from tables.tests.tournament_helpers import entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db

WHY = "the reason the host gave"

# Host pages that only show, or compute without recording anything (the deal calculator).
SHOWS_ONLY = {
    "host_home",
    "night_detail",
    "night_status",
    "host_panel",
    "host_panel_status",
    "ledger",
    "ledger_csv",
    "settlement_csv",
    "players_csv",
    "tournament_detail",
    "tournament_seating",
    "tournament_deal",
    "night_people",
}


@dataclass
class Night2:
    """A cash night in progress: Ann and Bob bought in and seated at Main table, Cy bought in
    and waiting, Dee waiting to be let in, Eve asking for a rebuy; an empty Side table."""

    night: Night
    main: Table
    side: Table
    players: dict[str, Player]
    client: Client


def _cash_night(host: User) -> tuple[Night, Table, Table, dict[str, Player]]:
    night = new_night(host)
    main = new_table(night, "Main table", 9)
    side = new_table(night, "Side table", 6)
    ann, bob, eve = seat_players(main, ["Ann", "Bob", "Eve"])
    for player in (ann, bob, eve):
        ledger.record_chips_in(player, "buy_in", 200, host)
    cy = Player.objects.create(
        night=night, display_name="Cy", status=Player.Status.APPROVED, session_token="c"
    )
    ledger.record_chips_in(cy, "buy_in", 100, host)
    dee = Player.objects.create(night=night, display_name="Dee", session_token="d")
    ledger.request_chips(eve, "rebuy", 50)
    return night, main, side, {"Ann": ann, "Bob": bob, "Cy": cy, "Dee": dee, "Eve": eve}


@pytest.fixture(scope="module")
def cash_made_once(
    django_db_setup: None, django_db_blocker: Any
) -> Iterator[tuple[Night, Table, Table, dict[str, Player]]]:
    # Most scenarios start from the same cash night, whose making was most of this module's
    # time: it is made once (tables/tests/made_once.py keeps each test's changes apart).
    with made_once_for_the_module(django_db_blocker):
        yield _cash_night(new_host())


@pytest.fixture
def host(cash_made_once: tuple[Night, ...], db: None) -> User:
    """The host of the cash night, who also hosts each test's tournament night."""
    return User.objects.get(pk=cash_made_once[0].host_id)


@pytest.fixture
def cash(cash_made_once: tuple[Night, Table, Table, dict[str, Player]], host_client: Client) -> Night2:
    return Night2(*copy.deepcopy(cash_made_once), client=host_client)


def _ruling(key: str, **values: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        url = reverse("host_ruling", args=[c.night.pk, c.main.pk])
        version = load_state(c.main.pk).version
        return url, {"ruling": key, **values, "confirm": "1", "version": str(version), "why": WHY}

    return post


def _player(action: str, name: str, **data: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        return reverse("host_player_action", args=[c.night.pk, c.players[name].pk, action]), {
            "why": WHY,
            **data,
        }

    return post


def _table(action: str, **data: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        return reverse("host_table_action", args=[c.night.pk, c.main.pk, action]), {"why": WHY, **data}

    return post


def _deal(c: Night2) -> None:
    apply_intent(c.main.pk, HOST, {"type": "start_hand"})


def _side(c: Night2) -> dict[str, str]:
    return {"table": str(c.side.pk), "seat": "4"}


def _cy_claims_a_name_from_last_time(c: Night2) -> None:
    """Cy says they are the Cy of a night two weeks ago (that claim is the guest's line, not the host's)."""
    last_time = hosting.create_night(
        c.night.host,
        name="Last time",
        date=c.night.date - datetime.timedelta(days=14),
        currency="EUR",
        chip_value=c.night.chip_value,
        require_approval=False,
    )
    people.claim_name(c.players["Cy"], joining.join_night(last_time, "Cy").pk)


def _claim(decision: str) -> Callable[[Night2], tuple[str, dict[str, Any]]]:
    def post(c: Night2) -> tuple[str, dict[str, Any]]:
        claim = NameClaim.objects.get(player=c.players["Cy"])
        return reverse("name_claim_decide", args=[c.night.pk, claim.pk, decision]), {"why": WHY}

    return post


# (url name, label): (setup, the POST, words the line must hold)
Scenario = tuple[Callable[[Night2], None] | None, Callable[[Night2], tuple[str, dict[str, Any]]], str]
CASH_SCENARIOS: dict[tuple[str, str], Scenario] = {
    ("night_create", ""): (
        None,
        lambda c: (
            reverse("night_create"),
            {"name": "Next week", "date": "2026-12-04", "currency": "EUR", "chip_value": "0.5"},
        ),
        "Opened Next week",
    ),
    ("night_set_status", "reopen"): (
        lambda c: Night.objects.filter(pk=c.night.pk).update(status="closed"),
        lambda c: (reverse("night_set_status", args=[c.night.pk]), {"status": "open", "why": WHY}),
        "Reopened the night",
    ),
    ("night_archive", ""): (
        None,
        lambda c: (reverse("night_archive", args=[c.night.pk]), {"archived": "1", "why": WHY}),
        "Archived the night",
    ),
    ("table_create", ""): (
        None,
        lambda c: (
            reverse("table_create", args=[c.night.pk]),
            {"name": "Kitchen", "game": "nlhe", "max_seats": "6", "small_blind": "1", "big_blind": "2"},
        ),
        "Added Kitchen",
    ),
    ("table_seat_waiting", ""): (
        None,
        lambda c: (reverse("table_seat_waiting", args=[c.night.pk, c.main.pk]), {}),
        "Cy: seated at Side table, seat ",
    ),
    ("player_approve", ""): (
        None,
        lambda c: (reverse("player_approve", args=[c.night.pk, c.players["Dee"].pk]), {"why": WHY}),
        "Let Dee in",
    ),
    ("player_reject", ""): (
        None,
        lambda c: (reverse("player_reject", args=[c.night.pk, c.players["Dee"].pk]), {"why": WHY}),
        "Turned Dee away",
    ),
    ("player_remove", ""): (
        lambda c: ledger.cash_out(c.players["Bob"], None),
        lambda c: (reverse("player_remove", args=[c.night.pk, c.players["Bob"].pk]), {"why": WHY}),
        "Bob has left the night",
    ),
    ("player_move", ""): (
        None,
        lambda c: (
            reverse("player_move", args=[c.night.pk, c.players["Ann"].pk]),
            {"destination": f"{c.side.pk}:4", "why": WHY},
        ),
        "Ann: moved from Main table, seat 1 to Side table, seat 4 with 200 chips",
    ),
    ("player_transfer", ""): (
        None,
        lambda c: (reverse("player_transfer", args=[c.night.pk, c.players["Ann"].pk]), {"why": WHY}),
        "Made a one-time link for Ann",
    ),
    ("host_player_action", "approve"): (None, _player("approve", "Dee"), "Let Dee in"),
    ("host_player_action", "reject"): (None, _player("reject", "Dee"), "Turned Dee away"),
    ("host_player_action", "remove"): (
        lambda c: ledger.cash_out(c.players["Bob"], None),
        _player("remove", "Bob"),
        "Bob has left the night",
    ),
    ("host_player_action", "sit_out"): (None, _player("sit_out", "Ann"), "Sat out Ann (seat 1)"),
    ("host_player_action", "sit_in"): (
        lambda c: apply_intent(c.main.pk, HOST, {"type": "sit_out", "seat": 1}),
        _player("sit_in", "Ann"),
        "Sat back in Ann (seat 1)",
    ),
    ("host_player_action", "move"): (
        None,
        lambda c: _player("move", "Ann", **_side(c))(c),
        "Ann: moved from Main table, seat 1 to Side table, seat 4 with 200 chips",
    ),
    ("host_table_action", "deal"): (None, _table("deal"), "Main table: Dealt the next hand"),
    ("host_table_action", "pause"): (
        lambda c: apply_intent(c.main.pk, HOST, {"type": "start_hand"}),
        _table("pause"),
        "Main table: Paused the table",
    ),
    ("host_table_action", "resume"): (None, _table("resume"), "Main table: Resumed dealing"),
    ("host_table_action", "seat-waiting"): (None, _table("seat-waiting"), "Cy: seated at Side table"),
    ("host_table_action", "swap"): (
        None,
        _table("swap", first="1", second="2"),
        "swapped Ann (now seat 2) and Bob",
    ),
    ("host_table_action", "settings"): (
        None,
        _table("settings", game="blind_holdem", small_blind="1", big_blind="2", reveal="staged"),
        "reveal: in stages, players see their own cards: no",
    ),
    ("host_ruling", "preview"): (
        None,
        lambda c: (
            reverse("host_ruling", args=[c.night.pk, c.main.pk]),
            {"ruling": "move_button", "seat": "2"},
        ),
        "Main table: Move the button previewed",
    ),
    ("host_ruling", "award_pot"): (_deal, _ruling("award_pot", seat="2"), "Seat 2 (Bob): stack"),
    ("host_ruling", "adjust_stack"): (
        None,
        _ruling("adjust_stack", seat="1", stack="250"),
        "Adjust a stack: Correction: Ann, +50 chips",
    ),
    ("host_co_host_add", ""): (
        lambda c: User.objects.create_user(username="friend", password="x"),
        lambda c: (reverse("host_co_host_add", args=[c.night.pk]), {"username": "friend"}),
        "Named friend co-host",
    ),
    ("host_co_host_remove", ""): (
        lambda c: (
            host_panel.name_co_host(c.night, c.night.host, "friend")
            if User.objects.create_user(username="friend", password="x")
            else None
        ),
        lambda c: (reverse("host_co_host_remove", args=[c.night.pk, c.night.co_hosts.get().pk]), {}),
        "Removed friend as co-host",
    ),
    ("ledger_entry_create", "buy_in"): (
        None,
        lambda c: (
            reverse("ledger_entry_create", args=[c.night.pk]),
            {"player": c.players["Ann"].pk, "kind": "top_up", "chips": "40", "why": WHY},
        ),
        "Top-up: Ann, 40 chips = 4.00 EUR; stack at Main table seat 1: 200 → 240 chips",
    ),
    ("ledger_entry_create", "cash_out"): (
        None,
        lambda c: (
            reverse("ledger_entry_create", args=[c.night.pk]),
            {"player": c.players["Ann"].pk, "kind": "cash_out", "why": WHY},
        ),
        "Cash-out: Ann, 200 chips = 20.00 EUR; left Main table seat 1 with 200 chips",
    ),
    ("ledger_entry_correct", ""): (
        None,
        lambda c: (
            reverse(
                "ledger_entry_correct",
                args=[c.night.pk, ledger.entries(c.night).filter(player=c.players["Ann"]).first().pk],
            ),
            {"chips": "-20", "why": WHY},
        ),
        "Correction: Ann, -20 chips",
    ),
    ("ledger_entry_void", ""): (
        None,
        lambda c: (
            reverse(
                "ledger_entry_void",
                args=[c.night.pk, ledger.entries(c.night).filter(player=c.players["Cy"]).first().pk],
            ),
            {"why": WHY},
        ),
        "Void: Cy, -100 chips",
    ),
    ("ledger_request", "approve"): (
        None,
        lambda c: (reverse("ledger_request", args=[c.night.pk, ChipRequest.objects.get().pk, "approve"]), {}),
        "Rebuy: Eve, 50 chips",
    ),
    ("ledger_request", "decline"): (
        None,
        lambda c: (
            reverse("ledger_request", args=[c.night.pk, ChipRequest.objects.get().pk, "decline"]),
            {"why": WHY},
        ),
        "Declined Eve's rebuy request",
    ),
    ("name_claim_decide", "confirm"): (
        _cy_claims_a_name_from_last_time,
        _claim("confirm"),
        f"Recognised Cy as Cy of {datetime.date(2026, 11, 13):%d %b %Y}",
    ),
    ("name_claim_decide", "reject"): (
        _cy_claims_a_name_from_last_time,
        _claim("reject"),
        "Did not recognise Cy as Cy",
    ),
    ("ledger_close", ""): (
        lambda c: (
            [ledger.cash_out(p, None) for p in c.players.values() if p.display_name != "Dee"]
            and ChipRequest.objects.update(status="declined")
        ),
        lambda c: (reverse("ledger_close", args=[c.night.pk]), {}),
        "Closed the night",
    ),
}
# Lines that carry no reason field: the form asks none (a co-host, a table's name, closing).
NO_WHY = {"night_create", "table_create", "table_seat_waiting", "host_co_host_add", "host_co_host_remove"}
NO_WHY |= {"ledger_close", "host_ruling:preview", "ledger_request:approve", "name_claim_decide:confirm"}


@dataclass
class Tourney:
    tournament: Tournament
    client: Client


def _form_data(*forms: BaseForm) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for form in forms:
        for field in form:
            value = field.value()
            if isinstance(value, bool):
                if value:
                    data[field.html_name] = "on"
            elif value is not None:
                data[field.html_name] = value
    return data


def _edit(t: Tourney) -> tuple[str, dict[str, Any]]:
    url = reverse("tournament_edit", args=[t.tournament.pk])
    page = t.client.get(url)
    rows = page.context["rows"]
    return url, _form_data(page.context["form"], rows.management_form, *rows.forms)


def _to_first_break(t: Tourney) -> None:
    tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.START)
    while not tournaments.reading(Tournament.objects.get(pk=t.tournament.pk)).on_break:
        tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.NEXT_LEVEL, confirmed=True)


def _clock(button: str) -> Callable[[Tourney], tuple[str, dict[str, Any]]]:
    return lambda t: (reverse("tournament_clock", args=[t.tournament.pk, button]), {})


def _started(t: Tourney) -> None:
    tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.START)


def _one_left_at_each_table(t: Tourney) -> None:
    """The draw seats two at each table; one busts at each, so the final table is due."""
    seating_service.draw_opening_seats(t.tournament.pk, None)
    for table in seating_service.numbered_tables(t.tournament).values():
        player = table.seats.order_by("number").first().player
        entry = t.tournament.entries.get(player=player).pk
        tournaments.record_busts(t.tournament.pk, None, [(entry, None)])


def _ann_busted(t: Tourney) -> None:
    """The draw seats everyone; Ann loses every chip at her table: a rebuy is hers to take."""
    seating_service.draw_opening_seats(t.tournament.pk, None)
    ann = t.tournament.entries.select_related("player").get(player__display_name="Ann").player
    loses_every_chip(Seat.objects.get(player=ann).table, ann)


def _final_table_confirmed(t: Tourney) -> None:
    _one_left_at_each_table(t)
    moves = seating_service.planned_moves(t.tournament.pk, None)
    seating_service.confirm_moves(t.tournament.pk, None, list(moves))


TournamentScenario = tuple[
    Callable[[Tourney], object] | None, Callable[[Tourney], tuple[str, dict[str, Any]]], str
]
TOURNAMENT_SCENARIOS: dict[tuple[str, str], TournamentScenario] = {
    ("tournament_create", ""): (
        None,
        lambda t: (
            reverse("tournament_create", args=[t.tournament.night_id]),
            {"name": "Late event", "template_key": "home-2h", "buy_in": "10"},
        ),
        "Late event: Created",
    ),
    ("tournament_edit", ""): (None, _edit, "Main event: Edited"),
    ("tournament_clock", "start"): (None, _clock("start"), "Main event: Started the clock"),
    ("tournament_clock", "pause"): (_started, _clock("pause"), "Main event: Paused"),
    ("tournament_clock", "resume"): (
        lambda t: (_started(t), tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.PAUSE)),
        _clock("resume"),
        "Main event: Resumed",
    ),
    ("tournament_clock", "next"): (_started, _clock("next"), "Main event: Next level, from level 1 (25/50)"),
    ("tournament_clock", "previous"): (
        lambda t: (
            _started(t),
            tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.NEXT_LEVEL),
        ),
        _clock("previous"),
        "Main event: Previous level, from level 2 (50/100)",
    ),
    ("tournament_clock", "add-minute"): (_started, _clock("add-minute"), "Main event: Added time: 60 s"),
    ("tournament_clock", "remove-minute"): (
        _started,
        _clock("remove-minute"),
        "Main event: Removed time: 60 s",
    ),
    ("tournament_undo_level", ""): (
        lambda t: (
            _started(t),
            tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.NEXT_LEVEL),
        ),
        lambda t: (reverse("tournament_undo_level", args=[t.tournament.pk]), {}),
        "Undone: Main event: Next level",
    ),
    ("tournament_register", ""): (
        None,
        lambda t: (
            reverse("tournament_register", args=[t.tournament.pk]),
            {
                "player": [
                    Player.objects.create(
                        night=t.tournament.night, display_name="Fay", status="approved", session_token="f"
                    ).pk
                ]
            },
        ),
        "Main event: Entered Fay: buy-in 20 EUR each into the prize pool",
    ),
    ("tournament_rebuy", ""): (
        _ann_busted,
        lambda t: (reverse("tournament_rebuy", args=[t.tournament.pk, entry_of(t.tournament, "Ann")]), {}),
        "Main event: Rebuy for Ann (1 of 1): 0 EUR into the prize pool, 5000 chips",
    ),
    ("tournament_add_on", ""): (
        _to_first_break,
        lambda t: (reverse("tournament_add_on", args=[t.tournament.pk, entry_of(t.tournament, "Ann")]), {}),
        "Main event: Add-on for Ann: 0 EUR into the prize pool, 5000 chips",
    ),
    ("tournament_busts", ""): (
        None,
        lambda t: (
            reverse("tournament_busts", args=[t.tournament.pk]),
            {"entry": [str(entry_of(t.tournament, "Dan"))]},
        ),
        "Main event: Dan is out in 4th",
    ),
    ("tournament_undo_bust", ""): (
        lambda t: tournaments.record_busts(t.tournament.pk, None, [(entry_of(t.tournament, "Dan"), None)]),
        lambda t: (reverse("tournament_undo_bust", args=[t.tournament.pk]), {"why": WHY}),
        "Main event: Undid the bust of Dan (4th)",
    ),
    ("tournament_draw", ""): (
        None,
        lambda t: (reverse("tournament_draw", args=[t.tournament.pk]), {}),
        "Main event: Drew seats for 4 players: ",
    ),
    ("tournament_moves", ""): (
        _one_left_at_each_table,
        lambda t: (
            reverse("tournament_moves", args=[t.tournament.pk]),
            {"moves": json.dumps([move.to_json() for move in seating_service.propose_moves(t.tournament)])},
        ),
        "Main event: Moved a player: ",
    ),
    ("tournament_draw_again", ""): (
        _one_left_at_each_table,
        lambda t: (reverse("tournament_draw_again", args=[t.tournament.pk]), {"why": WHY}),
        "Main event: Drew the moves again (final table): ",
    ),
    ("tournament_undo_moves", ""): (
        _final_table_confirmed,
        lambda t: (reverse("tournament_undo_moves", args=[t.tournament.pk]), {"why": WHY}),
        "Main event: Undid the last moves, everyone back with their chips: ",
    ),
    ("tournament_deal_record", ""): (
        lambda t: seating_service.draw_opening_seats(t.tournament.pk, None),
        lambda t: (
            reverse("tournament_deal_record", args=[t.tournament.pk]),
            {f"amount_{entry.pk}": "20" for entry in t.tournament.entries.all()} | {"why": WHY},
        ),
        "Main event: Ends with a deal (ICM, 80 EUR): Ann 20 EUR, Bea 20 EUR",
    ),
}


@pytest.fixture
def tourney(night: Night, make_table: Callable[..., Table], host: User, host_client: Client) -> Tourney:
    make_table("Kitchen", 2)
    make_table("Lounge", 2)
    rules = RebuyRules(max_rebuys=1, rebuy_until_level=4, rebuy_stack=5000, add_on=True, add_on_stack=5000)
    tournament, _ = make_tournament(night, host, rules=rules)
    return Tourney(tournament, host_client)


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
    seasons.set_nights(season, [early.pk], host)
    return SeasonScene(season, early, night, host_client)


def _season_settings(s: SeasonScene) -> tuple[str, dict[str, Any]]:
    url = reverse("season_edit", args=[s.season.pk])
    form = s.client.get(url).context["form"]
    return url, {**_form_data(form), "name": "Autumn league", "attendance_points": "1", "why": WHY}


# (url name, label): (the POST, words the line must hold). A season is not a night: its line
# goes in the season's own log (tables.services.seasons), and none in any night's.
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
        "Nights that count: counted Friday game (27 Nov 2026); took out Early game (06 Nov 2026); "
        "1 night counts now",
    ),
}


def _url_names() -> set[str]:
    return {
        pattern.name
        for pattern in urls.urlpatterns
        if isinstance(pattern, URLPattern) and str(pattern.pattern).startswith("host/") and pattern.name
    }


def test_every_host_action_has_a_scenario() -> None:
    """A host page or button added without a scenario here fails: write its log line, then
    add it (or add it to SHOWS_ONLY if it records nothing)."""
    covered = {name for name, _ in CASH_SCENARIOS} | {name for name, _ in TOURNAMENT_SCENARIOS}
    covered |= {name for name, _ in SEASON_SCENARIOS}
    assert _url_names() - SHOWS_ONLY == covered
    host_intents = {kind for kind, spec in INTENTS.items() if HOST in spec.roles}
    assert host_intents == set(SOCKET_SCENARIOS)


def _check_complete(line: AuditEntry | SeasonAuditEntry, words: str, why: bool) -> None:
    """Who, when, what exactly and (where the form asks it) why."""
    assert line.who_label == "hostess" and line.when is not None
    assert words in line.what, line.what
    if why:
        assert line.why == WHY


def _check_one_complete_line(
    before: int, night: Night, words: str, why: bool, players_moved: int = 1
) -> AuditEntry:
    """One line in `night`'s log (one per player, for a confirmation of several tournament moves)."""
    lines = list(AuditEntry.objects.filter(pk__gt=before).order_by("id"))
    assert len(lines) == players_moved, [line.what for line in lines]
    line = lines[0]
    assert line.night_id == night.pk, line.night
    _check_complete(line, words, why)
    return line


def _last_id(model: type[AuditEntry] | type[SeasonAuditEntry] = AuditEntry) -> int:
    last = model.objects.order_by("-id").first()
    return last.pk if last is not None else 0


@pytest.mark.parametrize("key", list(CASH_SCENARIOS), ids=[":".join(k).strip(":") for k in CASH_SCENARIOS])
def test_each_host_page_action_writes_one_complete_line(cash: Night2, key: tuple[str, str]) -> None:
    setup, post, words = CASH_SCENARIOS[key]
    if setup is not None:
        setup(cash)
    before = _last_id()
    url, data = post(cash)
    response = cash.client.post(url, data, follow=True)
    assert response.status_code == 200
    label = ":".join(key).strip(":")
    # A new night's first line is in its own log.
    night = Night.objects.latest("id") if key[0] == "night_create" else cash.night
    _check_one_complete_line(before, night, words, why=key[0] not in NO_WHY and label not in NO_WHY)


@pytest.mark.parametrize(
    "key", list(SEASON_SCENARIOS), ids=[":".join(k).strip(":") for k in SEASON_SCENARIOS]
)
def test_each_season_action_writes_one_complete_line_in_the_seasons_log(
    autumn: SeasonScene, key: tuple[str, str]
) -> None:
    post, words = SEASON_SCENARIOS[key]
    before, before_in_nights = _last_id(SeasonAuditEntry), _last_id()
    url, data = post(autumn)
    response = autumn.client.post(url, data, follow=True)
    assert response.status_code == 200
    assert not [m for m in response.context["messages"] if m.level_tag == "error"], data
    lines = list(SeasonAuditEntry.objects.filter(pk__gt=before).order_by("id"))
    assert len(lines) == 1, [line.what for line in lines]
    season = Season.objects.get(name="Winter") if key[0] == "season_list" else autumn.season
    assert lines[0].season_id == season.pk
    assert not AuditEntry.objects.filter(pk__gt=before_in_nights).exists()  # and no night's
    _check_complete(lines[0], words, why=key[0] != "season_list")  # a new season's form asks no why


@pytest.mark.parametrize(
    "key", list(TOURNAMENT_SCENARIOS), ids=[":".join(k).strip(":") for k in TOURNAMENT_SCENARIOS]
)
def test_each_tournament_action_writes_one_complete_line_in_the_nights_log(
    tourney: Tourney, key: tuple[str, str]
) -> None:
    """Issue 16: one log for the night; the tournament's host actions are in it too."""
    setup, post, words = TOURNAMENT_SCENARIOS[key]
    if setup is not None:
        setup(tourney)
    before = _last_id()
    url, data = post(tourney)
    response = tourney.client.post(url, data, follow=True)
    assert not [m for m in response.context["messages"] if m.level_tag == "error"], data
    moved = len(json.loads(data["moves"])) if "moves" in data else 1
    assert moved >= 1
    night = tourney.tournament.night
    why = key[0] in (
        "tournament_undo_bust",
        "tournament_draw_again",
        "tournament_undo_moves",
        "tournament_deal_record",
    )
    _check_one_complete_line(before, night, words, why=why, players_moved=moved)


# Host intents over a table's socket (tables.consumers -> host_panel.socket_command): the
# intent, a setup that makes it possible, and words its line must hold. Rulings the state here
# cannot reach are refused, and a refused ruling attempt is one line too.
SOCKET_SCENARIOS: dict[str, tuple[Callable[[Night2], object] | None, dict[str, Any], str]] = {
    "start_hand": (None, {"type": "start_hand"}, "dealt the next hand: Button: "),
    "pause": (_deal, {"type": "pause"}, "paused dealing"),
    "sit": (
        None,
        {"type": "sit", "seat": 5, "player": "guest", "stack": 100, "name": "Guest"},
        "Seat 5 (Guest) sits down with 100 chips",
    ),
    "leave": (
        None,
        {"type": "leave", "seat": 1},
        "Cash-out: Ann, 200 chips = 20.00 EUR; left Main table seat 1",
    ),
    "sit_out": (None, {"type": "sit_out", "seat": 1}, "Seat 1 (Ann): active → sitting out"),
    "sit_in": (
        lambda c: apply_intent(c.main.pk, HOST, {"type": "sit_out", "seat": 1}),
        {"type": "sit_in", "seat": 1},
        "Seat 1 (Ann): sitting out →",
    ),
    "change_seat": (None, {"type": "change_seat", "seat": 1, "to": 6}, "moved a player to another seat"),
    "set_stack": (None, {"type": "set_stack", "seat": 2, "stack": 150}, "Correction: Bob, -50 chips"),
    "move_button": (None, {"type": "move_button", "seat": 2}, "Button: not placed yet → seat 2"),
    "options": (None, {"type": "options", "action_seconds": 30}, "changed the table's options"),
    "set_game": (
        None,
        {"type": "set_game", "game": "plo", "stakes": {"small_blind": 1, "big_blind": 2}},
        "changed the game",
    ),
    "misdeal": (_deal, {"type": "misdeal", "reason": WHY}, "called a misdeal"),
    "exposed_card": (
        _deal,
        {"type": "exposed_card", "seat": 1, "card_number": 1, "reason": WHY},
        "exposed card",
    ),
    "award_pot": (_deal, {"type": "award_pot", "seat": 2, "reason": WHY}, "awarded the pot: "),
    "kill_hand": (_deal, {"type": "kill_hand", "seat": 1, "reason": WHY}, "killed a hand"),
    "fold_away": (_deal, {"type": "fold_away", "seat": 1, "reason": WHY}, "folded an away player"),
    "undo": (_deal, {"type": "undo", "reason": WHY}, "undid the last action"),
    "pause_hand": (_deal, {"type": "pause_hand", "reason": WHY}, "paused the hand"),
    "resume_hand": (
        lambda c: (_deal(c), apply_intent(c.main.pk, HOST, {"type": "pause_hand"})),
        {"type": "resume_hand", "reason": WHY},
        "resumed the hand",
    ),
    "settle_out_of_turn": (
        _deal,
        {"type": "settle_out_of_turn", "seat": 1, "decision": "stands", "reason": WHY},
        "out of turn",
    ),
    "reveal_rest": (_deal, {"type": "reveal_rest", "reason": WHY}, "revealed the rest"),
    "ruling": (_deal, {"type": "ruling", "ruling": {"type": "pause"}, "reason": WHY}, "made a ruling"),
}


@pytest.mark.parametrize("kind", list(SOCKET_SCENARIOS))
def test_each_host_command_over_the_socket_writes_one_complete_line(
    cash: Night2, host: User, kind: str
) -> None:
    setup, intent, words = SOCKET_SCENARIOS[kind]
    if setup is not None:
        setup(cash)
    before = _last_id()
    try:
        host_panel.socket_command(cash.main.pk, host, intent, f"c-{kind}", None)
    except Exception as refused:  # a refused ruling attempt: still exactly one line, saying so
        assert INTENTS[kind].changes_hand, refused
        line = _check_one_complete_line(before, cash.night, "refused", why=True)
        assert line.what.startswith("Main table: refused: ")
        return
    _check_one_complete_line(before, cash.night, words, why="reason" in intent)
    assert host_calls().filter(pk__gt=before).count() == 1
