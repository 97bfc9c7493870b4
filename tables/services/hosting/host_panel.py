"""The host panel: co-hosts, the commands it sends to live tables and the live overview (its
table settings are tables.services.hosting.table_settings).

Every command is checked against the night's hosts (tables.access) when it is sent (not only when the panel
opens), goes through the one write path as a ``host`` intent, and is written to the night's
audit log in the same transaction: a refused command changes nothing and logs nothing.
The overview is built from the public view of each table: the host usually plays, so the
panel never shows a hidden card of a live hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine import live as engine_live
from engine.cards import card_text
from engine.games import GAMES
from engine.live.rulings import INTENT_RULINGS
from tables import live
from tables.access import check_host, owns_night
from tables.errors import ActionRefused
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import CoHost
from tables.services.hands.room_commitments import RoomCommitment, room_commitment
from tables.services.hosting import audit, hosting, second_yes
from tables.services.hosting.change_words import describe
from tables.services.ledger import seat_commands, stack_rulings
from tables.services.seating import joining, seating
from tables.services.seating.seating import seated_words
from tables.services.tournament.tournament_tables import check_open

# Host commands that are rulings about the hand: logged even when refused.
RULING_COMMANDS = frozenset({*INTENT_RULINGS, "ruling"})

# Seat commands the panel offers between hands, with how the log says them.
SEAT_COMMANDS = {"sit_out": "Sat out", "sit_in": "Sat back in"}
TABLE_COMMANDS = {"deal": "Dealt the next hand", "pause": "Paused the table", "resume": "Resumed dealing"}


# Co-hosts -----------------------------------------------------------------------------------------


def name_co_host(night: Night, by: AbstractBaseUser, username: str) -> CoHost:
    """The night's host names another user to run the night with them."""
    if not owns_night(by, night):
        raise ActionRefused("Only the night's host can name co-hosts.")
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise ActionRefused(f"There is no account called {username.strip()!r}: add it in the admin first.")
    if user.pk == night.host_id:
        raise ActionRefused(f"{user.get_username()} already hosts this night.")
    with transaction.atomic():
        co_host, created = CoHost.objects.get_or_create(night=night, user=user)
        if not created:
            raise ActionRefused(f"{user.get_username()} already co-hosts this night.")
        audit.record(night, by, f"Named {user.get_username()} co-host", payload={"user": user.pk})
    return co_host


def remove_co_host(night: Night, by: AbstractBaseUser, co_host_id: int) -> None:
    if not owns_night(by, night):
        raise ActionRefused("Only the night's host can remove co-hosts.")
    with transaction.atomic():
        co_host = CoHost.objects.select_related("user").filter(pk=co_host_id, night=night).first()
        if co_host is None:
            raise ActionRefused("This co-host is not on the night any more.")
        co_host.delete()
        audit.record(night, by, f"Removed {co_host.user.get_username()} as co-host")


# Players ----------------------------------------------------------------------------------------

PLAYER_DECISIONS = {
    "approve": (joining.approve_player, "Let {} in"),
    "reject": (joining.reject_player, "Turned {} away"),
    "remove": (joining.remove_player, "{} has left the night"),
}


def decide_player(player: Player, by: AbstractBaseUser | None, decision: str, why: str = "") -> None:
    """Let a waiting player in, turn them away, or mark them as gone; logged."""
    check_host(by, player.night)
    if decision not in PLAYER_DECISIONS:
        raise ActionRefused("Choose approve, reject or remove.")
    action, what = PLAYER_DECISIONS[decision]
    with transaction.atomic():
        seat = Seat.objects.select_related("table").filter(player=player).first()
        action(player)
        line = what.format(player.display_name)
        if seat is not None:
            line += f" (off {seat.table.name}, seat {seat.number})"
        audit.record(player.night, by, line, why, payload={"player": player.pk, "decision": decision})


def let_everyone_in(night: Night, by: AbstractBaseUser | None, why: str = "") -> list[Player]:
    """Let in every player waiting for approval at once, first come first in: each through the
    one approval (`decide_player`, its own line in the log), all or none."""
    check_host(by, night)
    with transaction.atomic():
        pending = list(
            Player.objects.select_for_update()
            .filter(night=night, status=Player.Status.PENDING)
            .order_by("joined_at", "id")
        )
        if not pending:
            raise ActionRefused("Nobody is waiting to be let in.")
        for player in pending:
            decide_player(player, by, "approve", why)
    return pending


def move_player(
    player: Player, table: Table, number: int, by: AbstractBaseUser | None, why: str = ""
) -> Seat:
    """Put a player in a chosen free seat (any table of the night); logged."""
    check_host(by, table.night)
    with transaction.atomic():
        was = Seat.objects.select_related("table").filter(player=player).first()
        where = f" from {was.table.name}, seat {was.number}" if was is not None else ""
        seat = seating.move_player(player, table, number, by)
        what = seated_words(seat).replace(": seated at", f": moved{where} to", 1)
        payload = {"player": player.pk, "table": table.pk, "seat": number}
        audit.record(table.night, by, what, why, table=table, payload=payload)
    return seat


def seat_waiting(table: Table, by: AbstractBaseUser | None, why: str = "") -> seating.SeatingResult:
    """Random seats at `table` for the players waiting (house rule: seats are drawn at random)."""
    check_host(by, table.night)
    with transaction.atomic():
        result = seating.seat_waiting_players(table, by)
        seats = [[seat.player_id, seat.table_id, seat.number] for seat in result.seated]
        audit.record(
            table.night, by, f"Drew seats: {result.words}", why, table=table, payload={"seats": seats}
        )
    return result


def latest_line(night: Night) -> str:
    """The newest line of the night's open log (what the host's last command did)."""
    line = audit.entries(night).first()
    return line.what if line is not None else ""


# Commands to a live table -----------------------------------------------------------------------


def send(
    table: Table, by: AbstractBaseUser | None, intent: Mapping[str, Any], what: str, why: str = ""
) -> int:
    """Send one host intent through the write path and log it; returns the table's new version."""
    check_host(by, table.night)
    with transaction.atomic():
        applied = live.apply_intent(table.pk, engine_live.HOST, dict(intent))
        audit.record(table.night, by, f"{table.name}: {what}", why, table=table, payload=dict(intent))
    return applied.version


def socket_command(
    table_id: int,
    by: AbstractBaseUser | None,
    intent: Mapping[str, Any],
    client_id: str,
    expected_version: int | None,
) -> live.Applied:
    """A host command sent over a table's socket (its sender already checked as the host):
    applied and logged in one transaction, so no command is ever applied without its line."""
    if intent.get("type") in {*RULING_COMMANDS, "answer_ruling"}:
        # Who asks (or answers), so that a ruling that voids or replaces cards waits for a second yes when
        # they hold cards (tables.services.hosting.second_yes).
        intent = second_yes.signed(Table.objects.get(pk=table_id), by, intent)
    try:
        with transaction.atomic():
            applied, logged = _through_the_ledger(table_id, by, intent, client_id, expected_version)
            # A command the ledger carried out has its line already (the entry, the stack
            # before and after, the reason): one line per command.
            # An answer to a ruling waiting for a second yes has its line from its events.
            if not applied.duplicate and not logged and intent.get("type") != "answer_ruling":
                changes = _changes(applied)
                audit.record_table_command(table_id, by, dict(intent), changes=changes)
    except ActionRefused as refused:
        if intent.get("type") in {*RULING_COMMANDS, "answer_ruling"}:
            # Every ruling attempt is in the open log, refused ones too (nothing else records them).
            with transaction.atomic():
                audit.record_table_command(table_id, by, dict(intent), refused=refused.message)
        raise
    return applied


# Socket commands that move chips go through the ledger, like the panel's own tools: `leave` for a
# bought-in player is their cash-out, `set_stack` a ledger-backed adjustment (its `how` says where
# the chips went: stack_rulings), `move_chips` chips from one seat to another, money-neutral.
CHIPS_COMMANDS = {
    "leave": seat_commands.leave_seat,
    "set_stack": stack_rulings.set_stack,
    "move_chips": stack_rulings.move_chips,
}


def _through_the_ledger(
    table_id: int,
    by: AbstractBaseUser | None,
    intent: Mapping[str, Any],
    client_id: str,
    expected_version: int | None,
) -> tuple[live.Applied, bool]:
    """The command applied through the one door, by the ledger when it moves chips (it decides
    under the door's lock whether the seat's player has entries); and whether the ledger wrote
    the command's line (an entry)."""
    command = CHIPS_COMMANDS.get(str(intent.get("type")))
    if command is None:
        return live.apply_intent(table_id, engine_live.HOST, intent, client_id, expected_version), False
    done = command(table_id, intent, by, client_id, expected_version)
    return done.applied, done.entry is not None


def _changes(applied: live.Applied) -> list[str]:
    """What a command changed, in words, from the write's own events and the table before and
    after it (nothing is read again); cards only as the public sees them after it."""
    if applied.before is None or applied.state is None:
        return []
    return describe(applied.before, applied.state, applied.events)


def table_command(table: Table, by: AbstractBaseUser | None, command: str, why: str = "") -> int:
    """Deal the next hand (which also starts or resumes dealing), or pause after this hand."""
    if command not in TABLE_COMMANDS:
        raise ActionRefused("Choose deal, pause or resume.")
    intent = {"type": "pause"} if command == "pause" else {"type": "start_hand"}
    if command != "pause":
        table.refresh_from_db(fields=["status"])
        check_open(table)
    return send(table, by, intent, TABLE_COMMANDS[command], why)


def _seat_number(table: Table, seat: Seat) -> int:
    found = live.load_state(table.pk).table.seat_of(str(seat.player_id))
    if found is None:
        raise ActionRefused(f"{seat.player.display_name} is not at {table.name}.")
    return found.seat


def seat_command(seat: Seat, by: AbstractBaseUser | None, command: str, why: str = "") -> int:
    """Sit a player out, or back in (waiting for the big blind)."""
    if command not in SEAT_COMMANDS:
        raise ActionRefused("Choose sit out or sit in.")
    table = seat.table
    number = _seat_number(table, seat)
    return send(
        table,
        by,
        {"type": command, "seat": number},
        f"{SEAT_COMMANDS[command]} {seat.player.display_name} (seat {number})",
        why,
    )


def swap_players(table: Table, by: AbstractBaseUser | None, first: int, second: int, why: str = "") -> None:
    """Two players at one table trade seats, between hands. The engine moves seats one at a
    time into free seats, so a swap steps one player aside into a free seat first."""
    check_host(by, table.night)
    if first == second:
        raise ActionRefused("Choose two different seats.")
    with transaction.atomic():
        seats = {
            s.number: s for s in Seat.objects.select_for_update().filter(table=table).select_related("player")
        }
        if first not in seats or second not in seats:
            raise ActionRefused("Both seats need a player to swap.")
        free = [n for n in range(1, table.max_seats + 1) if n not in seats]
        if not free:
            raise ActionRefused(f"{table.name} is full: a swap needs one free seat to step aside into.")
        aside = free[0]
        a, b = seats[first], seats[second]
        # The seat records follow each step (tables.services.consequences), through the free
        # seat too: one player per seat at every step.
        for seat_from, seat_to in ((first, aside), (second, first), (aside, second)):
            live.apply_intent(
                table.pk, engine_live.HOST, {"type": "change_seat", "seat": seat_from, "to": seat_to}
            )
        audit.record(
            table.night,
            by,
            f"{table.name}: swapped {a.player.display_name} (now seat {second}) and "
            f"{b.player.display_name} (now seat {first})",
            why,
            table=table,
            payload={"seats": [first, second]},
        )


# The live overview ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableOverview:
    """One table as the panel shows it: public information only."""

    table: Table
    version: int
    game_name: str
    stakes: dict[str, int]
    dealing: bool
    hand_number: int | None
    phase: str | None
    pot: int
    boards: list[list[str]]
    to_act: str | None
    seats: list[dict[str, Any]] = field(default_factory=list)
    away: list[str] = field(default_factory=list)
    game_options: dict[str, Any] = field(default_factory=dict)
    # Cards ruled exposed during the deal: dead, public ("Exposed: 7♥ — set aside as the burn").
    dead_cards: list[str] = field(default_factory=list)
    # The deal's commitment, for the room to compare with each phone's (room_commitments).
    commitment: RoomCommitment | None = None
    # A ruling waiting for a second person's yes (tables.services.hosting.second_yes).
    pending_ruling: dict[str, Any] | None = None

    @property
    def stakes_label(self) -> str:
        """The stakes in words.

        >>> stakes = {"small_blind": 1, "big_blind": 2, "ante": 1}
        >>> TableOverview(None, 0, "", stakes, True, None, None, 0, [], None).stakes_label
        'blinds 1/2, ante 1'
        """
        return hosting.stakes_words(self.stakes)


def overview(night: Night) -> list[TableOverview]:
    rows = []
    for table in night.tables.exclude(status=Table.Status.REMOVED):
        state = live.load_state(table.pk)
        public = engine_live.view(state, "public")
        hand = public["hand"] if state.hand_in_progress else None
        names = {s["seat"]: s["name"] or s["player"] for s in public["table"]["seats"]}
        in_hand = {s["seat"]: s for s in hand["seats"]} if hand else {}
        # Live figures: a seat dealt in shows the chips behind it now, not at the deal.
        seats = [
            {
                **s,
                "stack": in_hand[s["seat"]]["stack"] if s["seat"] in in_hand else s["stack"],
                "bet": in_hand[s["seat"]]["bet"] if s["seat"] in in_hand else 0,
                "hand": in_hand.get(s["seat"]),
                "is_turn": bool(hand and hand["to_act"] == s["seat"]),
                # A card ruled exposed later in the hand stays live, face up for everyone.
                "face_up": [card_text(c) for c in in_hand[s["seat"]]["face_up"]]
                if s["seat"] in in_hand
                else [],
            }
            for s in public["table"]["seats"]
        ]
        game = public["table"]["game"]
        dead = [
            f"Exposed: {card_text(d['card'])} — set aside as the burn (dealt to {names.get(d['seat'], '?')})"
            for d in (hand or {}).get("dead_cards", [])
        ]
        rows.append(
            TableOverview(
                table=table,
                version=public["version"],
                game_name=GAMES[game].name if game in GAMES else game,
                stakes=public["table"]["stakes"],
                dealing=public["table"]["dealing"],
                hand_number=hand["hand_number"] if hand else None,
                phase=hand["phase"] if hand else None,
                # The middle now: the pots and this street's bets not yet gathered into them.
                pot=hand["pot"] + sum(s["bet"] for s in hand["seats"]) if hand else 0,
                boards=hand["boards"] if hand else [],
                to_act=names.get(hand["to_act"]) if hand and hand["to_act"] else None,
                seats=seats,
                away=[s["name"] or s["player"] for s in public["table"]["seats"] if s["away"]],
                game_options=dict(state.options.game_options),
                dead_cards=dead,
                commitment=room_commitment(table.name, state),
                pending_ruling=second_yes.pending(table, state),
            )
        )
    return rows
