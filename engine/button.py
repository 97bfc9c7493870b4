"""Where the button and the blinds go next, and who is dealt in: the next hand from the last.

Cash tables: the moving button. "In non-tournament play, the button rotates one position
clockwise after each deal. The button must move forward, and the blinds adjust
accordingly." "Players cannot have the button twice."

1. **The button moves to the next player in the game**: the first seat clockwise after the
   last button whose player is playing and owes nothing to come in. New players and players
   coming back after missed blinds are not given the button (they "let the blinds and the
   button pass", or buy it, below).
2. **The blinds are the next two players**: the small blind is the next player in the game
   after the button; the big blind is the next player after the small blind who can take it,
   a newcomer or a returning player included (the big blind settles what they owe).
   Heads-up (nobody between the small blind and the button can take the big blind), the
   button posts the small blind and the other player the big blind ("In heads-up play, the
   small blind is on the button").
3. **A blind skipped is owed.** "Players must meet the total amount of the blind
   obligations for every round they play": a player in the game who reaches the button
   without having posted a big blind and a small blind since their last button (the blinds
   passed them because someone left, busted or sat out) posts what is missing on the
   button, as a player coming back would: the big blind live (`NEW_PLAYER_BLIND`), the
   small blind dead (`DEAD_SMALL_BLIND`). Typical cases: the big blind leaves, and the next
   player posts the small blind, then the big blind on the button; the small blind leaves,
   and the last big blind gets the button and posts a dead small blind there. A hand of a
   game without blinds (a bomb pot, Blind Hold'em) owes nobody a blind: the rounds start
   again with the next hand that has blinds.

Tournaments: the "dead button" procedure.

1. **The big blind moves forward exactly one player.** It goes to the first seat
   clockwise after the last big blind whose player can take it: every player still in
   (away or not). Nobody therefore skips the big blind and nobody pays it twice in a row.
2. **The small blind is the seat of the last big blind; the button is the seat of the
   last small blind.** If the player who was there has busted, left or is not dealt in,
   the small blind is *dead* (nobody posts it) or the button is *dead* (it marks a seat
   nobody is dealt in from). So a bust in the big blind gives a dead small blind next
   hand and a dead button the hand after; a bust in the small blind gives a dead button.
   Should the big blind come round past the button position (so many players gone
   that it would reach it), the button goes to the seat just before the small blind.
3. **Heads-up** (two players dealt in): the big blind still moves as in 1; the other
   player has the button and posts the small blind. Going from three players to two (or
   to a new pair) therefore never gives anyone the big blind twice in a row, nor lets
   anyone skip it; the button may stay with the same player for that hand.
4. **Out of heads-up** (a player joins two): the small blind goes to the last big
   blind's seat and the button to the seat just before it. When that seat is the
   heads-up button's own (no seat between them), that player keeps the button for one
   more hand, the only way to give nobody the big blind twice and skip nobody's.

Both: **first hand, or after the host moves the button**, the button is on the chosen seat
(the first player's if none was chosen) and the blinds are the next two players.

Cash games add who is dealt in: a player waiting for the big blind is dealt in when it
reaches them; a new player or one who missed blinds and chose to post is dealt in at
once, except between the button and the small blind (at higher-limit tables they may post
there too, or buy the button: the first buyer there takes it). With only two players able
to play, waiting would leave nobody to play against: both are dealt in and nobody owes
anything; with fewer than two players in the game, everyone able to play is dealt in and
nobody owes anything to come in.

Missed blinds (cash games with blinds): when the big blind passes over a player who is
sitting out or out of chips, that player owes both blinds ("post the big blind plus a dead
small blind"); when only the small blind does, the small blind is recorded missed. Either
way, coming back they post "the total amount of the blinds" (casino rule 4: "If you miss any
or all blinds"): a live `NEW_PLAYER_BLIND` ("an amount up to the size of the minimum opening
bet is live") and a `DEAD_SMALL_BLIND` (live=False, "the remainder is placed in the pot as
dead money"), or wait for the big blind, which settles everything owed to come in. New
players who never played owe a new player's blind instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.config import HandConfig, Post, PostKind, SeatInHand, Stakes
from engine.errors import TableError
from engine.forced_bets import blind_seats, straddle_amount, straddle_refusal
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
    cleared: frozenset[int]  # seats whose debts and waits to come in the hand settles
    fresh: bool  # positions came from a chosen button, not from the last hand
    forgiven: bool = False  # nobody owes anything (heads-up with nobody else able to play)


def can_take_big_blind(state: TableState, s: SeatState) -> bool:
    """Whether the big blind may land on this player (rule 1 of the module docstring)."""
    if s.leaving or s.stack <= 0:
        return False
    if state.mode is GameMode.TOURNAMENT:
        return s.status in (SeatStatus.ACTIVE, SeatStatus.AWAY)
    return s.status is SeatStatus.ACTIVE


def seat_before(state: TableState, seat: int) -> int:
    return (seat - 2) % state.max_seats + 1


def _moving_positions(state: TableState, rotation: list[int], eligible: list[int]) -> Positions:
    """Cash tables, rules 1 and 2: the button to the next player in the game, the blinds after it."""
    n = state.max_seats
    start = state.button if state.button is not None else n
    if state.big_blind_position is None and start in eligible:
        button = start  # the host's (or the first hand's) choice
    else:
        button = next_in(n, start, rotation)
        assert button is not None
    small = next_in(n, button, [seat for seat in rotation if seat != button])
    assert small is not None
    big = next((seat for seat in seats_between(n, small, button) if seat in eligible), button)
    if big == button:
        return Positions(button, button, small, True)
    return Positions(button, small, big, False)


def _dead_button_positions(state: TableState, eligible: list[int]) -> Positions:
    """Tournaments (see the module docstring)."""
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
    state: TableState, players: dict[int, SeatState], pos: Positions, rotation: list[int]
) -> list[int]:
    """Which cash players the positions let in: everyone in the game, the button and the big
    blind, and those coming in who post, except between the button and the small blind."""
    dealt: list[int] = []
    for seat, s in players.items():
        if seat in rotation or seat in (pos.button, pos.big_blind):
            dealt.append(seat)
        elif s.waiting_for_big_blind or pos.heads_up:
            continue  # heads-up, a third player would sit where the small blind should be
        elif strictly_between(state.max_seats, pos.button, pos.small_blind, seat):
            if state.options.higher_limit:  # "Posting in any position" / "Buy the button"
                dealt.append(seat)
        else:
            dealt.append(seat)
    return sorted(dealt)


def entry_posts(s: SeatState, stakes: Stakes, buying: bool) -> list[Post]:
    """What a new or returning player posts to be dealt in now.

    "4. If you miss any or all blinds, you can resume play by either posting the total amount
    of the blinds for that limit game or waiting for the big blind." Any blind missed, even the
    small blind alone, costs the total: the big blind live and the small blind dead."""
    missed = s.missed_big_blind or s.missed_small_blind
    return _owed_blinds(s.seat, stakes, big=s.new_player or missed or buying, small=missed or buying)


def round_posts(s: SeatState, stakes: Stakes) -> list[Post]:
    """What a player in the game posts on the button for the blinds their round skipped
    (module docstring, rule 3), the way a returning player posts them."""
    return _owed_blinds(s.seat, stakes, s.due_big_blind, s.due_small_blind)


def _owed_blinds(seat: int, stakes: Stakes, big: bool, small: bool) -> list[Post]:
    """ "an amount up to the size of the minimum opening bet is live, and the remainder is
    placed in the pot as dead money"; "post the big blind plus a dead small blind"."""
    posts: list[Post] = []
    if big:
        posts.append(Post(seat, PostKind.NEW_PLAYER_BLIND, stakes.big_blind, True))
    if small:
        posts.append(Post(seat, PostKind.DEAD_SMALL_BLIND, stakes.small_blind, False))
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
    if not state.cash_game:
        pos = _dead_button_positions(state, eligible)
        return _build(state, stakes, style, players, pos, eligible, forgive=True)
    # Heads-up, waiting would leave nobody to play: both are dealt in and nobody owes anything.
    forgiven = len(eligible) == 2 or style is not ForcedBets.BLINDS
    rotation = eligible if forgiven else [seat for seat in eligible if not players[seat].owes_entry]
    everyone = len(rotation) < 2  # nobody to play against otherwise: everyone able to play comes in
    if everyone:
        rotation = eligible
    pos = _moving_positions(state, rotation, eligible)
    dealt = _dealt_in_cash(state, players, pos, rotation)
    planned = _build(state, stakes, style, players, pos, dealt, forgive=forgiven or everyone)
    return replace(planned, forgiven=forgiven)


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
                cleared.add(seat)  # the big blind settles what is owed to come in
                continue
            if seat == pos.small_blind:
                continue
            owing = s.cleared() if seat in cleared else s  # forgiven: nothing owed to come in
            buying = (
                owing.buy_button
                and button == pos.button
                and strictly_between(state.max_seats, pos.button, pos.small_blind, seat)
            )
            own = entry_posts(owing, stakes, buying)
            if buying:  # "Buy the button: Post both blinds in between the button and the small blind"
                button = seat
            elif seat == pos.button and not own and state.cash_game:
                own = round_posts(s, stakes)
            entries += own
            if own:
                cleared.add(seat)
        if small_seat is not None:
            posts.append(Post(small_seat, PostKind.SMALL_BLIND, stakes.small_blind, True))
        posts.append(Post(pos.big_blind, PostKind.BIG_BLIND, stakes.big_blind, True))
        posts += entries
        big_blind_seat = pos.big_blind
        straddle_seat = _straddler(state, stakes, players, pos, dealt, posts)
        if straddle_seat is not None:
            posts.append(Post(straddle_seat, PostKind.STRADDLE, straddle_amount(stakes), True))
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
    state: TableState,
    stakes: Stakes,
    players: dict[int, SeatState],
    pos: Positions,
    dealt: list[int],
    posts: list[Post],
) -> int | None:
    """ "Only the player immediately to the left of the big blind ... may straddle, and it must
    be exactly double the big blind." Only with three or more players and nothing else posted,
    and only by a player who can put in exactly that much after any ante (a request made when
    they could lapses: an all-in for less is not a straddle, engine.forced_bets)."""
    if not state.options.straddle_allowed or pos.heads_up or len(dealt) < 3:
        return None
    first = next_in(state.max_seats, pos.big_blind, dealt)
    if first is None or not players[first].straddle:
        return None
    if any(p.seat == first and p.kind is not PostKind.ANTE for p in posts):
        return None
    ante = sum(p.amount for p in posts if p.seat == first)
    if straddle_refusal(stakes, players[first].stack - ante) is not None:
        return None
    return first


def settle_debts(state: TableState, p: Plan) -> TableState:
    """The table once the planned hand starts: debts settled, missed blinds and the blinds
    each round still owes recorded, positions moved."""
    n = state.max_seats
    pos = p.positions
    blinds = state.cash_game and forced_bets_of(state.game) is ForcedBets.BLINDS
    passed_by_small: set[int] = set()
    passed_by_big: set[int] = set()
    if blinds and not p.fresh:
        passed_by_small = _passed(n, state.small_blind_position, pos.small_blind)
        passed_by_small |= _skipped_by_small(n, state.big_blind_position, pos.small_blind)
        passed_by_big = _passed(n, state.big_blind_position, pos.big_blind)
    dealt = {s.seat for s in p.config.seats}
    kinds = {(post.seat, post.kind) for post in p.config.posts}
    seats: list[SeatState] = []
    for s in state.seats:
        new = s.cleared() if s.seat in p.cleared else s
        if new.straddle:
            new = replace(new, straddle=False)  # a straddle is asked for one hand: "Straddle next hand"
        if state.cash_game and not blinds:
            # A hand without blinds (a bomb pot, Blind Hold'em) moves the button but asks nobody
            # for a blind, so no round can owe one for it: the rounds start again with the next
            # hand that has blinds (rule 3), as they do after heads-up play.
            new = replace(new, due_big_blind=False, due_small_blind=False)
        elif s.seat in dealt and blinds:
            # The blinds each round owes (module docstring, rule 3): a round ends on the button.
            round_ends = s.seat == p.config.button and not p.forgiven
            big = {(s.seat, PostKind.BIG_BLIND), (s.seat, PostKind.NEW_PLAYER_BLIND)}
            small = {(s.seat, PostKind.SMALL_BLIND), (s.seat, PostKind.DEAD_SMALL_BLIND)}
            new = replace(
                new,
                due_big_blind=round_ends or (new.due_big_blind and not p.forgiven and not big & kinds),
                due_small_blind=round_ends or (new.due_small_blind and not p.forgiven and not small & kinds),
            )
        elif blinds and not s.new_player and not can_take_big_blind(state, s):
            # "If you miss any or all blinds": the big blind passing an absent player means both
            # blinds are owed ("the big blind plus a dead small blind").
            if s.seat in passed_by_big:
                new = replace(new, missed_big_blind=True, missed_small_blind=True)
            elif s.seat in passed_by_small:
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


def _skipped_by_small(max_seats: int, last_big: int | None, now: int) -> set[int]:
    """The seats the small blind skipped on its way from the last big blind's seat (where it goes
    next) to `now` (excluded). Going heads-up the small blind stays with the button, so it may not
    move at all while a player who was out is skipped: that player missed it all the same."""
    if last_big is None or last_big == now:
        return set()
    return {last_big, *_passed(max_seats, last_big, now)}


def _passed(max_seats: int, last: int | None, now: int) -> set[int]:
    """The seats a blind passed over going from `last` to `now` (both excluded)."""
    if last is None or last == now:
        return set()
    return set(seats_between(max_seats, last, now)) - {now}
