"""The whole-night test's tournament: its set-up, draw, clock, busts, rebuys, add-ons, seating,
deal and end, and the cash game at the Bar beside it (see test_night_conserves_chips.py, whose
machine mixes these in, and its module docstring for what each step must keep).
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from engine.tournament import DealMethod, PayoutTable, RebuyRules, Structure, template
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.live import tournament as live_tournament
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import EntryKind
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry
from tables.services.hosting import host_panel
from tables.services.ledger import closing, ledger, settle_up
from tables.services.seating import joining, seating
from tables.services.tournament import (
    tournament_clock,
    tournament_deals,
    tournament_seating,
    tournament_setup,
    tournaments,
)
from tables.tests.ledger_helpers import play_hand

ENTRANTS = 7  # two tables of six: one bust and the rest make the final table
LATE_ENTRANTS = 3  # entered after the draw: not seated until the host seats them by hand
TABLE = st.integers(0, 1)
STARTING_STACK = 300
REBUY_STACK = 300
ADD_ON_STACK = 200


def _fold_to_the_big_blind(table_id: int) -> None:
    """Everyone to act folds (or checks, when nothing is to call) until the hand ends."""
    for _ in range(50):
        state = load_state(table_id)
        if not state.hand_in_progress or state.hand is None or state.hand.to_act is None:
            return
        seat = state.hand.to_act
        actions = state.hand.legal_actions(seat)["actions"]
        name = "fold" if actions.get("fold", {}).get("allowed") else "check"
        player = state.table.occupant(seat).player
        apply_intent(table_id, f"player:{player}", {"type": "act", "action": {"type": name}})
    raise AssertionError("The hand did not end")


class TournamentSteps:
    """Mixed into the night's machine, which has the host, the tournament's night and tables, the
    Bar and its players, and the night's invariants (NightInvariants)."""

    host: Any
    tour_night: Night
    tour_tables: list[Table]
    bar_tables: list[Table]
    bar_players: list[Player]
    tournament: Tournament | None
    seats_before_moves: dict[str, tuple[int, int]]
    stacks: dict[str, int]
    last_refusal: ActionRefused | None

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
                tournament_setup.register_players(self.tournament.pk, self.host, [player])

    @initialize(
        at_the_break=st.booleans(),
        seat_the_other=st.booleans(),
        first_stack=st.sampled_from([STARTING_STACK, 200, 500]),
        seats=st.integers(4, 6),
    )
    def start_tournament(
        self, at_the_break: bool, seat_the_other: bool, first_stack: int, seats: int
    ) -> None:
        """Every night has its tournament beside the cash game, from the start. Before the draw
        the host may still change the starting stack: everyone sits down with the new one. The
        host draws at the Kitchen and the Lounge with `seats` each; the Porch, an empty table of
        the night nobody chose, is never drawn. The Start button deals at both tables at the
        first level's blinds (everyone folds those hands to the big blind, whatever the cards:
        the night goes on the same way every time it is replayed). Two players enter after the draw: one
        never comes and is recorded out, the other is seated by hand or waits; on some nights the
        clock goes straight on to the first break, where everyone adds on."""
        night = self.tour_night
        tournament = tournament_setup.create_tournament(
            night, self.host, name="Main event", template_key="home-2h", buy_in=20
        )
        structure = replace(template("home-2h"), starting_stack=STARTING_STACK)
        rules = RebuyRules(
            max_rebuys=1, rebuy_until_level=1, rebuy_stack=REBUY_STACK, add_on=True, add_on_stack=ADD_ON_STACK
        )
        assert isinstance(structure, Structure)
        tournament_setup.update_tournament(
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
        tournament_setup.register_players(tournament.pk, self.host, players)
        self.tournament = Tournament.objects.get(pk=tournament.pk)
        self._edit_setup(starting_stack=first_stack)  # nobody holds it yet: saved
        assert self.last_refusal is None, self.last_refusal
        porch = self._table(night, "Porch")
        chosen = {table.pk: seats for table in self.tour_tables}
        tournament_seating.draw_opening_seats(tournament.pk, self.host, tables=chosen)
        assert not Seat.objects.filter(table=porch).exists()
        assert all(s.number <= seats for s in Seat.objects.filter(table__in=self.tour_tables))
        self.bar_tables.append(self._table(night, "Bar"))
        self.bar_tables.append(porch)
        tournament_clock.run_clock(tournament.pk, self.host, TournamentAction.START, deal=True)
        first = structure.levels[0]
        for table in self.tour_tables:
            state = load_state(table.pk)
            if len([s for s in state.table.seats if s.stack > 0]) >= 2:
                # The tables deal the clock's blinds, not their own cash stakes.
                assert state.dealing and state.hand_in_progress, table.name
                assert state.table.stakes.big_blind == first.big_blind, (table.name, state.table.stakes)
            _fold_to_the_big_blind(table.pk)
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
            self.the_seat_records_are_the_live_tables()
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
            tournament_setup.update_tournament(
                tournament.pk,
                self.host,
                name=tournament.name,
                structure=structure,
                rules=rules,
                payouts=tournament.get_payouts(),
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

    @precondition(lambda self: self.tournament is not None)
    @rule(undo=st.booleans())
    def level_back(self, undo: bool) -> None:
        """The host takes the clock back a level, or undoes the last level change: the stakes
        and the rebuy period follow, and no chip moves."""
        with self.refused_changes_nothing():
            if undo:
                tournament_clock.undo_level_change(self.tournament.pk, self.host)
            else:
                tournament_clock.run_clock(
                    self.tournament.pk, self.host, TournamentAction.PREVIOUS_LEVEL, confirmed=True
                )

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
