"""What must hold after every step of a whole night: not one chip or cent lost.

The checks of test_night_conserves_chips.py (its module docstring says each one in words), mixed
into its machine and into test_night_through_the_host_pages.py's, which plays the same night from
the host's pages: the cash ledger's cross-check, the tournament's chips in play and its money in
the ledger, one kind of chips at each table, every live seat with its seat record, every ledger
entry with its line in the log, and every pot paid to the best hand.
"""

from __future__ import annotations

from decimal import Decimal

from hypothesis.stateful import invariant

from engine.tests.award_checks import assert_awards_follow_the_cards
from tables.live import load_state
from tables.live import tournament as live_tournament
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import CASH, AuditEntry, LedgerEntry
from tables.models.tournaments import Tournament
from tables.services.ledger import ledger, night_totals, settle_up
from tables.services.tournament import tournament_chips_out, tournament_play, tournament_results, tournaments


class NightInvariants:
    """Mixed into a night's machine, which has the nights, their tables, the tournament and the
    stacks its set-up gives, as last saved."""

    cash: Night
    tour_night: Night
    cash_tables: list[Table]
    tour_tables: list[Table]
    bar_tables: list[Table]
    tournament: Tournament | None
    stacks: dict[str, int]

    def _kind_of_chips(self, player_id: int) -> str:
        """What a player's chips are: the tournament's while they are still in it, else cash."""
        return "cash" if live_tournament.starting_stack(player_id) is None else "tournament"

    @invariant()
    def cash_chips_are_conserved(self) -> None:
        bought: dict[int, int] = {}
        cashed: dict[int, int] = {}
        bank_chips = 0  # chips a ruling made appear or disappear, paid by nobody: the bank's
        for entry in ledger.entries(self.cash):
            if entry.is_bank:
                bank_chips += entry.chips
                continue
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
        # The players' nets add up to the bank's difference, which the settle-up pays to the bank.
        assert net_total == bank_chips, (net_total, bank_chips)
        totals = night_totals.totals(self.cash)
        assert totals.balanced and totals.unbacked_chips == unbacked, (totals, unbacked)
        assert totals.bank_chips == bank_chips, (totals, bank_chips)
        # The ledger's money in is the money taken in: every payment, never a bank's difference.
        paid = ledger.entries(self.cash).exclude(kind="bank")
        assert totals.money_in == sum((e.money for e in paid if e.is_in), Decimal(0)), totals
        assert totals.cash_box == totals.money_in - totals.money_out
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
    def every_pot_goes_to_the_best_hand(self) -> None:
        """ "The cards speak for themselves": the last hand at each table, once over, paid its main
        pot to the best hand the cards make (engine.tests.award_checks), unless the host ruled on
        it (the host's call is theirs)."""
        for table in [*self.cash_tables, *self.tour_tables, *self.bar_tables]:
            hand = load_state(table.pk).hand
            if hand is None or not hand.finished or any(e.type.startswith("ruling_") for e in hand.events):
                continue
            assert_awards_follow_the_cards(hand)

    @invariant()
    def one_kind_of_chips_at_each_table(self) -> None:
        """Tournament chips are never cash chips: a table of the tournament's night seats only
        entrants still in, or only players of the cash game."""
        for table in [*self.tour_tables, *self.bar_tables]:
            seated = Seat.objects.filter(table=table).values_list("player_id", flat=True)
            kinds = {self._kind_of_chips(player) for player in seated}
            assert len(kinds) <= 1, f"{table.name} seats tournament chips and cash chips together"

    @invariant()
    def the_seat_records_are_the_live_tables(self) -> None:
        """Where a player sits has one truth, the live table: the seat records are exactly its
        players (one who left during a hand is gone at once), and the seats waiting for a
        rebuy ("busting isn't the end while you still have a rebuy left")."""
        seen: set[str] = set()
        offers = tournament_play.rebuy_offers(self.tournament) if self.tournament else []
        for table in [*self.cash_tables, *self.tour_tables, *self.bar_tables]:
            rows = {str(s.player_id): s.number for s in Seat.objects.filter(table=table)}
            sitting = {}
            for seat in load_state(table.pk).table.seats:
                assert seat.player not in seen, f"{seat.name} sits twice"
                seen.add(seat.player)
                if not seat.leaving:
                    sitting[seat.player] = seat.seat
            waiting = {str(e.player_id): e.out_seat for e in offers if e.out_table_id == table.pk}
            assert not set(waiting) & seen, "a player waiting for a rebuy also sits at a table"
            assert rows == sitting | waiting, (table.name, rows, sitting, waiting)

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
