"""The night's ledger: buy-ins, rebuys, top-ups, cash-outs and corrections, and the chips they
put on or take off the tables.

A table stack changes only through these entries and the hands. An entry for a seated player
reaches the live table through the one write path (a ``set_stack`` or ``leave`` host intent),
decided from the table under the door's one lock and written after it in the same
transaction, so if the table refuses (the player is in the hand being played), no entry is
written either. Entries are never changed: a mistake is fixed with a correction.

Money is exact (Decimal, in the night's currency): the money of an entry is its chips times
the night's chip value, so money in balances money out plus what is on the tables.
The night's totals and that cross-check are in `night_totals`; players' requests for chips,
which become entries here once the host approves them, in `chip_requests`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet

from engine.live import HOST
from engine.table_state import SeatState
from tables import live
from tables.errors import ActionRefused
from tables.live.tournament import tournament_at, tournament_still_playing
from tables.models import Night, Player, Seat, Table
from tables.models.ledger import CASH, KINDS_IN, EntryKind, LedgerEntry, chips_to_sit_with
from tables.services.ledger.ledger_lines import StackChange, log_entry
from tables.services.ledger.money_words import format_money

# The most chips of any one figure the host gives, in every path: an entry, a correction, a
# stack set, what a player holds after an entry, a tournament's starting, rebuy and add-on stacks.
MAX_CHIPS_PER_ENTRY = 10_000_000


def money_for(night: Night, chips: int) -> Decimal:
    """What `chips` are worth in the night's currency (exact)."""
    return chips * night.chip_value


def chips_for_money(night: Night, money: Decimal) -> int:
    """How many chips `money` buys, refused unless it is a whole number of chips."""
    if not money.is_finite() or money <= 0:
        # Not "not a whole number of chips": -5 EUR is -50 chips, whole, and still no entry.
        raise ActionRefused(f"Enter an amount of money above 0 {night.currency}.")
    chips = money / night.chip_value
    if chips != chips.to_integral_value():
        # Said as every page says money: a chip of 10 JPY is "10 JPY", never "1E+1 JPY".
        raise ActionRefused(
            f"{format_money(money, night.currency)} is not a whole number of chips "
            f"(one chip is {format_money(night.chip_value, night.currency)})."
        )
    return int(chips)


def entries(night: Night) -> QuerySet[LedgerEntry]:
    """Every entry of the night: cash ones, and its tournaments' money (`tournament_money`)."""
    return LedgerEntry.objects.filter(night=night).select_related("player", "corrects", "table", "tournament")


def has_cash_entries(player: Player) -> bool:
    return LedgerEntry.objects.filter(CASH, player=player).exists()


def cash_chips_held(player: Player) -> int:
    """The cash chips a player holds (`chips_held`); none for a player the ledger never saw
    buy cash chips: what they sit with is a tournament's, or a stack no buy-in backs."""
    return chips_held(player) if has_cash_entries(player) else 0


def _check_not_in_a_tournament(player: Player) -> None:
    playing = tournament_still_playing(player.pk)
    if playing is not None:
        raise ActionRefused(
            f"{player.display_name} is still in {playing.name}: tournament chips are not cash chips. "
            "Record cash chips once they are out of it."
        )


# What the ledger says a player holds ------------------------------------------------------------


def chips_in_hand(player: Player) -> int | None:
    """Chips a player holds away from any table: bought (or cashed out) while not seated, since
    they last left a table. None for a player the ledger never saw. A seated player's chips are
    all on the table: the chips in hand went there when they sat down."""
    if Seat.objects.filter(player=player).exists():
        return 0 if has_cash_entries(player) else None
    return chips_to_sit_with(player)


def chips_held(player: Player) -> int:
    """The chips a player holds: their stack at their table, or the chips in their hand.

    Refused while they play a hand: what they hold is decided when it ends."""
    seat = Seat.objects.select_related("table").filter(player=player).first()
    if seat is None:
        return max(chips_in_hand(player) or 0, 0)
    state = live.load_state(seat.table_id)
    found = state.table.seat_of(str(player.pk))
    if found is None:
        return 0
    if state.hand_in_progress and state.hand is not None and found.seat in state.hand.index:
        raise ActionRefused(f"{player.display_name} is in the hand being played; try again after it.")
    return found.stack


# Writing entries --------------------------------------------------------------------------------


def new_entry(
    player: Player,
    kind: str,
    chips: int,
    by: AbstractBaseUser | None,
    reason: str,
    table: Table | None = None,
    **fields: object,
) -> LedgerEntry:
    """Write one entry of the player's night: its money is its chips at the night's chip value,
    its reason kept short, its recorder the host signed in (None for a system write)."""
    night = player.night
    return LedgerEntry.objects.create(
        night=night,
        player=player,
        kind=kind,
        chips=chips,
        money=money_for(night, chips),
        table=table,
        reason=reason.strip()[:200],
        recorded_by=by if by is not None and by.is_authenticated else None,
        **fields,
    )


def _seat_record(player: Player) -> Seat | None:
    return Seat.objects.select_related("table").filter(player=player).first()


def _set_stack_at_table(player: Player, seat: Seat, new_stack: Callable[[SeatState], int]) -> StackChange:
    """Give the seated player the stack `new_stack` decides from their seat, under the door's one
    lock (it may refuse); refused while they play a hand (the engine says so), or for a record
    the table does not seat them at: chips sent there would go onto no table."""
    changes: list[StackChange] = []

    def set_stack(state: live.LiveTable) -> dict[str, object]:
        found = state.table.seat_of(str(player.pk))
        if found is None:
            raise ActionRefused(f"{player.display_name} is not at {seat.table.name} yet.")
        stack = new_stack(found)
        if stack < 0:
            raise ActionRefused(f"{player.display_name} has only {found.stack} chips on the table.")
        changes.append(StackChange(seat.table.name, found.seat, found.stack, stack))
        return {"type": "set_stack", "seat": found.seat, "stack": stack}

    live.apply_intent(seat.table_id, HOST, set_stack)
    return changes[0]


def check_chips(chips: int) -> None:
    if not isinstance(chips, int) or isinstance(chips, bool) or not 1 <= chips <= MAX_CHIPS_PER_ENTRY:
        raise ActionRefused(f"Enter a whole number of chips, from 1 to {MAX_CHIPS_PER_ENTRY}.")


def check_holding_within_limit(player: Player, holding: int) -> None:
    """Refuse an entry that leaves a player holding more chips than any stack may be given."""
    if holding > MAX_CHIPS_PER_ENTRY:
        raise ActionRefused(
            f"That would give {player.display_name} {holding:,} chips: a stack is at most "
            f"{MAX_CHIPS_PER_ENTRY:,} chips."
        )


def check_player(night: Night, player: Player) -> None:
    if player.night_id != night.pk:
        raise ActionRefused("This player is not in this night.")
    if not night.is_open:
        raise ActionRefused("This night is closed: its ledger is final.")


def _check_still_here(player: Player, how: str = "bought") -> None:
    """Chips come in only for a player still in the night: one who has left holds nothing."""
    player.refresh_from_db(fields=["status"])
    if player.status == Player.Status.LEFT:
        raise ActionRefused(
            f"{player.display_name} has left the night: chips {how} now would be nobody's. "
            "They can join again to buy in."
        )


def record_chips_in(
    player: Player,
    kind: str,
    chips: int,
    by: AbstractBaseUser | None,
    reason: str = "",
) -> LedgerEntry:
    """A buy-in, rebuy or top-up: money in, and the chips onto the player's stack if seated."""
    night = player.night
    check_player(night, player)
    check_chips(chips)
    if kind not in KINDS_IN:
        raise ActionRefused("Choose buy-in, rebuy or top-up.")
    _check_still_here(player)
    _check_not_in_a_tournament(player)
    with transaction.atomic():
        before = has_cash_entries(player)
        seat = _seat_record(player)
        if seat is None:
            check_holding_within_limit(player, chips + max(chips_in_hand(player) or 0, 0))
            entry = new_entry(player, kind, chips, by, reason)
            log_entry(entry, by, None)
            return entry

        def topped_up(found: SeatState) -> int:
            # A stack the ledger never backed (seated before any buy-in) is replaced, not added to.
            current = found.stack if before else 0
            check_holding_within_limit(player, chips + current)
            return current + chips

        stack = _set_stack_at_table(player, seat, topped_up)
        entry = new_entry(player, kind, chips, by, reason, seat.table)
        log_entry(entry, by, replace(stack, replaces_unbacked=not before))
    return entry


def cash_out(
    player: Player, by: AbstractBaseUser | None, reason: str = "", counted: int | None = None
) -> LedgerEntry:
    """The player leaves with their chips, paid at chip value: their table stack if seated,
    otherwise what they bought and have not cashed out. `counted`, the chips the host typed,
    must be that number: a count that differs is refused with what the player holds."""
    night = player.night
    check_player(night, player)
    if counted is not None:
        check_chips(counted)
    _check_not_in_a_tournament(player)
    with transaction.atomic():
        seat = _seat_record(player)
        if seat is not None:
            entry = cash_out_seated(player, seat, by, reason, counted)[1]
            assert entry is not None  # a new cash-out: no client id repeats it
            return entry
        held = chips_in_hand(player)
        if not held or held < 0:
            raise ActionRefused(f"{player.display_name} has no chips to cash out.")
        _check_count(player, held, counted, "off the tables")
        entry = new_entry(player, EntryKind.CASH_OUT, held, by, reason)
        log_entry(entry, by, None)
    return entry


def cash_out_seated(
    player: Player,
    seat: Seat,
    by: AbstractBaseUser | None,
    reason: str,
    counted: int | None = None,
    *,
    at: int | None = None,
    client_id: str = "",
    expected_version: int | None = None,
) -> tuple[live.Applied, LedgerEntry | None]:
    """The seated player leaves with the whole stack, paid at chip value, decided under the door's
    one lock (`at`: the seat a host's command named); the entry is written after the leave, in
    the same transaction. Returns the door's answer and the entry (None: a repeated command)."""
    table = seat.table
    taken: list[int] = []

    def leave(state: live.LiveTable) -> dict[str, object]:
        found = state.table.seat_of(str(player.pk))
        if found is None:
            raise ActionRefused(f"{player.display_name} is not at {table.name} yet.")
        if at is not None and found.seat != at:
            raise ActionRefused(f"The table has moved on: {player.display_name} is in seat {found.seat}.")
        if state.hand_in_progress and state.hand is not None and found.seat in state.hand.index:
            raise ActionRefused(f"{player.display_name} is in the hand being played; cash out after it.")
        if not has_cash_entries(player):
            # A stack the table gave, or a tournament winner's seated from before its end took
            # their chips out of play: paid out, it would be money for chips nobody bought.
            raise ActionRefused(
                f"{player.display_name} bought no cash chips: the {found.stack} chips at {table.name} "
                "are not cash (what a tournament left, or a stack no buy-in backs), so they "
                "pay nothing. Use Has left to let them go, or record a buy-in to play cash."
            )
        _check_count(player, found.stack, counted, f"at {table.name}")
        taken[:] = [found.seat, found.stack]
        return {"type": "leave", "seat": found.seat}

    # The seat's record goes with the leave (tables.services.seating.seat_records).
    applied = live.apply_intent(table.pk, HOST, leave, client_id, expected_version)
    if not taken or not applied.changed:
        return applied, None
    number, chips = taken
    entry = new_entry(player, EntryKind.CASH_OUT, chips, by, reason, table)
    log_entry(entry, by, StackChange(table.name, number, chips, None))
    return applied, entry


def _check_count(player: Player, chips: int, counted: int | None, where: str) -> None:
    if counted is not None and counted != chips:
        raise ActionRefused(
            f"{player.display_name} has {chips} chips {where}, not {counted}: a cash-out takes "
            "the whole stack. Count again, or leave the chips empty to cash out what they have."
        )


def correct(
    entry: LedgerEntry,
    chips: int,
    by: AbstractBaseUser | None,
    reason: str,
    *,
    void: bool = False,
    ruling: str = "",
) -> LedgerEntry:
    """Fix a mistaken entry by `chips` (signed: -900 takes back 900 chips recorded by mistake).

    The chips a correction names are real chips, and they go where the player is now: onto or
    off their stack if they are seated, into or out of their hand otherwise. A correction of
    chips brought in gives the player `chips`; one of a cash-out gives them `-chips` (-50: the
    cash-out took 50 chips fewer, which they still hold). Taking back chips they no longer hold
    is refused: they would vanish from the night."""
    night = entry.night
    check_player(night, entry.player)
    if not reason.strip():
        raise ActionRefused("Say why the entry is corrected: the log is open to everyone.")
    if not isinstance(chips, int) or isinstance(chips, bool) or chips == 0:
        raise ActionRefused("A correction changes the entry by a whole number of chips, not 0.")
    if abs(chips) > MAX_CHIPS_PER_ENTRY:
        raise ActionRefused("That correction is larger than any entry can be.")
    _check_cash_entry(entry)
    target = entry.corrects if entry.kind == EntryKind.CORRECTION and entry.corrects else entry
    if entry.money_only:
        return _take_back_money_only(entry, target, chips, by, reason, ruling)
    # Cash chips go onto (or come off) what the player holds: in a tournament, its stack.
    _check_not_in_a_tournament(entry.player)
    to_player = chips if target.kind in KINDS_IN else -chips
    with transaction.atomic():
        if target.corrections.filter(is_void=True).exists():
            raise ActionRefused(
                f"{target.get_kind_display()} #{target.pk} was voided: it cannot change again."
            )
        already = sum(c.chips for c in target.corrections.all())
        if target.chips + already + chips < 0:
            raise ActionRefused(f"That would leave the {target.get_kind_display().lower()} below 0 chips.")
        player = entry.player

        def check_moves(held: int) -> int:
            """What the player holds after the correction, refused if chips would vanish or
            come to a player who has left, or pass a stack's limit."""
            if to_player < 0:
                _check_holds(player, -to_player, held, target)
            else:
                _check_still_here(player, "given back" if target.kind == EntryKind.CASH_OUT else "bought")
                check_holding_within_limit(player, held + to_player)
            return held + to_player

        # The chips go where the player is now: their table, or their hand.
        seat = _seat_record(player)
        stack = None
        if seat is None:
            check_moves(max(chips_in_hand(player) or 0, 0))
        else:
            stack = _set_stack_at_table(player, seat, lambda found: check_moves(found.stack))
        where = seat.table if seat is not None else None
        correction = new_entry(
            player, EntryKind.CORRECTION, chips, by, reason, where, corrects=target, is_void=void
        )
        log_entry(correction, by, stack, ruling)
    return correction


def _take_back_money_only(
    entry: LedgerEntry, target: LedgerEntry, chips: int, by: AbstractBaseUser | None, reason: str, ruling: str
) -> LedgerEntry:
    """A correction of a cash-out written before such corrections moved chips changed the money
    paid only (`LedgerEntry.money_only`). What is left of it can be taken back, money only too, so
    a night it left unbalanced can still balance; it cannot grow."""
    with transaction.atomic():
        left = sum(c.chips for c in target.corrections.filter(money_only=True))
        if left == 0 or chips * left > 0 or abs(chips) > abs(left):
            raise ActionRefused(
                f"#{entry.pk} changed the money paid only, as corrections of a cash-out did before "
                "they moved chips: it can only be taken back"
                + (f", by {-left:+d} chips at most." if left else ", and nothing of it is left.")
            )
        correction = new_entry(
            entry.player, EntryKind.CORRECTION, chips, by, reason, corrects=target, money_only=True
        )
        log_entry(correction, by, None, ruling)
    return correction


def _check_cash_entry(entry: LedgerEntry) -> None:
    if entry.kind == EntryKind.BANK:
        # Its chips are on a stack, paid by nobody: a further ruling says where they went.
        raise ActionRefused(
            "A bank's difference is not corrected here: adjust the stack again, saying where the chips went."
        )
    if entry.tournament_id is not None:
        raise ActionRefused(
            f"This is {entry.tournament.name}'s money: it follows the tournament (its prices, entries "
            "and results), not a correction here."
        )


def void(entry: LedgerEntry, by: AbstractBaseUser | None, reason: str) -> LedgerEntry:
    """Take back a mistaken buy-in, rebuy or top-up whole: the entry stays (shown struck) and a
    void, a correction of all its chips, carries the reason. Its chips leave the night the way
    they came (docs/chips-and-money.md): off the player's stack or out of their hand, so a
    void is refused once the player no longer holds them (lost in a hand, or cashed out)."""
    _check_cash_entry(entry)
    if entry.kind == EntryKind.CORRECTION:
        raise ActionRefused("Void the entry itself, not one of its corrections.")
    if entry.kind not in KINDS_IN:
        raise ActionRefused(
            "A cash-out cannot be voided: its chips left the table. "
            "Correct it instead, with the chips it really took."
        )
    kept = entry.chips + sum(c.chips for c in entry.corrections.all())
    if kept <= 0:
        raise ActionRefused(f"{entry.get_kind_display()} #{entry.pk} has no chips left to void.")
    return correct(entry, -kept, by, reason, void=True)


def _check_holds(player: Player, chips: int, held: int, target: LedgerEntry) -> None:
    """Chips taken back from a player must be chips they still hold (`held`: on their seat, or in
    their hand): chips already cashed out or lost in a hand cannot vanish from the night."""
    if chips <= held:
        return
    name = player.display_name
    if target.kind == EntryKind.CASH_OUT:
        raise ActionRefused(
            f"That says the cash-out took {chips} chips more, but {name} holds {held} chips now: "
            "a cash-out takes only chips a player holds. Money paid for the wrong amount is put "
            "right in money (asked back, or the rest paid): the ledger counts the chips."
        )
    raise ActionRefused(
        f"That takes back {chips} chips, but {name} holds {held} now: correct their cash-out instead."
    )


def stack_adjustment(
    player: Player, stack: int, state: live.LiveTable | None = None
) -> tuple[LedgerEntry | None, int]:
    """What setting a seated player's stack to `stack` writes: (the entry the difference
    corrects, the difference). The entry is None for a player the ledger never saw, whose
    stack no entry backs. Refused when chips would come from nowhere or vanish. `state` is
    their table as locked by the caller (else the committed one is read)."""
    if not isinstance(stack, int) or isinstance(stack, bool) or not 0 <= stack <= MAX_CHIPS_PER_ENTRY:
        raise ActionRefused(f"A stack is a whole number of chips, 0 to {MAX_CHIPS_PER_ENTRY}.")
    seat = Seat.objects.select_related("table").filter(player=player).first()
    name = player.display_name
    if seat is None:
        raise ActionRefused(f"{name} has no seat.")
    if state is None:
        state = live.load_state(seat.table_id)
    found = state.table.seat_of(str(player.pk))
    if found is None:
        raise ActionRefused(f"{name} is not at {seat.table.name} yet.")
    playing = tournament_at(seat.table_id)
    if playing is not None:
        raise ActionRefused(
            f"{seat.table.name} is a table of {playing.name}: its chips come only from entries, "
            "rebuys and add-ons, and move only through hands."
        )
    difference = stack - found.stack
    if difference == 0:
        raise ActionRefused(f"{name} already has {stack} chips.")
    last_in = LedgerEntry.objects.filter(player=player, kind__in=KINDS_IN).order_by("-id").first()
    if last_in is None:
        return None, difference
    kept = last_in.chips + sum(c.chips for c in last_in.corrections.all())
    if kept + difference < 0:
        raise ActionRefused(
            f"That takes {-difference} chips off {name}, more than their last "
            f"{last_in.get_kind_display().lower()} ({kept}): correct the ledger's entries instead."
        )
    return last_in, difference


def check_correction(target: LedgerEntry, chips: int) -> None:
    """What `correct` refuses of a correction of `target` by `chips` for a seated player, for a
    caller that decides it under the table's lock (`seat_commands.set_seat_stack`)."""
    _check_cash_entry(target)
    _check_not_in_a_tournament(target.player)
    if target.corrections.filter(is_void=True).exists():
        raise ActionRefused(f"{target.get_kind_display()} #{target.pk} was voided: it cannot change again.")
    if chips > 0:
        _check_still_here(target.player)
