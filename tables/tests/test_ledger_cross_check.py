"""Brief: "chips on every table plus chips cashed out equal chips bought, at every moment" (chips
bought by a player not seated yet are counted in their hand until they sit down).

The cross-check: chips on every table plus chips cashed out equal chips bought, at every moment,
across random buy-ins, rebuys, top-ups, cash-outs, seat changes and hands that move chips."""

from __future__ import annotations

import contextlib
import datetime
import random
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Player, Seat
from tables.services.hosting import hosting
from tables.services.ledger import ledger, night_totals
from tables.services.seating import joining, seating
from tables.tests.ledger_helpers import play_hand

# Minutes of random play: `make test` and CI run it; `make test-fast` leaves it out.
pytestmark = pytest.mark.slow

PLAYERS = 4
chips = st.integers(1, 400)
steps = st.lists(
    st.one_of(
        st.tuples(
            st.sampled_from(["buy_in", "rebuy", "top_up"]), st.integers(0, PLAYERS - 1), st.integers(1, 400)
        ),
        st.tuples(st.just("cash_out"), st.integers(0, PLAYERS - 1), st.just(0)),
        st.tuples(st.just("seat"), st.integers(0, PLAYERS - 1), st.integers(0, 1)),
        st.tuples(st.just("hand"), st.integers(0, 1), st.integers(0, 10**6)),
        st.tuples(st.just("correct"), st.integers(0, PLAYERS - 1), st.integers(-50, 50)),
    ),
    max_size=14,
)


class LedgerCrossCheck(TestCase):
    def setUp(self) -> None:
        self.host = User.objects.create_user(username="hostess", password="x")
        self.night = hosting.create_night(
            self.host,
            name="Friday",
            date=datetime.date(2026, 11, 27),
            currency="EUR",
            chip_value=Decimal("0.25"),
            require_approval=False,
        )
        self.tables = [
            hosting.create_table(self.night, name=name, game="nlhe", max_seats=6, small_blind=1, big_blind=2)
            for name in ("One", "Two")
        ]
        self.players = [joining.join_night(self.night, f"P{i}") for i in range(PLAYERS)]

    def check_chips_balance(self) -> None:
        bought = cashed = 0
        for entry in ledger.entries(self.night):
            if entry.is_in:
                bought += entry.chips
            else:
                cashed += entry.chips
        on_tables = sum(seat.stack for table in self.tables for seat in load_state(table.pk).table.seats)
        in_hand = sum(ledger.chips_in_hand(player) or 0 for player in Player.objects.filter(night=self.night))
        assert on_tables + in_hand + cashed == bought, (on_tables, in_hand, cashed, bought)
        totals = night_totals.totals(self.night)
        assert totals.balanced and totals.unbacked_chips == 0
        assert totals.difference == 0

    def step(self, kind: str, who: int, amount: int) -> None:
        if kind == "hand":
            table = self.tables[who]
            ready = [s for s in load_state(table.pk).table.seats if s.stack > 0]
            if len(ready) >= 2:
                play_hand(table.pk, random.Random(amount))
            return
        player = Player.objects.get(pk=self.players[who].pk)
        if kind == "seat":
            if ledger.chips_to_sit_with(player) is None and not Seat.objects.filter(player=player).exists():
                return  # the house rule here: buy in before sitting down
            table = self.tables[amount]
            free = seating.free_seat_numbers(table)
            if free:
                seating.move_player(player, table, free[0])
        elif kind == "cash_out":
            ledger.cash_out(player, self.host)
        elif kind == "correct":
            # Corrections of chips brought in; one of a cash-out records money paid, unbalancing on purpose.
            last = (
                ledger.entries(self.night)
                .filter(player=player, kind__in=["buy_in", "rebuy", "top_up"])
                .last()
            )
            if last is not None and amount:
                ledger.correct(last, amount, self.host, "recounted")
        else:
            ledger.record_chips_in(player, kind, amount, self.host)

    @settings(
        max_examples=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(steps)
    # Bought and cashed out before ever sitting down: nothing to sit with, the seat is refused.
    @example([("buy_in", 0, 193), ("cash_out", 0, 0), ("seat", 0, 0), ("buy_in", 0, 298), ("hand", 0, 566)])
    def test_chips_on_tables_plus_chips_cashed_out_equal_chips_bought(self, plan: list) -> None:
        for kind, who, amount in plan:
            # A refused step changes nothing; the balance must still hold.
            with contextlib.suppress(ActionRefused):
                self.step(kind, who, amount)
            self.check_chips_balance()
