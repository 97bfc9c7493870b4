"""Where players sit: random draws among the free seats, and moves the host makes.

House rule: "Seats will be randomly assigned." The draw uses `secrets`, so nobody
(the host included) can predict or steer it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.live import SYSTEM, LiveTable
from tables import live
from tables.errors import ActionRefused
from tables.live import tournament as live_tournament
from tables.models import Night, Player, Seat, Table
from tables.models.live import TableSnapshot
from tables.models.tournaments import TournamentEntry
from tables.services.ledger import ledger
from tables.services.seating import seat_records
from tables.services.seating.table_buy_in import buy_in_on_sitting
from tables.services.tournament.tournament_play import tournament_at
from tables.services.tournament.tournament_tables import check_may_sit, check_open, takes_cash_chips


@dataclass(frozen=True)
class SeatingResult:
    seated: list[Seat]
    still_waiting: int

    @property
    def words(self) -> str:
        """Who sat where, with what: the host's confirmation and the log line say the same."""
        return "; ".join(seated_words(seat) for seat in self.seated)


def seated_words(seat: Seat) -> str:
    """ "Hank: seated at Table 2, seat 4 with 200 chips", as the live table has them."""
    found = live.load_state(seat.table_id).table.seat_of(str(seat.player_id))
    chips = f" with {found.stack} chips" if found is not None else ""
    return f"{seat.player.display_name}: seated at {seat.table.name}, seat {seat.number}{chips}"


def free_seat_numbers(table: Table) -> list[int]:
    taken = set(table.seats.values_list("number", flat=True))
    return [number for number in range(1, table.max_seats + 1) if number not in taken]


def waiting_players(night: Night) -> list[Player]:
    """Approved players without a seat, first come first served."""
    return list(night.players.filter(status=Player.Status.APPROVED, seats__isnull=True).order_by("joined_at"))


def _lock_night(night_id: int) -> Night:
    # Every seat change in a night takes this lock, so two draws never pick the same seat.
    return Night.objects.select_for_update().get(pk=night_id)


def seat_waiting_players(table: Table, by: AbstractBaseUser | None = None) -> SeatingResult:
    """Seat the players waiting, each in a random free seat, keeping the night's open cash
    tables even: each player goes to the table with the fewest players (`table`, the one the
    host chose, first among equals), so two tables fill together instead of one after the
    other. A guest with nothing bought is drawn among the tables with a default buy-in, if one
    has room, and buys it as they sit (`table_buy_in`)."""
    with transaction.atomic():
        night = _lock_night(table.night_id)
        if not night.is_open:
            raise ActionRefused("This night is closed.")
        table.refresh_from_db(fields=["status", "default_buy_in"])
        check_open(table)
        playing = tournament_at(table.pk)
        if playing is not None:  # and so no cash chips sit there (tournament_tables)
            raise ActionRefused(
                f"{table.name} is a table of {playing.name}: its seats come from the tournament's draw."
            )
        waiting = waiting_players(night)
        if not waiting:
            raise ActionRefused("Nobody is waiting for a seat.")
        # A player with nothing to sit with (cashed out, or out of a tournament) waits on, and so
        # does a tournament entrant still in: their chips are the tournament's, and its draw
        # seats them. The others are drawn.
        tables = [table, *(t for t in night.tables.exclude(pk=table.pk) if t.is_open and takes_cash_chips(t))]
        waiting = [
            player
            for player in waiting
            if live_tournament.starting_stack(player.pk) is None
            and live.starting_stack(Seat(table=table, player=player)) > 0
        ]
        if not waiting:
            raise ActionRefused(
                "Nobody waiting has cash chips to sit down with: record their buy-in first "
                "(tournament players are seated by the tournament's draw)."
            )
        free = {t.pk: free_seat_numbers(t) for t in tables}
        if not any(free.values()):
            raise ActionRefused(f"{table.name} is full." if len(tables) == 1 else "Every table is full.")
        seated = []
        for player in waiting:
            open_tables = [t for t in tables if free[t.pk]]
            if not open_tables:
                break
            # A guest with nothing bought goes where a default buy-in pays for their chips, if
            # such a table has room: drawn elsewhere they would sit with chips nobody paid for.
            paying = (
                [t for t in open_tables if t.default_buy_in] if not ledger.has_cash_entries(player) else []
            )
            open_tables = paying or open_tables
            # Fewest players first; min() keeps the first of equals, the host's table.
            emptiest = min(open_tables, key=lambda t: t.max_seats - len(free[t.pk]))
            number = secrets.choice(free[emptiest.pk])
            free[emptiest.pk].remove(number)
            check_may_sit(player, emptiest)
            buy_in_on_sitting(player, emptiest, by)
            _sit_at_live_table(Seat(table=emptiest, number=number, player=player))
            seated.append(Seat.objects.select_related("table", "player").get(player=player))
    return SeatingResult(seated=seated, still_waiting=len(waiting) - len(seated))


def move_player(player: Player, table: Table, number: int, by: AbstractBaseUser | None = None) -> Seat:
    """Put a player in a chosen free seat, leaving their current seat if they have one. A guest
    taking their first seat with nothing bought buys the table's default buy-in, if it has one
    (`table_buy_in`)."""
    if table.night_id != player.night_id:
        raise ActionRefused(f"{table.name} is not a table of this night.")
    if not 1 <= number <= table.max_seats:
        raise ActionRefused(f"{table.name} has seats 1 to {table.max_seats}.")
    with transaction.atomic():
        night = _lock_night(player.night_id)
        if not night.is_open:
            raise ActionRefused("This night is closed.")
        player.refresh_from_db(fields=["status"])
        if player.status != Player.Status.APPROVED:
            raise ActionRefused(f"{player.display_name} has not been let in.")
        occupant = table.seats.filter(number=number).select_related("player").first()  # or held
        if occupant is not None:
            if occupant.player_id == player.pk:
                raise ActionRefused(f"{player.display_name} already sits there.")
            raise ActionRefused(f"Seat {number} at {table.name} is taken by {occupant.player.display_name}.")
        table.refresh_from_db(fields=["status", "default_buy_in"])
        check_may_sit(player, table)
        buy_in_on_sitting(player, table, by)
        waiting = _waiting_for_rebuy(player)
        if waiting is not None:
            # Their seat waits for the host's rebuy or Out: moved, it moves and still waits, with
            # no stack (a rebuy sits them down with the rebuy stack).
            seat_records.hold_for_rebuy(waiting, table.pk, number)
        else:
            _sit_at_live_table(Seat(table=table, number=number, player=player))
    return Seat.objects.select_related("table", "player").get(player=player)


def _waiting_for_rebuy(player: Player) -> TournamentEntry | None:
    """The player's tournament entry, if their seat waits for a rebuy (`seat_records`)."""
    return TournamentEntry.objects.filter(seat_records.WAITING_FOR_REBUY, player=player).first()


def _sit_at_live_table(seat: Seat) -> None:
    """The host seated or moved a player to `seat` (not saved: the seat records follow the live
    tables, `seat_records`): the live tables learn it through the write path. Call inside the
    seating transaction: a refusal undoes the seating."""
    player_id = str(seat.player_id)
    stack = live.starting_stack(seat)
    from_another_table = False  # then they bring the stack they had there
    others = TableSnapshot.objects.filter(table__night_id=seat.table.night_id).exclude(table_id=seat.table_id)
    for snapshot in others:
        old = LiveTable.from_json(snapshot.state)
        found = old.table.seat_of(player_id)
        if found is None:
            continue
        if old.hand_in_progress and old.hand is not None and found.seat in old.hand.index:
            raise ActionRefused(f"{found.name or 'This player'} is in a hand; move them when it ends.")
        stack, from_another_table = found.stack, True
        live.apply_intent(snapshot.table_id, SYSTEM, {"type": "leave", "seat": found.seat})
    here = live.load_state(seat.table_id).table.seat_of(player_id)
    if here is None:
        sit_down = {"type": "sit", "seat": seat.number, "player": player_id, "stack": stack}
        live.apply_intent(seat.table_id, SYSTEM, {**sit_down, "name": seat.player.display_name})
    elif here.seat != seat.number:
        move = {"type": "change_seat", "seat": here.seat, "to": seat.number}
        live.apply_intent(seat.table_id, SYSTEM, move)
    if here is not None and from_another_table and here.stack != stack:
        # A table with no snapshot yet seated them with a fresh stack: they bring their own.
        refill = {"type": "set_stack", "seat": seat.number, "stack": stack}
        live.apply_intent(seat.table_id, SYSTEM, refill)
