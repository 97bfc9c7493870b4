"""Tournaments: rebuys and add-ons, busts, payouts and deals (the set-up and entries are
`tournament_setup`, the clock's controls are `tournament_clock`).

Every decision is the engine's (`engine.tournament`); this module stores the result.
Each write locks the tournament row (`select_for_update`) in a transaction, logs who did
what and when, and bumps `Tournament.version`. Every write takes the moment it happens
(`now`, default the current time), so tests can freeze time by passing it.
A refusal raises `ActionRefused` with the engine's message and changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine.tournament import (
    Bust,
    ClockReading,
    FieldSummary,
    Finish,
    Level,
    TournamentError,
    can_add_on,
    can_rebuy,
    clock_state,
    field_summary,
    place_busts,
)
from tables.errors import ActionRefused
from tables.models import Seat
from tables.models.ledger import EntryKind
from tables.models.live import TableSnapshot
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry, TournamentLog
from tables.services.hosting import audit
from tables.services.seating import seat_records
from tables.services.tournament import tournament_chips_out as chips_out
from tables.services.tournament import tournament_money
from tables.services.tournament.tournament_results import deal_of
from tables.services.tournament.tournament_stacks import add_on_seated, rebuy_seated


def _moment(now: datetime.datetime | None) -> datetime.datetime:
    return now if now is not None else timezone.now()


def lock_tournament(tournament_id: int) -> Tournament:
    return Tournament.objects.select_for_update().select_related("night").get(pk=tournament_id)


def log_action(
    tournament: Tournament,
    actor: AbstractBaseUser | None,
    action: TournamentAction,
    detail: str,
    now: datetime.datetime,
    *,
    why: str = "",
    payload: dict[str, Any] | None = None,
    night_line: str | None = None,
) -> None:
    """The tournament's own log (its page), and one line in the night's open log: one log for
    the whole night (`night_line` is that line's words when they say more than the detail;
    "" writes none, for a line another call of the same action writes)."""
    TournamentLog.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        detail=detail[:200],
        at=now,
    )
    if night_line == "":
        return
    what = f"{tournament.name}: {night_line or f'{action.label}: {detail}'}"
    payload = {"tournament": tournament.pk, "action": str(action), **(payload or {})}
    audit.record(tournament.night, actor, what, why, payload=payload)


def _refused(error: TournamentError) -> ActionRefused:
    return ActionRefused(str(error))


def check_not_over(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise ActionRefused("This tournament is over.")
    if not tournament.night.is_open:
        # A closed night's money is final: no entry, rebuy or add-on changes it any more.
        raise ActionRefused("This night is closed: its money is final.")


# The clock -------------------------------------------------------------------------------------


def reading(tournament: Tournament, now: datetime.datetime | None = None) -> ClockReading:
    return clock_state(tournament.get_clock(), tournament.get_structure(), _moment(now))


# Rebuys and add-ons ----------------------------------------------------------------------------


def _locked_entry(entry_id: int) -> tuple[Tournament, TournamentEntry]:
    entries = TournamentEntry.objects.values_list("tournament_id", "player_id")
    tournament_id, player_id = entries.get(pk=entry_id)
    # A hand ending at a table locks its snapshot and then the tournament (busts); lock in that
    # same order here, since a rebuy or add-on goes on to the player's table: the other order
    # could deadlock with a hand ending at the same moment.
    table_id = Seat.objects.filter(player_id=player_id).values_list("table_id", flat=True).first()
    if table_id is not None:
        list(TableSnapshot.objects.select_for_update().filter(table_id=table_id).values_list("pk"))
    tournament = lock_tournament(tournament_id)
    return tournament, TournamentEntry.objects.select_related("player").get(pk=entry_id)


def record_rebuy(
    entry_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None
) -> TournamentEntry:
    """A player who has just busted buys back in, within the rebuy rules.

    "Once your rebuys are used up, or the rebuy window closes, the next time you bust is for good."
    """
    now = _moment(now)
    with transaction.atomic():
        tournament, entry = _locked_entry(entry_id)
        check_not_over(tournament)
        if entry.is_out:
            raise ActionRefused(f"{entry.player.display_name} is out for good.")
        decision = can_rebuy(
            tournament.get_rebuy_rules(), reading(tournament, now), rebuys_used=entry.rebuys, chips=0
        )
        if not decision:
            raise ActionRefused(decision.reason)
        entry.rebuys += 1
        entry.save(update_fields=["rebuys"])
        rebuy_seated(entry, tournament.get_rebuy_rules().rebuy_stack)  # their stack, refilled at the table
        tournament.version += 1
        tournament.save(update_fields=["version"])
        paid = tournament_money.pay_in(tournament, [entry], EntryKind.TOURNAMENT_REBUY, actor)
        rules = tournament.get_rebuy_rules()
        line = (
            f"Rebuy for {entry.player.display_name} ({entry.rebuys} of {rules.max_rebuys}): "
            f"{tournament.rebuy_price} {tournament.night.currency} into the prize pool, "
            f"{rules.rebuy_stack} chips"
        )
        detail = f"{entry.player.display_name} ({entry.rebuys})"
        log_action(
            tournament, actor, TournamentAction.REBUY, detail, now, payload=paid.payload, night_line=line
        )
    return entry


def record_add_on(
    entry_id: int, actor: AbstractBaseUser | None, now: datetime.datetime | None = None
) -> TournamentEntry:
    """A player still in takes the add-on (once, at the first break)."""
    now = _moment(now)
    with transaction.atomic():
        tournament, entry = _locked_entry(entry_id)
        check_not_over(tournament)
        decision = can_add_on(
            tournament.get_rebuy_rules(),
            reading(tournament, now),
            add_ons_used=entry.add_ons,
            chips=0 if entry.is_out else 1,
        )
        if not decision:
            raise ActionRefused(decision.reason)
        entry.add_ons += 1
        entry.save(update_fields=["add_ons"])
        # The chips, on their stack (or on the stack they sit down with, said in the line).
        sitting_down = add_on_seated(entry, tournament.get_rebuy_rules().add_on_stack)
        tournament.version += 1
        tournament.save(update_fields=["version"])
        paid = tournament_money.pay_in(tournament, [entry], EntryKind.TOURNAMENT_ADD_ON, actor)
        line = (
            f"Add-on for {entry.player.display_name}: {tournament.add_on_price} {tournament.night.currency} "
            f"into the prize pool, {tournament.get_rebuy_rules().add_on_stack} chips{sitting_down}"
        )
        name = entry.player.display_name
        log_action(
            tournament, actor, TournamentAction.ADD_ON, name, now, payload=paid.payload, night_line=line
        )
    return entry


# Busts and results -----------------------------------------------------------------------------


def record_busts(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    busts: Sequence[tuple[int, int | None]],
    now: datetime.datetime | None = None,
) -> list[TournamentEntry]:
    """Players out for good in one hand, as (entry id, chips when the hand started).

    Places come from `engine.tournament.place_busts`: more chips at the start of the hand,
    better place; equal stacks share. The busted players leave their seats. When one
    player is left, they win and the tournament is over: the winner leaves their seat too,
    and their chips leave play with them, as a busted player's do ("chips leave through a
    cash-out or a tournament finish", docs/chips-and-money.md), so no tournament chip stays
    at a table that goes back to its cash game.
    """
    now = _moment(now)
    if not busts:
        raise ActionRefused("Choose who is out.")
    if len(busts) > 1 and any(chips is None for _, chips in busts):
        raise ActionRefused(
            "Several players are out in one hand: enter the chips each had when the hand started "
            "(equal stacks share places)."
        )
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        still_in = {
            entry.pk: entry for entry in tournament.entries.select_related("player") if not entry.is_out
        }
        for entry_id, _ in busts:
            if entry_id not in still_in:
                raise ActionRefused("Only players still in the tournament can bust.")
        try:
            finishes = place_busts(
                [Bust(str(entry_id), 1 if chips is None else chips) for entry_id, chips in busts],
                players_left=len(still_in),
            )
        except TournamentError as error:
            raise _refused(error) from None
        taken = {
            int(finish.player): chips_out.take_chips_out(still_in[int(finish.player)]) for finish in finishes
        }
        out = []
        champion, won = None, chips_out.Taken(None, 0)
        if len(still_in) - len(finishes) == 1:
            (champion,) = (entry for pk, entry in still_in.items() if pk not in taken)
            won = chips_out.take_chips_out(champion)
            chips_out.remember_where_out(champion, won)
            champion.place, champion.shared_by, champion.finished_at = 1, 1, now
            champion.save(update_fields=["place", "shared_by", "finished_at", *chips_out.OUT_FIELDS])
            tournament.status = Tournament.Status.FINISHED
        for finish in finishes:
            entry = still_in.pop(int(finish.player))
            chips_out.remember_where_out(entry, taken[entry.pk])
            entry.place, entry.shared_by, entry.finished_at = finish.place, finish.shared_by, now
            entry.save(update_fields=["place", "shared_by", "finished_at", *chips_out.OUT_FIELDS])
            out.append(entry)
        # A seat that waited for a rebuy is free now: its record goes (the others left their
        # live tables, and their records with them).
        for table_id in sorted({t.seat.table_id for t in [*taken.values(), won] if t.seat is not None}):
            seat_records.sync(table_id)
        # The last bust ends the tournament: its pool is paid out, named in that bust's line.
        paid = tournament_money.pay_out(tournament, actor) if champion else tournament_money.Paid()
        for number, (finish, entry) in enumerate(zip(finishes, out, strict=True), 1):
            last = number == len(finishes)
            detail = f"{entry.player.display_name}: {finish.label}"
            line = f"{entry.player.display_name} is out in {finish.label}"
            line += chips_out.taken_out_words(taken[entry.pk])
            payload = chips_out.bust_payload(entry, taken[entry.pk])
            if champion is not None and last:
                line += f"; {champion.player.display_name} wins" + chips_out.taken_out_words(won, ": ")
                winner = chips_out.bust_payload(champion, won)
                payload = {**payload, "winner": winner, **paid.payload}
            log_action(
                tournament,
                actor,
                TournamentAction.BUST,
                detail,
                now,
                payload=payload,
                night_line=paid.then(line) if last else line,
            )
        if champion is not None:
            log_action(
                tournament,
                actor,
                TournamentAction.FINISH,
                f"{champion.player.display_name} wins",
                now,
                night_line="",
            )
        tournament.version += 1
        tournament.save(update_fields=["version", "status"])
    return out


def undo_last_bust(
    tournament_id: int, actor: AbstractBaseUser | None, why: str, now: datetime.datetime | None = None
) -> list[TournamentEntry]:
    """Take back the latest bust (a wrong "Record who is out"): the players placed last are in
    again, and a tournament that bust had finished runs again, its prizes taken back from the
    ledger. One line in the open log.

    Only the latest: the places of earlier busts do not depend on it. Only what the bust did
    comes back (`tournament_chips_out`): the chips it took out of play, in the seat they were
    in, or the rebuy offer of a player who lost their chips in a hand, and the winner's chips
    in the winner's seat; an undo that would need chips from nowhere, or put them where the
    cash game plays now, is refused.
    """
    now = _moment(now)
    if not why.strip():
        raise ActionRefused("Say why the bust is undone: the log is open to everyone.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if not tournament.night.is_open:
            raise ActionRefused("This night is closed: its money is final.")
        if deal_of(tournament) is not None:
            raise ActionRefused(
                f"{tournament.name} ended with a deal the players agreed: its places and prizes stand."
            )
        entries = list(tournament.entries.select_related("player", "out_table").filter(place__isnull=False))
        champion = None
        if tournament.status == Tournament.Status.FINISHED:
            champion = next((e for e in entries if e.place == 1 and e.shared_by == 1), None)
            entries = [e for e in entries if e is not champion]
        if not entries:
            raise ActionRefused("No bust to undo.")
        latest = min(entry.place for entry in entries)
        undone = [entry for entry in entries if entry.place == latest]
        back_in = [*undone, *([champion] if champion else [])]
        rules, clock = tournament.get_rebuy_rules(), reading(tournament, now)
        for entry in back_in:
            may_rebuy = bool(can_rebuy(rules, clock, rebuys_used=entry.rebuys, chips=0))
            chips_out.check_can_come_back(entry, may_rebuy)
        labels = [finish_label(entry) for entry in back_in]
        # In again before their chips come back: they sit down at a table of a running tournament.
        for entry in back_in:
            entry.place, entry.shared_by, entry.finished_at = None, 1, None
            entry.save(update_fields=["place", "shared_by", "finished_at"])
        if champion is not None:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        back = [chips_out.give_back(entry) for entry in back_in]
        taken_back = tournament_money.Paid()
        if champion is not None:
            taken_back = tournament_money.take_back_prizes(tournament, actor)
        tournament.version += 1
        tournament.save(update_fields=["version"])
        what = f"Undid the bust of {', '.join(labels[: len(undone)])}: {'; '.join(back[: len(undone)])}"
        if champion is not None:
            name = champion.player.display_name
            what += f"; {name} has not won yet: {back[-1].removeprefix(f'{name} is ')}"
        log_action(
            tournament,
            actor,
            TournamentAction.BUST,
            f"undone: {', '.join(labels)}",
            now,
            why=why,
            payload={"undo_bust": [entry.pk for entry in undone], **taken_back.payload},
            night_line=taken_back.then(what),
        )
    return undone


def finish_label(entry: TournamentEntry) -> str:
    return f"{entry.player.display_name} ({Finish(str(entry.pk), entry.place, entry.shared_by).label})"


def field(tournament: Tournament, now: datetime.datetime | None = None) -> FieldSummary:
    """Entries, players left, chips in play, average stack (in big blinds of the level in force or next)."""
    shown = reading(tournament, now)
    level = shown.current if isinstance(shown.current, Level) else shown.next_level
    entries = list(tournament.entries.all())
    return field_summary(
        tournament.get_structure(),
        tournament.get_rebuy_rules(),
        entries=len(entries),
        rebuys=sum(entry.rebuys for entry in entries),
        add_ons=sum(entry.add_ons for entry in entries),
        players_left=sum(1 for entry in entries if not entry.is_out),
        big_blind=level.big_blind if level else 1,
        taken_out=chips_out.chips_taken_out(tournament),
    )
