"""Where the button and the blinds go next, and who is dealt in: the next hand from the last.

The procedure, the "dead button" rule of tournaments, used at cash tables too ("the
button must move forward, and the blinds adjust accordingly"):

1. **The big blind moves forward exactly one player.** It goes to the first seat
   clockwise after the last big blind whose player can take it: in a tournament every
   player still in (away or not); in a cash game every player who is playing (not
   sitting out, not out of chips), including one waiting for the big blind. Nobody
   therefore skips the big blind and nobody pays it twice in a row.
2. **The small blind is the seat of the last big blind; the button is the seat of the
   last small blind.** If the player who was there has busted, left or is not dealt in,
   the small blind is *dead* (nobody posts it) or the button is *dead* (it marks a seat
   nobody is dealt in from). So a bust in the big blind gives a dead small blind next
   hand and a dead button the hand after; a bust in the small blind gives a dead button.
   Should the big blind come round past the button position (so many players gone
   that it would reach it), the button goes to the seat just before the small blind.
3. **Heads-up** (two players dealt in): the big blind still moves as in 1; the other
   player has the button and posts the small blind ("In heads-up play, the small blind is
   on the button"). Going from three players to two (or to a new pair) therefore never
   gives anyone the big blind twice in a row, nor lets anyone skip it; the button may
   stay with the same player for that hand.
4. **Out of heads-up** (a player joins two): the small blind goes to the last big
   blind's seat and the button to the seat just before it. When that seat is the
   heads-up button's own (no seat between them), that player keeps the button for one
   more hand, the only way to give nobody the big blind twice and skip nobody's.
5. **First hand, or after the host moves the button**: the button is on the chosen seat
   (the first player's if none was chosen) and the blinds are the next two players.

Cash games add who is dealt in: a player waiting for the big blind is dealt in when it
reaches them; a new player or one who missed blinds and chose to post is dealt in at
once, except in the small blind or between the button and the small blind (at
higher-limit tables they may post there too, or buy the button). With only two players
able to play, waiting would leave nobody to play against: both are dealt in and nobody
owes anything (the blinds follow rule 3).

Missed blinds (cash games with blinds): when the big blind passes over a player who is
sitting out or out of chips, that player owes both blinds ("post the big blind plus a dead
small blind"); when the small blind position falls on such a player, the small blind.
Coming back they post a live `NEW_PLAYER_BLIND` and a `DEAD_SMALL_BLIND` (live=False),
only the dead small blind if that is all they missed, or wait for the big blind, which
settles everything. New players who never played owe a new player's blind instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.config import HandConfig, Post, PostKind, SeatInHand, Stakes
from engine.errors import TableError
from engine.forced_bets import blind_seats
from engine.games import ForcedBets
from engine.table_state import (
    GameMode,
    SeatState,
    SeatStatus,
    TableState,
    forced_bets_of,
    next_in,
    seats_between,
    strictly_between,
    verify_stakes,
)


@dataclass(frozen=True, slots=True)
class Positions:
    """The procedure's positions for one hand (seat numbers; the button or small blind may be dead)."""

    button: int
    small_blind: int
    big_blind: int
    heads_up: bool


@dataclass(frozen=True, slots=True)
class Plan:
    """A planned hand: the config, the positions it came from, and who was cleared of debts."""

    config: HandConfig
    positions: Positions
    cleared: frozenset[int]  # seats whose debts and waits the hand settles
    fresh: bool  # positions came from a chosen button, not from the last hand


def can_take_big_blind(state: TableState, s: SeatState) -> bool:
    """Whether the big blind may land on this player (rule 1 of the module docstring)."""
    if s.leaving or s.stack <= 0:
        return False
    if state.mode is GameMode.TOURNAMENT:
        return s.status in (SeatStatus.ACTIVE, SeatStatus.AWAY)
    return s.status is SeatStatus.ACTIVE


def seat_before(state: TableState, seat: int) -> int:
    return (seat - 2) % state.max_seats + 1


def _positions(state: TableState, eligible: list[int]) -> Positions:
    n = state.max_seats
    if state.big_blind_position is None:
        start = state.button if state.button is not None else n
        button = start if start in eligible else next_in(n, start, eligible)
        assert button is not None
        if len(eligible) == 2:
            small, big = blind_seats(eligible, button)
            return Positions(button, small, big, True)
        small = next_in(n, button, eligible)
        assert small is not None
        big = next_in(n, small, eligible)
        assert big is not None
        return Positions(button, small, big, False)
    last_big = state.big_blind_position
    big = next_in(n, last_big, eligible)
    assert big is not None
    if len(eligible) == 2:
        # The other player has the button, and so the small blind (engine.forced_bets.blind_seats).
        button = next_in(n, big, eligible)
        assert button is not None
        small, big = blind_seats(eligible, button)
        return Positions(button, small, big, True)
    small = last_big
    if state.last_hand_heads_up:
        button = seat_before(state, small)
    else:
        button = state.small_blind_position if state.small_blind_position is not None else small
        if not strictly_between(n, big, small, button):
            button = seat_before(state, small)
    return Positions(button, small, big, False)


def _dealt_in_cash(
    state: TableState, players: dict[int, SeatState], pos: Positions, forgive: bool
) -> list[int]:
    """Which cash players the blind positions let in (before any heads-up adjustment)."""
    dealt: list[int] = []
    for seat, s in players.items():
        waits = s.waiting_for_big_blind or s.owes_entry
        if seat == pos.big_blind or forgive or not waits:
            dealt.append(seat)
        elif s.waiting_for_big_blind or seat == pos.small_blind:
            continue  # the small blind cannot be a player's entry: wait for the button to pass
        elif strictly_between(state.max_seats, pos.button, pos.small_blind, seat):
            if state.options.higher_limit:  # "Posting in any position" / "Buy the button"
                dealt.append(seat)
        else:
            dealt.append(seat)
    return sorted(dealt)


def entry_posts(s: SeatState, stakes: Stakes, buying: bool) -> list[Post]:
    """What a new or returning player posts to be dealt in now.

    "an amount up to the size of the minimum opening bet is live, and the remainder is
    placed in the pot as dead money"; "post the big blind plus a dead small blind".
    """
    posts: list[Post] = []
    if s.new_player or s.missed_big_blind or buying:
        posts.append(Post(s.seat, PostKind.NEW_PLAYER_BLIND, stakes.big_blind, True))
    if s.missed_big_blind or s.missed_small_blind or buying:
        posts.append(Post(s.seat, PostKind.DEAD_SMALL_BLIND, stakes.small_blind, False))
    return posts


def plan(state: TableState, stakes: Stakes | None = None) -> Plan:
    """Plan the next hand (see the module docstring). Raises TableError if it cannot be dealt."""
    if state.hand_in_progress:
        raise TableError("A hand is in progress; finish it first.")
    stakes = stakes or state.stakes
    verify_stakes(state.game, stakes)
    style = forced_bets_of(state.game)
    players = {s.seat: s for s in state.seats if can_take_big_blind(state, s)}
    eligible = sorted(players)
    if len(eligible) < 2:
        raise TableError("At least two players with chips must be playing to deal a hand.")
    cash_blinds = state.cash_game and style is ForcedBets.BLINDS
    forgive = not cash_blinds
    if len(eligible) == 2:
        # Heads-up, waiting would leave nobody to play: both are dealt in and nobody owes anything.
        forgive = True
    pos = _positions(state, eligible)
    dealt = _dealt_in_cash(state, players, pos, forgive) if cash_blinds else eligible
    if len(dealt) < 2:
        forgive = True  # the rules would leave nobody to play against: deal everyone in
        dealt = eligible
    if len(dealt) == 2 and not pos.heads_up:
        other = dealt[0] if dealt[1] == pos.big_blind else dealt[1]
        pos = Positions(other, other, pos.big_blind, True)
    return _build(state, stakes, style, players, pos, dealt, forgive)


def _build(
    state: TableState,
    stakes: Stakes,
    style: ForcedBets,
    players: dict[int, SeatState],
    pos: Positions,
    dealt: list[int],
    forgive: bool,
) -> Plan:
    posts: list[Post] = []
    cleared: set[int] = set(dealt) if forgive else set()
    button = pos.button
    big_blind_seat: int | None = None
    straddle_seat: int | None = None
    if style is ForcedBets.BOMB_ANTE:
        posts = [Post(seat, PostKind.BOMB_ANTE, stakes.bomb_ante, False) for seat in dealt]
    elif style is ForcedBets.FIXED_STAKE:
        posts = [Post(seat, PostKind.FIXED_STAKE, stakes.fixed_stake, False) for seat in dealt]
    else:
        if stakes.ante:
            posts = [Post(seat, PostKind.ANTE, stakes.ante, False) for seat in dealt]
        entries: list[Post] = []
        small_seat = pos.small_blind if pos.small_blind in dealt else None
        for seat in _clockwise(state, pos.big_blind, dealt):
            s = players[seat]
            if seat == pos.big_blind:
                cleared.add(seat)
            elif seat in cleared or not s.owes_entry:
                continue
            else:
                buying = s.buy_button and strictly_between(state.max_seats, pos.button, pos.small_blind, seat)
                own = entry_posts(s, stakes, buying)
                if seat == small_seat and any(p.live for p in own):
                    small_seat = None  # heads-up: a live entry blind stands in for the small blind
                if buying:
                    button = (
                        seat  # "Buy the button: Post both blinds in between the button and the small blind"
                    )
                entries += own
                cleared.add(seat)
        if small_seat is not None:
            posts.append(Post(small_seat, PostKind.SMALL_BLIND, stakes.small_blind, True))
        posts.append(Post(pos.big_blind, PostKind.BIG_BLIND, stakes.big_blind, True))
        posts += entries
        big_blind_seat = pos.big_blind
        straddle_seat = _straddler(state, players, pos, dealt, posts)
        if straddle_seat is not None:
            posts.append(Post(straddle_seat, PostKind.STRADDLE, 2 * stakes.big_blind, True))
    config = HandConfig(
        game=state.game,
        seats=tuple(
            SeatInHand(seat, players[seat].player, players[seat].stack, players[seat].name) for seat in dealt
        ),
        button=button,
        stakes=stakes,
        posts=tuple(posts),
        big_blind_seat=big_blind_seat,
        straddle_seat=straddle_seat,
        cash_game=state.cash_game,
        max_seats=state.max_seats,
        hand_number=state.hand_count + 1,
    )
    return Plan(config, pos, frozenset(cleared), state.big_blind_position is None)


def _clockwise(state: TableState, start: int, seats: list[int]) -> list[int]:
    """`seats` in clockwise order beginning with `start`."""
    wanted = set(seats)
    ring = [(start - 1 + k) % state.max_seats + 1 for k in range(state.max_seats)]
    return [seat for seat in ring if seat in wanted]


def _straddler(
    state: TableState, players: dict[int, SeatState], pos: Positions, dealt: list[int], posts: list[Post]
) -> int | None:
    """ "Only the player immediately to the left of the big blind ... may straddle, and it must
    be exactly double the big blind." Only with three or more players and nothing else posted."""
    if not state.options.straddle_allowed or pos.heads_up or len(dealt) < 3:
        return None
    first = next_in(state.max_seats, pos.big_blind, dealt)
    if first is None or not players[first].straddle:
        return None
    if any(p.seat == first and p.kind is not PostKind.ANTE for p in posts):
        return None
    return first


def settle_debts(state: TableState, p: Plan) -> TableState:
    """The table once the planned hand starts: debts settled, missed blinds recorded, positions moved."""
    n = state.max_seats
    pos = p.positions
    blinds = state.cash_game and forced_bets_of(state.game) is ForcedBets.BLINDS
    passed = (
        set() if p.fresh else set(seats_between(n, state.big_blind_position or pos.big_blind, pos.big_blind))
    )
    passed.discard(pos.big_blind)
    dealt = {s.seat for s in p.config.seats}
    seats: list[SeatState] = []
    for s in state.seats:
        new = s.cleared() if s.seat in p.cleared else s
        if new.straddle:
            new = replace(new, straddle=False)  # a straddle is asked for one hand: "Straddle next hand"
        if blinds and s.seat not in dealt and not s.new_player:
            # "If you miss any or all blinds": the big blind passing an absent player means both
            # blinds are owed ("the big blind plus a dead small blind").
            if s.seat in passed and not can_take_big_blind(state, s):
                new = replace(new, missed_big_blind=True, missed_small_blind=True)
            elif s.seat == pos.small_blind and not pos.heads_up:
                new = replace(new, missed_small_blind=True)
        seats.append(new)
    opening = set(state.opening_seats_passed)
    if not state.opening_done:
        start = pos.button if p.fresh else (state.big_blind_position or pos.button)
        opening |= set(seats_between(n, start, pos.big_blind))
    return replace(
        state,
        seats=tuple(seats),
        button=p.config.button,
        small_blind_position=pos.small_blind,
        big_blind_position=pos.big_blind,
        last_hand_heads_up=pos.heads_up,
        hand_count=state.hand_count + 1,
        opening_seats_passed=tuple(sorted(opening)),
        opening_done=state.opening_done or len(opening) >= n,
        current_hand=p.config,
    )
