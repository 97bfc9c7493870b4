"""The whole-night test's host conveniences at the tables: guests let in all at once, a table's
default buy-in bought as a guest sits down, and tables closed, opened again or removed (see
test_night_conserves_chips.py, whose machine mixes these in, and its module docstring).

The cash night's third table, Three, is the kitchen table with a default buy-in that the host
closes and opens; the tournament's night has the Porch, which nobody chose for the draw. The
other tables keep the rules of the rest of the night (a guest seated there before buying in).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.services.hosting import host_panel, table_closing
from tables.services.ledger import ledger
from tables.services.seating import joining, seating, table_buy_in
from tables.tests.ledger_helpers import play_hand

UPKEEP = st.sampled_from(["Three", "Porch"])


class TableUpkeepSteps:
    """Mixed into the night's machine (its nights, tables, players and invariants)."""

    host: Any
    cash: Night
    cash_tables: list[Table]
    cash_players: list[Player]
    bar_tables: list[Table]
    last_refusal: ActionRefused | None
    refused_changes_nothing: Callable[[], contextlib.AbstractContextManager[None]]

    def _three(self) -> Table:
        return Table.objects.get(pk=self.cash_tables[2].pk)

    def _upkeep_table(self, name: str) -> Table | None:
        found = [t for t in [*self.cash_tables, *self.bar_tables] if t.name == name]
        return Table.objects.get(pk=found[0].pk) if found else None

    @contextlib.contextmanager
    def _door_open_to_the_host(self) -> Iterator[None]:
        """Guests wait for the host at the door of the cash night while they arrive."""
        Night.objects.filter(pk=self.cash.pk).update(require_approval=True)
        self.cash.refresh_from_db()
        try:
            yield
        finally:
            Night.objects.filter(pk=self.cash.pk).update(require_approval=False)
            self.cash.refresh_from_db()

    @precondition(lambda self: len(self.cash_players) < 8)
    @rule(count=st.integers(1, 3), chips=st.integers(20, 400))
    def guests_let_in_all_at_once(self, count: int, chips: int) -> None:
        """Guests wait at the door; the host lets everyone in with one tap (each approval its own
        line), then seats them at Three, where its default buy-in pays for their chips, or takes
        their buy-in first: no chip sits on a table unpaid."""
        arrived = []
        with self._door_open_to_the_host(), self.refused_changes_nothing():
            for _ in range(min(count, 8 - len(self.cash_players))):
                arrived.append(joining.join_night(self.cash, f"P{len(self.cash_players) + len(arrived)}"))
        if self.last_refusal is not None:
            return  # the night is closed
        self.cash_players += arrived
        let_in = host_panel.let_everyone_in(self.cash, self.host)
        assert {p.pk for p in let_in} == {p.pk for p in arrived}
        assert all(
            p.status == Player.Status.APPROVED for p in Player.objects.filter(pk__in=[p.pk for p in arrived])
        )
        three = self._three()
        for guest in arrived:
            free = seating.free_seat_numbers(three)
            if three.default_buy_in and three.is_open and free:
                host_panel.move_player(guest, three, free[0], self.host)
                self._paid_the_default(guest, three)
            else:
                ledger.record_chips_in(guest, EntryKind.BUY_IN, chips, self.host)

    def _paid_the_default(self, guest: Player, table: Table) -> None:
        entries = list(LedgerEntry.objects.filter(player=guest).values_list("kind", "chips"))
        assert entries == [(EntryKind.BUY_IN, table.default_buy_in)], entries
        seat = load_state(table.pk).table.seat_of(str(guest.pk))
        assert seat is not None and seat.stack == table.default_buy_in, seat

    @rule(chips=st.none() | st.integers(-10, 500))
    def default_buy_in_at_three(self, chips: int | None) -> None:
        """The host sets Three's default buy-in (or clears it); 0 or less is refused."""
        with self.refused_changes_nothing():
            table_buy_in.set_default_buy_in(self._three(), self.host, chips)
        if self.last_refusal is None:
            assert self._three().default_buy_in == chips

    @precondition(lambda self: len(self.cash_players) < 8)
    @rule()
    def new_guest_seated_at_three(self) -> None:
        """A guest comes in and the host seats them at Three: with its default buy-in they buy
        it as they sit; without one, or at a closed table, the host takes their money first."""
        three = self._three()
        free = seating.free_seat_numbers(three)
        with self.refused_changes_nothing():
            guest = joining.join_night(self.cash, f"P{len(self.cash_players)}")
        if self.last_refusal is not None or not free:
            if self.last_refusal is None:
                self.cash_players.append(guest)
                ledger.record_chips_in(guest, EntryKind.BUY_IN, 100, self.host)
            return
        self.cash_players.append(guest)
        if not three.default_buy_in:
            ledger.record_chips_in(guest, EntryKind.BUY_IN, 100, self.host)
        with self.refused_changes_nothing():
            host_panel.move_player(guest, three, free[0], self.host)
        if self.last_refusal is not None:
            assert not three.is_open, self.last_refusal
            if not ledger.has_cash_entries(guest):
                ledger.record_chips_in(guest, EntryKind.BUY_IN, 100, self.host)
        elif three.default_buy_in:
            self._paid_the_default(guest, three)

    @rule(seed=st.integers(0, 10**6))
    def hand_at_three(self, seed: int) -> None:
        three = self._three()
        if len([s for s in load_state(three.pk).table.seats if s.stack > 0]) >= 2:
            with contextlib.suppress(ActionRefused):  # a hand half played stays played
                play_hand(three.pk, random.Random(seed))

    @rule(which=UPKEEP, action=st.sampled_from(table_closing.ACTIONS))
    def close_open_or_remove(self, which: str, action: str) -> None:
        """The host closes, opens again or removes Three or the Porch: refused, changing nothing,
        while anyone sits there or chips or a hand are on it."""
        table = self._upkeep_table(which)
        if table is None:
            return  # the Porch comes with the tournament
        was = table.status
        on_it = Seat.objects.filter(table=table).exists() or bool(load_state(table.pk).table.seats)
        with self.refused_changes_nothing():
            table_closing.change_status(table.pk, self.host, action, "tidying up")
        table.refresh_from_db()
        if self.last_refusal is None:
            assert not on_it or action == "reopen", (which, action)
            assert table.status == {"close": "closed", "reopen": "open", "remove": "removed"}[action]
        else:
            assert table.status == was, (which, action, self.last_refusal)
