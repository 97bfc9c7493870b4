"""Every host page and button of a tournament writes one line in its night's open log, with
who, when, what exactly and why.

House rules: "The host's call is final, and open." Issue 20: "Every host action is one log
line with who, when, what exactly (seat, player, amounts before and after) and why."
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.tournament import PayoutPlan, RebuyRules
from tables.models import Night, Player, Seat, Table
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.tournament import tournament_clock, tournaments
from tables.services.tournament import tournament_seating as seating_service
from tables.tests.host_action_lines import (
    WHY,
    check_one_complete_line,
    form_data,
    host_of_the_cash_night,  # noqa: F401  (a fixture)
    last_line_id,
    made_once_cash_night,  # noqa: F401  (a fixture)
)
from tables.tests.tournament_helpers import entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db


@dataclass
class Tourney:
    tournament: Tournament
    client: Client


def _edit(t: Tourney) -> tuple[str, dict[str, Any]]:
    url = reverse("tournament_edit", args=[t.tournament.pk])
    page = t.client.get(url)
    rows, brackets = page.context["rows"], page.context["brackets"]
    forms = (rows.management_form, *rows.forms, brackets.management_form, *brackets.forms)
    return url, form_data(page.context["form"], *forms)


def _to_first_break(t: Tourney) -> None:
    tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.START)
    while not tournaments.reading(Tournament.objects.get(pk=t.tournament.pk)).on_break:
        tournament_clock.run_clock(t.tournament.pk, None, TournamentAction.NEXT_LEVEL, confirmed=True)


def _clock(button: str) -> Callable[[Tourney], tuple[str, dict[str, Any]]]:
    return lambda t: (reverse("tournament_clock", args=[t.tournament.pk, button]), {})


def _lost_36_seconds(t: Any) -> None:
    """A restart ran 36 s off the clock (as tournament_clock_gaps finds one)."""
    import time

    now = time.time()
    gap = {"from": now - 40, "to": now - 4, "seconds": 36}
    Tournament.objects.filter(pk=t.tournament.pk).update(clock_gap=gap)


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
    ("tournament_clock_gap", "give-back"): (
        lambda t: (_started(t), _lost_36_seconds(t)),
        lambda t: (reverse("tournament_clock_gap", args=[t.tournament.pk, "give-back"]), {}),
        "Main event: Added time: 36 s",
    ),
    ("tournament_clock_gap", "keep"): (
        lambda t: (_started(t), _lost_36_seconds(t)),
        lambda t: (reverse("tournament_clock_gap", args=[t.tournament.pk, "keep"]), {}),
        "Main event: kept the clock as it is",
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
        lambda t: (
            reverse("tournament_draw", args=[t.tournament.pk]),
            {
                key: value
                for table in t.tournament.night.tables.all()
                for key, value in ((f"table_{table.pk}", "on"), (f"seats_{table.pk}", "2"))
            },
        ),
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
    ("tournament_fix_payouts", ""): (
        lambda t: Tournament.objects.filter(pk=t.tournament.pk).update(
            payout_table=PayoutPlan.from_template("standard").to_json()
        ),
        lambda t: (reverse("tournament_fix_payouts", args=[t.tournament.pk]), {}),
        "Main event: Edited: payouts: fixed table % none → 100",
    ),
    ("tournament_colour_up", ""): (
        None,
        lambda t: (
            reverse("tournament_colour_up", args=[t.tournament.pk]),
            {
                "chips": "25, 100",
                "leaving": "25",
                f"count_{entry_of(t.tournament, 'Ann')}_25": "3",
                "winner": [str(entry_of(t.tournament, "Ann"))],
            },
        ),
        "Main event: Colour-up: the 25s leave for 100s; 1 raced (won by Ann); new 100s: Ann 1, Bea 0",
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
    before = last_line_id()
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
    check_one_complete_line(before, night, words, why=why, players_moved=moved)
