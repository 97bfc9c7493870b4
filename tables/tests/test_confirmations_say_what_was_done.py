"""After every host button on the ledger and tournament pages, the confirmation says what was
done: who, what and how much, in the words of the line it wrote in the night's open log.

Issue 20: "confirmations like "Hank: done." say nothing". House rules: "The host's call is
final, and open": the host reads the same sentence the players read in the log.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from engine.tournament import RebuyRules
from tables.models import Night, Seat, Table
from tables.models.ledger import ChipRequest, LedgerEntry
from tables.models.tournaments import Tournament, TournamentAction
from tables.services.ledger import chip_requests, ledger
from tables.services.seating import seating
from tables.services.tournament import tournament_clock
from tables.services.tournament import tournament_seating as seating_service
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import seat_players
from tables.tests.tournament_helpers import entry_of, loses_every_chip, make_tournament

pytestmark = pytest.mark.django_db

# What the old confirmations said: nothing a player could check.
SAY_NOTHING = {
    "Done.",
    "Approved.",
    "Declined.",
    "Saved.",
    "Moved.",
    "Correction recorded.",
    "Bust recorded.",
}


def _said(response: object) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def _confirmed(client: Client, url: str, data: dict[str, object] | None = None) -> str:
    """Post one host button; its one success message, checked against the log line it wrote."""
    before = host_calls().count()
    said = _said(client.post(url, data or {}, follow=True))
    lines = list(host_calls().order_by("id")[before:])
    assert len(said) == 1 and lines, (said, [line.what for line in lines])
    assert said[0] not in SAY_NOTHING
    assert said[0].startswith("; ".join(line.what for line in lines)), (said[0], lines[-1].what)
    return said[0]


def test_ledger_buttons_say_who_what_and_how_much(host_client: Client, table: Table, host: User) -> None:
    ann, bob = seat_players(table, ["Ann", "Bob"])
    night = table.night
    buy_in = ledger.record_chips_in(ann, "buy_in", 200, host)
    said = _confirmed(
        host_client,
        reverse("ledger_entry_correct", args=[night.pk, buy_in.pk]),
        {"chips": "-20", "why": "miscounted"},
    )
    assert said.startswith("Correction: Ann, -20 chips (corrects #")
    assert "= -2.00 EUR" in said and "180 chips" in said

    rebuy = ledger.record_chips_in(bob, "rebuy", 100, host)
    said = _confirmed(
        host_client, reverse("ledger_entry_void", args=[night.pk, rebuy.pk]), {"why": "wrong player"}
    )
    assert said.startswith("Void: Bob, -100 chips (voids #") and "-10.00 EUR" in said

    request = chip_requests.request_chips(ann, "top_up", 50)
    said = _confirmed(host_client, reverse("ledger_request", args=[night.pk, request.pk, "approve"]))
    assert said.startswith("Top-up: Ann, 50 chips = 5.00 EUR")
    request = chip_requests.request_chips(bob, "rebuy", 300)
    said = _confirmed(host_client, reverse("ledger_request", args=[night.pk, request.pk, "decline"]))
    assert said == "Declined Bob's rebuy request (300 chips)."
    assert ChipRequest.objects.filter(status=ChipRequest.Status.DECLINED).count() == 1

    ledger.cash_out(ann, host)
    ledger.record_chips_in(bob, "buy_in", 100, host)
    ledger.cash_out(bob, host)
    said = _confirmed(host_client, reverse("ledger_close", args=[night.pk]))
    assert said.startswith("Closed the night: 33.00 EUR in, 33.00 EUR out")
    assert LedgerEntry.objects.count() == 8


def test_tournament_buttons_say_who_what_and_how_much(
    host_client: Client, night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    rules = RebuyRules(max_rebuys=2, rebuy_until_level=2, rebuy_stack=10_000, add_on=True, add_on_stack=5_000)
    kitchen = make_table("Kitchen", max_seats=6)
    tournament, _ = make_tournament(night, host, rules=rules, rebuy_price=20, add_on_price=10)
    detail = f"/host/tournaments/{tournament.pk}/"
    said = _confirmed(host_client, detail + "clock/start/")
    assert said.startswith("Main event: Start")
    # Drawn after the Start, which so deals no hand here: the stacks below are set between hands.
    seating_service.draw_opening_seats(tournament.pk, host)
    dan = entry_of(tournament, "Dan")
    loses_every_chip(kitchen, Seat.objects.get(player__display_name="Dan").player)  # a rebuy is for a bust
    said = _confirmed(host_client, detail + f"entries/{dan}/rebuy/")
    assert "Dan" in said and "rebuy" in said.lower() and "20" in said
    said = _confirmed(host_client, detail + "busts/", {"entry": [str(dan)], f"chips_{dan}": "1500"})
    assert "Dan" in said and "out" in said.lower()
    said = _confirmed(host_client, detail + "busts/undo/", {"why": "wrong player"})
    assert said.startswith("Main event: Undid the bust of Dan")
    said = _confirmed(host_client, detail + "clock/next/", {"confirmed": "1"})
    assert "level 2" in said.lower() and said.endswith("Undo it within a minute if it was a mistake.")
    tournament_clock.run_clock(tournament.pk, host, TournamentAction.PAUSE)


def test_the_seating_buttons_say_who_sits_where(
    host_client: Client, night: Night, host: User, make_table: Callable[..., Table]
) -> None:
    tournament, _ = make_tournament(night, host, names=("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus"))
    tables = [make_table("Kitchen", max_seats=5), make_table("Lounge", max_seats=5)]
    ticked = {f"table_{t.pk}": "on" for t in tables} | {f"seats_{t.pk}": "5" for t in tables}
    said = _confirmed(host_client, reverse("tournament_draw", args=[tournament.pk]), ticked)
    assert said.startswith("Main event: Drew seats for 7 players: ")
    assert all(f"{name}: seated at " in said for name in ("Ann", "Gus")), said
    # Five at one table and two at the other: one balancing move, confirmed from the page.
    for seat in Seat.objects.filter(table=tables[1]).order_by("number")[2:]:
        seating.move_player(seat.player, tables[0], seating.free_seat_numbers(tables[0])[0])
    moves = seating_service.propose_moves(Tournament.objects.get(pk=tournament.pk))
    assert len(moves) == 1
    plan = json.dumps([move.to_json() for move in moves])
    said = _confirmed(host_client, reverse("tournament_moves", args=[tournament.pk]), {"moves": plan})
    assert "Moved a player" in said and "to table 2 seat" in said, said
