"""Not one chip or cent lost: a whole night driven through the real services on the real database.

"Chips are bought, sit on a seat, move between seats only through hands or host rulings, and
leave through a cash-out or a tournament finish" (docs/chips-and-money.md). A cash night and a
tournament night are played side by side by the host's own tools: joins, buy-ins, rebuys, seats,
draws, random hands through the write path, stack adjustments, corrections, cash-outs, players
leaving, a tournament with its draw, busts and their undo, rebuys, a break with add-ons, balancing
and the final table (drawn once, drawn again, confirmed and undone), an agreed deal, the
tournament played to its end with its winner taken off the table by the host's `leave` over the
socket and the last bust undone after, and closing the night. The cash tables also play the house
games (tables/tests/night_house_rules.py): run it twice, the 7-2 bounty, straddles, the rabbit
hunt and Blind Hold'em's staged reveal, and the host voids entries, archives and reopens
nights, draws the waiting players evenly and moves players with the Move form. The tournament's
night has a cash game of its own at the Bar (added after the draw), and the host's Move tries to
take its players to the tournament's tables and the entrants to the Bar. Every night also
plays a featured hand of each house game's chip-moving moment (tables/tests/night_featured_hands.py):
a 7-2 bounty paid, an all-in run twice with an odd chip to halve, a straddle posted, a rabbit
hunted. A decision the hand offered as legal and the write path refused fails the night: it
would leave the table stuck mid-hand.
After every step:

- cash: chips on the tables + chips in players' hands + chips cashed out = chips bought, for
  every player and for the night, and no chip sits on a table without a buy-in;
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
- a closed night balances;
- an operation refused changed nothing (ledger, log, seats, stacks, nights, entries), and a
  rabbit hunt moves no chip.
"""

from __future__ import annotations

import contextlib
import datetime
import itertools
import os
import random
from dataclasses import replace
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import TestCase
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from engine.tournament import DealMethod, PayoutTable, RebuyRules, Structure, template
from tables.errors import ActionRefused
from tables.live import load_state
from tables.live import tournament as live_tournament
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import CASH, AuditEntry, EntryKind, LedgerEntry
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services import (
    closing,
    host_panel,
    host_rulings,
    hosting,
    joining,
    ledger,
    night_totals,
    seating,
    settle_up,
    tournament_chips_out,
    tournament_clock,
    tournament_deals,
    tournament_play,
    tournament_results,
    tournament_seating,
    tournaments,
)
from tables.tests.ledger_helpers import play_hand
from tables.tests.night_featured_hands import FeaturedHandsAtTheCashTables

# Minutes of random play: `make test` and CI run it; `make test-fast` leaves it out.
pytestmark = pytest.mark.slow

SEATS = 6
ENTRANTS = 7  # two tables of six: one bust and the rest make the final table
LATE_ENTRANTS = 3  # entered after the draw: not seated until the host seats them by hand
TABLE = st.integers(0, 1)
STARTING_STACK = 300
REBUY_STACK = 300
ADD_ON_STACK = 200
_hosts = itertools.count()

# Each night of 30 steps takes a few seconds of CPU: three keep the suite quick; NIGHT_EXAMPLES=50
# plays fifty. Seat draws and the tournament clock are really random and really timed, so a
# failure found may not replay exactly: read the steps printed with it.
# Shrinking a night takes minutes: NIGHT_SHRINK=1 turns it on when a failure needs reading.
PHASES = list(Phase) if os.environ.get("NIGHT_SHRINK") else [Phase.explicit, Phase.reuse, Phase.generate]


class NightMachine(FeaturedHandsAtTheCashTables, RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        # Each run is undone afterwards, so runs never see each other's rows.
        self._savepoint = transaction.savepoint()
        self.host = User.objects.create_superuser(username=f"host{next(_hosts)}", password="x")
        self.cash = self._night("Cash game", Decimal("0.25"))
        self.cash_tables = [self._table(self.cash, name) for name in ("One", "Two")]
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
    @rule(who=st.integers(0, 7), stack=st.integers(1, 600))
    def adjust_stack(self, who: int, stack: int) -> None:
        seat = Seat.objects.filter(player=self._cash_player(who)).select_related("table").first()
        if seat is None:
            return
        version = load_state(seat.table_id).version
        with self.refused_changes_nothing():
            host_rulings.apply_ruling(
                seat.table,
                self.host,
                "adjust_stack",
                {"seat": str(seat.number), "stack": str(stack)},
                "recounted",
                version,
            )

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
    @rule(who=st.integers(0, 7), stack=st.integers(1, 600))
    def socket_command(self, who: int, stack: int) -> None:
        """The host's own commands over the table's socket: leave a seat, or set a stack."""
        seat = Seat.objects.filter(player=self._cash_player(who)).first()
        if seat is None:
            return
        found = load_state(seat.table_id).table.seat_of(str(seat.player_id))
        if found is None:
            return
        intent = (
            {"type": "leave", "seat": found.seat}
            if stack % 2
            else {"type": "set_stack", "seat": found.seat, "stack": stack}
        )
        with self.refused_changes_nothing():
            host_panel.socket_command(seat.table_id, self.host, intent, "", None)

    @precondition(lambda self: self.cash_players)
    @rule()
    def close_cash_night(self) -> None:
        with self.refused_changes_nothing():
            closed = closing.close_night(self.cash, self.host)
            assert closed.balanced and closed.unbacked_chips == 0
        self.cash.refresh_from_db()

    # Tournament ------------------------------------------------------------------------------

    def _entries_still_in(self) -> list:
        assert self.tournament is not None
        return list(self.tournament.entries.select_related("player").filter(place__isnull=True))

    def _entry(self, who: int) -> TournamentEntry:
        """One of the tournament's entries, late ones included."""
        assert self.tournament is not None
        entries = list(self.tournament.entries.select_related("player").order_by("pk"))
        return entries[who % len(entries)]

    def _not_seated(self) -> list[TournamentEntry]:
        """Entrants still in who have no seat: they have not sat down yet."""
        seated = set(Seat.objects.values_list("player_id", flat=True))
        return [entry for entry in self._entries_still_in() if entry.player_id not in seated]

    def _late_ones_to_come(self) -> bool:
        assert self.tournament is not None
        return self.tournament.entries.count() < ENTRANTS + LATE_ENTRANTS

    def _enter_late(self) -> None:
        assert self.tournament is not None
        late = self.tour_night.players.filter(display_name__startswith="Late").count()
        with self.refused_changes_nothing():  # refused once the night is closed
            player = joining.join_night(self.tour_night, f"Late{late}")
        if self.last_refusal is None:
            with self.refused_changes_nothing():  # refused once the tournament is over
                tournaments.register_players(self.tournament.pk, self.host, [player])

    @initialize(
        at_the_break=st.booleans(),
        seat_the_other=st.booleans(),
        first_stack=st.sampled_from([STARTING_STACK, 200, 500]),
    )
    def start_tournament(self, at_the_break: bool, seat_the_other: bool, first_stack: int) -> None:
        """Every night has its tournament beside the cash game, from the start. Before the draw
        the host may still change the starting stack: everyone sits down with the new one. Two
        players enter after the draw: one never comes and is recorded out, the other is seated by
        hand or waits; on some nights the clock goes straight on to the first break, where
        everyone adds on."""
        night = self.tour_night
        tournament = tournaments.create_tournament(
            night, self.host, name="Main event", template_key="home-2h", buy_in=20
        )
        structure = replace(template("home-2h"), starting_stack=STARTING_STACK)
        rules = RebuyRules(
            max_rebuys=1, rebuy_until_level=1, rebuy_stack=REBUY_STACK, add_on=True, add_on_stack=ADD_ON_STACK
        )
        assert isinstance(structure, Structure)
        tournaments.update_tournament(
            tournament.pk,
            self.host,
            name="Main event",
            buy_in=20,
            rebuy_price=20,
            add_on_price=10,
            structure=structure,
            rules=rules,
            payouts=PayoutTable((60, 40)),
        )
        players = [joining.join_night(night, f"E{i}") for i in range(ENTRANTS)]
        tournaments.register_players(tournament.pk, self.host, players)
        self.tournament = Tournament.objects.get(pk=tournament.pk)
        self._edit_setup(starting_stack=first_stack)  # nobody holds it yet: saved
        assert self.last_refusal is None, self.last_refusal
        tournament_seating.draw_opening_seats(tournament.pk, self.host)
        self.bar_tables.append(self._table(night, "Bar"))
        tournament_clock.run_clock(tournament.pk, self.host, TournamentAction.START)
        self._enter_late()  # came after the draw: no seat yet
        self._enter_late()
        if at_the_break:
            self.break_with_add_ons(levels=len(structure.levels))
        never_came, other = self._not_seated()
        self._tap_not_seated(never_came, "out", table=0)
        self._tap_not_seated(other, "seat" if seat_the_other else "wait", table=1)

    @precondition(lambda self: self.tournament is not None and self._late_ones_to_come())
    @rule()
    def enter_late(self) -> None:
        """Also after players are out: they finish below the newcomer."""
        self._enter_late()

    def _tournament_on(self) -> bool:
        return (
            self.tournament is not None and Tournament.objects.get(pk=self.tournament.pk).status != "finished"
        )

    @precondition(lambda self: self.tournament is not None)
    @rule(table=st.integers(0, 1), seed=st.integers(0, 10**6))
    def tournament_hand(self, table: int, seed: int) -> None:
        chosen = self.tour_tables[table]
        if len([s for s in load_state(chosen.pk).table.seats if s.stack > 0]) >= 2:
            with contextlib.suppress(ActionRefused):  # a hand half played stays played
                play_hand(chosen.pk, random.Random(seed))

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, LATE_ENTRANTS), then=st.sampled_from(["out", "seat", "wait"]), table=TABLE)
    def an_entrant_not_seated(self, who: int, then: str, table: int) -> None:
        """The host's buttons on an entrant who has not sat down yet: a rebuy is refused (nobody
        busted), the add-on (at the first break) is theirs to sit down with, "Record who is out"
        takes out of play the stack they would have sat down with, and seated by hand they sit
        down with every chip they bought."""
        waiting = self._not_seated()
        if waiting:
            self._tap_not_seated(waiting[who % len(waiting)], then, table)

    def _tap_not_seated(self, entry: TournamentEntry, then: str, table: int) -> None:
        with self.refused_changes_nothing():
            tournaments.record_rebuy(entry.pk, self.host)
        assert self.last_refusal is not None, f"a rebuy for {entry.player.display_name}, not seated"
        with self.refused_changes_nothing():
            tournaments.record_add_on(entry.pk, self.host)
        if then == "out":
            with self.refused_changes_nothing():
                tournaments.record_busts(self.tournament.pk, self.host, [(entry.pk, None)])
        elif then == "seat" and seating.free_seat_numbers(self.tour_tables[table]):
            stack = live_tournament.starting_stack(entry.player_id)
            number = seating.free_seat_numbers(self.tour_tables[table])[0]
            with self.refused_changes_nothing():
                host_panel.move_player(entry.player, self.tour_tables[table], number, self.host)
            if self.last_refusal is None:
                sitting = load_state(self.tour_tables[table].pk).table.seat_of(str(entry.player_id))
                assert sitting is not None and sitting.stack == stack, (sitting, stack)

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, ENTRANTS + LATE_ENTRANTS - 1))
    def rebuy(self, who: int) -> None:
        with self.refused_changes_nothing():
            tournaments.record_rebuy(self._entry(who).pk, self.host)

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, ENTRANTS + LATE_ENTRANTS - 1))
    def record_who_is_out(self, who: int) -> None:
        """The host's "Record who is out", on anyone: one with chips must not be placed."""
        with self.refused_changes_nothing():
            tournaments.record_busts(self.tournament.pk, self.host, [(self._entry(who).pk, None)])

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, ENTRANTS + LATE_ENTRANTS - 1))
    def entrant_has_left(self, who: int) -> None:
        with self.refused_changes_nothing():
            host_panel.decide_player(self._entry(who).player, self.host, "remove")

    @precondition(lambda self: self.tournament is not None)
    @rule()
    def undo_the_last_bust(self) -> None:
        with self.refused_changes_nothing():
            tournaments.undo_last_bust(self.tournament.pk, self.host, "wrong bust")

    @precondition(lambda self: self.tournament is not None)
    @rule(undo=st.booleans())
    def winner_taken_off_over_the_socket(self, undo: bool) -> None:
        """The tournament played to its end ("Record who is out" on everyone still in but one),
        the host's `leave` over the socket on the winner's seat, then, often, the last bust
        undone: the chips are checked after the leave too, not only after the whole step."""
        for entry in self._entries_still_in()[1:]:
            with self.refused_changes_nothing():  # refused for a player in a hand being played
                tournaments.record_busts(self.tournament.pk, self.host, [(entry.pk, None)])
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        winner = tournament.entries.filter(place=1).first()
        if tournament.status != Tournament.Status.FINISHED or winner is None:
            return
        seat = Seat.objects.filter(player_id=winner.player_id).first()
        table, number = (seat.table_id, seat.number) if seat else (winner.out_table_id, winner.out_seat)
        if table is not None:
            with self.refused_changes_nothing():  # an empty seat's leave is refused
                host_panel.socket_command(table, self.host, {"type": "leave", "seat": number}, "", None)
            self.tournament_chips_are_conserved()
            self.every_live_seat_has_its_seat_record()
            self.cash_chips_are_conserved()
        if undo:
            with self.refused_changes_nothing():
                tournaments.undo_last_bust(self.tournament.pk, self.host, "the last bust was wrong")

    @precondition(lambda self: self.tournament is not None)
    @rule()
    def close_tournament_night(self) -> None:
        """The night closes once the tournament is over, balanced, its prizes settled."""
        try:
            closed = closing.close_night(self.tour_night, self.host)
        except ActionRefused:
            assert self._tournament_on() or not self.tour_night.is_open
            return
        assert closed.balanced and closed.tournament_paid_in == closed.tournament_paid_out
        assert sum(settle_up.settle(self.tour_night).balances.values()) == 0
        self.tour_night.refresh_from_db()

    def _edit_setup(self, **changes: int) -> None:
        """The host saves the set-up with `changes` (stacks, prices); the rest as it is."""
        assert self.tournament is not None
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        stacks = {name: changes.pop(name) for name in list(changes) if name in self.stacks}
        structure = tournament.get_structure()
        structure = replace(structure, starting_stack=stacks.get("starting_stack", structure.starting_stack))
        rules = tournament.get_rebuy_rules()
        rules = replace(rules, **{name: chips for name, chips in stacks.items() if name != "starting_stack"})
        prices = {
            "buy_in": tournament.buy_in,
            "rebuy_price": tournament.rebuy_price,
            "add_on_price": tournament.add_on_price,
        }
        with self.refused_changes_nothing():
            tournaments.update_tournament(
                tournament.pk,
                self.host,
                name=tournament.name,
                structure=structure,
                rules=rules,
                payouts=tournament.get_payout_table(),
                **{**prices, **changes},
            )
        if self.last_refusal is None:
            self.stacks.update(stacks)

    def _handed_out(self) -> set[str]:
        """The stacks somebody holds: none of them may change any more."""
        assert self.tournament is not None
        entries = list(self.tournament.entries.all())
        seated = Seat.objects.filter(player_id__in=[e.player_id for e in entries]).exists()
        held = set()
        if seated or any(e.is_out for e in entries):
            held.add("starting_stack")
        if any(e.rebuys for e in entries):
            held.add("rebuy_stack")
        if any(e.add_ons for e in entries):
            held.add("add_on_stack")
        return held

    @precondition(lambda self: self.tournament is not None)
    @rule(
        which=st.sampled_from(["starting_stack", "rebuy_stack", "add_on_stack"]),
        chips=st.integers(1, 600),
        price=st.none()
        | st.tuples(st.sampled_from(["buy_in", "rebuy_price", "add_on_price"]), st.integers(0, 40)),
    )
    def edit_the_set_up(self, which: str, chips: int, price: tuple[str, int] | None) -> None:
        """The host changes a stack in the set-up (and perhaps a price with it): a stack handed
        out is refused and nothing of the form is saved; otherwise everything follows."""
        handed_out = which in self._handed_out() and chips != self.stacks[which]
        open_to_edits = self._tournament_on() and self.tour_night.is_open
        self._edit_setup(**{which: chips}, **dict([price] if price else []))
        if handed_out:
            assert self.last_refusal is not None, f"{which} handed out, changed to {chips}"
        elif open_to_edits:
            assert self.last_refusal is None, self.last_refusal

    def _seats_and_stacks(self) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
        """Where each player sits at the tournament's tables (table, seat), and their stacks."""
        tables = [*self.tour_tables, *self.bar_tables]
        seats = {str(s.player_id): (s.table_id, s.number) for s in Seat.objects.filter(table__in=tables)}
        stacks = {s.player: s.stack for t in tables for s in load_state(t.pk).table.seats}
        return seats, stacks

    @precondition(lambda self: self.tournament is not None)
    @rule()
    def balance_and_redraw(self) -> None:
        """The host looks at the moves (drawn once: the same on a second look) and confirms them."""
        with self.refused_changes_nothing():
            moves = tournament_seating.planned_moves(self.tournament.pk, self.host)
            assert tournament_seating.planned_moves(self.tournament.pk, self.host) == moves
            if moves:
                before, _ = self._seats_and_stacks()
                tournament_seating.confirm_moves(self.tournament.pk, self.host, list(moves))
                self.seats_before_moves = before

    @precondition(lambda self: self.tournament is not None)
    @rule()
    def draw_the_moves_again(self) -> None:
        with self.refused_changes_nothing():
            tournament_seating.planned_moves(
                self.tournament.pk, self.host, again=True, why="seen by a player"
            )

    @precondition(lambda self: self.tournament is not None)
    @rule()
    def undo_the_last_moves(self) -> None:
        """A wrong redraw undone: everyone moved back in their seat, every stack as it is (players
        out, or moved by hand, since the moves are where they are now)."""
        seats_now, stacks = self._seats_and_stacks()
        try:
            back = tournament_seating.undo_last_moves(self.tournament.pk, self.host, "wrong redraw")
        except ActionRefused:
            return
        moved = {move.player for move in back}
        expected = {p: self.seats_before_moves[p] if p in moved else where for p, where in seats_now.items()}
        seats, stacks_after = self._seats_and_stacks()
        assert stacks_after == stacks and seats == expected

    @precondition(lambda self: self.tournament is not None)
    @rule(method=st.sampled_from([DealMethod.ICM, DealMethod.CHIP_CHOP]))
    def record_a_deal(self, method: DealMethod) -> None:
        """Once a player is out, the players still in may agree a deal (chip chop or ICM)."""
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        if not tournament.entries.filter(place__isnull=False).exists():
            return
        stacks = tournament_deals.known_stacks(tournament)
        if None in stacks.values():
            return  # someone waits for a rebuy: no deal until they are in or out
        with self.refused_changes_nothing():
            known = {entry: chips for entry, chips in stacks.items() if chips is not None}
            deal = tournament_deals.propose_deal(tournament, known, method).as_dict()
            tournament_deals.record_deal(tournament.pk, self.host, {int(k): v for k, v in deal.items()})

    @precondition(lambda self: self.tournament is not None)
    @rule(who=st.integers(0, ENTRANTS + LATE_ENTRANTS - 1), table=st.integers(0, 1))
    def seat_an_entrant_by_hand(self, who: int, table: int) -> None:
        """The host seats an entrant himself: nobody out (or back in after an undo) gets a fresh
        stack, and one who never sat down sits down with every chip they bought."""
        free = seating.free_seat_numbers(self.tour_tables[table])
        if free:
            with self.refused_changes_nothing():
                host_panel.move_player(self._entry(who).player, self.tour_tables[table], free[0], self.host)

    @precondition(lambda self: self.tournament is not None)
    @rule(table=st.integers(0, 1))
    def seat_waiting_at_tournament_table(self, table: int) -> None:
        with self.refused_changes_nothing():
            host_panel.seat_waiting(self.tour_tables[table], self.host)

    @precondition(lambda self: self.tournament is not None)
    @rule(levels=st.integers(1, 4))
    def break_with_add_ons(self, levels: int) -> None:
        """The clock goes on a period or a few (stopping at a break); at the first break everyone
        still in adds on, seated or not yet."""
        for _ in range(levels):
            with self.refused_changes_nothing():
                tournament_clock.run_clock(
                    self.tournament.pk, self.host, TournamentAction.NEXT_LEVEL, confirmed=True
                )
            if tournaments.reading(Tournament.objects.get(pk=self.tournament.pk)).on_break:
                break
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        if tournaments.reading(tournament).on_break:
            for entry in self._entries_still_in():
                with self.refused_changes_nothing():
                    tournaments.record_add_on(entry.pk, self.host)

    def _kind_of_chips(self, player_id: int) -> str:
        """What a player's chips are: the tournament's while they are still in it, else cash."""
        return "cash" if live_tournament.starting_stack(player_id) is None else "tournament"

    @precondition(lambda self: self.bar_tables and len(self.bar_players) < 3)
    @rule(chips=st.integers(20, 400))
    def cash_game_beside_the_tournament(self, chips: int) -> None:
        """A guest buys cash chips on the tournament's night and sits down at the Bar."""
        with self.refused_changes_nothing():  # refused once the night is closed
            player = joining.join_night(self.tour_night, f"Bar{len(self.bar_players)}")
            self.bar_players.append(player)
            ledger.record_chips_in(player, EntryKind.BUY_IN, chips, self.host)
        free = seating.free_seat_numbers(self.bar_tables[0])
        if self.last_refusal is None and free:
            with self.refused_changes_nothing():
                host_panel.move_player(self.bar_players[-1], self.bar_tables[0], free[0], self.host)

    @precondition(lambda self: self.bar_tables)
    @rule(who=st.integers(0, ENTRANTS + LATE_ENTRANTS - 1), to_the_tournament=st.booleans(), table=TABLE)
    def move_across(self, who: int, to_the_tournament: bool, table: int) -> None:
        """The host's Move takes a cash player to a table of the tournament, or an entrant to the
        Bar: refused, changing nothing, whenever the table holds the other kind of chips."""
        if to_the_tournament:
            if not self.bar_players:
                return
            player = Player.objects.get(pk=self.bar_players[who % len(self.bar_players)].pk)
            target = self.tour_tables[table]
        else:
            player, target = self._entry(who).player, self.bar_tables[0]
        free = seating.free_seat_numbers(target)
        if not free:
            return
        kind = self._kind_of_chips(player.pk)
        there = Seat.objects.filter(table=target).exclude(player=player).values_list("player_id", flat=True)
        mixes = any(self._kind_of_chips(other) != kind for other in there)
        with self.refused_changes_nothing():
            host_panel.move_player(player, target, free[0], self.host)
        if mixes:
            assert self.last_refusal is not None, f"{player.display_name}'s {kind} chips sat at {target.name}"

    # What must hold after every step ------------------------------------------------------------

    @invariant()
    def cash_chips_are_conserved(self) -> None:
        bought: dict[int, int] = {}
        cashed: dict[int, int] = {}
        for entry in ledger.entries(self.cash):
            side = bought if entry.is_in else cashed
            side[entry.player_id] = side.get(entry.player_id, 0) + entry.chips
        on_tables: dict[int, int] = {}
        for table in self.cash_tables:
            for seat in load_state(table.pk).table.seats:
                on_tables[int(seat.player)] = on_tables.get(int(seat.player), 0) + seat.stack
        # Hands move chips between players, so per player what is conserved is their balance:
        # on the table + in hand + cashed out - bought, which the settle-up pays, person by person.
        names = settle_up.payee_names(self.cash)
        balances = settle_up.balances_by_player(self.cash)
        net_total = 0
        unbacked = 0
        ledger_saw = set(bought) | set(cashed)
        for player in Player.objects.filter(night=self.cash):
            if player.pk not in ledger_saw:
                # Seated before any buy-in: the table's stack is provisional, shown as chips no
                # buy-in backs; the first buy-in replaces it, and the night cannot close till then.
                unbacked += on_tables.get(player.pk, 0)
                continue
            in_hand = ledger.chips_in_hand(player) or 0
            assert in_hand >= 0, (player.display_name, in_hand)
            net = on_tables.get(player.pk, 0) + in_hand + cashed.get(player.pk, 0) - bought.get(player.pk, 0)
            net_total += net
            expected = ledger.money_for(self.cash, net)
            assert balances.get(names[player.pk], 0) == expected, (names[player.pk], net, balances)
        assert net_total == 0, net_total
        totals = night_totals.totals(self.cash)
        assert totals.balanced and totals.unbacked_chips == unbacked, (totals, unbacked)
        # Tournament chips are not cash chips: at the tournament's night, only a guest who is no
        # entrant (one whose late entry was refused) can hold chips no buy-in backs.
        totals = night_totals.totals(self.tour_night)
        cash_known = set(
            LedgerEntry.objects.filter(CASH, night=self.tour_night).values_list("player_id", flat=True)
        )
        entrants = {
            str(pk)
            for pk in Player.objects.filter(
                night=self.tour_night, tournament_entries__isnull=False
            ).values_list("pk", flat=True)
        }
        unbacked = sum(
            seat.stack
            for table in [*self.tour_tables, *self.bar_tables]
            for seat in load_state(table.pk).table.seats
            if seat.player not in entrants and int(seat.player) not in cash_known
        )
        assert totals.balanced and totals.unbacked_chips == unbacked, (totals, unbacked)

    @invariant()
    def tournament_chips_are_conserved(self) -> None:
        if self.tournament is None:
            return
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        entries = list(tournament.entries.all())
        expected = (  # at the stacks the host's set-up gives, as last saved
            len(entries) * self.stacks["starting_stack"]
            + sum(e.rebuys for e in entries) * self.stacks["rebuy_stack"]
            + sum(e.add_ons for e in entries) * self.stacks["add_on_stack"]
            - tournament_chips_out.chips_taken_out(tournament)  # recorded out with chips, in the open log
        )
        tables = [*self.tour_tables, *self.bar_tables]
        stacks = {s.player: s.stack for t in tables for s in load_state(t.pk).table.seats}
        # The winner too: the tournament's end took their chips out of play.
        out = {str(e.player_id) for e in entries if e.is_out}
        assert not out & {p for p, chips in stacks.items() if chips}, "a player placed out still has chips"
        # The cash game's stacks are not the tournament's (one_kind_of_chips_at_each_table).
        still_in = {str(e.player_id) for e in entries if not e.is_out}
        stacks = {p: chips for p, chips in stacks.items() if p in still_in}
        in_play = tournaments.field(tournament).chips_in_play  # as the tournament page and the clock say
        assert in_play == expected, (in_play, expected)
        # Every chip in play is somewhere: at the tables, or with an entrant still in who has not
        # sat down yet, as the stack their seat will give them.
        seated = set(Seat.objects.filter(table__in=tables).values_list("player_id", flat=True))
        to_sit_down = {
            e.player.display_name: live_tournament.starting_stack(e.player_id)
            for e in tournament.entries.select_related("player").filter(place__isnull=True)
            if e.player_id not in seated
        }
        assert None not in to_sit_down.values(), to_sit_down
        assert in_play == sum(stacks.values()) + sum(to_sit_down.values()), (in_play, stacks, to_sit_down)

    @invariant()
    def one_kind_of_chips_at_each_table(self) -> None:
        """Tournament chips are never cash chips: a table of the tournament's night seats only
        entrants still in, or only players of the cash game."""
        for table in [*self.tour_tables, *self.bar_tables]:
            seated = Seat.objects.filter(table=table).values_list("player_id", flat=True)
            kinds = {self._kind_of_chips(player) for player in seated}
            assert len(kinds) <= 1, f"{table.name} seats tournament chips and cash chips together"

    @invariant()
    def every_live_seat_has_its_seat_record(self) -> None:
        seen: set[str] = set()
        offers = (
            {str(e.player_id) for e in tournament_play.rebuy_offers(self.tournament)}
            if self.tournament
            else set()
        )
        for table in [*self.cash_tables, *self.tour_tables, *self.bar_tables]:
            rows = {str(s.player_id): s.number for s in Seat.objects.filter(table=table)}
            for seat in load_state(table.pk).table.seats:
                assert seat.player not in seen, f"{seat.name} sits twice"
                seen.add(seat.player)
                assert rows.get(seat.player) == seat.seat, (
                    f"{seat.name} sits at {table.name} without a seat record"
                )
            live_players = {s.player for s in load_state(table.pk).table.seats}
            for player in rows:
                assert player in live_players or player in offers, (
                    f"a seat record at {table.name} with nobody in it"
                )

    @invariant()
    def tournament_money_is_in_the_ledger(self) -> None:
        """Entries, rebuys and add-ons paid are the pool, in the ledger; a finished tournament has
        paid all of it out (prizes, or an agreed deal), and a running one none."""
        if self.tournament is None:
            return
        tournament = Tournament.objects.get(pk=self.tournament.pk)
        rows = list(LedgerEntry.objects.filter(tournament=tournament).select_related("corrects"))
        paid_in = sum((row.money for row in rows if row.is_in), Decimal(0))
        paid_out = sum((row.money for row in rows if not row.is_in), Decimal(0))
        assert all(row.chips == 0 for row in rows), "tournament money moved cash chips"
        assert paid_in == tournament_results.pool(tournament), (paid_in, tournament_results.pool(tournament))
        if tournament.status == Tournament.Status.FINISHED:
            prizes = sum(result.prize for result in tournament_results.results(tournament))
            assert paid_out == paid_in == prizes, (paid_out, paid_in, prizes)
        else:
            assert paid_out == 0, paid_out

    @invariant()
    def every_ledger_entry_has_its_log_line(self) -> None:
        for night in (self.cash, self.tour_night):
            logged: set[int] = set()
            for line in AuditEntry.objects.filter(night=night):
                logged.add(line.payload.get("ledger_entry"))
                logged.update(line.payload.get("ledger_entries", []))
            for entry in ledger.entries(night):
                assert entry.pk in logged, entry


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
