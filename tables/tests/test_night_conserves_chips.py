"""Not one chip or cent lost: a whole night driven through the real services on the real database.

"Chips are bought, sit on a seat, move between seats only through hands or host rulings, and leave
through a cash-out or a tournament finish" (docs/chips-and-money.md). A cash night and a tournament
night are played side by side by the host's own tools: joins, buy-ins, rebuys, seats (a guest seated
before buying in, sent off over the socket or not), seat changes over the socket, draws, swaps,
players sat out and back in, chips asked from phones (approved or declined), random hands through
the write path, stack rulings saying where the chips went (moved from another player, a miscounted
buy-in, the bank's difference) and chips moved between seats over the socket, corrections,
cash-outs, players leaving, a tournament with its draw, busts and their undo, rebuys, a break with
add-ons, balancing and the final table (drawn once, drawn again, confirmed and undone), the clock
taken back a level or its last change undone, an agreed deal, the tournament played to its end with
its winner taken off the table by the host's `leave` over the socket and the last bust undone after,
and closing the night. The cash tables also play the house games
(tables/tests/night_house_rules.py): run it twice, the 7-2 bounty, straddles, the rabbit hunt and
Blind Hold'em's staged reveal, and the host voids entries, archives and reopens nights, draws the
waiting players evenly and moves players with the Move form. The tournament's night has a cash game
of its own at the Bar (added after the draw), and the host's Move tries to take its players to the
tournament's tables and the entrants to the Bar. Every night also plays a featured hand of each
house game's chip-moving moment (tables/tests/night_featured_hands.py): a 7-2 bounty paid, an all-in
run twice with an odd chip to halve, a straddle posted, a rabbit hunted; and the host's rulings in
the middle of a hand at either kind of table (tables/tests/night_rulings.py): a misdeal, an award, a
killed or folded hand, an undone action, an exposed card. A decision the hand offered as legal and
the write path refused fails the night: it would leave the table stuck mid-hand.

After every step:

- cash: chips on the tables + chips in players' hands + chips cashed out = chips bought + the
  bank's difference, for the night (for every player, their net is their balance), and no chip
  sits on a table without a buy-in; the ledger's money in is the money taken in: a stack ruling
  moves money only as its preview told the host (given back or taken at the cash box), a transfer
  and a bank's difference none;
- tournament: chips in play = entries x starting stack + rebuys x rebuy stack + add-ons x
  add-on stack - chips taken out of play, and only players still in hold them (not the winner
  of a tournament over: its end took them out of play); and chips in play, as the tournament
  page and the clock show them, = the chips its tables hold + the stacks its entrants not
  seated yet will sit down with (two enter after the draw, a third any time: the host records
  them out before they sit down, tries a rebuy for them (refused), adds on for them at the
  break and seats them by hand);
- tournament set-up: the host edits the stacks and the prices at random moments (the starting
  stack once before the draw); a stack handed out (the starting stack once an entrant sat down
  or was recorded out, the rebuy or add-on stack once one was recorded) is refused and changes
  nothing, any other edit is saved and the count above follows the stacks it set;
- tournament money: the ledger's entries, rebuys and add-ons are the prize pool; a finished
  tournament has paid all of it out in the ledger (prizes or a deal), a running one nothing;
- no table seats tournament chips and cash chips together (a Move that would is refused);
- every live seat has its seat record (nobody sits twice, nobody sits unseen);
- every ledger entry, cash or tournament, has its line in the open log;
- a season: both nights count in the host's season of their date by themselves; the host says two
  of its people are one ("same person as") and undoes it, marks transfers paid, records cash with
  the bank and marks payments unpaid (tables/tests/night_season_steps.py): none of these changes
  a night's ledger, log, seats or balances, or the season's money, cash and points; its balances
  and what is still owed each add up to 0, a payment changes no one's net, an undo of the newest
  link gives back exactly the people before it, and every link, undo and payment is in the
  season's log;
- a closed night balances, seats nobody with no chips left, and every player who cashed out
  (no longer at a table) checks every hand of it on the verify page;
- the last hand at each table, once over, paid its main pot to the best hand its cards make
  (unless the host ruled on it); the cash tables switch between every game the engine deals;
- an operation refused changed nothing (ledger, log, seats, stacks, nights, entries), and a
  rabbit hunt moves no chip.
"""

from __future__ import annotations

import datetime
import itertools
import os
import random
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import TestCase
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tables.errors import ActionRefused
from tables.live import load_state
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import EntryKind
from tables.models.live import Hand
from tables.models.tournaments import Tournament
from tables.services.hosting import host_panel, host_rulings, hosting
from tables.services.ledger import chip_requests, closing, ledger, night_totals
from tables.services.seasons import seasons
from tables.services.seating import joining, seating
from tables.tests.ledger_helpers import play_hand
from tables.tests.night_featured_hands import FeaturedHandsAtTheCashTables
from tables.tests.night_invariants import NightInvariants
from tables.tests.night_rulings import HostRulingsMidHand
from tables.tests.night_season_steps import SeasonSteps
from tables.tests.night_table_upkeep import TableUpkeepSteps
from tables.tests.night_tournament_steps import ADD_ON_STACK, REBUY_STACK, STARTING_STACK, TournamentSteps
from tables.tests.test_table_page import phone_of

# Minutes of random play: `make test` and CI run it; `make test-fast` leaves it out.
pytestmark = pytest.mark.slow

SEATS = 6
_hosts = itertools.count()

# Each night of 30 steps takes a few seconds of CPU: three keep the suite quick; NIGHT_EXAMPLES=50
# plays fifty. Seat draws and the tournament clock are really random and really timed, so a
# failure found may not replay exactly: read the steps printed with it.
# Shrinking a night takes minutes: NIGHT_SHRINK=1 turns it on when a failure needs reading.
PHASES = list(Phase) if os.environ.get("NIGHT_SHRINK") else [Phase.explicit, Phase.reuse, Phase.generate]


class NightMachine(
    TournamentSteps,
    TableUpkeepSteps,
    SeasonSteps,
    NightInvariants,
    FeaturedHandsAtTheCashTables,
    HostRulingsMidHand,
    RuleBasedStateMachine,
):
    def __init__(self) -> None:
        super().__init__()
        # Each run is undone afterwards, so runs never see each other's rows.
        self._savepoint = transaction.savepoint()
        self.host = User.objects.create_superuser(username=f"host{next(_hosts)}", password="x")
        # The league's season, made first: each night made within its dates counts in it.
        self.season = seasons.create_season(
            self.host,
            seasons.SeasonSettings("November", datetime.date(2026, 11, 1), datetime.date(2026, 11, 30)),
        )
        self.links_made: list[tuple[int, tuple[object, ...]]] = []
        self.cash = self._night("Cash game", Decimal("0.25"))
        # One and Two by index (0, 1); Three, the kitchen table with a default buy-in the host
        # closes and opens, is the upkeep steps' (night_table_upkeep).
        self.cash_tables = [self._table(self.cash, name) for name in ("One", "Two", "Three")]
        self.cash_players: list[Player] = []
        self.tour_night = self._night("Tournament", Decimal("1"))
        self.tour_tables = [self._table(self.tour_night, name) for name in ("Kitchen", "Lounge")]
        # The cash game beside the tournament: its table, added after the draw, and its players.
        self.bar_tables: list[Table] = []
        self.bar_players: list[Player] = []
        self.tournament: Tournament | None = None
        self.seats_before_moves: dict[str, tuple[int, int]] = {}
        self.rnd = random.Random(0)
        self.last_refusal: ActionRefused | None = None
        # The stacks the host's set-up gives, as last saved: what the chips in play count.
        self.stacks = {
            "starting_stack": STARTING_STACK,
            "rebuy_stack": REBUY_STACK,
            "add_on_stack": ADD_ON_STACK,
        }

    def teardown(self) -> None:
        transaction.savepoint_rollback(self._savepoint)

    def _night(self, name: str, chip_value: Decimal) -> Night:
        return hosting.create_night(
            self.host,
            name=name,
            date=datetime.date(2026, 11, 27),
            currency="EUR",
            chip_value=chip_value,
            require_approval=False,
        )

    def _table(self, night: Night, name: str) -> Table:
        return hosting.create_table(
            night, name=name, game="nlhe", max_seats=SEATS, small_blind=1, big_blind=2
        )

    def _cash_player(self, index: int) -> Player:
        return Player.objects.get(pk=self.cash_players[index % len(self.cash_players)].pk)

    # Cash game -------------------------------------------------------------------------------

    @precondition(lambda self: len(self.cash_players) < 8)
    @rule(chips=st.integers(20, 400))
    def join_and_buy_in(self, chips: int) -> None:
        with self.refused_changes_nothing():
            player = joining.join_night(self.cash, f"P{len(self.cash_players)}")
            self.cash_players.append(player)
            ledger.record_chips_in(player, EntryKind.BUY_IN, chips, self.host)

    @precondition(lambda self: self.cash_players)
    @rule(
        who=st.integers(0, 7),
        kind=st.sampled_from([EntryKind.REBUY, EntryKind.TOP_UP]),
        chips=st.integers(1, 300),
    )
    def chips_in(self, who: int, kind: str, chips: int) -> None:
        with self.refused_changes_nothing():
            ledger.record_chips_in(self._cash_player(who), kind, chips, self.host)

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7), table=st.integers(0, 1))
    def take_a_seat(self, who: int, table: int) -> None:
        free = seating.free_seat_numbers(self.cash_tables[table])
        if not free:
            return  # a full table: the host picks a free seat, there is none to pick
        with self.refused_changes_nothing():
            host_panel.move_player(self._cash_player(who), self.cash_tables[table], free[0], self.host)

    @precondition(lambda self: self.cash_players)
    @rule(table=st.integers(0, 1))
    def seat_waiting_players(self, table: int) -> None:
        chosen = self.cash_tables[table]
        can_sit = [p for p in seating.waiting_players(self.cash) if ledger.chips_to_sit_with(p)]
        before = self.figures()
        try:
            hosting_result = host_panel.seat_waiting(chosen, self.host)
        except ActionRefused as refused:
            assert self.figures() == before, f"refused ({refused}) but changed something"
            # Someone with chips waits and a seat is free: the draw must seat them.
            assert not (can_sit and seating.free_seat_numbers(chosen) and self.cash.is_open), str(refused)
            return
        assert hosting_result.seated
        self.check_the_draw_was_even(hosting_result.seated)

    # Hands at the cash tables: `house_hand` (tables/tests/night_house_rules.py).

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7))
    def cash_out(self, who: int) -> None:
        with self.refused_changes_nothing():
            ledger.cash_out(self._cash_player(who), self.host)

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7), chips=st.integers(1, 600))
    def cash_out_typed(self, who: int, chips: int) -> None:
        """The host types the chips counted: a count that is not what the player holds is refused."""

        with self.refused_changes_nothing():
            entry = ledger.cash_out(self._cash_player(who), self.host, counted=chips)
            assert entry.chips == chips

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7))
    def has_left(self, who: int) -> None:
        with self.refused_changes_nothing():
            host_panel.decide_player(self._cash_player(who), self.host, "remove")

    @precondition(lambda self: self.cash_players)
    @rule(
        who=st.integers(0, 7),
        stack=st.integers(1, 600),
        how=st.sampled_from(["transfer", "paid", "bank"]),
        other=st.integers(1, SEATS),
    )
    def adjust_stack(self, who: int, stack: int, how: str, other: int) -> None:
        """ "A ruling that changes chips must say where they went": moved from another player (no
        money moves), a miscounted buy-in (the money the preview says is given back or taken), or
        the bank's difference (no money moves; the bank's chips change by the stack's)."""
        seat = Seat.objects.filter(player=self._cash_player(who)).select_related("table").first()
        if seat is None:
            return
        values = {"seat": str(seat.number), "stack": str(stack), "how": how, "other_seat": str(other)}
        version = load_state(seat.table_id).version
        try:
            shown: host_rulings.Preview | None = host_rulings.preview(
                seat.table, self.host, "adjust_stack", values
            )
        except ActionRefused:
            shown = None
        before, stacks = night_totals.totals(self.cash), self._stacks(seat.table_id)
        with self.refused_changes_nothing():
            host_rulings.apply_ruling(seat.table, self.host, "adjust_stack", values, "recounted", version)
        if self.last_refusal is not None:
            return
        assert shown is not None, "a ruling made that its preview refused"
        after = night_totals.totals(self.cash)
        taken = after.cash_box - before.cash_box
        changed = self._stacks(seat.table_id)
        moved = {s: changed.get(s, 0) - stacks.get(s, 0) for s in stacks.keys() | changed.keys()}
        if how == "transfer":
            assert taken == 0 and after.bank_chips == before.bank_chips, (before, after)
            assert sum(moved.values()) == 0 and len([m for m in moved.values() if m]) == 2, moved
        elif how == "bank":
            assert taken == 0 and after.bank_chips - before.bank_chips == moved[seat.number], (before, after)
        else:
            assert after.bank_chips == before.bank_chips
            assert taken == self._cash_box_words(shown.cash_box), (taken, shown.cash_box)

    def _stacks(self, table_id: int) -> dict[int, int]:
        return {s.seat: s.stack for s in load_state(table_id).table.seats}

    def _cash_box_words(self, words: str) -> Decimal:
        """The money the preview told the host to take (+) or give back (-) at the cash box."""
        found = re.search(r"(give \S+ |take )([\d.]+) EUR", words)
        if found is None:
            return Decimal(0)  # a guest no buy-in backs: nothing was paid to correct
        return Decimal(found.group(2)) * (-1 if found.group(1).startswith("give") else 1)

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7), chips=st.integers(-60, 60))
    def correct_last_entry(self, who: int, chips: int) -> None:
        last = (
            ledger.entries(self.cash)
            .filter(player=self._cash_player(who), kind__in=["buy_in", "rebuy", "cash_out"])
            .last()
        )
        if last is not None:
            with self.refused_changes_nothing():
                ledger.correct(last, chips, self.host, "recounted")

    @precondition(lambda self: self.cash_players)
    @rule(
        who=st.integers(0, 7),
        stack=st.integers(1, 600),
        command=st.sampled_from(["leave", "set_stack", "change_seat", "move_chips"]),
    )
    def socket_command(self, who: int, stack: int, command: str) -> None:
        """The host's own commands over the table's socket: leave a seat, set a stack, or move
        the player to another seat of the table."""
        seat = Seat.objects.filter(player=self._cash_player(who)).select_related("table").first()
        if seat is None:
            return
        found = load_state(seat.table_id).table.seat_of(str(seat.player_id))
        if found is None:
            return
        intent: dict[str, object] = {"type": command, "seat": found.seat}
        if command == "set_stack":
            intent["stack"] = stack
        elif command == "move_chips":
            others = [s.seat for s in load_state(seat.table_id).table.seats if s.seat != found.seat]
            if not others:
                return
            intent = {"type": command, "from": found.seat, "to": others[stack % len(others)], "chips": stack}
        elif command == "change_seat":
            free = seating.free_seat_numbers(seat.table)
            if not free:
                return
            intent["to"] = free[stack % len(free)]
        with self.refused_changes_nothing():
            host_panel.socket_command(seat.table_id, self.host, intent, "", None)

    @precondition(lambda self: len(self.cash_players) < 8)
    @rule(
        table=st.integers(0, 1),
        sent_off=st.booleans(),
        deal_first=st.booleans(),
        chips=st.integers(20, 400),
    )
    def guest_seated_before_buying_in(self, table: int, sent_off: bool, deal_first: bool, chips: int) -> None:
        """The host seats a guest first and takes the money after ("a guest seated at a cash
        table before any buy-in sits with the table's default stack"), perhaps dealing before
        the money is in (refused beside bought chips), or sends them off over the socket first:
        either way the buy-in's chips are the guest's, on the seat or in the hand."""
        chosen = self.cash_tables[table]
        free = seating.free_seat_numbers(chosen)
        if not free:
            return
        with self.refused_changes_nothing():  # refused once the night is closed
            player = joining.join_night(self.cash, f"P{len(self.cash_players)}")
        if self.last_refusal is not None:
            return
        self.cash_players.append(player)
        host_panel.move_player(player, chosen, free[0], self.host)
        if deal_first and len([s for s in load_state(chosen.pk).table.seats if s.stack > 0]) >= 2:
            with self.refused_changes_nothing():
                play_hand(chosen.pk, random.Random(chips))
        if sent_off:
            host_panel.socket_command(chosen.pk, self.host, {"type": "leave", "seat": free[0]}, "", None)
        ledger.record_chips_in(player, EntryKind.BUY_IN, chips, self.host)
        held = ledger.chips_held(Player.objects.get(pk=player.pk))
        assert held == chips, (held, chips)

    @rule(
        tournament=st.booleans(),
        table=st.integers(0, 1),
        first=st.integers(1, SEATS),
        second=st.integers(1, SEATS),
    )
    def swap_players(self, tournament: bool, table: int, first: int, second: int) -> None:
        """The host's Swap: two players of one table trade seats, each with their own stack."""
        chosen = (self.tour_tables if tournament else self.cash_tables)[table]
        before = {s.player: s.stack for s in load_state(chosen.pk).table.seats}
        with self.refused_changes_nothing():
            host_panel.swap_players(chosen, self.host, first, second, "they asked")
        after = {s.player: s.stack for s in load_state(chosen.pk).table.seats}
        assert after == before, (before, after)

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7), out=st.booleans())
    def sit_out_or_in(self, who: int, out: bool) -> None:
        """The host sits a player out, or back in: no chip moves."""
        seat = Seat.objects.filter(player=self._cash_player(who)).select_related("table", "player").first()
        if seat is None:
            return
        with self.refused_changes_nothing():
            host_panel.seat_command(seat, self.host, "sit_out" if out else "sit_in")

    @precondition(lambda self: self.cash_players)
    @rule(
        who=st.integers(0, 7),
        kind=st.sampled_from([EntryKind.BUY_IN, EntryKind.REBUY, EntryKind.TOP_UP]),
        chips=st.integers(1, 300),
        approve=st.booleans(),
    )
    def chips_asked_from_a_phone(self, who: int, kind: str, chips: int, approve: bool) -> None:
        """A player asks for chips from their phone; the host approves (one entry, as if typed)
        or declines (nothing but the log line)."""
        player = self._cash_player(who)
        with self.refused_changes_nothing():
            asked = chip_requests.request_chips(player, kind, chips)
        if self.last_refusal is not None:
            return
        with self.refused_changes_nothing():
            if approve:
                chip_requests.approve_request(self.cash, asked.pk, self.host)
            else:
                chip_requests.decline_request(self.cash, asked.pk, self.host, "not tonight")
        if self.last_refusal is not None:  # the request waits no longer: the host said no
            chip_requests.decline_request(self.cash, asked.pk, self.host, str(self.last_refusal))

    @precondition(lambda self: self.cash_players)
    @rule()
    def close_cash_night(self) -> None:
        with self.refused_changes_nothing():
            closed = closing.close_night(self.cash, self.host)
            assert closed.balanced and closed.unbacked_chips == 0
        self.cash.refresh_from_db()
        if not self.cash.is_open:
            self._nobody_seated_for_nothing()
            self._cashed_out_players_check_every_hand()

    def _nobody_seated_for_nothing(self) -> None:
        """Closing takes every player with no chips off the table (but one in a hand still played)."""
        for table in self.cash_tables:
            state = load_state(table.pk)
            playing = set(state.hand.index) if state.hand_in_progress and state.hand is not None else set()
            assert all(s.stack > 0 or s.seat in playing for s in state.table.seats), state.table.seats

    def _cashed_out_players_check_every_hand(self) -> None:
        """docs/shuffle.md: once the night is closed anyone checks every hand; a player who cashed
        out, no longer at a table, reads the night's verify page and every hand of it checks out."""
        finished = Hand.objects.filter(table__night=self.cash, status=Hand.Status.FINISHED).count()
        readers = [
            player
            for player in self.cash_players
            if not Seat.objects.filter(player=player).exists()
            and player.ledger_entries.filter(kind=EntryKind.CASH_OUT).exists()
        ]
        for player in readers:
            page = phone_of(player).get("/verify/", {"table": self.cash_tables[0].pk})
            assert page.status_code == 200, f"{player} cashed out and cannot check the closed night"
            text = page.content.decode()
            # Voided decks are listed after the hands (data-deck-ruling, data-no-values): count hands.
            assert text.count('<li class="verify-hand" data-hand=') == finished
            assert "does NOT match" not in text


class NightConservesChips(TestCase):
    def test_no_chip_or_cent_is_lost_across_a_night_of_cash_tables_and_a_tournament(self) -> None:
        run_state_machine_as_test(
            NightMachine,
            settings=settings(
                max_examples=int(os.environ.get("NIGHT_EXAMPLES", "3")),
                phases=PHASES,
                stateful_step_count=30,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
