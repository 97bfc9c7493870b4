"""A night with a tournament at the Kitchen and the cash game at the Den, side by side: the set-up
of the tests that tournament chips and cash chips never sit at one table.

docs/chips-and-money.md: "Tournament chips are never cash chips". Ann and Bea play the Main event
at the Kitchen (the clock running), Cal entered it and has not sat down yet; Zed plays the cash
game at the Den with Vic, 200 chips bought each, and Uma bought 200 and waits for a seat.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from engine.live import HOST
from tables.live import apply_intent, load_state
from tables.live import tournament as live_tournament
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating
from tables.services.tournament import tournament_clock, tournaments
from tables.tests.tournament_helpers import all_in_and_call, make_tournament

CASH_BUY_IN = 200


@dataclass(frozen=True)
class Scene:
    night: Night
    host: User
    tournament: Tournament
    kitchen: Table  # the Main event's table
    den: Table  # the cash game's table
    ann: Player  # in the Main event, seated at the Kitchen
    cal: Player  # in the Main event, not seated yet
    zed: Player  # cash, seated at the Den
    vic: Player  # cash, seated at the Den
    uma: Player  # cash, waiting for a seat


def cash_player(night: Night, host: User, name: str) -> Player:
    player = joining.join_night(night, name)
    ledger.record_chips_in(player, EntryKind.BUY_IN, CASH_BUY_IN, host)
    return Player.objects.get(pk=player.pk)


def tournament_beside_cash(night: Night, host: User, make_table: Callable[..., Table]) -> Scene:
    kitchen = make_table("Kitchen", max_seats=6)
    den = make_table("Den", max_seats=6)
    tournament, (ann, bea, cal) = make_tournament(night, host, names=("Ann", "Bea", "Cal"))
    seating.move_player(ann, kitchen, 1)
    seating.move_player(bea, kitchen, 2)
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.START)
    zed = cash_player(night, host, "Zed")
    seating.move_player(zed, den, 1)
    vic = cash_player(night, host, "Vic")
    seating.move_player(vic, den, 2)
    uma = cash_player(night, host, "Uma")
    tournament.refresh_from_db()
    return Scene(night, host, tournament, kitchen, den, ann, cal, zed, vic, uma)


@pytest.fixture(name="scene")
def scene_fixture(night: Night, host: User, make_table: Callable[..., Table]) -> Scene:
    """The fixture `scene`, for a test module that imports it (named apart, so that the tests'
    own `scene` parameters do not redefine the import)."""
    return tournament_beside_cash(night, host, make_table)


def chip_counts(scene: Scene) -> dict[str, int]:
    """The night's two counts, each of which must hold at every moment: cash chips bought =
    cash chips held (on the tables, in hand, cashed out), and the tournament's chips in play =
    its players' stacks at the tables + what its entrants not seated yet will sit down with."""
    totals = night_totals.totals(scene.night)
    tournament = Tournament.objects.get(pk=scene.tournament.pk)
    still_in = [e.player_id for e in tournament.entries.filter(place__isnull=True)]
    stacks = {
        seat.player: seat.stack
        for table in scene.night.tables.all()
        for seat in load_state(table.pk).table.seats
    }
    seated = set(Seat.objects.values_list("player_id", flat=True))
    to_sit_down = sum(live_tournament.starting_stack(p) or 0 for p in still_in if p not in seated)
    return {
        "cash chips bought": totals.chips_bought,
        "cash chips held": totals.chips_in_play + totals.chips_cashed_out,
        "tournament chips in play": tournaments.field(tournament).chips_in_play,
        "tournament chips held": sum(stacks.get(str(p), 0) for p in still_in) + to_sit_down,
    }


def check_counts_hold(scene: Scene) -> None:
    counts = chip_counts(scene)
    assert counts["cash chips bought"] == counts["cash chips held"], counts
    assert counts["tournament chips in play"] == counts["tournament chips held"], counts


def all_in_hand(table: Table) -> None:
    """One hand at `table`, everyone all in: whoever sits there, every stack is in play."""
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    all_in_and_call(table)


def everything(scene: Scene) -> Any:
    """What a refused seating must leave as it was: seats, live tables, ledger, log, entries."""
    tables = list(scene.night.tables.order_by("pk"))
    return (
        sorted(Seat.objects.values_list("table_id", "number", "player_id")),
        [load_state(table.pk).table for table in tables],
        LedgerEntry.objects.count(),
        AuditEntry.objects.count(),
        sorted(scene.tournament.entries.values_list("player_id", "place", "out_chips")),
    )


def move_url(scene: Scene, player: Player) -> str:
    """The night page's Move form."""
    return f"/host/nights/{scene.night.pk}/players/{player.pk}/move/"


def panel_move_url(scene: Scene, player: Player) -> str:
    """The host panel's seat form."""
    return f"/host/nights/{scene.night.pk}/players/{player.pk}/panel/move/"


def page_says(response: HttpResponse, words: str) -> None:
    page = html.unescape(response.content.decode())
    assert words in page, page[:200]


def post_refused_seating(
    client: Client, scene: Scene, url: str, data: dict[str, Any], *, hand_at: Table
) -> HttpResponse:
    """The host posts a seating that must be refused: nothing it would change has changed, and
    one hand all in at `hand_at` (what a hand does with whoever sits there) leaves both counts
    whole. The page it answered with, for the test to read the refusal's words."""
    before = everything(scene)
    response = client.post(url, data, follow=True)
    changed = everything(scene) != before
    all_in_hand(hand_at)
    check_counts_hold(scene)
    assert not changed
    return response
