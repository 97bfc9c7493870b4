"""The host's log names a card ruled exposed once everyone sees it, and never before.

House rules (exposed card): a card exposed during the deal "is set aside and treated as a burn"
(dead, shown to all); one exposed later stays live, face up. DESIGN.md, Visibility: "A refusal
message, a ruling preview, a log line ... must never depend on a card its reader may not see:
the host usually plays." The log decides from the public view after the ruling.
"""

from __future__ import annotations

import copy

import pytest
from django.contrib.auth.models import User

from engine.live import HOST, view
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.services.hosting import host_rulings
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def hand_table(table: Table) -> Table:
    seat_players(table, ["Ann", "Bob", "Cy"])
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    return table


def _rule_exposed(table: Table, host: User, **values: str) -> str:
    shown = host_rulings.preview(table, host, "exposed_card", values)
    host_rulings.apply_ruling(table, host, "exposed_card", values, "the dealer flipped it", shown.version)
    return host_calls().filter(what__startswith="Main table: Exposed card:").get().what


def test_a_card_exposed_during_the_deal_is_named_dead_and_face_up_to_all(
    hand_table: Table, host: User
) -> None:
    card = str(load_state(hand_table.pk).hand.seat(2).hole[0])
    logged = _rule_exposed(hand_table, host, seat="2", card_number="1", during_deal="on")
    assert f"exposed Seat 2's {card} (dead, face up to all)" in logged
    assert "??" not in logged
    assert view(load_state(hand_table.pk), "public")["hand"]["dead_cards"] == [{"seat": 2, "card": card}]


def test_a_live_card_exposed_later_is_named_face_up_to_all(hand_table: Table, host: User) -> None:
    hand = load_state(hand_table.pk).hand
    card, other = str(hand.seat(3).hole[1]), str(hand.seat(3).hole[0])
    logged = _rule_exposed(hand_table, host, seat="3", card_number="2")
    assert f"exposed Seat 3's {card} (face up to all)" in logged
    assert other not in logged  # the card nobody saw stays unnamed


def test_the_log_never_names_a_card_the_public_view_does_not_show(hand_table: Table, host: User) -> None:
    """Whatever the hand's records say, a card the public view does not show is not named."""
    values = {"seat": "2", "card_number": "1"}
    shown = host_rulings.preview(hand_table, host, "exposed_card", values)
    host_rulings.apply_ruling(hand_table, host, "exposed_card", values, "flashed it", shown.version)
    state = load_state(hand_table.pk)
    assert host_rulings.exposure_words(state, 2).startswith("exposed Seat 2's ")
    # The same ruling as a record that points at a card the public never saw (Ann's): unnamed.
    hidden = str(state.hand.seat(1).hole[0])
    tampered = copy.deepcopy(state)
    tampered.hand.extras["exposed"][-1]["card"] = hidden
    words = host_rulings.exposure_words(tampered, 2)
    assert words == "exposed a card of Seat 2 (not shown to all)"
    assert hidden not in words
