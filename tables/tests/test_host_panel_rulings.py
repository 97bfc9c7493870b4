"""Rulings from the host panel: one tap plus a reason, a confirmation of what will change, the
engine's reason when it refuses, and an entry in the open log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.live import HOST, view
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Table
from tables.models.live import HandEvent
from tables.services.hosting import host_rulings
from tables.services.ledger import ledger, night_totals
from tables.tests.conftest import host_calls
from tables.tests.live_helpers import SEED, seat_players

pytestmark = pytest.mark.django_db


def test_adjusting_a_stack_previews_the_change_then_makes_it_with_its_reason(
    table: Table, host: User
) -> None:
    ann, _ = seat_players(table, ["Ann", "Bob"])
    ledger.record_chips_in(ann, "buy_in", 200, host)
    shown = host_rulings.preview(table, host, "adjust_stack", {"seat": "1", "stack": "150", "how": "paid"})
    buy_in = ledger.entries(table.night).get(player=ann)
    assert shown.changes == [
        "Seat 1 (Ann): stack 200 → 150 chips",
        f"Ledger: a correction of -50 chips (-5.00 EUR) to Ann's buy-in #{buy_in.pk}",
    ]
    assert load_state(table.pk).table.seat(1).stack == 200  # a preview changes nothing
    host_rulings.apply_ruling(
        table,
        host,
        "adjust_stack",
        {"seat": "1", "stack": "150", "how": "paid"},
        "miscounted chips",
        shown.version,
    )
    assert load_state(table.pk).table.seat(1).stack == 150
    # One line: the ruling, the ledger's correction, the seat and the stack before and after.
    (logged,) = host_calls().filter(what__startswith="Main table: Adjust a stack:")
    assert logged.what == (
        "Main table: Adjust a stack: Correction: Ann, -50 chips "
        f"(corrects #{buy_in.pk}, buy-in) = -5.00 EUR; "
        "stack at Main table seat 1: 200 → 150 chips"
    )
    assert (logged.who, logged.why) == (host, "miscounted chips")
    # Issue 16, 5: the adjustment writes its own correction, so the night still balances.
    assert night_totals.totals(table.night).chip_difference == 0


def test_moving_the_button_shows_where_it_goes(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob", "Cy"])
    shown = host_rulings.preview(table, host, "move_button", {"seat": "3"})
    assert any(change.endswith("→ seat 3") for change in shown.changes)


def test_a_refused_ruling_shows_the_engines_reason_and_changes_nothing(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    version = load_state(table.pk).version
    with pytest.raises(ActionRefused, match="in the hand being played"):
        host_rulings.apply_ruling(
            table, host, "adjust_stack", {"seat": "1", "stack": "5", "how": "paid"}, "why not", version
        )
    assert load_state(table.pk).version == version
    # No ruling was made; the attempt itself is in the open log ("every ruling preview and
    # attempt is logged").
    logged = host_calls().get()
    assert logged.what.startswith("Main table: Adjust a stack refused: ")
    assert "in the hand being played" in logged.what


def test_a_ruling_needs_a_reason(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    with pytest.raises(ActionRefused, match="Give a reason"):
        host_rulings.apply_ruling(table, host, "pause", {}, " ", 0)


def test_a_ruling_on_a_table_that_moved_on_since_the_preview_is_refused(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    shown = host_rulings.preview(table, host, "move_button", {"seat": "2"})
    apply_intent(table.pk, HOST, {"type": "start_hand"})
    with pytest.raises(ActionRefused):
        host_rulings.apply_ruling(table, host, "move_button", {"seat": "2"}, "late", shown.version)
    # The preview and the refused attempt are logged; no ruling was made.
    assert [entry.what for entry in host_calls().order_by("pk")] == [
        "Main table: Move the button previewed",
        "Main table: Move the button refused: Move the button between hands.",
    ]


def test_only_hosts_can_preview_or_make_rulings(table: Table) -> None:
    seat_players(table, ["Ann", "Bob"])
    stranger = User.objects.create_user(username="stranger", password="x")
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_rulings.preview(table, stranger, "pause", {})
    with pytest.raises(ActionRefused, match="Only the night's host"):
        host_rulings.apply_ruling(table, stranger, "pause", {}, "because", 0)


def test_missing_fields_and_unknown_rulings_are_refused_clearly(table: Table, host: User) -> None:
    with pytest.raises(ActionRefused, match="choose the seat"):
        host_rulings.build_intent("adjust_stack", {"stack": "10"})
    with pytest.raises(ActionRefused, match="whole number"):
        host_rulings.build_intent("adjust_stack", {"seat": "one", "stack": "10"})
    with pytest.raises(ActionRefused, match="not available"):
        host_rulings.build_intent("call_the_police", {})


def test_every_ruling_the_panel_offers_is_one_the_engine_registers() -> None:
    """Brief: misdeal, exposed card, award a pot, kill a hand, undo the last action, adjust a
    stack, move the button, fold an away player, pause."""
    keys = {ruling.key for ruling in host_rulings.available()}
    assert keys == {ruling.key for ruling in host_rulings.RULINGS}
    assert host_rulings.missing() == []


# Rulings about the hand being played (engine.live.rulings) --------------------------------------


@pytest.fixture
def hand_table(table: Table, host: User) -> Table:
    players = seat_players(table, ["Ann", "Bob", "Cy"])
    for player in players:
        ledger.record_chips_in(player, "buy_in", 200, host)
    apply_intent(table.pk, HOST, {"type": "start_hand", "seed": SEED})
    return table


def _rule(table: Table, host: User, key: str, why: str, **values: str) -> list[str]:
    shown = host_rulings.preview(table, host, key, values)
    host_rulings.apply_ruling(table, host, key, values, why, shown.version)
    return shown.changes


def test_a_misdeal_ends_the_hand_with_every_chip_returned_and_records_the_reason(
    hand_table: Table, host: User
) -> None:
    """House rules: "Some dealing errors void the hand and it's re-dealt from scratch." """
    changes = _rule(hand_table, host, "misdeal", "two cards flipped on the deal")
    assert "Hand #1 ends" in changes
    state = load_state(hand_table.pk)
    assert not state.hand_in_progress
    assert sorted(s.stack for s in state.table.seats) == [200, 200, 200]
    recorded = HandEvent.objects.get(table=hand_table, kind="ruling_misdeal").payload
    assert (recorded["reason"], recorded["host"]) == ("two cards flipped on the deal", "hostess")
    assert night_totals.totals(hand_table.night).balanced


def test_killing_a_hand_folds_it(hand_table: Table, host: User) -> None:
    seat = load_state(hand_table.pk).hand.to_act
    changes = _rule(hand_table, host, "kill_hand", "showed his cards to Cy", seat=str(seat))
    assert any(change.endswith(": active → folded") for change in changes)
    assert load_state(hand_table.pk).hand.seat(seat).folded


def test_undoing_the_last_action_takes_the_chips_back(hand_table: Table, host: User) -> None:
    state = load_state(hand_table.pk)
    seat = state.hand.to_act
    player = state.table.occupant(seat).player
    apply_intent(hand_table.pk, f"player:{player}", {"type": "act", "action": {"type": "call"}})
    changes = _rule(hand_table, host, "undo", "called by mistake")
    assert any(change.endswith("bet 2 → 0") for change in changes)
    assert load_state(hand_table.pk).hand.to_act == seat


def test_an_away_player_is_folded(hand_table: Table, host: User) -> None:
    state = load_state(hand_table.pk)
    seat = state.hand.to_act
    apply_intent(hand_table.pk, "system", {"type": "presence", "away": [state.table.occupant(seat).player]})
    _rule(hand_table, host, "fold_away", "phone died", seat=str(seat))
    assert load_state(hand_table.pk).hand.seat(seat).folded


def test_pausing_and_resuming_the_hand(hand_table: Table, host: User) -> None:
    assert "The hand is paused" in _rule(hand_table, host, "pause_hand", "pizza is here")
    assert load_state(hand_table.pk).hand.phase == "paused"
    _rule(hand_table, host, "resume_hand", "pizza eaten")
    assert load_state(hand_table.pk).hand.phase != "paused"


def test_a_hand_ruling_without_a_hand_is_refused_with_the_engines_reason(table: Table, host: User) -> None:
    seat_players(table, ["Ann", "Bob"])
    with pytest.raises(ActionRefused, match="No hand is being played"):
        host_rulings.preview(table, host, "kill_hand", {"seat": "1"})
    assert host_calls().get().what == "Main table: Kill a hand refused: No hand is being played"


def test_awarding_the_pot_ends_the_hand(hand_table: Table, host: User) -> None:
    changes = _rule(hand_table, host, "award_pot", "the board was misread", seat="1")
    assert "Hand #1 ends" in changes
    state = load_state(hand_table.pk)
    assert not state.hand_in_progress and sum(s.stack for s in state.table.seats) == 600


def test_a_card_exposed_during_the_deal_is_dead_and_shown_to_everyone(hand_table: Table, host: User) -> None:
    """House rules: a card exposed during the deal is replaced (engine.house.rulings, "exposed")."""
    hand = load_state(hand_table.pk).hand
    card = str(hand.seat(2).hole[0])
    changes = _rule(
        hand_table, host, "exposed_card", "dealer flipped it", seat="2", card_number="1", during_deal="on"
    )
    # The preview names no hidden face (the host usually plays); once ruled, all see it.
    assert "Seat 2 (Bob): ?? is dead, shown to all" in changes
    after = load_state(hand_table.pk)
    assert card not in [str(c) for c in after.hand.seat(2).hole]
    assert view(after, "public")["hand"]["dead_cards"] == [{"seat": 2, "card": card}]
