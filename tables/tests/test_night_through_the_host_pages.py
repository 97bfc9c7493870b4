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

After every step, besides the checks of the services' night (imported from its machine: the
ledger cross-check, tournament chips in play = chips on its tables + stacks waiting to sit down,
nobody sitting twice, the tournament's money in the ledger, every entry in the log):

- a POST the pages took wrote exactly its lines in the night's open log (one; one per player
  out, or per move confirmed), "Every host action is one log line";
- a POST refused (an error message, a form with errors, a 4xx) changed nothing: ledger, seats,
  live tables and their versions, log lines, players, tournaments and their entries, chip
  requests; and the page the host lands on says why, never a 500;
- no page the host gets names a hidden hole card of a hand in progress: "The host view of a
  live hand shows no hidden cards: the host usually plays" (DESIGN.md).
"""

from __future__ import annotations

import datetime
import html
import itertools
import json
import os
import random
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.db import transaction
from django.http import HttpResponse
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
from tables.live import load_state, player_actor
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AuditEntry, ChipRequest, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services import hosting, ledger
from tables.services.play import apply_intent
from tables.tests.conftest import join_from_phone
from tables.tests.host_action_lines import form_data
from tables.tests.live_helpers import random_action
from tables.tests.night_house_rules import NightFigures, night_figures
from tables.tests.test_night_conserves_chips import PHASES, NightMachine

# Seconds of random play through the pages in one test: `make test` and CI run it; `make test-fast`
# leaves it out, as it does its sibling test_night_conserves_chips.py.
pytestmark = pytest.mark.slow

SEATS = 6
ENTRANTS = 7  # two tables of six: the draw seats everyone, one bust later the final table
STARTING_STACK = 300
REBUY_STACK = 300
ADD_ON_STACK = 200
WHO = st.integers(0, 11)
_hosts = itertools.count()

# What the host types in a chips box: a count, or one of the ways to get it wrong.
BAD_CHIPS = ["-5", "0", "ten", "", "   ", "12.5", "1e9", "99999999999999999999", "50000000", "-0"]
TYPED_CHIPS = st.integers(1, 300).map(str) | st.sampled_from(BAD_CHIPS)


@dataclass(frozen=True)
class Outcome:
    """What a host POST came to: refused (with what the page said) or done."""

    refused: bool
    errors: list[str]
    response: HttpResponse


@dataclass(frozen=True)
class Everything:
    """All a refused POST must leave as it was: the services' night figures, and the chip
    requests and tournament clocks and seatings the pages also change."""

    figures: NightFigures
    requests: tuple[tuple[Any, ...], ...]
    tournaments: tuple[tuple[Any, ...], ...]


def whole(text: str) -> int | None:
    """The chips the ledger takes for `text` (1 to its maximum), or None if it must refuse it."""
    text = text.strip()
    if not re.fullmatch(r"-?\d+", text):
        return None
    chips = int(text)
    return chips if 1 <= chips <= ledger.MAX_CHIPS_PER_ENTRY else None


def card_words(card: str) -> list[str]:
    """A card as the engine writes it ("Th") and as a page draws it ("10♥")."""
    rank, suit = card[:-1], card[-1]
    glyph = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[suit]
    return [card, f"{'10' if rank == 'T' else rank}{glyph}"]


def without_random_tokens(body: str) -> str:
    """The page less what is random on every load (CSRF tokens, links with tokens, QR drawings),
    where two characters like "Ah" could pass for a card by chance."""
    body = re.sub(r"<svg.*?</svg>", "", body, flags=re.DOTALL)
    return re.sub(r'\b(value|href|src|action|data-[a-z-]+)="[^"]*"', "", body)


class NightThroughTheHostPages(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        # Each run is undone afterwards, so runs never see each other's rows.
        self._savepoint = transaction.savepoint()
        live._recent.clear()
        live._projectors.clear()
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

    # Set-up through the forms ------------------------------------------------------------------

    def _night_from_the_form(self, name: str, chip_value: str, approval: bool) -> Night:
        data = {"name": name, "date": "2026-11-27", "currency": "EUR", "chip_value": chip_value}
        response = self.client.post(
            reverse("night_create"), {**data, **({"require_approval": "on"} if approval else {})}
        )
        assert response.status_code == 302, response.content.decode()[:2000]
        return Night.objects.get(host=self.host, name=name)

    def _table_from_the_form(self, night: Night, name: str) -> Table:
        data = {"name": name, "game": "nlhe", "max_seats": str(SEATS), "small_blind": "1", "big_blind": "2"}
        response = self.client.post(reverse("table_create", args=[night.pk]), data)
        assert response.status_code == 302, response.content.decode()[:2000]
        return Table.objects.get(night=night, name=name)

    # The host's POST and what must hold of it --------------------------------------------------

    def everything(self) -> Everything:
        nights = [self.cash, self.tour_night, self.strangers_player.night]
        return Everything(
            night_figures(nights, [*self.cash_tables, *self.tour_tables]),
            tuple(ChipRequest.objects.order_by("pk").values_list("pk", "status", "entry_id")),
            tuple(
                Tournament.objects.filter(night__in=nights)
                .order_by("pk")
                .values_list(
                    "pk",
                    "status",
                    "version",
                    "clock_period_index",
                    "clock_period_started_at",
                    "clock_paused_at",
                    "last_moves",
                    "payout_table",
                    "name",
                )
            ),
        )

    def host_post(self, url: str, data: dict[str, Any], lines: int = 1) -> Outcome:
        """POST as the host; check the log lines it wrote or, refused, that nothing changed; then
        look at the page the host lands on."""
        before = self.everything()
        last = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        hidden = self.hidden_cards()
        response = self.client.post(url, data)
        errors = [str(m) for m in get_messages(response.wsgi_request) if m.level_tag == "error"]
        form_errors = [
            str(error)
            for context in (response.context or [])
            for form in [context.get("form"), context.get("table_form")]
            if form is not None and hasattr(form, "errors")
            for error in form.errors.values()
        ]
        refused = bool(errors or form_errors) or response.status_code >= 400
        if os.environ.get("NIGHT_PRINT"):
            print("POST", url, data, "->", response.status_code, errors or form_errors)
        written = list(AuditEntry.objects.filter(pk__gt=last).order_by("pk"))
        if refused:
            after = self.everything()
            assert after == before, (
                f"POST {url} {data} refused ({errors or form_errors or response.status_code}) but "
                f"changed {before.figures.differences(after.figures)} "
                f"{'requests' if after.requests != before.requests else ''}"
                f"{'tournaments' if after.tournaments != before.tournaments else ''}"
            )
            # A ruling refused is logged as an attempt, on purpose (host_rulings): nothing else.
            assert all("ruling" in line.payload for line in written), [line.what for line in written]
            assert response.status_code in (302, 400, 403, 404), response.status_code
        elif "confirm=next" not in response.get("Location", ""):
            assert len(written) == lines, (url, data, lines, [line.what for line in written])
        page = self.client.get(response["Location"]) if response.status_code == 302 else response
        assert page.status_code < 500
        body = page.content.decode()
        if response.status_code == 302:
            assert page.status_code == 200, (response["Location"], page.status_code)
            for error in errors:
                assert html.escape(error) in body, f"the page does not say {error!r}"
        self.assert_no_hidden_card(body, hidden | self.hidden_cards(), url)
        return Outcome(refused, errors or form_errors, response)

    def hidden_cards(self) -> set[str]:
        """Hole cards of hands in progress that nobody has shown."""
        hidden: set[str] = set()
        for table in [*self.cash_tables, *self.tour_tables]:
            state = load_state(table.pk)
            if state.hand_in_progress and state.hand is not None:
                hidden |= {str(c) for s in state.hand.seats if not s.shown for c in s.hole}
        return hidden

    @staticmethod
    def assert_no_hidden_card(body: str, hidden: set[str], url: str) -> None:
        text = without_random_tokens(body)
        for card in hidden:
            for word in card_words(card):
                assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(word)}(?![0-9A-Za-z])", text), (
                    f"the page after POST {url} names the hidden card {word}"
                )

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
    @rule(who=WHO, stack=TYPED_CHIPS, stale=st.booleans())
    def host_adjusts_a_stack(self, who: int, stack: str, stale: bool) -> None:
        """The ruling "Adjust a stack", confirmed with the table's version the page showed."""
        found = self._seat_of(self._cash_player(who))
        if found is None:
            return
        table, number = found
        version = load_state(table.pk).version - (1 if stale else 0)
        data = {
            "ruling": "adjust_stack",
            "seat": str(number),
            "stack": stack,
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

    # The tournament ----------------------------------------------------------------------------

    @initialize(
        seat_by_hand=st.booleans(),
        first_stack=st.sampled_from([STARTING_STACK, 200, 500]),
    )
    def host_sets_up_the_tournament(self, seat_by_hand: bool, first_stack: int) -> None:
        """Created, set up, entered, drawn and started on its pages."""
        night = self.tour_night
        data = {"name": "Main event", "template_key": "home-2h", "buy_in": "20"}
        self.host_post(reverse("tournament_create", args=[night.pk]), data)
        self.tournament = Tournament.objects.get(night=night)
        edit = reverse("tournament_edit", args=[self.tournament.pk])
        page = self.client.get(edit)
        rows = page.context["rows"]
        setup = form_data(page.context["form"], rows.management_form, *rows.forms)
        setup |= {
            "starting_stack": str(first_stack),
            "max_rebuys": "1",
            "rebuy_until_level": "1",
            "rebuy_price": "20",
            "rebuy_stack": str(REBUY_STACK),
            "add_on": "on",
            "add_on_price": "10",
            "add_on_stack": str(ADD_ON_STACK),
            "payouts": "60, 40",
        }
        outcome = self.host_post(edit, setup)
        assert not outcome.refused, outcome.errors
        self.stacks["starting_stack"] = first_stack
        players = [self._tournament_guest(f"E{i}") for i in range(ENTRANTS)]
        self._register(players)
        outcome = self.host_post(reverse("tournament_draw", args=[self.tournament.pk]), {})
        assert not outcome.refused, outcome.errors
        outcome = self.host_post(reverse("tournament_clock", args=[self.tournament.pk, "start"]), {})
        assert not outcome.refused, outcome.errors
        late = self._tournament_guest("Late")
        self._register([late])
        if seat_by_hand:
            table = self.tour_tables[1]
            free = [n for n in range(1, SEATS + 1) if not Seat.objects.filter(table=table, number=n).exists()]
            url = reverse("host_player_action", args=[night.pk, late.pk, "move"])
            self.host_post(url, {"table": str(table.pk), "seat": str(free[0]), "why": ""})

    def _tournament_guest(self, name: str) -> Player:
        self.phones[0] = join_from_phone(self.tour_night, name)
        return Player.objects.get(night=self.tour_night, display_name=name)

    def _register(self, players: list[Player], extra: list[str] = []) -> Outcome:  # noqa: B006
        assert self.tournament is not None
        ids = [str(player.pk) for player in players] + extra
        return self.host_post(reverse("tournament_register", args=[self.tournament.pk]), {"player": ids})

    def _entries(self) -> list[Any]:
        assert self.tournament is not None
        return list(self.tournament.entries.select_related("player").order_by("pk"))

    @precondition(lambda self: self.tournament is not None and len(self._entries()) < ENTRANTS + 4)
    @rule(junk=st.sampled_from([[], ["stranger"], ["x"], ["again"]]))
    def host_enters_a_late_player(self, junk: list[str]) -> None:
        assert self.tournament is not None
        late = self._tournament_guest(f"Late{len(self._entries())}")
        extra = [
            {"stranger": str(self.strangers_player.pk), "x": "x", "again": str(self._entries()[0].player_id)}[
                j
            ]
            for j in junk
        ]
        outcome = self._register([late], extra)
        if junk == ["stranger"]:
            assert (
                outcome.refused or not self.tournament.entries.filter(player=self.strangers_player).exists()
            )

    @precondition(lambda self: self.tournament is not None)
    @rule(
        whos=st.lists(st.integers(0, 12), min_size=0, max_size=3, unique=True),
        chips=st.lists(
            st.integers(1, 900).map(str) | st.sampled_from(["", "lots", "-4"]), min_size=3, max_size=3
        ),
    )
    def host_records_who_is_out(self, whos: list[int], chips: list[str]) -> None:
        """ "Record who is out": one player, or several out in one hand with their chips."""
        assert self.tournament is not None
        entries = self._entries()
        chosen = list(dict.fromkeys(entries[who % len(entries)].pk for who in whos))
        data: dict[str, Any] = {"entry": [str(pk) for pk in chosen]}
        data |= {f"chips_{pk}": typed for pk, typed in zip(chosen, chips, strict=False)}
        outcome = self.host_post(
            reverse("tournament_busts", args=[self.tournament.pk]), data, lines=len(chosen)
        )
        if not chosen:
            assert outcome.refused

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, 12), add_on=st.booleans())
    def host_records_a_rebuy_or_add_on(self, who: int, add_on: bool) -> None:
        assert self.tournament is not None
        entries = self._entries()
        entry = entries[who % len(entries)]
        name = "tournament_add_on" if add_on else "tournament_rebuy"
        self.host_post(reverse(name, args=[self.tournament.pk, entry.pk]), {})

    @precondition(lambda self: self.tournament is not None)
    @rule(why=st.sampled_from(["", "wrong player"]))
    def host_undoes_the_last_bust(self, why: str) -> None:
        assert self.tournament is not None
        outcome = self.host_post(reverse("tournament_undo_bust", args=[self.tournament.pk]), {"why": why})
        if not why:
            assert outcome.refused

    @precondition(lambda self: self.tournament is not None)
    @rule(
        button=st.sampled_from(["next", "next", "pause", "resume", "previous", "add-minute", "rewind"]),
        confirmed=st.booleans(),
    )
    def host_runs_the_clock(self, button: str, confirmed: bool) -> None:
        assert self.tournament is not None
        url = reverse("tournament_clock", args=[self.tournament.pk, button])
        outcome = self.host_post(url, {"confirmed": "1"} if confirmed else {})
        if button == "rewind":
            assert outcome.refused

    @precondition(lambda self: self.tournament is not None)
    @rule(action=st.sampled_from(["again", "again-no-reason", "confirm", "confirm-one", "undo", "junk"]))
    def host_works_the_seating(self, action: str) -> None:
        """The seating page: draw the moves again, confirm them (all, or one), undo the last."""
        assert self.tournament is not None
        pk = self.tournament.pk
        if action.startswith("again"):
            why = "" if action == "again-no-reason" else "seen by a player"
            outcome = self.host_post(reverse("tournament_draw_again", args=[pk]), {"why": why})
            if not why:
                assert outcome.refused
        elif action.startswith("confirm") or action == "junk":
            page = self.client.get(reverse("tournament_seating", args=[pk]))
            moves = [] if action == "junk" else [m for _, _, m in page.context["moves"]]
            if action == "confirm":
                moves = [page.context["all_moves"]] if page.context["moves"] else []
            if not moves and action != "junk":
                return
            posted = "[{]" if action == "junk" else moves[0]
            lines = 0 if action == "junk" else len(json.loads(posted))
            outcome = self.host_post(reverse("tournament_moves", args=[pk]), {"moves": posted}, lines=lines)
            if action == "junk":
                assert outcome.refused
        else:
            self.host_post(reverse("tournament_undo_moves", args=[pk]), {"why": "wrong redraw"})

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, 12), table=st.integers(0, 1), seat=st.integers(1, SEATS))
    def host_seats_an_entrant_by_hand(self, who: int, table: int, seat: int) -> None:
        entries = self._entries()
        player = entries[who % len(entries)].player
        url = reverse("host_player_action", args=[self.tour_night.pk, player.pk, "move"])
        self.host_post(url, {"table": str(self.tour_tables[table].pk), "seat": str(seat), "why": ""})

    # What must hold after every step: the services' night's checks, and one more --------------

    # The same functions, invariants already: this machine has the attributes they read.
    cash_chips_are_conserved = NightMachine.cash_chips_are_conserved
    tournament_chips_are_conserved = NightMachine.tournament_chips_are_conserved
    every_live_seat_has_its_seat_record = NightMachine.every_live_seat_has_its_seat_record
    tournament_money_is_in_the_ledger = NightMachine.tournament_money_is_in_the_ledger
    every_ledger_entry_has_its_log_line = NightMachine.every_ledger_entry_has_its_log_line
    one_kind_of_chips_at_each_table = NightMachine.one_kind_of_chips_at_each_table
    _kind_of_chips = NightMachine._kind_of_chips

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
