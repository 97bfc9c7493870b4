"""A tournament played at the live tables: its stacks, its clock's stakes, its busts and rebuys.

The write path (`tables.live.apply_locked`) calls `prepare` before the engine applies an
intent and `hand_played` after, and `tables.live.starting_stack` asks `starting_stack`
first. A table belongs to a tournament while an entrant still in sits there (their
`Seat`), so a night can hold cash tables and tournament tables side by side.

- A table of a tournament is in tournament mode: absent players are dealt in, the big
  blind moves forward one seat, busted players are out.
- "The stakes of each hand are the level in force when the hand starts": the clock is read
  when the hand is dealt. "No hands are dealt during a break", nor before the clock starts:
  the host's deal is refused, and the dealer's timer waits (`deal_waits`).
- "Bust out of chips and you're out": a player left with no chips is placed
  (`tournaments.record_busts`), unless the rebuy rules let them buy back in; then their
  seat waits for the host to record the rebuy, which sits them down with the rebuy stack.
  An offer still pending when the rebuy window closes becomes a bust for good the next time
  the host's tournament page is loaded (`close_lapsed_offers`).
- When the tournament is over, its tables go back to cash mode at the table's own stakes;
  the dealer's next automatic deal there stops the dealer instead (`prepare`).
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.db import transaction

from engine import live as engine_live
from engine import table as engine_table
from engine.config import HandConfig, Stakes
from engine.live import LiveTable
from engine.table_state import GameMode, TableState
from engine.tournament import ClockReading, can_rebuy, clock_state, hands_may_start, stakes_at
from tables.errors import ActionRefused
from tables.models import Seat, Table
from tables.models.live import Hand
from tables.models.tournaments import Tournament, TournamentEntry

logger = logging.getLogger(__name__)

# While the clock has not started or is paused on a break, the dealer looks again this often.
WAIT_POLL_SECONDS = 10.0


def tournament_at(table_id: int) -> Tournament | None:
    """The unfinished tournament whose entrants still in sit at this table, if any."""
    return (
        Tournament.objects.exclude(status=Tournament.Status.FINISHED)
        .filter(entries__place__isnull=True, entries__player__seats__table_id=table_id)
        .first()
    )


def _entry_still_in(player_id: int) -> TournamentEntry | None:
    return (
        TournamentEntry.objects.select_related("tournament")
        .exclude(tournament__status=Tournament.Status.FINISHED)
        .filter(player_id=player_id, place__isnull=True)
        .first()
    )


def starting_stack(seat: Seat) -> int | None:
    """A tournament entrant sits down with the tournament's starting stack (None: not in one).

    "Everyone starts with an equal stack."
    """
    entry = _entry_still_in(seat.player_id)
    return entry.tournament.starting_stack if entry is not None else None


def table_mode(table_id: int, table: TableState) -> TableState:
    """A table a tournament plays at is in tournament mode (between hands; a hand keeps its own)."""
    if table.mode is GameMode.TOURNAMENT or table.hand_in_progress or tournament_at(table_id) is None:
        return table
    return replace(table, mode=GameMode.TOURNAMENT)


def _epoch(now: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(now, tz=datetime.UTC)


def _why_no_deal(reading: ClockReading) -> str:
    if not reading.started:
        return "No hands are dealt before the tournament clock starts."
    left = round(reading.seconds_left)
    return f"No hands are dealt during a break ({left // 60}:{left % 60:02d} left)."


def prepare(
    table_id: int, state: LiveTable, actor: str, intent: Mapping[str, Any], now: float
) -> tuple[LiveTable, Mapping[str, Any]]:
    """The state and intent the engine gets at a tournament table (unchanged elsewhere).

    Raises `ActionRefused` when the host deals while the clock forbids it.
    """
    kind = intent.get("type")
    if kind not in ("sit", "start_hand"):
        return state, intent
    if state.hand_in_progress:
        return state, intent
    tournament = tournament_at(table_id)
    if tournament is None:
        return _after_tournament(table_id, state, actor, intent)
    if state.table.mode is not GameMode.TOURNAMENT:
        state = replace(state, table=replace(state.table, mode=GameMode.TOURNAMENT))
    if kind != "start_hand":
        return state, intent
    reading = clock_state(tournament.get_clock(), tournament.get_structure(), now)
    if not hands_may_start(reading):
        reason = _why_no_deal(reading)
        if actor == engine_live.SYSTEM and state.next_deal_at is not None and state.next_deal_at <= now:
            running = reading.started and not reading.paused
            wait = max(reading.seconds_left, 1.0) if running else WAIT_POLL_SECONDS
            return state, {"type": "deal_waits", "until": now + wait, "reason": reason}
        raise ActionRefused(reason, code="illegal")
    table = engine_table.set_game(state.table, state.table.game, stakes_at(reading))
    return replace(state, table=table), intent


def _after_tournament(
    table_id: int, state: LiveTable, actor: str, intent: Mapping[str, Any]
) -> tuple[LiveTable, Mapping[str, Any]]:
    """A table left in tournament mode with no tournament playing at it: back to a cash table.

    It takes the table's own game and stakes; the dealer's timer does not deal on (a pause),
    so later cash play starts when the host deals.
    """
    if state.table.mode is not GameMode.TOURNAMENT:
        return state, intent
    own = Table.objects.get(pk=table_id)
    cash = engine_table.set_game(
        replace(state.table, mode=GameMode.CASH),
        own.game,
        Stakes(small_blind=own.small_blind, big_blind=own.big_blind),
    )
    state = replace(state, table=cash)
    dealer_running = state.dealing or state.next_deal_at is not None
    if actor == engine_live.SYSTEM and intent.get("type") == "start_hand" and dealer_running:
        return state, {"type": "pause"}
    return state, intent


def hand_played(table_id: int, state: LiveTable, events: list[dict[str, Any]], now: float) -> None:
    """After a hand at a tournament table: busted players are out, or offered a rebuy.

    "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for
    good." Players out in the same hand are placed by the chips they started it with.
    """
    finished = next((e for e in events if e.get("type") == "table.hand_finished"), None)
    if finished is None or state.table.mode is not GameMode.TOURNAMENT or state.hand is None:
        return
    final = {int(seat): chips for seat, chips in finished["final_stacks"].items()}
    busted = [s for s in state.hand.config.seats if final.get(s.seat) == 0]
    if not busted:
        return
    tournament = tournament_at(table_id)
    if tournament is None:
        return
    from tables.services import tournaments  # imports the seating services, which import the write path

    started = (
        Hand.objects.filter(table_id=table_id, number=state.hand.config.hand_number)
        .values_list("started_at", flat=True)
        .first()
    )
    reading = clock_state(tournament.get_clock(), tournament.get_structure(), started or _epoch(now))
    rules = tournament.get_rebuy_rules()
    out: list[tuple[int, int | None]] = []
    for seat in busted:
        entry = tournament.entries.filter(player_id=int(seat.player), place__isnull=True).first()
        if entry is None:
            continue
        if can_rebuy(rules, reading, rebuys_used=entry.rebuys, chips=0):
            continue  # their seat waits for the host to record the rebuy (rebuy_offers)
        out.append((entry.pk, seat.stack))
    if out:
        tournaments.record_busts(tournament.pk, None, out, now=_epoch(now))


def rebuy_offers(tournament: Tournament) -> list[TournamentEntry]:
    """Entrants still in whose seat has no chips at its live table: they busted and may rebuy."""
    from tables.live import load_state

    offers = []
    for entry in tournament.entries.select_related("player").filter(place__isnull=True):
        seat = Seat.objects.filter(player_id=entry.player_id).first()
        if seat is not None and load_state(seat.table_id).table.seat_of(str(entry.player_id)) is None:
            offers.append(entry)
    return offers


def close_lapsed_offers(tournament: Tournament, now: datetime.datetime) -> list[TournamentEntry]:
    """Pending rebuy offers the rebuy window has closed on become busts for good.

    "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for
    good." Players out in the same hand are placed by the chips they started it with; an
    earlier bust finishes lower.
    """
    if not _lapsed_offers(tournament, now):
        return []
    from tables.services import tournaments  # imports the seating services, which import the write path

    with transaction.atomic():
        # Looked at again under the tournament's lock: two page loads at once bust each player once.
        locked = tournaments.lock_tournament(tournament.pk)
        by_hand: dict[tuple[datetime.datetime, int, int], list[tuple[int, int | None]]] = {}
        for entry in _lapsed_offers(locked, now):
            hand, chips = _busting_hand(entry)
            by_hand.setdefault(hand, []).append((entry.pk, chips))
        out: list[TournamentEntry] = []
        for hand in sorted(by_hand):  # who busted earlier finishes lower
            out += tournaments.record_busts(locked.pk, None, by_hand[hand], now=now)
        return out


def _busting_hand(entry: TournamentEntry) -> tuple[tuple[datetime.datetime, int, int], int]:
    """The hand an offered player busted in (when it started, table, number) and their chips then.

    It is their last hand at their table: a player with no chips is dealt no more.
    """
    seat = Seat.objects.filter(player_id=entry.player_id).first()
    hands = Hand.objects.filter(table_id=seat.table_id).order_by("-number") if seat else Hand.objects.none()
    for hand in hands.iterator(chunk_size=20):
        for dealt in HandConfig.from_json(hand.config).seats:
            if dealt.player == str(entry.player_id):
                return (hand.started_at, hand.table_id, hand.number), dealt.stack
    return (_epoch(0), 0, 0), 1  # no hand found: placed with the others whose hand is unknown


def _lapsed_offers(tournament: Tournament, now: datetime.datetime) -> list[TournamentEntry]:
    if tournament.status == Tournament.Status.FINISHED:
        return []
    rules = tournament.get_rebuy_rules()
    reading = clock_state(tournament.get_clock(), tournament.get_structure(), now)
    offers = rebuy_offers(tournament)
    return [e for e in offers if not can_rebuy(rules, reading, rebuys_used=e.rebuys, chips=0)]


def rebuy_seated(entry: TournamentEntry, stack: int) -> None:
    """The host recorded a rebuy: the player sits back down in their seat with `stack` chips.

    Call inside the rebuy's transaction: a refusal here undoes the rebuy.
    """
    from tables.live import apply_intent, load_state

    seat = Seat.objects.select_related("player").filter(player_id=entry.player_id).first()
    name = entry.player.display_name
    if seat is None:
        return  # not at a table yet: they sit down when seated
    if load_state(seat.table_id).table.seat_of(str(entry.player_id)) is not None:
        raise ActionRefused(f"{name} still has chips at the table: a rebuy is for a player who busted.")
    sit = {"type": "sit", "seat": seat.number, "player": str(entry.player_id), "stack": stack, "name": name}
    apply_intent(seat.table_id, engine_live.SYSTEM, sit)


def add_on_seated(entry: TournamentEntry, chips: int) -> None:
    """The host recorded an add-on: `chips` go onto the player's stack at their live table.

    Call inside the add-on's transaction: a refusal here (a hand being played) undoes it.
    """
    from tables.live import apply_intent, load_state

    seat = Seat.objects.filter(player_id=entry.player_id).first()
    if seat is None:
        return  # not at a table yet: the stack they sit down with is the tournament's
    sitting = load_state(seat.table_id).table.seat_of(str(entry.player_id))
    if sitting is None:
        raise ActionRefused("The add-on is for players still in: rebuy first if you can.")
    topped_up = {"type": "set_stack", "seat": sitting.seat, "stack": sitting.stack + chips}
    apply_intent(seat.table_id, engine_live.SYSTEM, topped_up)
