"""Every host tool that moves cash chips writes its ledger line, with the ledger's limits, so the
night balances after any of them (docs/chips-and-money.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Player, Seat, Table
from tables.models.ledger import EntryKind
from tables.services.hosting import host_panel, host_rulings
from tables.services.ledger import closing, ledger, night_totals
from tables.services.ledger.ledger import MAX_CHIPS_PER_ENTRY
from tables.services.seating import seating

pytestmark = pytest.mark.django_db


def _bought_in(table: Table, host: User, chips: dict[str, int]) -> list[Player]:
    players = []
    for number, (name, bought) in enumerate(chips.items(), 1):
        player = Player.objects.create(
            night=table.night, display_name=name, status="approved", session_token=name
        )
        ledger.record_chips_in(player, EntryKind.BUY_IN, bought, host)
        seating.move_player(player, table, number)
        players.append(player)
    return players


def test_adjusting_a_stack_then_correcting_the_buy_in_does_not_count_twice(table: Table, host: User) -> None:
    """Issue 16, 5: a stack adjusted 198 -> 250 and then the buy-in corrected by +52 left 302 chips
    on the table and a ledger 52 short. The adjustment is itself the correction."""
    ann, _ = _bought_in(table, host, {"Ann": 198, "Bob": 200})
    shown = host_rulings.preview(table, host, "adjust_stack", {"seat": "1", "stack": "250", "how": "paid"})
    assert shown.changes[-1].startswith("Ledger: a correction of +52 chips (5.20 EUR) to Ann's buy-in")
    host_rulings.apply_ruling(
        table, host, "adjust_stack", {"seat": "1", "stack": "250", "how": "paid"}, "recount", shown.version
    )
    assert load_state(table.pk).table.seat(1).stack == 250
    (correction,) = ledger.entries(table.night).filter(kind=EntryKind.CORRECTION)
    assert (correction.chips, correction.player, correction.reason) == (
        52,
        ann,
        "recount",  # the ruling's reason; its line in the log names the ruling
    )
    totals = night_totals.totals(table.night)
    assert totals.balanced and totals.chips_bought == 450


def test_an_adjustment_that_takes_more_than_the_last_buy_in_is_refused(table: Table, host: User) -> None:
    _bought_in(table, host, {"Ann": 198, "Bob": 200})
    ledger.record_chips_in(Player.objects.get(display_name="Ann"), EntryKind.TOP_UP, 10, host)
    with pytest.raises(ActionRefused, match="more than their last top-up"):
        host_rulings.preview(table, host, "adjust_stack", {"seat": "1", "stack": "100", "how": "paid"})


def test_the_hosts_socket_leave_cashes_out_a_bought_in_player(table: Table, host: User) -> None:
    """Issue 16, 7: the live table let him go but kept his seat record, and his chips vanished."""
    ann, _ = _bought_in(table, host, {"Ann": 198, "Bob": 200})
    host_panel.socket_command(table.pk, host, {"type": "leave", "seat": 1}, "c1", None)
    assert load_state(table.pk).table.seat_of(str(ann.pk)) is None
    assert not Seat.objects.filter(player=ann).exists()
    cash_out = ledger.entries(table.night).get(player=ann, kind=EntryKind.CASH_OUT)
    assert cash_out.chips == 198
    assert night_totals.totals(table.night).balanced
    closing.close_night(table.night, host)  # Bob is still seated with his chips: it balances


def test_set_stack_over_the_socket_has_the_ledgers_limit_and_writes_its_correction(
    table: Table, host: User
) -> None:
    """Issue 16, 7: set_stack accepted 10^12 chips while the ledger caps an entry at 10^7."""
    ann, _ = _bought_in(table, host, {"Ann": 198, "Bob": 200})
    version = load_state(table.pk).version
    with pytest.raises(ActionRefused, match=f"0 to {MAX_CHIPS_PER_ENTRY}"):
        host_panel.socket_command(
            table.pk, host, {"type": "set_stack", "seat": 1, "stack": 10**12}, "c1", None
        )
    assert load_state(table.pk).version == version
    host_panel.socket_command(table.pk, host, {"type": "set_stack", "seat": 1, "stack": 250}, "c2", None)
    assert load_state(table.pk).table.seat(1).stack == 250
    assert ledger.entries(table.night).get(player=ann, kind=EntryKind.CORRECTION).chips == 52
    assert night_totals.totals(table.night).balanced


def test_a_cash_out_typed_with_another_count_is_refused_and_changes_nothing(
    table: Table, host: User, host_client: Client
) -> None:
    """Issue 16, 8: a cash-out typed as 500 chips silently recorded the real stack (199)."""
    ann, _ = _bought_in(table, host, {"Ann": 199, "Bob": 200})
    response = host_client.post(
        f"/host/nights/{table.night_id}/ledger/entries/",
        {"player": ann.pk, "kind": "cash_out", "chips": "500"},
        follow=True,
    )
    assert "Ann has 199 chips at Main table, not 500" in response.content.decode()
    assert not ledger.entries(table.night).filter(kind=EntryKind.CASH_OUT).exists()
    assert load_state(table.pk).table.seat(1).stack == 199
    host_client.post(
        f"/host/nights/{table.night_id}/ledger/entries/",
        {"player": ann.pk, "kind": "cash_out", "chips": "199"},
    )
    assert ledger.entries(table.night).get(kind=EntryKind.CASH_OUT).chips == 199


def test_a_player_who_cashed_out_does_not_block_the_draw_for_everyone(
    table: Table, host: User, make_table: Callable[..., Table]
) -> None:
    """Issue 16, 9: the whole draw was refused with "A player sits down with chips"."""
    ann, _ = _bought_in(table, host, {"Ann": 198, "Bob": 200})
    ledger.cash_out(ann, host)
    cal = Player.objects.create(night=table.night, display_name="Cal", status="approved", session_token="Cal")
    ledger.record_chips_in(cal, EntryKind.BUY_IN, 150, host)
    other = make_table("Side table", max_seats=6)
    result = host_panel.seat_waiting(other, host)
    assert [seat.player for seat in result.seated] == [cal]
    assert not Seat.objects.filter(player=ann).exists()
    assert night_totals.totals(table.night).balanced


def test_a_correction_cannot_take_back_chips_a_player_no_longer_holds(table: Table, host: User) -> None:
    """Chips leave the night only by a cash-out or a tournament finish (docs/chips-and-money.md):
    taking 4 chips back from a buy-in after its player cashed out every chip would destroy them."""
    player = Player.objects.create(
        night=table.night, display_name="Ann", status="approved", session_token="a"
    )
    buy_in = ledger.record_chips_in(player, EntryKind.BUY_IN, 100, host)
    ledger.cash_out(player, host, "going home")
    entries = ledger.entries(table.night).count()
    with pytest.raises(ActionRefused, match="holds 0 now"):
        ledger.correct(buy_in, -4, host, "typed 104")
    assert ledger.entries(table.night).count() == entries
    assert ledger.chips_in_hand(player) == 0
