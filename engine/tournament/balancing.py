"""Seating across several tables: the opening draw, balancing, breaking tables, the final table.

"Seats will be randomly assigned." Every random choice here uses `secrets`.

Between hands the host asks for `propose_moves(tables)` and confirms the moves it lists;
`apply_moves` then gives the new seating. What it proposes, in this order:

1. Final table: once everyone fits at one table, everyone draws a new seat at it (the
   lowest-numbered table in play that has enough seats).
2. Breaking tables: while the other tables' free seats can hold every player of a table,
   the table with the fewest players (on a tie, the highest-numbered) breaks. Its players
   are drawn at random, each into a random free seat at whichever table is shortest at
   that moment, so the draw itself keeps the tables even.
3. Balancing: while two tables differ by two or more players, the player due the big blind
   next at the biggest table moves to the worst position at the shortest table.

"The player due the big blind next" is the first player clockwise after the seat that
posted the last big blind (`last_big_blind`). "The worst position" is the first empty
seat clockwise after the short table's last big blind: the big blind moves on to the next
player each hand, so that seat posts the big blind soonest and never skips it. A table
that has not dealt a hand yet (`last_big_blind` None) counts clockwise from seat 1.

The moves of one proposal are meant to be carried out together: a player appears in at
most one move, from where they sit now to where they end up.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.errors import TournamentError

MIN_SEATS = 2
MAX_SEATS = 10  # "Play with 2 to 10 players."

RandBelow = Callable[[int], int]


@dataclass(frozen=True, slots=True)
class TableSeating:
    """One table: its number, how many seats it has, who sits where (seat -> player)."""

    number: int
    seats: int
    players: Mapping[int, str]
    last_big_blind: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.seats, bool) or not isinstance(self.seats, int):
            raise TournamentError(f"Table {self.number}: the number of seats must be a whole number.")
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise TournamentError(
                f"Table {self.number} has {self.seats} seats; a table seats 2 to 10 players."
            )
        seated = dict(sorted(self.players.items()))
        for seat in seated:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.seats:
                raise TournamentError(f"Table {self.number} has no seat {seat!r}.")
        if len(set(seated.values())) != len(seated):
            raise TournamentError(f"Table {self.number} has a player in two seats.")
        if self.last_big_blind is not None and not 1 <= self.last_big_blind <= self.seats:
            raise TournamentError(f"Table {self.number} has no seat {self.last_big_blind} for the big blind.")
        object.__setattr__(self, "players", seated)

    @property
    def free_seats(self) -> int:
        return self.seats - len(self.players)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seats": self.seats,
            "players": {str(seat): player for seat, player in self.players.items()},
            "last_big_blind": self.last_big_blind,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSeating:
        return cls(
            number=data["number"],
            seats=data["seats"],
            players={int(seat): player for seat, player in data["players"].items()},
            last_big_blind=data.get("last_big_blind"),
        )


class MoveReason(StrEnum):
    BALANCE = "balance"
    BREAK = "break"
    FINAL_TABLE = "final_table"


@dataclass(frozen=True, slots=True)
class Move:
    """A proposed move for the host to confirm."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "from_table": self.from_table,
            "from_seat": self.from_seat,
            "to_table": self.to_table,
            "to_seat": self.to_seat,
            "reason": self.reason.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        return cls(
            player=data["player"],
            from_table=data["from_table"],
            from_seat=data["from_seat"],
            to_table=data["to_table"],
            to_seat=data["to_seat"],
            reason=MoveReason(data["reason"]),
        )


def _shuffled(items: Iterable[Any], randbelow: RandBelow) -> list[Any]:
    """Fisher-Yates with the injected source of randomness (`secrets.randbelow` unless testing)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = randbelow(i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def _check_tables(tables: Sequence[TableSeating]) -> None:
    numbers = [table.number for table in tables]
    if len(set(numbers)) != len(numbers):
        raise TournamentError("Two tables have the same number.")
    seen: dict[str, int] = {}
    for table in tables:
        for player in table.players.values():
            if player in seen:
                raise TournamentError(f"{player} is seated at table {seen[player]} and table {table.number}.")
            seen[player] = table.number


def draw_seats(
    players: Sequence[str], tables: Mapping[int, int], *, randbelow: RandBelow = secrets.randbelow
) -> tuple[TableSeating, ...]:
    """The opening draw: random seats for `players` at the tables given as {table number: seats}.

    Uses as few tables as hold everyone (in the order given) and spreads the players so
    those tables differ by at most one; tables left over come back empty.
    """
    if len(players) < 2:
        raise TournamentError("A tournament needs at least two players.")
    if len(set(players)) != len(players):
        raise TournamentError("A player is listed twice for the draw.")
    empty = tuple(TableSeating(number, seats, {}) for number, seats in tables.items())
    if sum(table.seats for table in empty) < len(players):
        raise TournamentError(f"{len(players)} players do not fit in {sum(t.seats for t in empty)} seats.")
    used, room = 0, 0
    while room < len(players):
        room += empty[used].seats
        used += 1
    counts = [0] * used
    for _ in players:
        table = min((i for i in range(used) if counts[i] < empty[i].seats), key=lambda i: (counts[i], i))
        counts[table] += 1
    drawn = iter(_shuffled(players, randbelow))
    seated: list[TableSeating] = []
    for i, table in enumerate(empty):
        count = counts[i] if i < used else 0
        seats = _shuffled(range(1, table.seats + 1), randbelow)[:count]
        seated.append(replace(table, players={seat: next(drawn) for seat in seats}))
    return tuple(seated)


class _Room:
    """The seating as it is being worked out; `where` remembers each player's table and seat."""

    def __init__(self, tables: Sequence[TableSeating]) -> None:
        self.spec = {table.number: table for table in tables}
        self.seated = {table.number: dict(table.players) for table in tables}

    def count(self, number: int) -> int:
        return len(self.seated[number])

    def free(self, number: int) -> int:
        return self.spec[number].seats - self.count(number)

    def clockwise_from(self, number: int, after: int | None) -> list[int]:
        """Every seat at the table, clockwise, starting just after seat `after` (seat 1 if None)."""
        seats = self.spec[number].seats
        start = after or 0
        return [(start + step) % seats + 1 for step in range(seats)]

    def next_big_blind(self, number: int) -> int:
        after = self.spec[number].last_big_blind
        return next(s for s in self.clockwise_from(number, after) if s in self.seated[number])

    def worst_seat(self, number: int) -> int:
        after = self.spec[number].last_big_blind
        return next(s for s in self.clockwise_from(number, after) if s not in self.seated[number])

    def move(self, from_table: int, from_seat: int, to_table: int, to_seat: int) -> None:
        self.seated[to_table][to_seat] = self.seated[from_table].pop(from_seat)


def _final_table(room: _Room, in_play: list[int], randbelow: RandBelow) -> dict[str, MoveReason]:
    everyone = sum(room.count(n) for n in in_play)
    final = next(n for n in sorted(in_play) if room.spec[n].seats >= everyone)
    players = _shuffled((p for n in in_play for p in room.seated[n].values()), randbelow)
    seats = _shuffled(range(1, room.spec[final].seats + 1), randbelow)
    for number in in_play:
        room.seated[number] = {}
    room.seated[final] = dict(zip(seats, players, strict=False))
    return dict.fromkeys(players, MoveReason.FINAL_TABLE)


def _table_to_break(room: _Room, in_play: list[int]) -> int | None:
    for number in sorted(in_play, key=lambda n: (room.count(n), -n)):
        if room.count(number) <= sum(room.free(other) for other in in_play if other != number):
            return number
    return None


def _break_table(room: _Room, broken: int, in_play: list[int], randbelow: RandBelow) -> list[str]:
    moved = []
    for seat in _shuffled(room.seated[broken], randbelow):
        to = min((n for n in in_play if room.free(n) > 0), key=lambda n: (room.count(n), n))
        free = [s for s in range(1, room.spec[to].seats + 1) if s not in room.seated[to]]
        to_seat = free[randbelow(len(free))]
        moved.append(room.seated[broken][seat])
        room.move(broken, seat, to, to_seat)
    return moved


def _balance(room: _Room, in_play: list[int]) -> list[str]:
    moved = []
    while True:
        biggest = max(in_play, key=lambda n: (room.count(n), -n))
        with_room = [n for n in in_play if room.free(n) > 0]
        if not with_room:
            return moved
        shortest = min(with_room, key=lambda n: (room.count(n), n))
        if room.count(biggest) - room.count(shortest) < 2:
            return moved
        from_seat = room.next_big_blind(biggest)
        moved.append(room.seated[biggest][from_seat])
        room.move(biggest, from_seat, shortest, room.worst_seat(shortest))


def propose_moves(
    tables: Sequence[TableSeating], *, randbelow: RandBelow = secrets.randbelow
) -> tuple[Move, ...]:
    """The moves that balance the tables, break a table or form the final table; () if none is due.

    Tables with nobody at them are not in play and receive nobody.
    """
    _check_tables(tables)
    room = _Room(tables)
    in_play = [table.number for table in tables if table.players]
    if len(in_play) < 2:
        return ()
    reasons: dict[str, MoveReason] = {}
    everyone = sum(room.count(n) for n in in_play)
    if any(room.spec[n].seats >= everyone for n in in_play):
        reasons.update(_final_table(room, in_play, randbelow))
    else:
        while (broken := _table_to_break(room, in_play)) is not None:
            in_play.remove(broken)
            for player in _break_table(room, broken, in_play, randbelow):
                reasons.setdefault(player, MoveReason.BREAK)
        for player in _balance(room, in_play):
            reasons.setdefault(player, MoveReason.BALANCE)
    start = {p: (t.number, seat) for t in tables for seat, p in t.players.items()}
    end = {p: (number, seat) for number, seated in room.seated.items() for seat, p in seated.items()}
    return tuple(
        Move(player, *start[player], *end[player], reason)
        for player, reason in reasons.items()
        if start[player] != end[player]
    )


def apply_moves(tables: Sequence[TableSeating], moves: Sequence[Move]) -> tuple[TableSeating, ...]:
    """The seating after carrying out `moves` together. Refuses moves that no longer fit the seating.

    A table that forms the final table forgets its last big blind: the button is drawn again.
    """
    _check_tables(tables)
    by_number = {table.number: table for table in tables}
    seated = {table.number: dict(table.players) for table in tables}
    if len({move.player for move in moves}) != len(moves):
        raise TournamentError("A player is moved twice in one proposal.")
    for move in moves:
        if seated.get(move.from_table, {}).get(move.from_seat) != move.player:
            raise TournamentError(
                f"{move.player} is not in seat {move.from_seat} at table {move.from_table}."
            )
    for move in moves:
        del seated[move.from_table][move.from_seat]
    for move in moves:
        table = by_number.get(move.to_table)
        if table is None or not 1 <= move.to_seat <= table.seats:
            raise TournamentError(f"There is no seat {move.to_seat} at table {move.to_table}.")
        if move.to_seat in seated[move.to_table]:
            raise TournamentError(f"Seat {move.to_seat} at table {move.to_table} is already taken.")
        seated[move.to_table][move.to_seat] = move.player
    redrawn = {move.to_table for move in moves if move.reason is MoveReason.FINAL_TABLE}
    return tuple(
        replace(
            table,
            players=seated[table.number],
            last_big_blind=None if table.number in redrawn else table.last_big_blind,
        )
        for table in tables
    )
