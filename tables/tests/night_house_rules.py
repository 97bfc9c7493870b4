"""The whole-night test's rules for the house games and the host's later tools (see
test_night_conserves_chips.py, whose machine mixes these in).

Random hands at the cash tables with the house options switched on at random: run it twice
(players answer at random, or let the question's timer run out), the 7-2 bounty (decks that
deal someone seven-deuce are chosen often enough for it to be paid), straddles asked for by
the player under the gun or anyone else, the rabbit hunt after a hand, and Blind Hold'em's
staged reveal, its stages dealt by the stored timer, and switches of game between every game the
engine deals (engine.games.GAMES). Then the host's tools of this round:
voiding a random ledger entry, archiving a night, reopening a closed night (with or without a
reason), the even draw of waiting players, and the Move form.

Every operation either does what it says or is refused with a clear message and nothing
changed (`NightFigures`); a rabbit hunt moves no chip; no refusal of these operations names
a card.
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace
from typing import Any

from django.test import Client
from django.urls import reverse
from hypothesis import strategies as st
from hypothesis.stateful import initialize, precondition, rule

from engine import live as engine_live
from engine import next_hand
from engine.games import GAMES
from engine.house.seven_deuce import is_seven_deuce
from engine.live import HOST, LiveTable
from tables.errors import ActionRefused
from tables.forms import free_seat_choices
from tables.live import apply_intent, load_state, player_actor, timers
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import AuditEntry, EntryKind, LedgerEntry
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.hosting import host_panel, hosting, table_settings
from tables.services.ledger import closing, ledger
from tables.services.seating import joining, seating
from tables.tests.live_helpers import random_action

# A card as the engine writes it ("7h") or as a page or message draws it ("7♥", "10♠").
CARD = re.compile(r"(?<![0-9A-Za-z])(?:[2-9TJQKA][cdhs]|(?:10|[2-9JQKA])[♠♥♦♣])(?![0-9A-Za-z])")
WHY = ("", "a buy-in recorded twice")


@dataclass(frozen=True, slots=True)
class NightFigures:
    """Everything a refused operation must leave as it was: the ledger, the log (but for the
    line of a ruling's attempt), the seats, every live table's stacks and version, the nights,
    the players, the tournaments' set-ups (stacks and prices) and their entries."""

    ledger: tuple[tuple[Any, ...], ...]
    log_lines: int
    seats: tuple[tuple[int, int, int], ...]
    live: tuple[tuple[int, int, tuple[tuple[str, int, int], ...]], ...]
    nights: tuple[tuple[int, str, bool], ...]
    players: tuple[tuple[int, str], ...]
    entries: tuple[tuple[int, int | None, int, int, int], ...]
    tournaments: tuple[tuple[Any, ...], ...]

    def differences(self, other: NightFigures) -> list[str]:
        return [f.name for f in fields(self) if getattr(self, f.name) != getattr(other, f.name)]


def night_figures(nights: list[Night], tables: list[Table]) -> NightFigures:
    states = {table.pk: load_state(table.pk) for table in tables}
    return NightFigures(
        ledger=tuple(
            LedgerEntry.objects.filter(night__in=nights)
            .order_by("pk")
            .values_list("pk", "kind", "chips", "money", "is_void", "corrects_id")
        ),
        # A ruling refused is logged as an attempt, on purpose (host_rulings._log_attempt).
        log_lines=AuditEntry.objects.filter(night__in=nights).exclude(payload__has_key="ruling").count(),
        seats=tuple(
            Seat.objects.filter(table__in=tables)
            .order_by("player_id")
            .values_list("player_id", "table_id", "number")
        ),
        live=tuple(
            (pk, state.version, tuple((s.player, s.seat, s.stack) for s in state.table.seats))
            for pk, state in sorted(states.items())
        ),
        nights=tuple(
            Night.objects.filter(pk__in=[n.pk for n in nights])
            .order_by("pk")
            .values_list("pk", "status", "archived")
        ),
        players=tuple(Player.objects.filter(night__in=nights).order_by("pk").values_list("pk", "status")),
        entries=tuple(
            TournamentEntry.objects.filter(tournament__night__in=nights)
            .order_by("pk")
            .values_list("pk", "place", "rebuys", "add_ons", "out_chips")
        ),
        tournaments=tuple(
            Tournament.objects.filter(night__in=nights)
            .order_by("pk")
            .values_list("pk", "buy_in", "rebuy_price", "add_on_price", "structure", "rebuy_rules")
        ),
    )


def assert_names_no_card(refused: ActionRefused) -> None:
    """A refusal of a straddle, an answer, a rabbit or a ledger tool has no card to name: any
    card in it would be one its reader may not see (docs/design.md, Visibility)."""
    assert not CARD.search(str(refused)), f"the refusal {str(refused)!r} names a card"


# Hands -------------------------------------------------------------------------------------------


def seven_deuce_seed(state: LiveTable, rnd: random.Random) -> str | None:
    """A server seed whose deck deals someone seven-deuce at this table (tried on the pure
    engine, nothing stored), or None if none of 300 does."""
    for _ in range(300):
        seed = f"{rnd.getrandbits(256):064x}"
        try:
            dealt, _ = engine_live.apply(state, HOST, {"type": "start_hand", "seed": seed}, time.time())
        except Exception:  # the real deal will say why
            return None
        if dealt.hand is not None and any(is_seven_deuce(s.hole) for s in dealt.hand.seats):
            return seed
    return None


Steer = Callable[[LiveTable, int], dict[str, Any] | None]  # a decision for the seat, or None: random


def play_house_hand(table_id: int, rnd: random.Random, seed: str | None = None) -> LiveTable:
    """Deal one hand through the write path and play it out with random legal decisions (see
    `play_out`). With `seed`, half the time everyone gives up to a seven-deuce."""
    apply_intent(table_id, HOST, {"type": "start_hand", **({"seed": seed} if seed else {})})
    state = load_state(table_id)
    favoured = None
    if seed and state.hand is not None and rnd.random() < 0.5:
        favoured = next((s.seat for s in state.hand.seats if is_seven_deuce(s.hole)), None)
    steer = None if favoured is None else give_up_to(favoured)
    return play_out(table_id, rnd, steer)


def give_up_to(favoured: int) -> Steer:
    """The others give up to a seven-deuce, which shows when asked: so the bounty is paid."""

    def steer(state: LiveTable, seat: int) -> dict[str, Any] | None:
        assert state.hand is not None
        if state.hand.phase == "run_it_twice":
            return None
        preferred = ("show", "check", "call") if seat == favoured else ("fold", "check", "muck")
        return first_allowed(state, seat, preferred)

    return steer


def first_allowed(state: LiveTable, seat: int, preferred: tuple[str, ...]) -> dict[str, Any] | None:
    """The first of `preferred` that `seat` may do now, as an action, or None."""
    assert state.hand is not None
    actions = state.hand.legal_actions(seat)["actions"]
    allowed = [name for name, info in actions.items() if info.get("allowed")]
    return next(({"type": name} for name in preferred if name in allowed), None)


def play_out(table_id: int, rnd: random.Random, steer: Steer | None = None) -> LiveTable:
    """Play the hand being dealt at the table to its end through the write path: each decision
    is the steer's, or random and legal where it has none. A run-it-twice question the steer
    leaves is answered at random or left to its timer, and a staged reveal's pauses end when
    the stored timer fires them."""
    for _ in range(300):
        state = load_state(table_id)
        hand = state.hand
        if not state.hand_in_progress or hand is None:
            return state
        asked = hand.phase == "run_it_twice"
        steered = steer(state, hand.to_act) if steer is not None and hand.to_act is not None else None
        if hand.to_act is None or (asked and steered is None and rnd.random() < 0.15):
            # A staged reveal's pause, or nobody answers in time: the table's timer fires.
            assert state.deadline is not None, f"the hand waits in {hand.phase} with no deadline"
            assert timers.fire_due(now=state.deadline, table_ids=[table_id]) == 1
            continue
        seat, action = random_action(state, rnd)
        if steered is not None:
            action = steered
        player = state.table.occupant(seat).player
        try:
            apply_intent(table_id, player_actor(int(player)), {"type": "act", "action": action})
        except ActionRefused as refused:
            # A decision the hand offered as legal: refusing it leaves the table stuck mid-hand
            # (the write path refuses, for one, a hand whose final stacks do not add up).
            raise AssertionError(f"seat {seat}'s legal {action} was refused: {refused}") from refused
    raise AssertionError("The hand did not finish")


def chips_of(state: LiveTable) -> dict[str, int]:
    return {s.player: s.stack for s in state.table.seats}


# Rules -------------------------------------------------------------------------------------------


class HouseRulesAtTheCashTables:
    """Mixed into the night's machine, which has the nights, tables, players and host."""

    host: Any
    cash: Night
    tour_night: Night
    cash_tables: list[Table]
    tour_tables: list[Table]
    cash_players: list[Player]

    def _cash_player(self, index: int) -> Player:
        raise NotImplementedError

    def figures(self) -> NightFigures:
        tables = [*self.cash_tables, *self.tour_tables, *self.bar_tables]
        return night_figures([self.cash, self.tour_night], tables)

    @contextlib.contextmanager
    def refused_changes_nothing(self) -> Iterator[None]:
        """The operation runs; if it is refused, nothing of the night has changed."""
        before = self.figures()
        try:
            yield
        except ActionRefused as refused:
            after = self.figures()
            assert after == before, f"refused ({refused}) but changed {before.differences(after)}"
            self.last_refusal: ActionRefused | None = refused
        else:
            self.last_refusal = None

    @initialize(players=st.integers(0, 5), chips=st.integers(20, 400))
    def players_waiting_at_the_door(self, players: int, chips: int) -> None:
        """Most nights start with a few players bought in and drawn to the tables."""
        for _ in range(players):
            player = joining.join_night(self.cash, f"P{len(self.cash_players)}")
            self.cash_players.append(player)
            ledger.record_chips_in(player, EntryKind.BUY_IN, chips, self.host)
        if players:
            host_panel.seat_waiting(self.cash_tables[0], self.host)

    @initialize(
        game=st.sampled_from(["nlhe", "nlhe", "nlhe", "blind_holdem"]),
        run_it_twice=st.booleans(),
        seven_deuce=st.sampled_from([1, 2]),
        rabbit_hunt=st.booleans(),
        straddle_allowed=st.booleans(),
        staged=st.booleans(),
    )
    def house_options_tonight(
        self,
        game: str,
        run_it_twice: bool,
        seven_deuce: int,
        rabbit_hunt: bool,
        straddle_allowed: bool,
        staged: bool,
    ) -> None:
        """The first table starts the night with house options, the second with the plain game."""
        self.house_options(0, game, run_it_twice, seven_deuce, rabbit_hunt, straddle_allowed, staged)

    @rule(
        table=st.integers(0, 1),
        game=st.sampled_from(["nlhe", "nlhe", "blind_holdem"]),
        run_it_twice=st.booleans(),
        seven_deuce=st.sampled_from([0, 1, 2]),
        rabbit_hunt=st.booleans(),
        straddle_allowed=st.booleans(),
        staged=st.booleans(),
    )
    def house_options(
        self,
        table: int,
        game: str,
        run_it_twice: bool,
        seven_deuce: int,
        rabbit_hunt: bool,
        straddle_allowed: bool,
        staged: bool,
    ) -> None:
        """The host switches the house options of a cash table, from its next hand on."""
        options: dict[str, Any] = (
            {"reveal": "staged" if staged else "all_at_once", "stage_seconds": 2}
            if game == "blind_holdem"
            else {"seven_deuce": seven_deuce, "rabbit_hunt": rabbit_hunt}
        )
        with self.refused_changes_nothing():
            table_settings.save_settings(
                self.cash_tables[table],
                self.host,
                "house rules tonight",
                game_options=options,
                game=game,
                small_blind=1,
                big_blind=2,
                straddle_allowed=straddle_allowed,
                run_it_twice=run_it_twice,
            )

    @rule(
        table=st.integers(0, 1),
        seed=st.integers(0, 10**6),
        hands=st.integers(2, 5),
        seven_deuce=st.booleans(),
        hunt=st.booleans(),
    )
    def house_hand(self, table: int, seed: int, hands: int, seven_deuce: bool, hunt: bool) -> None:
        """A few hands with the table's house options, each maybe followed by a rabbit hunt."""
        rnd = random.Random(seed)
        chosen = self.cash_tables[table]
        for _ in range(hands):
            state = load_state(chosen.pk)
            if len([s for s in state.table.seats if s.stack > 0]) < 2:
                return
            deck_seed = seven_deuce_seed(state, rnd) if seven_deuce else None
            with contextlib.suppress(ActionRefused):  # a refused deal; a hand half played stays played
                play_house_hand(chosen.pk, rnd, deck_seed)
            if hunt and self.cash_players:
                self._hunt_the_rabbit(chosen, rnd.randrange(len(self.cash_players)))

    @rule(table=st.integers(0, 1), game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6))
    def switch_game(self, table: int, game: str, seed: int) -> None:
        """The host switches a cash table to any game the engine deals, at its own stakes (blinds
        1/2, or 2 as the bomb pot's ante and Blind Hold'em's stake), and a hand of it is dealt:
        the house options it cannot have wait for the next game that has them."""
        with self.refused_changes_nothing():
            table_settings.save_settings(
                self.cash_tables[table], self.host, "mixed game", game=game, small_blind=1, big_blind=2
            )
        if self.last_refusal is None:
            self.house_hand(table, seed, 1, False, seed % 2 == 0)

    @rule(seed=st.integers(0, 10**6), seven_deuce=st.booleans(), hunt=st.booleans())
    def both_tables_deal(self, seed: int, seven_deuce: bool, hunt: bool) -> None:
        """A hand at each table, one after the other."""
        for table in (0, 1):
            self.house_hand(table, seed + table, 1, seven_deuce, hunt)

    def _hunt_the_rabbit(self, table: Table, who: int) -> None:
        """ "Only board cards, never anyone's hole cards": a rabbit moves no chip, asked or refused."""
        before = self.figures()
        stacks = chips_of(load_state(table.pk))
        with self.refused_changes_nothing():
            apply_intent(table.pk, player_actor(self._cash_player(who).pk), {"type": "rabbit_hunt"})
        if self.last_refusal is not None:
            assert_names_no_card(self.last_refusal)
        after = self.figures()
        assert chips_of(load_state(table.pk)) == stacks
        assert (after.ledger, after.seats, after.log_lines) == (before.ledger, before.seats, before.log_lines)

    @precondition(lambda self: self.cash_players)
    @rule(table=st.integers(0, 1), who=st.integers(0, 7), on=st.booleans(), under_the_gun=st.booleans())
    def ask_to_straddle(self, table: int, who: int, on: bool, under_the_gun: bool) -> None:
        """ "Straddle next hand", asked by the player under the gun or by anyone else."""
        chosen = self.cash_tables[table]
        state = load_state(chosen.pk)
        seat = next_hand.straddler(state.table) if under_the_gun else None
        occupant = state.table.occupant(seat) if seat is not None else None
        player = int(occupant.player) if occupant is not None else self._cash_player(who).pk
        with self.refused_changes_nothing():
            apply_intent(chosen.pk, player_actor(player), {"type": "straddle", "on": on})
        if self.last_refusal is not None:
            assert_names_no_card(self.last_refusal)

    @precondition(lambda self: self.cash_players)
    @rule(table=st.integers(0, 1), who=st.integers(0, 7), twice=st.booleans())
    def answer_out_of_turn(self, table: int, who: int, twice: bool) -> None:
        """Anyone may tap "run it twice" or "once" at any moment: outside the question, refused."""
        chosen = self.cash_tables[table]
        answer = {"type": "act", "action": {"type": "run_twice" if twice else "run_once"}}
        with self.refused_changes_nothing():
            apply_intent(chosen.pk, player_actor(self._cash_player(who).pk), answer)
        if self.last_refusal is not None:
            assert_names_no_card(self.last_refusal)

    @rule(which=st.integers(0, 10**6), why=st.sampled_from(WHY), tournament=st.booleans())
    def void_an_entry(self, which: int, why: str, tournament: bool) -> None:
        """Void a random entry (a cash-out, a correction, a tournament's money included):
        done, or refused with nothing changed."""
        rows = list(ledger.entries(self.tour_night if tournament else self.cash).order_by("pk"))
        if not rows:
            return
        entry = rows[which % len(rows)]
        with self.refused_changes_nothing():
            ledger.void(entry, self.host, why)
        if self.last_refusal is not None:
            assert_names_no_card(self.last_refusal)
        else:
            assert why, "a void without a reason was taken"

    @rule(tournament=st.booleans(), why=st.sampled_from(WHY))
    def reopen_a_night(self, tournament: bool, why: str) -> None:
        """A closed night opens again with a reason; the figures of its close stay in the log."""
        night = self.tour_night if tournament else self.cash
        with self.refused_changes_nothing():
            closing.reopen_night(night, self.host, why)
        night.refresh_from_db()
        if self.last_refusal is None:
            assert why.strip() and night.is_open and closing.first_close(night) is not None

    @rule(tournament=st.booleans(), archived=st.booleans())
    def archive_a_night(self, tournament: bool, archived: bool) -> None:
        """Archiving hides a night from the list: nothing else changes but the log."""
        night = Night.objects.get(pk=(self.tour_night if tournament else self.cash).pk)
        before = self.figures()
        with self.refused_changes_nothing():
            hosting.archive_night(night, self.host, archived)
        after = self.figures()
        logged = 0 if self.last_refusal is not None else 1
        assert after.log_lines == before.log_lines + logged
        assert replace_figures(after, before) == before

    @precondition(lambda self: self.cash_players)
    @rule(who=st.integers(0, 7), where=st.integers(0, 10**6), anywhere=st.booleans())
    def move_form(self, who: int, where: int, anywhere: bool) -> None:
        """The host's Move form: a free seat of the night's list, or one taken since it was drawn."""
        player = self._cash_player(who)
        choices = [value for value, _ in free_seat_choices(self.cash)]
        if anywhere or not choices:
            table = self.cash_tables[where % 2]
            choices = [f"{table.pk}:{1 + where % table.max_seats}"]
        destination = choices[where % len(choices)]
        client = Client()
        client.force_login(self.host)
        before = self.figures()
        url = reverse("player_move", args=[self.cash.pk, player.pk])
        response = client.post(url, {"destination": destination, "why": ""})
        assert response.status_code == 302
        table_id, number = (int(part) for part in destination.split(":"))
        if not Seat.objects.filter(player=player, table_id=table_id, number=number).exists():
            after = self.figures()
            assert after == before, f"a move refused changed {before.differences(after)}"

    def check_the_draw_was_even(self, seated: list[Seat]) -> None:
        """Each player drawn went to a table with the fewest players: so no table that got
        someone ends more than one player above a table that still has a free seat."""
        counts = {t.pk: Seat.objects.filter(table=t).count() for t in self.cash_tables}
        free = [t.pk for t in self.cash_tables if seating.free_seat_numbers(t) and _open(t)]
        for table_id in {seat.table_id for seat in seated}:
            for other in free:
                assert counts[table_id] <= counts[other] + 1, (counts, table_id, other)


def _open(table: Table) -> bool:
    """Whether the table takes players: the draw passes a closed or removed table by."""
    return Table.objects.get(pk=table.pk).is_open


def replace_figures(after: NightFigures, before: NightFigures) -> NightFigures:
    """`after` with the log count and the nights' archived flags of `before`."""
    archived = {pk: flag for pk, _, flag in before.nights}
    nights = tuple((pk, status, archived[pk]) for pk, status, _ in after.nights)
    return replace(after, log_lines=before.log_lines, nights=nights)
