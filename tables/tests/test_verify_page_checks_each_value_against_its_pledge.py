"""The verify page checks each phone's value against the pledge it made before the deal.

docs/shuffle.md: "Each phone whose pledge closed sees the cut-off and sends its value; a value
that does not hash to its pledge is refused [...] a player whose value never came is dealt a
dead hand (the hand's history says why)." What the deal published (pledges and values) is
public from the deal on, so the page checks it while the night is still open.
"""

from __future__ import annotations

import time

import pytest

from engine.live.fairness import REVEAL_SECONDS, pledge_of
from tables.live import apply_intent, load_state, player_actor
from tables.models import Player, Table
from tables.models.live import Hand
from tables.tests.live_helpers import seat_players
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db

ANN, BO = "a0" * 32, "b0" * 32


def _deal_with_pledges(table: Table, players: list[Player], values: list[str], sent: list[bool]) -> None:
    """Each player pledges their value; the host deals; those `sent` send their values and the
    dealer's time runs out for the others; the hand is folded to its end."""
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    for player, value in zip(players, values, strict=True):
        apply_intent(
            table.pk, player_actor(player.pk), {"type": "shuffle_pledge", "pledge": pledge_of(value)}
        )
    now = time.time()
    apply_intent(table.pk, "host", {"type": "start_hand"}, now=now)
    shown = load_state(table.pk).shuffling.commitment  # each value names the cut-off it answers
    for player, value, sends in zip(players, values, sent, strict=True):
        if sends:
            sent_value = {"type": "shuffle_value", "value": value, "commitment": shown}
            apply_intent(table.pk, player_actor(player.pk), sent_value)
    if load_state(table.pk).shuffling is not None:
        timeout = {"type": "timeout", "version": load_state(table.pk).version}
        apply_intent(table.pk, "system", timeout, now=now + REVEAL_SECONDS + 1)
    while not load_state(table.pk).hand.finished:
        seat = load_state(table.pk).hand.to_act
        apply_intent(table.pk, "system", {"type": "act", "seat": seat, "action": {"type": "fold"}})


def test_every_value_is_shown_to_be_the_one_pledged_before_the_deal(table: Table) -> None:
    ann, bo = seat_players(table, ["Ann", "Bo"])
    _deal_with_pledges(table, [ann, bo], [ANN, BO], [True, True])
    page = phone_of(ann).get("/verify/", {"table": table.pk}).content.decode()
    assert "2 phone values, each the one pledged before the deal" in page
    assert "no value came in time" not in page


def test_a_seat_whose_value_never_came_is_named_with_its_dead_hand(table: Table) -> None:
    ann, bo = seat_players(table, ["Ann", "Bo"])
    _deal_with_pledges(table, [ann, bo], [ANN, BO], [True, False])
    row = Hand.objects.get(table=table)
    seat_of_bo = load_state(table.pk).hand.config.seats[1].seat
    page = phone_of(ann).get("/verify/", {"table": table.pk}).content.decode()
    assert "1 phone value, each the one pledged before the deal" in page
    assert f"Seat {seat_of_bo}: no value came in time, dealt a dead hand" in page
    assert list(row.contributions.values()) == [ANN]


def test_a_value_that_is_not_the_one_pledged_is_shown_not_to_match(table: Table) -> None:
    """The check can fail: a stored value changed after the deal no longer matches its pledge."""
    ann, bo = seat_players(table, ["Ann", "Bo"])
    _deal_with_pledges(table, [ann, bo], [ANN, BO], [True, True])
    row = Hand.objects.get(table=table)
    row.contributions = {
        seat: "c0" * 32 if value == BO else value for seat, value in row.contributions.items()
    }
    row.save(update_fields=["contributions"])
    page = phone_of(ann).get("/verify/", {"table": table.pk}).content.decode()
    assert (
        "a phone&#x27;s value does NOT match its pledge" in page or "a phone's value does NOT match" in page
    )
