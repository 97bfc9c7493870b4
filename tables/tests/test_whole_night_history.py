"""The whole night's history: one PHH file of every hand a viewer may see, and their own summary.

Issue: "download every hand of the night you may see as one PHH file, and your own summary
(hands played, won, net)". Every hand goes through the engine's redaction: a card the viewer
never saw is "??" (docs/design.md, Visibility: "a download ... must never depend on a card its
reader may not see").
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from engine.phh.format import loads_all
from engine.phh.replay import finishing_stacks
from tables.live import apply_intent, load_state
from tables.models import Player, Table
from tables.models.live import Hand
from tables.services.seating import seating
from tables.tests.conftest import new_host, new_night, new_table
from tables.tests.live_helpers import seat_players
from tables.tests.made_once import made_once_for_the_module
from tables.tests.test_table_page import phone_of

pytestmark = pytest.mark.django_db


def _fold_hand(table: Table, seed: str) -> None:
    """A hand (from its own seed: every hand here has other cards) that ends by folds."""
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": seed})
    while (state := load_state(table.pk)).hand is not None and not state.hand.finished:
        fold = {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        apply_intent(table.pk, "system", fold)


def _stack(table: Table, player: Player) -> int:
    seat = load_state(table.pk).table.seat_of(str(player.pk))
    assert seat is not None
    return seat.stack


def _hole_cards(table: Table, number: int) -> dict[str, str]:
    """Each dealt player's hole cards in that hand, by player id (from the stored deal)."""
    from tables.views.table_page import replayed_hand

    hand = replayed_hand(Hand.objects.get(table=table, number=number))
    return {s.player: "".join(str(c) for c in s.hole) for s in hand.seats}


@pytest.fixture(scope="module")
def night_of_two_tables_once(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    # The tests only download from the night (through sessions of their own): it is played once
    # for the module (tables/tests/made_once.py keeps each test's changes apart).
    with made_once_for_the_module(django_db_blocker):
        host = new_host()
        night = new_night(host)
        yield {**_play_the_night(new_table(night, "Kitchen"), new_table(night, "Porch")), "host": host}


@pytest.fixture
def night_of_two_tables(night_of_two_tables_once: dict[str, Any], db: None) -> dict[str, Any]:
    return copy.deepcopy(night_of_two_tables_once)


def _play_the_night(kitchen: Table, porch: Table) -> dict[str, Any]:
    """Ann and Bo play a hand at the Kitchen, Cy and Di at the Porch; then Ann moves to the Porch
    and plays a hand there."""
    ann, bo = seat_players(kitchen, ["Ann", "Bo"])
    cy, di = seat_players(porch, ["Cy", "Di"])
    net = {"ann": -_stack(kitchen, ann)}
    _fold_hand(kitchen, "a1" * 32)
    _fold_hand(porch, "b2" * 32)
    net["ann"] += _stack(kitchen, ann)
    seating.move_player(ann, porch, 5)
    before = _stack(porch, ann)
    _fold_hand(porch, "c3" * 32)
    net["ann"] += _stack(porch, ann) - before
    return {"kitchen": kitchen, "porch": porch, "players": (ann, bo, cy, di), "net": net}


def test_a_player_gets_their_own_hands_and_their_tables_and_no_card_they_never_saw(night_of_two_tables):
    kitchen, porch = night_of_two_tables["kitchen"], night_of_two_tables["porch"]
    ann, bo, cy, _ = night_of_two_tables["players"]
    response = phone_of(ann).get(f"/tables/{porch.pk}/night.phhs")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    hands = loads_all(response.content.decode())
    expected = [f"table{kitchen.pk}_hand1", f"table{porch.pk}_hand1", f"table{porch.pk}_hand2"]
    assert sorted(hands) == sorted(expected)
    for history in hands.values():
        assert finishing_stacks(history) == history["finishing_stacks"], "each hand replays"
    text = response.content.decode()
    assert _hole_cards(kitchen, 1)[str(ann.pk)] in text, "her own cards"
    assert _hole_cards(kitchen, 1)[str(bo.pk)] not in text, "folded cards nobody tabled"
    assert _hole_cards(porch, 1)[str(cy.pk)] not in text, "a hand at a table she had not sat at yet"
    # Bo, at the Kitchen still, never sees the Porch's hands.
    bo_hands = loads_all(phone_of(bo).get(f"/tables/{kitchen.pk}/night.phhs").content.decode())
    assert sorted(bo_hands) == [f"table{kitchen.pk}_hand1"]


def test_the_summary_counts_hands_played_won_and_net_chips(night_of_two_tables):
    ann = night_of_two_tables["players"][0]
    porch = night_of_two_tables["porch"]
    data = phone_of(ann).get(f"/tables/{porch.pk}/night.json").json()
    assert data["hands_played"] == 2
    assert data["net"] == night_of_two_tables["net"]["ann"]
    assert 0 <= data["hands_won"] <= 2
    assert f"{data['hands_played']} hands played" in data["summary"]


def test_the_host_gets_every_hand_of_the_night_with_no_hidden_card(night_of_two_tables):
    kitchen, porch = night_of_two_tables["kitchen"], night_of_two_tables["porch"]
    client = Client()
    client.force_login(night_of_two_tables["host"])
    text = client.get(f"/tables/{kitchen.pk}/night.phhs").content.decode()
    assert len(loads_all(text)) == 3
    for table, number in ((kitchen, 1), (porch, 1), (porch, 2)):
        for cards in _hole_cards(table, number).values():
            assert cards not in text, "hands ended by folds: nobody tabled a card"


def test_someone_who_may_not_watch_the_table_gets_nothing(night_of_two_tables):
    kitchen = night_of_two_tables["kitchen"]
    di = night_of_two_tables["players"][3]
    assert phone_of(di).get(f"/tables/{kitchen.pk}/night.phhs").status_code == 404
