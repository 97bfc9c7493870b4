"""A whole night run as the host runs it: every host step is a POST to the host's own pages.

The sibling of test_night_conserves_chips.py, which drives the night through the services: here
the forms and views are in the way too, where the typed text is parsed, defaults are filled in,
the host is checked and refusals become messages. Guests join and ask for chips from their
phones' pages; hands are played by the players through the one write path. A cash night and a
tournament night run side by side: guests let in or turned away, buy-ins and rebuys typed right
and wrong (negative, huge, words, money, missing fields, another night's player), chip requests
approved and declined, stacks adjusted, ledger corrections and voids, cash-outs with a count
typed (the stack, or another number), "Has left", moves, seats drawn, hands dealt from the panel
and left in progress, and a tournament set up, entered, drawn and started on its pages, with
busts (several at once), rebuys, add-ons, a bust undone, moves drawn again, confirmed and
undone; nights closed and reopened.

After every step, besides the checks of the services' night (mixed in from night_invariants.py:
the ledger cross-check, tournament chips in play = chips on its tables + stacks waiting to sit
down, nobody sitting twice, the tournament's money in the ledger, every entry in the log):

- a POST the pages took wrote exactly its lines in the night's open log (one; one per player
  out, or per move confirmed), "Every host action is one log line";
- a POST refused (an error message, a form with errors, a 4xx) changed nothing: ledger, seats,
  live tables and their versions, log lines, players, tournaments and their entries, chip
  requests; and the page the host lands on says why, never a 500;
- no page the host gets names a hidden hole card of a hand in progress: "The host view of a
  live hand shows no hidden cards: the host usually plays" (docs/design.md).
"""

from __future__ import annotations

import datetime
import itertools
import os
import random
import re
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.test import Client, TestCase
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from conftest import examples
from tables import live
from tables.live import apply_intent, load_state, player_actor
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import ChipRequest, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.hosting import hosting
from tables.services.ledger import ledger
from tables.tests.host_pages_night import SEATS, HostPosts, whole
from tables.tests.host_pages_tournament import (
    ADD_ON_STACK,
    REBUY_STACK,
    STARTING_STACK,
    TournamentFromTheHostPages,
)
from tables.tests.live_helpers import random_action
from tables.tests.night_invariants import NightInvariants
from tables.tests.test_night_conserves_chips import PHASES

# Seconds of random play through the pages in one test: `make test` and CI run it; `make test-fast`
# leaves it out, as it does its sibling test_night_conserves_chips.py.
pytestmark = pytest.mark.slow

WHO = st.integers(0, 11)
_hosts = itertools.count()

# What the host types in a chips box: a count, or one of the ways to get it wrong.
BAD_CHIPS = ["-5", "0", "ten", "", "   ", "12.5", "1e9", "99999999999999999999", "50000000", "-0"]
TYPED_CHIPS = st.integers(1, 300).map(str) | st.sampled_from(BAD_CHIPS)


class NightThroughTheHostPages(TournamentFromTheHostPages, HostPosts, NightInvariants, RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        # Each run is undone afterwards, so runs never see each other's rows.
        self._savepoint = transaction.savepoint()
        live._recent.clear()
        live._projectors.clear()
        # Every run's phones come from this one address: each run is a night of its own, and the
        # limit on players joining from an address counts within a night's minutes, not across runs.
        cache.clear()
        self.host = User.objects.create_superuser(username=f"pages{next(_hosts)}", password="x")
        self.client = Client()
        self.client.force_login(self.host)
        self.cash = self._night_from_the_form("Cash game", "0.25", approval=True)
        self.cash_tables = [self._table_from_the_form(self.cash, name) for name in ("One", "Two")]
        self.tour_night = self._night_from_the_form("Tournament", "1", approval=False)
        self.tour_tables = [
            self._table_from_the_form(self.tour_night, name) for name in ("Kitchen", "Lounge")
        ]
        self.bar_tables: list[Table] = []  # the services' night has a cash game beside its tournament
        # Another host's night: its ids typed into this night's forms must be refused.
        stranger = User.objects.create_user(username=f"stranger{next(_hosts)}", password="x")
        other = hosting.create_night(
            stranger,
            name="Elsewhere",
            date=datetime.date(2026, 11, 27),
            currency="EUR",
            chip_value=Decimal(1),
            require_approval=False,
        )
        self.strangers_player = Player.objects.create(
            night=other, display_name="Zed", status=Player.Status.APPROVED, session_token=f"z{other.pk}"
        )
        self.cash_players: list[Player] = []
        self.tournament: Tournament | None = None
        self.stacks = {
            "starting_stack": STARTING_STACK,
            "rebuy_stack": REBUY_STACK,
            "add_on_stack": ADD_ON_STACK,
        }
        self.phones: dict[int, Client] = {}

    def teardown(self) -> None:
        transaction.savepoint_rollback(self._savepoint)
        live._recent.clear()
        live._projectors.clear()

    # Players -----------------------------------------------------------------------------------

    def _cash_player(self, who: int) -> Player:
        return Player.objects.get(pk=self.cash_players[who % len(self.cash_players)].pk)

    def _player_field(self, who: int, whose: str) -> str:
        """The player id the form sends: theirs, another night's, or junk."""
        if whose == "stranger":
            return str(self.strangers_player.pk)
        if whose == "junk":
            return "Ann"
        return str(self._cash_player(who).pk)

    @precondition(lambda self: len(self.cash_players) < 8)
    @rule()
    def a_guest_joins_from_their_phone(self) -> None:
        name = f"P{len(self.cash_players)}"
        phone = Client()
        response = phone.post(reverse("join", args=[self.cash.join_code]), {"display_name": name})
        if not Night.objects.get(pk=self.cash.pk).is_open:
            assert response.status_code == 400, "a guest joined a closed night"
            return
        assert response.status_code == 302, response.content.decode()[:2000]
        player = Player.objects.get(night=self.cash, display_name=name)
        self.cash_players.append(player)
        self.phones[player.pk] = phone

    @initialize(players=st.integers(2, 5), chips=st.integers(20, 400), panel=st.booleans())
    def guests_arrive_and_sit_down(self, players: int, chips: int, panel: bool) -> None:
        """Most nights start like this: guests join from their phones, the host lets them in,
        records their buy-ins and draws their seats, all from the pages."""
        for _ in range(players):
            self.a_guest_joins_from_their_phone()
            self.host_lets_a_guest_in(len(self.cash_players) - 1, "approve", panel)
            self.host_records_chips_in(len(self.cash_players) - 1, "own", "buy_in", str(chips), None, panel)
        self.host_draws_seats_for_those_waiting(0, panel)

    @precondition(lambda self: self.cash_players)
    @rule(who=WHO, decision=st.sampled_from(["approve", "approve", "reject"]), panel=st.booleans())
    def host_lets_a_guest_in(self, who: int, decision: str, panel: bool) -> None:
        player = self._cash_player(who)
        url = (
            reverse("host_player_action", args=[self.cash.pk, player.pk, decision])
            if panel
            else reverse(f"player_{decision}", args=[self.cash.pk, player.pk])
        )
        outcome = self.host_post(url, {"why": ""})
        assert outcome.refused == (player.status != Player.Status.PENDING), outcome.errors

    @precondition(lambda self: self.cash_players)
    @rule(
        who=WHO,
        whose=st.sampled_from(["own", "own", "own", "stranger", "junk"]),
        kind=st.sampled_from(["buy_in", "rebuy", "top_up", "", "prize"]),
        typed=TYPED_CHIPS,
        money=st.none() | st.sampled_from(["5", "7,25", "-3", "lots", "1e999999", "NaN"]),
        panel=st.booleans(),
    )
    def host_records_chips_in(
        self, who: int, whose: str, kind: str, typed: str, money: str | None, panel: bool
    ) -> None:
        """The ledger's (or the panel's) chips form, typed right or wrong."""
        player = self._player_field(who, whose)
        data: dict[str, Any] = {"player": player, "kind": kind, "why": ""}
        data |= {"money": money, "chips": ""} if money is not None else {"chips": typed}
        if panel:
            data["next"] = "panel"
        outcome = self.host_post(reverse("ledger_entry_create", args=[self.cash.pk]), data)
        if money is None and whole(typed) is None:
            assert outcome.refused, f"{typed!r} chips were taken"
        if whose != "own" or kind not in ("buy_in", "rebuy", "top_up"):
            assert outcome.refused, f"{whose} player, {kind!r}: taken"
        if not outcome.refused and money is None:
            assert LedgerEntry.objects.filter(night=self.cash).latest("pk").chips == whole(typed)

    @precondition(lambda self: self.cash_players)
    @rule(who=WHO, typed=TYPED_CHIPS)
    def a_guest_asks_for_chips_from_their_phone(self, who: int, typed: str) -> None:
        player = self._cash_player(who)
        before = self.everything().figures
        self.phones[player.pk].post(reverse("play_chips_request"), {"kind": "rebuy", "chips": typed})
        assert self.everything().figures == before, "a request from a phone moved chips"

    @rule(
        which=st.integers(0, 10**6),
        decision=st.sampled_from(["approve", "decline", "decline", "cancel"]),
        panel=st.booleans(),
        elsewhere=st.booleans(),
    )
    def host_decides_a_chip_request(self, which: int, decision: str, panel: bool, elsewhere: bool) -> None:
        requests = list(ChipRequest.objects.filter(night=self.cash).order_by("pk"))
        request_id = requests[which % len(requests)].pk if requests else which
        night = self.strangers_player.night if elsewhere else self.cash
        url = reverse("ledger_request", args=[night.pk, request_id, decision])
        outcome = self.host_post(url, {"why": "", **({"next": "panel"} if panel else {})})
        if decision == "cancel" or elsewhere:
            assert outcome.refused

    @precondition(lambda self: self.cash_players)
    @rule(table=st.integers(0, 1), panel=st.booleans())
    def host_draws_seats_for_those_waiting(self, table: int, panel: bool) -> None:
        chosen = self.cash_tables[table]
        url = (
            reverse("host_table_action", args=[self.cash.pk, chosen.pk, "seat-waiting"])
            if panel
            else reverse("table_seat_waiting", args=[self.cash.pk, chosen.pk])
        )
        self.host_post(url, {})

    @precondition(lambda self: self.cash_players)
    @rule(
        who=WHO,
        table=st.integers(0, 2),
        seat=st.integers(1, SEATS).map(str) | st.sampled_from(["0", "99", "two", ""]),
        panel=st.booleans(),
    )
    def host_moves_a_player(self, who: int, table: int, seat: str, panel: bool) -> None:
        """The panel's Move (a table and a seat typed) or the night page's list of free seats."""
        player = self._cash_player(who)
        table_id = self.cash_tables[table].pk if table < 2 else self.tour_tables[0].pk
        if panel:
            url = reverse("host_player_action", args=[self.cash.pk, player.pk, "move"])
            outcome = self.host_post(url, {"table": str(table_id), "seat": seat, "why": ""})
        else:
            url = reverse("player_move", args=[self.cash.pk, player.pk])
            outcome = self.host_post(url, {"destination": f"{table_id}:{seat}", "why": ""})
        if table == 2 or not seat.isdigit() or not 1 <= int(seat) <= SEATS:
            assert outcome.refused, f"moved to {table_id}:{seat!r}"

    def _seat_of(self, player: Player) -> tuple[Table, int] | None:
        seat = Seat.objects.filter(player=player).select_related("table").first()
        if seat is None:
            return None
        found = load_state(seat.table_id).table.seat_of(str(player.pk))
        return (seat.table, found.seat) if found is not None else None

    @precondition(lambda self: self.cash_players)
    @rule(
        who=WHO,
        stack=TYPED_CHIPS,
        stale=st.booleans(),
        how=st.sampled_from(["paid", "transfer", "bank"]),
        other=st.integers(1, 6),
    )
    def host_adjusts_a_stack(self, who: int, stack: str, stale: bool, how: str, other: int) -> None:
        """The ruling "Adjust a stack", confirmed with the table's version the page showed, saying
        where the chips went: a miscounted buy-in, another player's seat, or the bank's difference."""
        found = self._seat_of(self._cash_player(who))
        if found is None:
            return
        table, number = found
        version = load_state(table.pk).version - (1 if stale else 0)
        data = {
            "ruling": "adjust_stack",
            "seat": str(number),
            "stack": stack,
            "how": how,
            "other_seat": str(other),
            "confirm": "1",
            "version": str(version),
            "why": "recounted",
        }
        outcome = self.host_post(reverse("host_ruling", args=[self.cash.pk, table.pk]), data)
        if not re.fullmatch(r"\s*(\d+|-0+)\s*", stack) or stale:  # "-0" is 0, as the form reads it
            assert outcome.refused, f"stack {stack!r} (stale: {stale}) taken"

    @rule(
        which=st.integers(0, 10**6), chips=st.integers(-60, 60).map(str) | st.sampled_from(["x", "", "1.5"])
    )
    def host_corrects_an_entry(self, which: int, chips: str) -> None:
        rows = list(ledger.entries(self.cash).order_by("pk"))
        if not rows:
            return
        url = reverse("ledger_entry_correct", args=[self.cash.pk, rows[which % len(rows)].pk])
        outcome = self.host_post(url, {"chips": chips, "why": "recounted"})
        if not re.fullmatch(r"-?\d+", chips):
            assert outcome.refused, f"a correction of {chips!r} taken"

    @rule(which=st.integers(0, 10**6), why=st.sampled_from(["", "recorded twice"]), elsewhere=st.booleans())
    def host_voids_an_entry(self, which: int, why: str, elsewhere: bool) -> None:
        rows = list(ledger.entries(self.cash).order_by("pk"))
        if not rows:
            return
        night = self.strangers_player.night if elsewhere else self.cash
        url = reverse("ledger_entry_void", args=[night.pk, rows[which % len(rows)].pk])
        outcome = self.host_post(url, {"why": why})
        if elsewhere or not why:
            assert outcome.refused

    @precondition(lambda self: self.cash_players)
    @rule(who=WHO, count=st.sampled_from(["none", "held", "held", "other", "text"]), off=st.integers(1, 50))
    def host_cashes_a_player_out(self, who: int, count: str, off: int) -> None:
        """A cash-out with the chips counted typed: the stack, or another number (refused)."""
        player = self._cash_player(who)
        found = self._seat_of(player)
        held = (
            next(s.stack for s in load_state(found[0].pk).table.seats if s.seat == found[1])
            if found is not None
            else ledger.chips_in_hand(player) or 0
        )
        typed = {"none": "", "held": str(held), "other": str(held + off), "text": "all of it"}[count]
        data = {"player": str(player.pk), "kind": "cash_out", "chips": typed, "why": ""}
        outcome = self.host_post(reverse("ledger_entry_create", args=[self.cash.pk]), data)
        if count in ("other", "text"):
            assert outcome.refused, f"a cash-out of {typed!r} taken; {player.display_name} held {held}"
        if not outcome.refused:
            assert LedgerEntry.objects.filter(night=self.cash).latest("pk").chips == held

    @precondition(lambda self: self.cash_players)
    @rule(who=WHO, panel=st.booleans())
    def host_says_a_player_has_left(self, who: int, panel: bool) -> None:
        player = self._cash_player(who)
        url = (
            reverse("host_player_action", args=[self.cash.pk, player.pk, "remove"])
            if panel
            else reverse("player_remove", args=[self.cash.pk, player.pk])
        )
        self.host_post(url, {"why": ""})

    # Hands -------------------------------------------------------------------------------------

    def _tables(self, tournament: bool) -> list[Table]:
        return self.tour_tables if tournament else self.cash_tables

    @rule(
        tournament=st.booleans(),
        table=st.integers(0, 1),
        seed=st.integers(0, 10**6),
        decisions=st.integers(0, 6),
    )
    def host_deals_and_players_act(self, tournament: bool, table: int, seed: int, decisions: int) -> None:
        """The panel's Deal, then a few decisions from the players: the hand may stay in progress
        while the host goes on with other pages."""
        chosen = self._tables(tournament)[table]
        night = self.tour_night if tournament else self.cash
        if not load_state(chosen.pk).hand_in_progress:
            self.host_post(reverse("host_table_action", args=[night.pk, chosen.pk, "deal"]), {"why": ""})
        self._play(chosen, random.Random(seed), decisions)

    @rule(seed=st.integers(0, 10**6))
    def players_finish_every_hand(self, seed: int) -> None:
        for table in [*self.cash_tables, *self.tour_tables]:
            self._play(table, random.Random(seed), 300)

    @staticmethod
    def _play(table: Table, rnd: random.Random, decisions: int) -> None:
        """Up to `decisions` random legal decisions of the players, through the write path."""
        for _ in range(decisions):
            state = load_state(table.pk)
            if not state.hand_in_progress or state.hand is None or state.hand.to_act is None:
                return
            seat, action = random_action(state, rnd)
            player = state.table.occupant(seat).player
            apply_intent(table.pk, player_actor(int(player)), {"type": "act", "action": action})

    # Closing and reopening ---------------------------------------------------------------------

    @rule(tournament=st.booleans(), night_page=st.booleans())
    def host_closes_a_night(self, tournament: bool, night_page: bool) -> None:
        night = self.tour_night if tournament else self.cash
        if night_page:
            self.host_post(reverse("night_set_status", args=[night.pk]), {"status": "closed"})
        else:
            self.host_post(reverse("ledger_close", args=[night.pk]), {})
        night.refresh_from_db()

    @rule(
        tournament=st.booleans(),
        why=st.sampled_from(["", "a buy-in was missed"]),
        status=st.sampled_from(["open", "open", "ajar"]),
    )
    def host_reopens_a_night(self, tournament: bool, why: str, status: str) -> None:
        night = self.tour_night if tournament else self.cash
        was_open = Night.objects.get(pk=night.pk).is_open
        outcome = self.host_post(reverse("night_set_status", args=[night.pk]), {"status": status, "why": why})
        if status != "open" or not why or was_open:
            assert outcome.refused
        night.refresh_from_db()

    # What must hold after every step: the services' night's checks (mixed in), and one more -------

    @invariant()
    def one_seat_per_player(self) -> None:
        players = list(Seat.objects.values_list("player_id", flat=True))
        assert len(players) == len(set(players)), "a player has two seat rows"


# Each night of 20 steps takes a few seconds of CPU. NIGHT_EXAMPLES=50 plays fifty; NIGHT_SHRINK=1
# shrinks a failure (minutes); NIGHT_PRINT=1 prints each POST and what the page said.
class NightThroughTheHostPagesTest(TestCase):
    def test_a_night_run_from_the_host_pages_keeps_every_chip_and_says_every_refusal(self) -> None:
        run_state_machine_as_test(
            NightThroughTheHostPages,
            settings=settings(
                max_examples=int(os.environ.get("NIGHT_EXAMPLES", examples(3))),
                phases=PHASES,
                stateful_step_count=20,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
