"""Replaying a PHH hand history through this engine.

The file's fields become a `HandConfig`; its dealt cards become a deck stacked so
that our dealer deals exactly those cards (burns and unknown "??" cards are filled
with cards nobody is recorded to hold); then its player actions are applied in
order. PHH names players by position: p1 is the first player left of the button
(the small blind) and the button is the last player. "The antes, blinds, and
straddles are reverse-assigned for heads-up situations", so with two players p1
(the big blind) posts the second entry and p2 (the button) the first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from engine.cards import STANDARD_DECK, Card, card
from engine.config import HandConfig, Post, PostKind, SeatInHand, Stakes
from engine.errors import EngineError
from engine.forced_bets import blind_seats
from engine.games import GAMES, ForcedBets, GameDef, Structure
from engine.hand import Hand
from engine.house import run_it_twice
from engine.house.seven_deuce import bounty_by_player
from engine.phh.format import HandHistoryError
from engine.phh.home import HomeAction, apply_home_action, home_actions, removed_cards
from engine.seating import clockwise_after

GAME_OF_VARIANT = {"NT": "nlhe", "FT": "flhe", "NS": "short_deck", "PO": "plo", "FO/8": "flo8"}
VARIANT_OF_GAME = {game: variant for variant, game in GAME_OF_VARIANT.items()}


Move = tuple[int, str, str, int, int]
"""One action to apply: (number in the file, its text, "f" | "cc" | "cbr" | "sm" | "db", the seat
(the board for "db"), then the amount for "cbr", 1 to show or 0 to muck for "sm", and for "db"
how many cards that board must show once the dealer has dealt)."""


@dataclass(slots=True)
class Setup:
    """What the file's fields say before any action: the config, the deck, who is pN."""

    config: HandConfig
    deck: tuple[Card, ...]
    order: list[int]  # seat numbers, p1 first
    moves: list[Move] = field(default_factory=list)
    home: list[HomeAction] = field(default_factory=list)  # a "home" move's argument indexes this
    runs: int = 1  # 2 when the file deals a second runout


# Fields -> HandConfig ----------------------------------------------------------------------


def chips(value: object, name: str) -> int:
    """A whole number, 0 or more (PHH allows floats; our chips are whole)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise HandHistoryError(f"{name} must be a whole number, 0 or more, not {value!r}")
    return value


def _whole_numbers(values: Sequence[object], name: str) -> list[int]:
    """`chips` of each value; at once when they are all ints already, as in files we write."""
    numbers = [value for value in values if type(value) is int]
    if len(numbers) == len(values) and (not numbers or min(numbers) >= 0):
        return numbers
    return [chips(value, name) for value in values]


def game_of(history: Mapping[str, Any]) -> GameDef:
    key = history.get("_game") or GAME_OF_VARIANT[history["variant"]]
    if key not in GAMES:
        raise HandHistoryError(f"_game {key!r} is not a game this engine plays")
    return GAMES[key]


def player_seats(history: Mapping[str, Any]) -> tuple[list[int], int]:
    """(seat numbers in player order, the button's seat)."""
    players = len(history["starting_stacks"])
    order = _whole_numbers(history.get("seats", range(1, players + 1)), "seats")
    if len(set(order)) != players or min(order) < 1:
        raise HandHistoryError("seats must be different seat numbers from 1 up")
    button = chips(history.get("_button", order[-1]), "_button")
    if not _runs_clockwise(tuple(order), button):
        raise HandHistoryError("seats must run clockwise from the first player left of the button")
    return order, button


@lru_cache(maxsize=1024)
def _runs_clockwise(order: tuple[int, ...], button: int) -> bool:
    """Whether `order` starts left of `button` and runs clockwise (a few layouts recur)."""
    ascending = sorted(order)
    return tuple(ascending[i] for i in clockwise_after(ascending, button)) == order


def standard_posts(
    game: GameDef, order: Sequence[int], antes: Sequence[int], blinds: Sequence[int]
) -> tuple[tuple[Post, ...], int | None, int | None]:
    """(posts, big_blind_seat, straddle_seat) read from per-player antes and blinds (see
    `_standard_posts`); the same few stakes recur from file to file, so they are kept."""
    arguments = (tuple(order), tuple(antes), tuple(blinds))
    if GAMES.get(game.key) is game:
        return _standard_posts_of_game(game.key, *arguments)
    return _standard_posts(game, *arguments)


@lru_cache(maxsize=1024)
def _standard_posts_of_game(
    key: str, order: Sequence[int], antes: Sequence[int], blinds: Sequence[int]
) -> tuple[tuple[Post, ...], int | None, int | None]:
    return _standard_posts(GAMES[key], order, antes, blinds)


def _standard_posts(
    game: GameDef, order: Sequence[int], antes: Sequence[int], blinds: Sequence[int]
) -> tuple[tuple[Post, ...], int | None, int | None]:
    """(posts, big_blind_seat, straddle_seat) read from per-player antes and blinds.

    With more than two players the first blind is the small blind, the second the big
    blind and a third the straddle (the only straddle the rules allow). Heads-up the
    arrays are reversed first (PHH's format); who posts which blind is
    `engine.forced_bets.blind_seats`.
    """
    if len(order) == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    if game.forced_bets is not ForcedBets.BLINDS:
        if any(blinds):
            raise HandHistoryError(f"{game.name} has no blinds: blinds_or_straddles must be zeros")
        kind = PostKind.BOMB_ANTE if game.forced_bets is ForcedBets.BOMB_ANTE else PostKind.FIXED_STAKE
        return (
            tuple(Post(seat, kind, ante, False) for seat, ante in zip(order, antes, strict=True)),
            None,
            None,
        )
    posts = [Post(seat, PostKind.ANTE, ante, False) for seat, ante in zip(order, antes, strict=True) if ante]
    small, big = blind_seats(order, order[-1])  # the button is the last player
    kinds = {small: PostKind.SMALL_BLIND, big: PostKind.BIG_BLIND}
    if len(order) > 2:
        kinds[order[2]] = PostKind.STRADDLE  # the player left of the big blind
    big_blind_seat = straddle_seat = None
    # The small blind posts first, then the big blind, then the straddle.
    for seat in [small, big, *(seat for seat in order if seat not in (small, big))]:
        amount = blinds[order.index(seat)]
        if not amount:
            continue
        if seat not in kinds:
            raise HandHistoryError(
                "Only a small blind, a big blind and one straddle (left of the big blind) can be posted"
            )
        posts.append(Post(seat, kinds[seat], amount, True))
        if kinds[seat] is PostKind.BIG_BLIND:
            big_blind_seat = seat
        elif kinds[seat] is PostKind.STRADDLE:
            straddle_seat = seat
    return tuple(posts), big_blind_seat, straddle_seat


def posts_of(
    history: Mapping[str, Any], game: GameDef, order: list[int]
) -> tuple[tuple[Post, ...], int | None, int | None]:
    """The posts: from `_posts` when the file lists them one by one, else from antes and blinds."""
    antes = [chips(a, "antes") for a in history["antes"]]
    blinds = [chips(b, "blinds_or_straddles") for b in history["blinds_or_straddles"]]
    if "_posts" not in history:
        return standard_posts(game, order, antes, blinds)
    posts = []
    for text in history["_posts"]:
        try:
            label, kind, amount, liveness = text.split()
            posts.append(
                Post(order[player_index(label, order)], PostKind(kind), int(amount), liveness == "live")
            )
        except (ValueError, IndexError):
            raise HandHistoryError(f"_posts entry {text!r} is not 'pN kind amount live|dead'") from None

    def seat_of(name: str) -> int | None:
        return order[player_index(history[name], order)] if name in history else None

    return tuple(posts), seat_of("_big_blind"), seat_of("_straddle")


def player_index(label: object, order: Sequence[int]) -> int:
    """0-based index of "pN"."""
    if isinstance(label, str) and label[:1] == "p" and label[1:].isdigit():
        index = int(label[1:]) - 1
        if 0 <= index < len(order):
            return index
    raise HandHistoryError(f"{label!r} is not a player of this hand (p1 to p{len(order)})")


def config_of(history: Mapping[str, Any]) -> tuple[HandConfig, list[int]]:
    game = game_of(history)
    order, button = player_seats(history)
    posts, big_blind_seat, straddle_seat = posts_of(history, game, order)
    by_kind: dict[PostKind, int] = {}
    for post in posts:
        by_kind[post.kind] = max(by_kind.get(post.kind, 0), post.amount)
    is_limit = game.structure is Structure.FIXED_LIMIT
    stakes = Stakes(
        small_blind=by_kind.get(PostKind.SMALL_BLIND, 0),
        big_blind=by_kind.get(PostKind.BIG_BLIND, 0),
        ante=by_kind.get(PostKind.ANTE, 0),
        straddle=by_kind.get(PostKind.STRADDLE, 0),
        bomb_ante=by_kind.get(PostKind.BOMB_ANTE, 0),
        fixed_stake=by_kind.get(PostKind.FIXED_STAKE, 0),
        small_bet=chips(history["small_bet"], "small_bet") if is_limit else 0,
        big_bet=chips(history["big_bet"], "big_bet") if is_limit else 0,
        min_bet=0 if is_limit else chips(history["min_bet"], "min_bet"),
        cap=chips(history.get("_cap", 0), "_cap"),
    )
    names = history.get("players") or [""] * len(order)
    stacks = _whole_numbers(history["starting_stacks"], "starting_stacks")
    in_seat_order = sorted(zip(order, stacks, names, strict=True))
    seats = tuple(SeatInHand(seat, f"seat-{seat}", stack, str(name)) for seat, stack, name in in_seat_order)
    config = HandConfig(
        game=game.key,
        seats=seats,
        button=button,
        stakes=stakes,
        posts=posts,
        big_blind_seat=big_blind_seat,
        straddle_seat=straddle_seat,
        cash_game=bool(history.get("_cash_game", True)),
        max_seats=chips(history.get("seat_count", max(10, *order)), "seat_count"),
        hand_number=history["hand"] if isinstance(history.get("hand"), int) else 1,
        options=dict(history.get("_options", {})),
    )
    return config, order


# Actions -> the deck ----------------------------------------------------------------------


_CARDS_BY_TEXT: dict[str, Card | None] = {str(c): c for c in STANDARD_DECK} | {"??": None}


def cards_of(text: str, game: GameDef) -> list[Card | None]:
    """ "AsKd" -> cards; "??" is an unknown card (None)."""
    return list(_cards_of(text, game.short_deck))


@lru_cache(maxsize=4096)  # every file deals hole cards from the same 1,326 pairs
def _cards_of(text: str, short_deck: bool) -> tuple[Card | None, ...]:
    if len(text) % 2:
        raise HandHistoryError(f"{text!r} is not a list of cards (two characters each)")
    found: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        known = _CARDS_BY_TEXT[chunk] if chunk in _CARDS_BY_TEXT else card(chunk)  # card() says why not
        if known is not None and short_deck and known.rank < 6:
            raise HandHistoryError(f"{known} is not in the short deck (6 to A)")
        found.append(known)
    return tuple(found)


@lru_cache(maxsize=64)
def _labels(players: int) -> dict[str, int]:
    """{"p1": 0, "p2": 1, ...}: callers only read it."""
    return {f"p{index + 1}": index for index in range(players)}


def setup(history: Mapping[str, Any]) -> Setup:
    """The config, a deck that deals the recorded cards, and the actions to apply, checked."""
    try:
        config, order = config_of(history)
    except EngineError as error:
        raise HandHistoryError(str(error)) from None
    game = GAMES[config.game]
    index_of = _labels(len(order))
    dealt_boards = 0
    holes: list[list[Card | None]] = [[None] * game.hole_cards for _ in order]
    boards: list[list[Card | None]] = [[] for _ in range(game.boards)]
    second_run: list[Card | None] = []  # board cards dealt after a complete board: a second runout
    moves: list[Move] = []
    home = home_actions(history, len(order))
    if home and home[-1].before > len(history["actions"]):
        raise HandHistoryError(f"_home_actions entry {home[-1].text!r} comes after the last action")
    removed = removed_cards(home, len(order))
    for number, text in enumerate(history["actions"], 1):
        words = (text.split("#", 1)[0] if "#" in text else text).split()
        if not words:
            continue  # "No-ops are represented with an empty string ... or a standalone commentary"
        try:
            actor = words[0]
            verb = words[1] if len(words) > 1 else ""
            if actor == "d":
                if verb == "dh" and len(words) == 4:
                    dealt = cards_of(words[3], game)
                    if len(dealt) != game.hole_cards:
                        raise HandHistoryError(
                            f"{game.name} deals {game.hole_cards} hole cards, not {len(dealt)}"
                        )
                    label = words[2]
                    holes[index_of[label] if label in index_of else player_index(label, order)] = dealt
                elif verb == "db" and len(words) == 3:
                    dealt = cards_of(words[2], game)
                    if game.boards == 1 and len(boards[0]) >= game.board_size:
                        second_run.extend(dealt)
                        moves.append((number, text, "db", 1, len(second_run)))  # from the run's start
                        continue
                    board = dealt_boards % game.boards  # with two boards, first board first
                    dealt_boards += 1
                    boards[board].extend(dealt)
                    moves.append((number, text, "db", board, len(boards[board])))
                else:
                    raise HandHistoryError("the dealer only deals hole cards (d dh) and boards (d db)")
                continue
            seat = order[index_of[actor] if actor in index_of else player_index(actor, order)]
            if verb in ("f", "cc") and len(words) == 2:
                moves.append((number, text, verb, seat, 0))
            elif verb == "cbr" and len(words) == 3:
                moves.append((number, text, verb, seat, _amount(words[2])))
            elif verb == "sm" and len(words) in (2, 3):
                if len(words) == 3 and words[2] != "-":
                    shown = cards_of(words[2], game)
                    _fill_unknown(holes[index_of[actor]], shown, actor, removed[index_of[actor]])
                moves.append((number, text, verb, seat, len(words) == 3))
            else:
                raise HandHistoryError("this is not an action of hold'em (f, cc, cbr, sm, d dh, d db)")
        except EngineError as error:
            raise HandHistoryError(f"Action {number} ({text.strip()!r}): {error}") from None
    for player, cards in enumerate(removed):  # a removed card is one the player was dealt
        for taken in (c for c in cards if c not in holes[player]):
            if None not in holes[player]:
                raise HandHistoryError(f"{taken} is removed from p{player + 1}, who does not hold it")
            holes[player][holes[player].index(None)] = taken
    # Each home action goes before the action it names (moves are numbered from 1).
    if home:  # without them the moves are in file order already
        moves += [(a.before + 1, a.text, "home", order[a.player], k) for k, a in enumerate(home)]
        moves.sort(key=lambda move: (move[0], move[2] != "home"))
    if second_run:
        config, moves = _second_runout(config, game, moves, len(second_run))
    deck = stacked_deck(game, holes, boards, second_run)
    return Setup(config, deck, order, moves, home, 2 if second_run else 1)


def _second_runout(
    config: HandConfig, game: GameDef, moves: list[Move], cards: int
) -> tuple[HandConfig, list[Move]]:
    """A file that deals the board again after a complete board ran it twice (PHH writes
    multiple runouts so): the hand is played with the option on, and each of the second
    runout's moves expects board 2 to show the shared cards plus its own."""
    if run_it_twice.second_run_layout(game, cards) is None:
        raise HandHistoryError(f"A second runout of {cards} cards does not start at a street of {game.name}")
    shared = game.board_size - cards
    moves = [(n, t, v, b, a + shared) if (v, b) == ("db", 1) else (n, t, v, b, a) for n, t, v, b, a in moves]
    return replace(config, options={**config.options, run_it_twice.OPTION: True}), moves


def _fill_unknown(
    hole: list[Card | None], shown: list[Card | None], label: str, removed: Sequence[Card]
) -> None:
    """Cards shown at showdown (or removed from the hand) stand in for cards dealt unknown.
    A hand that lost cards to a removal shows the cards it has left."""
    if len(shown) != len(hole) - len(removed):
        raise HandHistoryError(f"{label} shows {len(shown)} cards but holds {len(hole) - len(removed)}")
    known = {c for c in hole if c is not None}
    for position, shown_card in enumerate(shown):
        if shown_card is None or shown_card in known:
            continue
        if removed or hole[position] is not None:  # no position to go by: the first unknown card
            position = next((i for i, c in enumerate(hole) if c is None), -1)
        if position < 0 or hole[position] is not None or shown_card in removed:
            raise HandHistoryError(f"{label} shows {shown_card}, which is not one of their cards")
        hole[position] = shown_card


def stacked_deck(
    game: GameDef,
    holes: Sequence[Sequence[Card | None]],
    boards: Sequence[Sequence[Card | None]],
    second_run: Sequence[Card | None] = (),
) -> tuple[Card, ...]:
    """Cards in the order our dealer takes them: hole cards one at a time from p1, then
    per street a burn and each board's cards, then a second runout's burns and cards
    (engine.house.run_it_twice). Unknown cards, burns and the rest of the deck are cards
    nobody is recorded to hold."""
    named = [c.index for cards in (*holes, *boards, second_run) for c in cards if c is not None]
    unique = set(named)
    if len(unique) != len(named):
        twice = next(c for c in named if named.count(c) > 1)
        raise HandHistoryError(f"{STANDARD_DECK[twice]} is dealt twice")
    spare = iter([c for c in game.deck if c.index not in unique])
    deck: list[Card] = []
    for round_number in range(game.hole_cards):
        for hole in holes:
            deck.append(hole[round_number] or next(spare))
    positions = [0] * game.boards
    for street in game.streets:
        if street.burn:
            deck.append(next(spare))
        for index in range(game.boards):
            board = boards[index]
            for _ in range(street.board_cards):
                position = positions[index]
                deck.append((board[position] if position < len(board) else None) or next(spare))
                positions[index] = position + 1
    for index, board in enumerate(boards):
        if len(board) > positions[index]:
            raise HandHistoryError(
                f"{len(board)} board cards are dealt; {game.name} deals {positions[index]}"
            )
    cards = iter(second_run)
    for burn, count in run_it_twice.second_run_layout(game, len(second_run)) or ():
        if burn:
            deck.append(next(spare))
        deck.extend(next(cards) or next(spare) for _ in range(count))
    deck.extend(spare)
    return tuple(deck)


# Playing the actions ---------------------------------------------------------------------


def hand_from_history(history: Mapping[str, Any]) -> tuple[Hand, list[int]]:
    """The hand after every recorded action, and the seat numbers in player order."""
    plan = setup(history)
    try:
        hand = Hand.deal(plan.config, plan.deck)
    except EngineError as error:
        raise HandHistoryError(str(error)) from None
    order = plan.order
    pending: dict[int, bool] = {}  # showdown decisions recorded before our dealer asks for them
    for number, text, verb, seat, argument in plan.moves:
        try:
            if verb == "cc":
                if hand.current_bet > hand.seats[hand.index[seat]].bet:
                    hand.call(seat)
                else:
                    hand.check(seat)
            elif verb == "cbr":
                hand.bet_or_raise(seat, argument)
            elif verb == "f":
                hand.fold(seat)
            elif verb == "sm":
                if not hand.seats[hand.index[seat]].shown:
                    pending[seat] = bool(argument)
            elif verb == "home":
                apply_home_action(hand, plan.home[argument], order)
            else:  # "db": our dealer deals when the round ends
                _check_board(hand, seat, argument, plan.runs)
            if pending:
                _decide_showdown(hand, pending)
        except EngineError as error:
            where = f"Action {number} ({text.strip()!r})"
            if verb == "home":
                where = f"_home_actions entry {text!r}"
            raise HandHistoryError(f"{where}: {error}") from None
    if pending and hand.finished:
        labels = ", ".join(f"p{order.index(seat) + 1}" for seat in pending)
        raise HandHistoryError(f"{labels} shows or mucks but is not in the showdown")
    if "_seven_deuce" in history and history["_seven_deuce"] != bounty_by_player(hand, order):
        raise HandHistoryError(
            f"_seven_deuce says {history['_seven_deuce']}, but the hand pays {bounty_by_player(hand, order)}"
        )
    return hand, order


def _check_board(hand: Hand, board: int, size: int, runs: int) -> None:
    """A recorded board that our dealer has dealt by now. A file that deals the rest of the
    board without recording the answers (PHH has no notation for them) answered as it dealt:
    everyone asked agreed if it deals a second runout, else the first asked said once."""
    while run_it_twice.asking(hand):
        hand.act(run_it_twice.waiting_for(hand)[0], run_it_twice.TWICE if runs == 2 else run_it_twice.ONCE)
    if board >= len(hand.boards) or len(hand.boards[board]) < size:
        raise HandHistoryError("the board is dealt before the betting round is over")


def _amount(text: str) -> int:
    if text.isdigit():
        return int(text)
    try:
        value = float(text)
    except ValueError:
        raise HandHistoryError(f"{text!r} is not an amount") from None
    return chips(value, "A bet")


def _decide_showdown(hand: Hand, pending: dict[int, bool]) -> None:
    """Apply recorded show/muck decisions as our showdown order reaches each seat."""
    while pending and hand.to_act in pending and hand.showdown_order and not hand.round_open:
        seat = hand.to_act
        if pending.pop(seat):
            hand.show(seat)
        else:
            hand.muck(seat)


def finishing_stacks(history: Mapping[str, Any]) -> list[int]:
    """Each player's stack, p1 first, after replaying the recorded cards and actions."""
    hand, order = hand_from_history(history)
    return [hand.seats[hand.index[seat]].stack for seat in order]
