"""A tournament played at the live tables: its busts, and the rebuys it offers.

The live tables decide a tournament's mode, stakes and waits from its stored clock
(`engine.live.tournament`, read by `tables.live.tournament`); the chips a tournament puts
on a table go through the write path (`tables.services.tournament.tournament_stacks`). This module
records what a hand at a tournament table means for the tournament:

- "Bust out of chips and you're out": a player left with no chips is placed
  (`tournaments.record_busts`), unless the rebuy rules let them buy back in; then their
  seat waits for the host to record the rebuy, which sits them down with the rebuy stack.
  An offer still pending when the rebuy window closes becomes a bust for good the next time
  the host's tournament page is loaded (`close_lapsed_offers`), once the level change that
  closed it can no longer be undone.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine.config import HandConfig
from engine.live.tournament import busted
from engine.tournament import can_rebuy, clock_state
from tables import live
from tables.live.tournament import tournament_at
from tables.models import Player
from tables.models.live import Hand
from tables.models.tournaments import Tournament, TournamentEntry
from tables.services.seating import seat_records
from tables.services.tournament import tournament_results, tournaments


def _epoch(now: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(now, tz=datetime.UTC)


def hand_played(finished: live.Applied) -> None:
    """After a hand at a tournament table: busted players are out, or offered a rebuy
    (registered with the write path: tables.services.consequences, in the write that ended the
    hand).

    "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for
    good." Players out in the same hand are placed by the chips they started it with.
    """
    table_id, state, now = finished.table_id, finished.state, finished.now
    assert state is not None
    out_of_chips = busted(state, finished.events)
    if not out_of_chips:
        return
    tournament = tournament_at(table_id)
    if tournament is None:
        return
    assert state.hand is not None  # busted() found players dealt in to it
    started = (
        Hand.objects.filter(table_id=table_id, number=state.hand.config.hand_number)
        .values_list("started_at", flat=True)
        .first()
    )
    reading = clock_state(tournament.get_clock(), tournament.get_structure(), started or _epoch(now))
    rules = tournament.get_rebuy_rules()
    seat_numbers = {seat.player: seat.seat for seat in state.hand.config.seats}
    out: list[tuple[int, int | None]] = []
    for player in out_of_chips:
        entry = tournament.entries.filter(player_id=int(player.player), place__isnull=True).first()
        if entry is None:
            continue
        if can_rebuy(rules, reading, rebuys_used=entry.rebuys, chips=0):
            # Their seat waits for the host to record the rebuy (rebuy_offers); its record
            # follows when the write path's seat records run after this (consequences).
            seat_records.hold_for_rebuy(entry, table_id, seat_numbers[player.player], follow=False)
            continue
        out.append((entry.pk, player.chips_at_start))
    if out:
        tournaments.record_busts(tournament.pk, None, out, now=_epoch(now))


def rebuy_offers(tournament: Tournament) -> list[TournamentEntry]:
    """Entrants still in whose seat waits for a rebuy: they lost their chips in a hand and may
    buy back in (`seat_records.held_seat`)."""
    return list(tournament.entries.select_related("player").filter(seat_records.WAITING_FOR_REBUY))


def close_lapsed_offers(tournament: Tournament, now: datetime.datetime) -> list[TournamentEntry]:
    """Pending rebuy offers the rebuy window has closed on become busts for good.

    "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for
    good." Players out in the same hand are placed by the chips they started it with; an
    earlier bust finishes lower.
    """
    if not _lapsed_offers(tournament, now):
        return []
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
    table_id = entry.out_table_id  # the table whose seat waits for them
    hands = Hand.objects.filter(table_id=table_id).order_by("-number") if table_id else Hand.objects.none()
    for hand in hands.iterator(chunk_size=20):
        for dealt in HandConfig.from_json(hand.config).seats:
            if dealt.player == str(entry.player_id):
                return (hand.started_at, hand.table_id, hand.number), dealt.stack
    return (_epoch(0), 0, 0), 1  # no hand found: placed with the others whose hand is unknown


def _lapsed_offers(tournament: Tournament, now: datetime.datetime) -> list[TournamentEntry]:
    if tournament.status == Tournament.Status.FINISHED:
        return []
    if tournament.pending_level_undo(now) is not None:
        return []  # the level change that closed the window may still be taken back
    rules = tournament.get_rebuy_rules()
    reading = clock_state(tournament.get_clock(), tournament.get_structure(), now)
    offers = rebuy_offers(tournament)
    return [e for e in offers if not can_rebuy(rules, reading, rebuys_used=e.rebuys, chips=0)]


# What a player's phone says about their tournament -----------------------------------------------


def standing_of(player: Player, now: datetime.datetime | None = None) -> dict[str, Any] | None:
    """A tournament player's standing once they have no chips at a table, for their phone:

    - {"state": "rebuy", ...}: out of chips while the rebuy rules let them buy back in, with
      the price, the chips, the rebuys left and the last level of the window;
    - {"state": "closing", ...}: out of chips after the rebuy window closed, while the level
      change that closed it may still be undone (the place is settled after that);
    - {"state": "out", "place", "prize", "won", ...}: out for good, or the winner (an offer
      the window has closed on is settled first, as the host's page settles it);
    - None: still playing, or not in a tournament that has started.
    """
    now = now or timezone.now()
    entry = (
        TournamentEntry.objects.select_related("tournament__night")
        .filter(player=player)
        .exclude(tournament__status=Tournament.Status.SETUP)
        .order_by("-tournament__created_at")
        .first()
    )
    if entry is None:
        return None
    tournament = entry.tournament
    if entry.place is None and entry in _lapsed_offers(tournament, now):
        close_lapsed_offers(tournament, now)
        entry.refresh_from_db()
    base = {"tournament": tournament.name, "currency": tournament.night.currency}
    if entry.place is not None:
        result = next(r for r in tournament_results.results(tournament) if r.entry.pk == entry.pk)
        return base | {
            "state": "out",
            "place": result.label,
            "prize": result.prize,
            "players": tournament.entries.count(),
            # The winner leaves the table with the tournament's end too: their phone says so.
            "won": entry.place == 1 and entry.shared_by == 1 and not result.dealt,
        }
    if entry not in rebuy_offers(tournament):
        return None
    rules = tournament.get_rebuy_rules()
    reading = clock_state(tournament.get_clock(), tournament.get_structure(), now)
    if not can_rebuy(rules, reading, rebuys_used=entry.rebuys, chips=0):
        return base | {"state": "closing"}
    return base | {
        "state": "rebuy",
        "price": tournament.rebuy_price,
        "chips": rules.rebuy_stack,
        "rebuys_left": rules.max_rebuys - entry.rebuys,
        "until_level": rules.rebuy_until_level,
    }
