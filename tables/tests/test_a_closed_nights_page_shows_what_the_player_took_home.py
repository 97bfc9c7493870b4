"""A closed night's page on a guest's phone: what they put in and took out, no rebuy, and every
hand they played to download.

The night is over: a form to ask the host for a rebuy has nothing left to do there; what the
player cashed out (and their net) is what they want to see. The download is the whole night the
guest was dealt in, however many hands (the table's history list holds only the last 20), with
their own cards and nobody else's unseen ones.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from engine.phh.format import loads_all
from tables.live import apply_intent, load_state
from tables.models import Night, Table
from tables.models.live import Hand
from tables.services.ledger import closing, ledger
from tables.tests.live_helpers import seat_guest
from tables.tests.test_table_page import phone_of
from tables.views.table_page import HISTORY_HANDS, replayed_hand

pytestmark = pytest.mark.django_db

HANDS = HISTORY_HANDS + 3


def _fold_hand(table: Table, number: int) -> None:
    apply_intent(table.pk, "host", {"type": "options", "auto_deal": False})
    apply_intent(table.pk, "host", {"type": "start_hand", "seed": f"{number:02x}" * 32})
    while (state := load_state(table.pk)).hand is not None and not state.hand.finished:
        fold = {"type": "act", "seat": state.hand.to_act, "action": {"type": "fold"}}
        apply_intent(table.pk, "system", fold)


@pytest.fixture
def closed(night: Night, table: Table, host: User) -> dict:
    ann = seat_guest(table, "Ann", 1, 200)
    bo = seat_guest(table, "Bo", 2, 200)
    for number in range(1, HANDS + 1):
        _fold_hand(table, number)
    stacks = {p.display_name: load_state(table.pk).table.seat_of(str(p.pk)).stack for p in (ann, bo)}
    ledger.cash_out(ann, host)
    ledger.cash_out(bo, host)
    closing.close_night(night, host)
    return {"ann": ann, "bo": bo, "stacks": stacks}


def test_the_page_shows_the_cash_out_and_no_rebuy(closed: dict) -> None:
    page = phone_of(closed["ann"]).get("/play/").content.decode()
    assert "This night is over" in page
    assert 'id="my-chips"' not in page and "Rebuy" not in page
    cashed = closed["stacks"]["Ann"]
    assert f'<span data-field="chips-cashed-out">{cashed}</span>' in page
    money = ledger.money_for(closed["ann"].night, cashed)
    net = money - Decimal(20)
    assert f"{money:.2f} EUR" in page
    assert f"{'+' if net > 0 else ''}{net:.2f} EUR" in page


def test_the_phone_asks_for_no_chips_after_the_close(closed: dict) -> None:
    assert phone_of(closed["ann"]).get("/play/chips.json").json() == {"enabled": False}


def test_the_download_holds_every_hand_of_the_night_with_only_her_cards(closed: dict) -> None:
    ann, bo = closed["ann"], closed["bo"]
    response = phone_of(ann).get("/play/night.phhs")
    assert response.status_code == 200
    text = response.content.decode()
    histories = loads_all(text)
    assert len(histories) == HANDS
    for row in Hand.objects.filter(status=Hand.Status.FINISHED):
        hand = replayed_hand(row)
        holes = {s.player: "".join(str(c) for c in s.hole) for s in hand.seats}
        assert holes[str(ann.pk)] in text
        assert holes[str(bo.pk)] not in text


def test_someone_in_no_night_gets_no_file(client: Client) -> None:
    assert client.get("/play/night.phhs").status_code == 404
