"""Tournaments: set-up, entries, rebuys and add-ons, busts, payouts and deals (the clock's
controls are `tournament_clock`).

Every decision is the engine's (`engine.tournament`); this module stores the result.
Each write locks the tournament row (`select_for_update`) in a transaction, logs who did
what and when, and bumps `Tournament.version`. Every write takes the moment it happens
(`now`, default the current time), so tests can freeze time by passing it.
A refusal raises `ActionRefused` with the engine's message and changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.tournament import (
    Bust,
    ClockReading,
    Deal,
    DealMethod,
    FieldSummary,
    Finish,
    Level,
    PayoutTable,
    RebuyRules,
    Structure,
    TournamentError,
    can_add_on,
    can_rebuy,
    chip_chop,
    clock_state,
    field_summary,
    icm_deal,
    payout_amounts,
    place_busts,
    prize_pool,
    prizes_for,
    template,
)
from tables.errors import ActionRefused
from tables.models import Night, Player, Seat
from tables.models.live import TableSnapshot
from tables.models.tournaments import Tournament, TournamentAction, TournamentEntry, TournamentLog
from tables.services import audit
from tables.services import tournament_chips_out as chips_out
from tables.services.tournament_stacks import add_on_seated, rebuy_seated

DEFAULT_PAYOUTS = PayoutTable((50, 30, 20))


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


# Set-up ----------------------------------------------------------------------------------------


def create_tournament(
    night: Night,
    actor: AbstractBaseUser | None,
    *,
    name: str,
    template_key: str,
    buy_in: int,
    now: datetime.datetime | None = None,
) -> Tournament:
    """A new tournament from a shipped structure (a copy: editing it never changes the template)."""
    now = _moment(now)
    name = " ".join(name.split())
    if not name:
        raise ActionRefused("Give the tournament a name.")
    try:
        structure = template(template_key)
    except TournamentError as error:
        raise _refused(error) from None
    tournament = Tournament(
        night=night,
        name=name,
        buy_in=buy_in,
        starting_stack=structure.starting_stack,
        structure=structure.to_json(),
        rebuy_rules=RebuyRules().to_json(),
        payout_table=DEFAULT_PAYOUTS.to_json(),
    )
    try:
        with transaction.atomic():
            tournament.save()
            log_action(
                tournament, actor, TournamentAction.CREATE, f"from the {structure.name} structure", now
            )
    except IntegrityError:
        raise ActionRefused(f"This night already has a tournament called {name!r}.") from None
    return tournament


def update_tournament(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    *,
    name: str,
    buy_in: int,
    rebuy_price: int,
    add_on_price: int,
    structure: Structure,
    rules: RebuyRules,
    payouts: PayoutTable,
    now: datetime.datetime | None = None,
) -> Tournament:
    """Save an edited set-up. The clock keeps its times; it may not point past the new structure."""
    now = _moment(now)
    try:
        rules.check_against(structure)
    except TournamentError as error:
        raise _refused(error) from None
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        if tournament.clock_period_index >= len(structure.periods):
            raise ActionRefused(
                f"The clock is on period {tournament.clock_period_index + 1}: keep at least that many."
            )
        if tournament.night.tournaments.exclude(pk=tournament.pk).filter(name__iexact=name).exists():
            raise ActionRefused(f"This night already has a tournament called {name!r}.")
        tournament.name = name
        tournament.buy_in = buy_in
        tournament.rebuy_price = rebuy_price
        tournament.add_on_price = add_on_price
        tournament.starting_stack = structure.starting_stack
        tournament.structure = structure.to_json()
        tournament.rebuy_rules = rules.to_json()
        tournament.payout_table = payouts.to_json()
        tournament.version += 1
        tournament.save()
        log_action(tournament, actor, TournamentAction.EDIT, f"{len(structure.levels)} levels", now)
    return tournament


def register_players(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    players: Sequence[Player],
    now: datetime.datetime | None = None,
) -> list[TournamentEntry]:
    """Enter players of the night who were let in; players already entered are left as they are."""
    now = _moment(now)
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        entered = set(tournament.entries.values_list("player_id", flat=True))
        created = []
        for player in players:
            if player.night_id != tournament.night_id or player.status != Player.Status.APPROVED:
                raise ActionRefused(f"{player.display_name} is not a player of this night.")
            if player.pk not in entered:
                created.append(TournamentEntry.objects.create(tournament=tournament, player=player))
                entered.add(player.pk)
        if not created:
            raise ActionRefused("Everyone chosen is already entered.")
        tournament.version += 1
        tournament.save(update_fields=["version"])
        names = ", ".join(entry.player.display_name for entry in created)
        log_action(tournament, actor, TournamentAction.REGISTER, names, now)
    return created


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
        log_action(
            tournament, actor, TournamentAction.REBUY, f"{entry.player.display_name} ({entry.rebuys})", now
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
        add_on_seated(entry, tournament.get_rebuy_rules().add_on_stack)  # the chips, on their stack
        tournament.version += 1
        tournament.save(update_fields=["version"])
        log_action(tournament, actor, TournamentAction.ADD_ON, entry.player.display_name, now)
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
    player is left, they win and the tournament is over.
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
        champion = None
        if len(still_in) - len(finishes) == 1:
            (champion,) = (entry for pk, entry in still_in.items() if pk not in taken)
        for number, finish in enumerate(finishes, 1):
            entry = still_in.pop(int(finish.player))
            entry.place, entry.shared_by, entry.finished_at = finish.place, finish.shared_by, now
            entry.save(update_fields=["place", "shared_by", "finished_at"])
            Seat.objects.filter(player_id=entry.player_id).delete()
            out.append(entry)
            detail = f"{entry.player.display_name}: {finish.label}"
            line = f"{entry.player.display_name} is out in {finish.label}"
            if champion is not None and number == len(finishes):
                line += f"; {champion.player.display_name} wins"
            log_action(
                tournament,
                actor,
                TournamentAction.BUST,
                detail,
                now,
                payload=chips_out.bust_payload(entry, taken[entry.pk]),
                night_line=line + chips_out.taken_out_words(taken[entry.pk]),
            )
        if champion is not None:
            champion.place, champion.shared_by, champion.finished_at = 1, 1, now
            champion.save(update_fields=["place", "shared_by", "finished_at"])
            tournament.status = Tournament.Status.FINISHED
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
    again, and a tournament that bust had finished runs again. Logged in the open log.

    Only the latest: the places of earlier busts do not depend on it. A player back in has
    no seat; seated again, they sit down with the chips the tournament gives them.
    """
    now = _moment(now)
    if not why.strip():
        raise ActionRefused("Say why the bust is undone: the log is open to everyone.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        entries = list(tournament.entries.select_related("player").filter(place__isnull=False))
        champion = None
        if tournament.status == Tournament.Status.FINISHED:
            champion = next((e for e in entries if e.place == 1 and e.shared_by == 1), None)
            entries = [e for e in entries if e is not champion]
        if not entries:
            raise ActionRefused("No bust to undo.")
        latest = min(entry.place for entry in entries)
        undone = [entry for entry in entries if entry.place == latest]
        labels = []
        given_back = [chips_out.give_chips_back(entry) for entry in undone]
        for entry in [*undone, *([champion] if champion else [])]:
            labels.append(
                f"{entry.player.display_name} ({Finish(str(entry.pk), entry.place, entry.shared_by).label})"
            )
            entry.place, entry.shared_by, entry.finished_at = None, 1, None
            entry.save(update_fields=["place", "shared_by", "finished_at"])
        fields = ["version"]
        if champion is not None:
            tournament.status = Tournament.Status.RUNNING
            fields.append("status")
        tournament.version += 1
        tournament.save(update_fields=fields)
        what = f"Undid the bust of {', '.join(labels[: len(undone)])}"
        what += "".join(words for words, _ in given_back)
        if champion is not None:
            what += f"; {champion.player.display_name} has not won yet"
        log_action(
            tournament,
            actor,
            TournamentAction.BUST,
            f"undone: {', '.join(labels)}",
            now,
            why=why,
            # The chips given back come into play again (chips_out.chips_taken_out counts them).
            payload={
                "undo_bust": [entry.pk for entry in undone],
                "chips_taken_out": -sum(c for _, c in given_back),
            },
            night_line=what,
        )
    return undone


@dataclass(frozen=True, slots=True)
class Result:
    """A finisher: their place ("3rd", "9th-10th (shared)") and prize."""

    entry: TournamentEntry
    label: str
    prize: int


def pool(tournament: Tournament) -> int:
    """Buy-ins, rebuys and add-ons paid: all of it is paid out."""
    entries = list(tournament.entries.all())
    return prize_pool(
        buy_in=tournament.buy_in,
        entries=len(entries),
        rebuy_price=tournament.rebuy_price,
        rebuys=sum(entry.rebuys for entry in entries),
        add_on_price=tournament.add_on_price,
        add_ons=sum(entry.add_ons for entry in entries),
    )


def payouts(tournament: Tournament) -> tuple[int, ...]:
    """Each paid place's prize, 1st first; places beyond the field are not paid."""
    entries = tournament.entries.count()
    table = tournament.get_payout_table()
    if entries and table.places_paid > entries:
        # A table written for a bigger field: pay the places the field has, topped up to 100%.
        kept = list(table.percentages[:entries])
        kept[0] += 100 - sum(kept)
        table = PayoutTable(tuple(kept))
    return payout_amounts(pool(tournament), table)


def results(tournament: Tournament) -> list[Result]:
    """The finishers so far, best first, with their prizes."""
    finished = [entry for entry in tournament.entries.select_related("player") if entry.is_out]
    finishes = [Finish(str(entry.pk), entry.place, entry.shared_by) for entry in finished]
    prizes = prizes_for(finishes, payouts(tournament)) if finishes else {}
    labels = {finish.player: finish.label for finish in finishes}
    rows = [Result(entry, labels[str(entry.pk)], prizes.get(str(entry.pk), 0)) for entry in finished]
    return sorted(rows, key=lambda row: (row.entry.place, row.entry.player.display_name.lower()))


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


def propose_deal(tournament: Tournament, stacks: dict[int, int], method: DealMethod) -> Deal:
    """A deal among every player still in, given their chips by entry id: chip chop or ICM.

    Splits what is still to be paid: the prizes of the places the players left will take.
    """
    still_in = {entry.pk for entry in tournament.entries.all() if not entry.is_out}
    if set(stacks) != still_in:
        raise ActionRefused("A deal is among every player still in: enter each one's chips.")
    remaining = list(payouts(tournament)[: len(still_in)])
    keyed = {str(entry_id): chips for entry_id, chips in stacks.items()}
    try:
        if method == DealMethod.ICM:
            return icm_deal(keyed, remaining)
        return chip_chop(keyed, sum(remaining))
    except TournamentError as error:
        raise _refused(error) from None
