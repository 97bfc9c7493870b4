"""Deals at the final table: the calculator (chip chop and ICM, `engine.tournament.deals`) and the
deal the players agree, which the host records.

A deal splits what is still to be paid (the prizes of the places the players still in will
take) and ends the tournament: each player still in takes their agreed amount, placed by the
chips they had when they agreed (more chips, better place; equal stacks share), and their chips
leave play. The amounts are money out in the night's ledger (`tournament_money`), with one line
in the open log.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine.live import HOST
from engine.tournament import Deal, DealMethod, TournamentError, chip_chop, deal_places, icm_deal
from tables.errors import ActionRefused
from tables.live import apply_intent, load_state
from tables.models import Seat
from tables.models.tournaments import DealKind, Tournament, TournamentAction, TournamentDeal, TournamentEntry
from tables.services.tournament import tournament_money
from tables.services.tournament.tournament_results import payouts
from tables.services.tournament.tournaments import check_not_over, lock_tournament, log_action


def players_still_in(tournament: Tournament) -> list[TournamentEntry]:
    return list(tournament.entries.select_related("player").filter(place__isnull=True))


def known_stacks(tournament: Tournament) -> dict[int, int | None]:
    """Each player still in's chips at their live table, by entry id (None: not at a table)."""
    stacks: dict[int, int | None] = {}
    for entry in players_still_in(tournament):
        seat = Seat.objects.filter(player_id=entry.player_id).first()
        found = load_state(seat.table_id).table.seat_of(str(entry.player_id)) if seat else None
        stacks[entry.pk] = found.stack if found is not None else None
    return stacks


def propose_deal(tournament: Tournament, stacks: Mapping[int, int], method: DealMethod) -> Deal:
    """A deal among every player still in, given their chips by entry id: chip chop or ICM.

    Splits what is still to be paid: the prizes of the places the players left will take.
    """
    still_in = {entry.pk for entry in players_still_in(tournament)}
    if set(stacks) != still_in:
        raise ActionRefused("A deal is among every player still in: enter each one's chips.")
    prizes = list(payouts(tournament)[: len(still_in)])
    keyed = {str(entry_id): chips for entry_id, chips in stacks.items()}
    try:
        if method == DealMethod.ICM:
            return icm_deal(keyed, prizes)
        return chip_chop(keyed, sum(prizes))
    except TournamentError as error:
        raise ActionRefused(str(error)) from None


def _stacks_at_the_tables(still_in: list[TournamentEntry]) -> dict[int, tuple[Seat, int]]:
    """Each player's seat and chips, refused unless every one sits at a table between hands."""
    found: dict[int, tuple[Seat, int]] = {}
    for entry in still_in:
        name = entry.player.display_name
        seat = Seat.objects.select_related("table").filter(player_id=entry.player_id).first()
        state = load_state(seat.table_id) if seat else None
        sitting = state.table.seat_of(str(entry.player_id)) if state else None
        if seat is None or state is None or sitting is None:
            raise ActionRefused(f"{name} has no chips at a table: a deal is among players still playing.")
        if state.hand_in_progress:
            raise ActionRefused(f"A hand is being played at {seat.table.name}: record the deal when it ends.")
        found[entry.pk] = (seat, sitting.stack)
    return found


def _method(tournament: Tournament, stacks: dict[int, int], amounts: dict[int, int]) -> str:
    """Chip chop or ICM when the amounts are exactly that deal's, else the players' own amounts."""
    for method in (DealMethod.ICM, DealMethod.CHIP_CHOP):
        proposed = propose_deal(tournament, stacks, method).as_dict()
        if {int(key): amount for key, amount in proposed.items()} == amounts:
            return method.value
    return DealKind.CUSTOM


def record_deal(
    tournament_id: int,
    actor: AbstractBaseUser | None,
    amounts: Mapping[int, int],
    why: str = "",
    now: datetime.datetime | None = None,
) -> TournamentDeal:
    """The players still in agreed to split what is still to be paid: `amounts` by entry id.

    Refused unless every player still in takes a whole amount (0 or more) and together they
    take exactly what is still to be paid. The stacks are the ones at the tables: a deal is
    made between hands. The tournament ends; the players' chips leave play.
    """
    now = now or timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        check_not_over(tournament)
        still_in = players_still_in(tournament)
        if len(still_in) < 2:
            raise ActionRefused("A deal needs at least two players still in.")
        if set(amounts) != {entry.pk for entry in still_in}:
            raise ActionRefused("A deal is among every player still in: enter what each one takes.")
        if any(isinstance(a, bool) or not isinstance(a, int) or a < 0 for a in amounts.values()):
            raise ActionRefused("Each player takes a whole amount, 0 or more.")
        remaining = sum(payouts(tournament)[: len(still_in)])
        currency = tournament.night.currency
        if sum(amounts.values()) != remaining:
            raise ActionRefused(
                f"The amounts add up to {sum(amounts.values())} {currency}, but {remaining} {currency} "
                "is still to be paid: the deal splits all of it."
            )
        seated = _stacks_at_the_tables(still_in)
        stacks = {entry_id: chips for entry_id, (_, chips) in seated.items()}
        deal = TournamentDeal.objects.create(
            tournament=tournament,
            method=_method(tournament, stacks, dict(amounts)),
            stacks={str(key): value for key, value in stacks.items()},
            amounts={str(key): value for key, value in amounts.items()},
            pool=remaining,
            recorded_by=actor if actor is not None and actor.is_authenticated else None,
            recorded_at=now,
        )
        places = {int(f.player): f for f in deal_places({str(k): v for k, v in stacks.items()})}
        for entry in still_in:
            seat, chips = seated[entry.pk]
            number = load_state(seat.table_id).table.seat_of(str(entry.player_id))
            assert number is not None
            apply_intent(seat.table_id, HOST, {"type": "leave", "seat": number.seat})
            entry.place, entry.shared_by, entry.finished_at = (
                places[entry.pk].place,
                places[entry.pk].shared_by,
                now,
            )
            entry.out_table, entry.out_seat, entry.out_chips = seat.table, seat.number, chips
            entry.save(
                update_fields=["place", "shared_by", "finished_at", "out_table", "out_seat", "out_chips"]
            )
        tournament.status = Tournament.Status.FINISHED
        # The deal was made on today's payouts: they no longer follow the field.
        tournament.payout_table = tournament.get_payouts().fixed_at(tournament.entries.count()).to_json()
        tournament.version += 1
        tournament.save(update_fields=["status", "payout_table", "version"])
        shares = ", ".join(
            f"{entry.player.display_name} {amounts[entry.pk]} {currency}" for entry in still_in
        )
        paid = tournament_money.pay_out(tournament, actor)
        how = f"{deal.get_method_display()}, {remaining} {currency}"
        log_action(
            tournament,
            actor,
            TournamentAction.FINISH,
            f"deal ({deal.get_method_display()}): {shares}",
            now,
            why=why,
            payload={"deal": deal.pk, "stacks": deal.stacks, "amounts": deal.amounts, **paid.payload},
            night_line=f"Ends with a deal ({how}): {shares}",
        )
    return deal
