"""Once the night is closed, everyone who played it can check every hand: seated or not.

docs/shuffle.md: "anyone, once the night is closed" checks "for every hand whose seeds are
revealed: the seed against the commitment published at the cut-off, each value against its
pledge, the whole deck from the seed and the values against the root." A player who cashed out
before the close, or who busted, is no longer at a table, and must still be able to: the verify
page and the hand history open to every player of the night once it is closed. While the night
is open nothing changes (its table reads as the public's to anyone not seated there).

Closing also takes every player with no chips left off their seat, through the door, as the
host's Has left would (a cash-out of nothing), and the ledger still balances.
"""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.live import apply as engine_apply
from tables.live import apply_intent, load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.models.live import Hand
from tables.services.ledger import closing, seat_commands
from tables.services.ledger.night_totals import totals
from tables.tests.live_helpers import seat_guest
from tables.tests.test_table_page import phone_of
from tables.tests.tournament_helpers import all_in_and_call, all_in_move

pytestmark = pytest.mark.django_db


def _seed_busting_only_seat_3(table: Table) -> str:
    """A seed whose all-in hand leaves seat 3 with nothing and the others with chips (found by
    playing it in the pure engine)."""
    before = load_state(table.pk)
    for number in range(500):
        seed = f"{number:064x}"
        state, _ = engine_apply(before, "host", {"type": "start_hand", "seed": seed}, 0)
        while state.hand_in_progress:
            state, _ = engine_apply(
                state, state.hand.to_act, {"type": "act", "action": all_in_move(state)}, 0
            )
        stacks = {seat.seat: seat.stack for seat in state.table.seats}
        if stacks[3] == 0 and stacks[1] and stacks[2]:
            return seed
    raise AssertionError("no seed found")


@pytest.fixture
def played(table: Table, host: User) -> dict[str, object]:
    """Ann, Bo and Cy buy 100 chips each; one hand all in busts Cy; Bo cashes out; Ann plays on."""
    ann, bo, cy = (seat_guest(table, name, number, 100) for number, name in enumerate(["Ann", "Bo", "Cy"], 1))
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": _seed_busting_only_seat_3(table)})
    all_in_and_call(table)
    assert {s.seat: s.stack for s in load_state(table.pk).table.seats}[3] == 0, "Cy is busted"
    seat_commands.leave_seat(table.pk, {"type": "leave", "seat": 2}, host)
    assert not Seat.objects.filter(player=bo).exists(), "Bo cashed out"
    return {"ann": ann, "bo": bo, "cy": cy, "hand": Hand.objects.get(table=table)}


def _doors(table: Table, number: int) -> list[str]:
    return [
        f"/verify/?table={table.pk}",
        f"/tables/{table.pk}/hands.json",
        f"/tables/{table.pk}/hands/{number}.json",
        f"/tables/{table.pk}/hands/{number}.phh",
        f"/tables/{table.pk}/night.phhs",
    ]


def test_once_closed_a_player_who_cashed_out_and_one_who_busted_check_every_hand(
    played: dict[str, object], table: Table, host: User, night: Night
) -> None:
    closing.close_night(night, host)
    hand: Hand = played["hand"]  # type: ignore[assignment]
    hand.refresh_from_db()
    for name in ("bo", "cy"):
        player: Player = played[name]  # type: ignore[assignment]
        reader = phone_of(player)
        for url in _doors(table, hand.number):
            assert reader.get(url).status_code == 200, f"{name} cannot open {url}"
        page = reader.get("/verify/", {"table": table.pk}).content.decode()
        assert hand.seed in page
        assert page.count("seed, contributions and deck match what was published") == 1
        # Each sees the hand from their own seat, their own cards included.
        steps = reader.get(f"/tables/{table.pk}/hands/{hand.number}.json").json()["steps"]
        seat = next(s for s in hand.config["seats"] if s["player"] == str(player.pk))["seat"]
        [own] = [s for s in steps[-1]["seats"] if s["seat"] == seat]
        assert own["cards"] and all(own["cards"])


def test_once_closed_nobody_else_reads_the_night(
    played: dict[str, object], table: Table, host: User, night: Night
) -> None:
    closing.close_night(night, host)
    hand: Hand = played["hand"]  # type: ignore[assignment]
    for url in _doors(table, hand.number):
        assert Client().get(url).status_code == 404, url


def test_closing_takes_the_busted_player_off_the_table_and_the_ledger_still_balances(
    played: dict[str, object], table: Table, host: User, night: Night
) -> None:
    ann: Player = played["ann"]  # type: ignore[assignment]
    cy: Player = played["cy"]  # type: ignore[assignment]
    before = totals(night)
    closing.close_night(night, host)
    assert list(Seat.objects.filter(table__night=night).values_list("player_id", flat=True)) == [ann.pk]
    assert [seat.player for seat in load_state(table.pk).table.seats] == [str(ann.pk)]
    [cash_out] = LedgerEntry.objects.filter(player=cy, kind=EntryKind.CASH_OUT)
    assert cash_out.chips == 0 and cash_out.money == 0
    after = totals(night)
    assert after.balanced and after.chip_difference == 0
    assert (after.money_in, after.money_out, after.chips_in_play) == (
        before.money_in,
        before.money_out,
        before.chips_in_play,
    )


def test_a_player_who_cashed_out_finds_the_check_on_their_phone_once_closed(
    played: dict[str, object], table: Table, host: User, night: Night
) -> None:
    bo = phone_of(played["bo"])  # type: ignore[arg-type]
    assert 'id="verify-link"' not in bo.get("/play/").content.decode()
    closing.close_night(night, host)
    page = bo.get("/play/").content.decode()
    [link] = re.findall(r'href="([^"]+)" id="verify-link"', page)
    assert bo.get(html.unescape(link)).status_code == 200
