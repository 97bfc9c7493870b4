"""Long random sessions at one table: arrivals, departures, sit-outs, returns, busts.

Each hand's result is simulated (not played): the posts go in, players put in random
extra chips, and a random player wins the pot, so chips are conserved. After every hand:

- Cash tables: "In non-tournament play, the button rotates one position clockwise after
  each deal. The button must move forward, and the blinds adjust accordingly." The button
  is on a player dealt in, never the same player twice in a row, and it passes no player
  who was dealt in the hand before and this hand (a player may buy it: "Buy the button:
  Post both blinds in between the button and the small blind"). The small blind is the
  first player after the button who does not post to come in, the big blind the next
  player dealt in; heads-up the button posts the small blind.
- Cash tables: "players must meet the total amount of the blind obligations for every round
  they play": between two of a player's buttons they post a big blind and a small blind
  (a blind the moving button made them skip is owed and posted the next hand), and over
  many rounds never fewer blinds than rounds. Stretches with a heads-up hand do not count
  (with two players nobody owes anything).
- Tournaments (the dead button): the button never moves backward, nobody has it twice in a
  row (except when heads-up play starts or ends or changes players, see engine.button),
  nobody posts the big blind twice in one orbit, and nobody is dealt a full orbit without
  posting it.
- Chips are conserved, dead blinds included.
- A misdeal (now and then) is re-dealt as the same hand, even when someone sits down meanwhile.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from engine.config import HandConfig, PostKind, Stakes
from engine.dealer import validate
from engine.games import GAMES
from engine.table import (
    Entry,
    GameMode,
    SeatStatus,
    TableOptions,
    TableState,
    can_sit_in,
    can_sit_out,
    finish_hand,
    leave,
    new_table,
    set_stack,
    set_straddle,
    sit,
    sit_in,
    sit_out,
    start_hand,
    void_hand,
)
from engine.table_state import seats_between
from engine.tests.table_helpers import positions

BLIND_KINDS = (PostKind.BIG_BLIND, PostKind.NEW_PLAYER_BLIND)
SMALL_KINDS = (PostKind.SMALL_BLIND, PostKind.DEAD_SMALL_BLIND)
ENTRY_KINDS = (PostKind.NEW_PLAYER_BLIND, PostKind.DEAD_SMALL_BLIND)


@dataclass
class Session:
    state: TableState
    rnd: random.Random
    chips: int = 0  # every chip that should be on the table now
    next_id: int = 0
    hands: list[HandConfig] = field(default_factory=list)
    previous_button_holder: str | None = None

    def entry(self) -> Entry:
        choices = [Entry.POST, Entry.WAIT]
        if self.state.options.higher_limit:
            choices.append(Entry.BUY_BUTTON)
        return self.rnd.choice(choices)

    def arrive(self) -> None:
        empty = [n for n in range(1, self.state.max_seats + 1) if self.state.seat(n) is None]
        if not empty:
            return
        self.next_id += 1
        stack = self.rnd.choice([100, 200, 500])
        seat = self.rnd.choice(empty)
        self.state = sit(self.state, seat, f"p{self.next_id}", stack, entry=self.entry())
        if self.rnd.random() < 0.3:
            self.state = set_straddle(self.state, seat, True)
        self.chips += stack

    def between_hands(self) -> None:
        for _ in range(self.rnd.choice([0, 0, 1, 2])):
            roll = self.rnd.random()
            seats = [s.seat for s in self.state.seats]
            if roll < 0.25 or len(seats) < 3:
                self.arrive()
                continue
            seat = self.rnd.choice(seats)
            s = self.state.occupant(seat)
            if roll < 0.4 and self.state.cash_game:
                self.chips -= s.stack
                self.state = leave(self.state, seat)
            elif roll < 0.7 and can_sit_out(self.state, seat):
                self.state = sit_out(self.state, seat)
            else:
                # A player back in may switch how they come in until the deal, but choosing again
                # what they chose is refused: ask about the very entry that is sent.
                entry = self.entry()
                if can_sit_in(self.state, seat, entry):
                    self.state = sit_in(self.state, seat, entry)
        for s in self.state.seats:
            if s.status is SeatStatus.BUSTED and self.rnd.random() < 0.5:
                self.state = set_stack(self.state, s.seat, 200)
                self.chips += 200

    def bring_someone_back(self) -> None:
        for s in self.state.seats:
            if s.status is SeatStatus.BUSTED:
                self.state = set_stack(self.state, s.seat, 200)
                self.chips += 200
            if can_sit_in(self.state, s.seat):
                self.state = sit_in(self.state, s.seat, Entry.WAIT)
                return
        self.arrive()

    def playable(self) -> int:
        return sum(
            1 for s in self.state.seats if s.stack > 0 and s.status in (SeatStatus.ACTIVE, SeatStatus.AWAY)
        )

    def play_hand(self) -> None:
        self.state, config = start_hand(self.state)
        if len(self.hands) % 10 == 3:  # every tenth hand, so the random draws stay as they were
            self.misdeal(config)
            self.state, again = start_hand(self.state)
            assert again == config, "the re-deal is not the void hand"
        validate(config, GAMES[config.game].deck)  # the hand engine accepts what the table plans
        stacks = {s.seat: s.stack for s in config.seats}
        put = dict.fromkeys(stacks, 0)
        for post in config.posts:  # as the dealer does: a short stack posts what it has
            put[post.seat] += min(post.amount, stacks[post.seat] - put[post.seat])
        for seat in stacks:
            if self.rnd.random() < 0.5:
                put[seat] += self.rnd.randint(0, stacks[seat] - put[seat])
        winner = self.rnd.choice(list(stacks))
        final = {seat: stacks[seat] - put[seat] for seat in stacks}
        final[winner] += sum(put.values())
        self.state = finish_hand(self.state, final)
        self.hands.append(config)

    def misdeal(self, config: HandConfig) -> None:
        """The hand is void, every chip goes back ("re-dealt from scratch"), and sometimes a
        seat changes meanwhile (a newcomer, who must wait for the re-deal to be over)."""
        self.state = void_hand(finish_hand(self.state, {s.seat: s.stack for s in config.seats}), config)
        if len(self.hands) % 20 == 3 and self.state.cash_game:
            self.arrive()


def players_of(hand: HandConfig) -> dict[int, str]:
    return {s.seat: s.player for s in hand.seats}


def posted(hand: HandConfig, seat: int, kinds: tuple[PostKind, ...]) -> bool:
    return any(p.seat == seat and p.kind in kinds for p in hand.posts)


def check_cash_button(before: HandConfig, after: HandConfig) -> None:
    """ "The button rotates one position clockwise after each deal ... and the blinds adjust
    accordingly"; "Players cannot have the button twice"."""
    then, now = players_of(before), players_of(after)
    button = after.button
    assert button in now, f"the button is on seat {button}, where nobody is dealt in"
    assert now[button] != then.get(before.button), f"{now[button]} had the button twice in a row"
    bought = now[button] not in then.values() and all(posted(after, button, (k,)) for k in ENTRY_KINDS)
    if not bought:
        continuing = {seat for seat, player in now.items() if then.get(seat) == player}
        passed = set(seats_between(after.max_seats, before.button, button)) - {button}
        assert not passed & continuing, (
            f"the button went {before.button} -> {button}, past {passed & continuing}"
        )
    order = [seat for seat in seats_between(after.max_seats, button, button) if seat in now]
    if len(now) == 2:
        assert positions(after) == (button, button, order[0]), "heads-up the button posts the small blind"
        return
    small = next(seat for seat in order if not posted(after, seat, ENTRY_KINDS))
    big = order[order.index(small) + 1]
    assert positions(after) == (button, small, big), f"button {button}: blinds not the next two players"


def check_cash_blind_obligations(hands: list[HandConfig]) -> None:
    """ "players must meet the total amount of the blind obligations for every round they play":
    between a player's first and last button in a stretch of hands dealt to them, one big blind
    and one small blind a round (posted on the button at the latest). A heads-up hand ends a
    stretch: with two players nobody owes anything."""
    for player in {p for h in hands for p in players_of(h).values()}:
        stretch: list[HandConfig] = []
        for hand in [*hands, None]:
            if hand is not None and len(hand.seats) > 2 and player in players_of(hand).values():
                stretch.append(hand)
                continue
            buttons = [i for i, h in enumerate(stretch) if players_of(h).get(h.button) == player]
            for start, end in itertools.pairwise(buttons):
                posted_kinds = {
                    p.kind
                    for h in stretch[start + 1 : end + 1]
                    for p in h.posts
                    if players_of(h)[p.seat] == player
                }
                assert posted_kinds & set(BLIND_KINDS), f"{player} skipped a big blind"
                assert posted_kinds & set(SMALL_KINDS), f"{player} skipped a small blind"
            stretch = []


def check_button(before: HandConfig, after: HandConfig, before_bb: int, still_here: set[int]) -> None:
    # Around heads-up play with a change of players, the big blind's rule comes first
    # (engine.button, rules 3 and 4): the button may then stay with one player.
    players_changed = {s.player for s in before.seats} != {s.player for s in after.seats}
    heads_up_change = players_changed and 2 in (len(before.seats), len(after.seats))
    arc = seats_between(before.max_seats, before.button, before_bb)
    stays_at_heads_up = heads_up_change and after.button == before.button
    if not stays_at_heads_up and any(seat in still_here for seat in arc):
        assert after.button in arc, f"button moved backward: {before.button} -> {after.button}"
    holder = {s.seat: s.player for s in before.seats}.get(before.button)
    if holder and not heads_up_change:
        assert {s.seat: s.player for s in after.seats}.get(after.button) != holder, "button twice in a row"


def check_big_blind_orbits(hands: list[HandConfig]) -> None:
    big = [next((p.seat for p in h.posts if p.kind is PostKind.BIG_BLIND), None) for h in hands]
    posters = [
        {s.seat: s.player for s in h.seats}.get(b) if b else None for h, b in zip(hands, big, strict=True)
    ]
    last_index: dict[str, int] = {}
    for j, q in enumerate(posters):
        if q is None:
            continue
        i = last_index.get(q)
        last_index[q] = j
        if i is None:
            continue
        assert j > i + 1, f"{q} posted the big blind twice in a row"
        throughout = set.intersection(*({s.player for s in h.seats} for h in hands[i : j + 1]))
        blinded = {
            h_seats[p.seat]
            for h in hands[i + 1 : j]
            for h_seats in [{s.seat: s.player for s in h.seats}]
            for p in h.posts
            if p.kind in BLIND_KINDS
        }
        skipped = throughout - blinded - {q}
        assert not skipped, (
            f"{q} posted the big blind twice while {skipped} were dealt every hand without one"
        )


def run_session(rnd: random.Random, mode: GameMode, hands: int) -> Session:
    state = new_table(
        max_seats=rnd.choice([4, 6, 9, 10]),
        mode=mode,
        stakes=Stakes(small_blind=5, big_blind=10, ante=rnd.choice([0, 0, 1])),
        options=TableOptions(higher_limit=rnd.random() < 0.5),
    )
    session = Session(state, rnd)
    for _ in range(rnd.randint(2, state.max_seats)):
        session.arrive()
    big_blind_seats: list[int] = []
    for _ in range(hands):
        if mode is GameMode.CASH:
            session.between_hands()
        elif rnd.random() < 0.2:
            seat = rnd.choice([s.seat for s in session.state.seats])
            session.state = (sit_out if can_sit_out(session.state, seat) else sit_in)(session.state, seat)
        while session.playable() < 2 and mode is GameMode.CASH:
            session.bring_someone_back()
        if session.playable() < 2:
            break
        session.play_hand()
        big_blind_seats.append(session.state.big_blind_position or 0)
        assert sum(s.stack for s in session.state.seats) == session.chips
        if len(session.hands) >= 2 and mode is GameMode.CASH:
            check_cash_button(session.hands[-2], session.hands[-1])
        elif len(session.hands) >= 2:
            still = {s.seat for s in session.hands[-1].seats}
            check_button(session.hands[-2], session.hands[-1], big_blind_seats[-2], still)
    if mode is GameMode.CASH:
        check_cash_blind_obligations(session.hands)
    else:
        check_big_blind_orbits(session.hands)
    return session


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_cash_sessions_keep_the_button_and_blinds_fair(rnd):
    run_session(rnd, GameMode.CASH, hands=80)


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_tournament_sessions_keep_the_button_and_blinds_fair(rnd):
    session = run_session(rnd, GameMode.TOURNAMENT, hands=120)
    out = [f.player for f in session.state.finishes]
    assert len(out) == len(set(out)), "a player finished twice"
