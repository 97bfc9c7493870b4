"""Where the chips of a stack ruling went: the host's answer decides what the ledger writes.

"Adjust a stack" changes chips at a seat between hands, and chips never change without saying
where they went (docs/chips-and-money.md). The host picks one of three answers on the ruling form:

- `TRANSFER`: the chips came from, or went to, another player at the table (a pot pushed to the
  wrong seat). Both stacks change in one write (the engine's `move_chips`); no money changes
  hands and the ledger writes nothing: each player's net follows their stack.
- `PAID`: the buy-in was miscounted. A correction of the player's last buy-in, rebuy or top-up
  (`seat_commands.set_seat_stack`): the host gives the money back, or takes what is owed, so the
  ledger's money in stays the money in the cash box.
- `BANK`: chips appeared or disappeared that nobody paid for. A bank's difference
  (`EntryKind.BANK`): the player's stack changes, what they paid does not; the ledger shows the
  difference until the settle-up settles it with the bank (`settle_up.BANK`).

Every answer is decided under the table's one lock, through the one door (`live.apply_intent`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine.live import HOST, LiveTable
from tables import live
from tables.errors import ActionRefused
from tables.live.tournament import tournament_at
from tables.models import Night, Player, Table
from tables.models.ledger import EntryKind, LedgerEntry
from tables.services.ledger import ledger, seat_commands
from tables.services.ledger.ledger_lines import StackChange, log_entry
from tables.services.ledger.money_words import format_money
from tables.services.ledger.seat_commands import SeatCommand

TRANSFER, PAID, BANK = "transfer", "paid", "bank"
# What the ruling form offers, in the host's words.
HOW_CHOICES: tuple[tuple[str, str], ...] = (
    (TRANSFER, "Moved from or to another player (a pot pushed to the wrong seat): no money changes hands"),
    (PAID, "A miscounted buy-in: correct what they paid, and give the money back or take it"),
    (BANK, "Chips that appeared or disappeared: the bank's difference, settled in the settle-up"),
)
HOW = {key for key, _ in HOW_CHOICES}


def check_how(how: object) -> str:
    if how not in HOW:
        raise ActionRefused(
            "Adjust a stack: say where the chips went (another player, a miscounted buy-in, "
            "or the bank's difference)."
        )
    return str(how)


# Reading the table ------------------------------------------------------------------------------


def _whole_stack(stack: object) -> int:
    if not isinstance(stack, int) or isinstance(stack, bool) or not 0 <= stack <= ledger.MAX_CHIPS_PER_ENTRY:
        raise ActionRefused(f"A stack is a whole number of chips, 0 to {ledger.MAX_CHIPS_PER_ENTRY}.")
    return stack


def _not_a_tournament_table(table: Table) -> None:
    playing = tournament_at(table.pk)
    if playing is not None:
        raise ActionRefused(
            f"{table.name} is a table of {playing.name}: its chips come only from entries, "
            "rebuys and add-ons, and move only through hands."
        )


def _occupant_name(state: LiveTable, seat: int) -> str:
    occupant = state.table.occupant(seat)
    return occupant.name or occupant.player


def _stack_at(table: Table, state: LiveTable, seat: object) -> int:
    occupant = state.table.seat(seat) if isinstance(seat, int) and not isinstance(seat, bool) else None
    if occupant is None:
        raise ActionRefused(f"Nobody sits in seat {seat} at {table.name}.")
    return occupant.stack


@dataclass(frozen=True, slots=True)
class Transfer:
    """Chips from one seat to another, as the engine's `move_chips` intent says them."""

    source: int
    target: int
    chips: int

    @property
    def intent(self) -> dict[str, Any]:
        return {"type": "move_chips", "from": self.source, "to": self.target, "chips": self.chips}


def transfer_of(table: Table, state: LiveTable, intent: Mapping[str, Any]) -> Transfer:
    """The transfer a stack ruling answered "another player" means: the seat's new stack, the
    difference from (or to) the other player's seat. Refused where chips would be made or lost:
    at a tournament's table, or between a stack bought and one no buy-in backs."""
    seat, other = intent.get("seat"), intent.get("other_seat")
    stack = _whole_stack(intent.get("stack"))
    current = _stack_at(table, state, seat)
    if other is None or other == "":
        raise ActionRefused(
            "Adjust a stack: choose the other player's seat, where the chips came from or went."
        )
    _stack_at(table, state, other)
    if other == seat:
        raise ActionRefused("Adjust a stack: the other player's seat is another seat.")
    _not_a_tournament_table(table)
    difference = stack - current
    if difference == 0:
        raise ActionRefused(f"{_occupant_name(state, seat)} already has {stack} chips.")
    _check_same_kind_of_chips(table, state, seat, other)
    if difference > 0:
        return Transfer(other, seat, difference)
    return Transfer(seat, other, -difference)


def _check_same_kind_of_chips(table: Table, state: LiveTable, *seats: int) -> None:
    """Bought chips never move to a stack no buy-in backs, nor back: they would be made or lost."""
    backed = {}
    for seat in seats:
        player = seat_commands.seated_player(table, state, seat)
        if player is not None and ledger.has_cash_entries(player):
            ledger.check_player(table.night, player)
            backed[seat] = True
        else:
            backed[seat] = False
    if len(set(backed.values())) > 1:
        unbought = next(seat for seat, bought in backed.items() if not bought)
        raise ActionRefused(
            f"{_occupant_name(state, unbought)} has no buy-in yet: chips moved between a bought stack "
            "and one no buy-in backs would be made or lost. Record their buy-in first."
        )


def engine_intent(table: Table, state: LiveTable, intent: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's intent for a stack ruling: `move_chips` for a transfer, else `set_stack`."""
    if check_how(intent.get("how")) == TRANSFER:
        return transfer_of(table, state, intent).intent
    return {"type": "set_stack", "seat": intent.get("seat"), "stack": intent.get("stack")}


# The preview's words ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Words:
    """What the preview says beyond the seats' stacks: the ledger's line, and the cash box's."""

    ledger: list[str] = field(default_factory=list)
    cash_box: str = ""


def preview_words(table: Table, state: LiveTable, intent: Mapping[str, Any]) -> Words:
    """The ledger line and the cash box line of a stack ruling, as it would be made now. Refused,
    as the ruling would be, where chips would come from nowhere."""
    night = table.night
    how = check_how(intent.get("how"))
    if how == TRANSFER:
        moved = transfer_of(table, state, intent)
        giver, taker = _occupant_name(state, moved.source), _occupant_name(state, moved.target)
        return Words(
            [
                f"No money changes hands: {moved.chips} chips go from Seat {moved.source} ({giver}) "
                f"to Seat {moved.target} ({taker})"
            ],
            "Cash box: nothing changes.",
        )
    player = _player_at(table, state, intent.get("seat"))
    if how == PAID:
        target, difference = ledger.stack_adjustment(player, intent["stack"], state)
        if target is None:
            return Words()
        money = format_money(ledger.money_for(night, difference), night.currency)
        line = (
            f"Ledger: a correction of {difference:+d} chips ({money}) to {player.display_name}'s "
            f"{target.get_kind_display().lower()} #{target.pk}"
        )
        return Words([line], paid_words(night, player, difference))
    difference = _bank_difference(table, state, player, intent)
    money = format_money(ledger.money_for(night, abs(difference)), night.currency)
    happened = "appeared on" if difference > 0 else "disappeared from"
    return Words(
        [
            f"Ledger: the bank's difference, {difference:+d} chips ({money}): chips {happened} "
            f"{player.display_name}'s stack that nobody paid for; shown on the ledger until the "
            "settle-up settles it with the bank"
        ],
        f"Cash box: nothing changes hands now; {player.display_name}'s payments stay as they are.",
    )


def paid_words(night: Night, player: Player, difference: int) -> str:
    """What the host does at the cash box for a corrected buy-in, so the box keeps the ledger's money."""
    money = format_money(ledger.money_for(night, abs(difference)), night.currency)
    if difference < 0:
        return f"Cash box: give {player.display_name} {money} back."
    return f"Cash box: take {money} more from {player.display_name}."


def _player_at(table: Table, state: LiveTable, seat: object) -> Player:
    player = seat_commands.seated_player(table, state, seat)
    if player is None:
        _stack_at(table, state, seat)  # an empty seat: said as such
        raise ActionRefused(f"Nobody of {table.night.name} sits in seat {seat} at {table.name}.")
    return player


def _bank_difference(table: Table, state: LiveTable, player: Player, intent: Mapping[str, Any]) -> int:
    """The chips a bank's difference adds (+) or takes (-) at the player's seat, refused for a
    stack no buy-in backs (it is no cash yet: its buy-in replaces it)."""
    ledger.check_player(table.night, player)
    stack = _whole_stack(intent.get("stack"))
    _not_a_tournament_table(table)
    if not ledger.has_cash_entries(player):
        raise ActionRefused(
            f"{player.display_name} has no buy-in yet: their stack is not cash until one is recorded, "
            "which replaces it."
        )
    difference = stack - _stack_at(table, state, intent.get("seat"))
    if difference == 0:
        raise ActionRefused(f"{player.display_name} already has {stack} chips.")
    return difference


# Making the ruling ------------------------------------------------------------------------------


def set_stack(
    table_id: int,
    intent: Mapping[str, Any],
    by: AbstractBaseUser | None,
    client_id: str = "",
    expected_version: int | None = None,
    ruling: str = "",
) -> SeatCommand:
    """A stack ruling (or the host's `set_stack` over the socket), made as its `how` says. A
    command that does not say is a correction of what was paid, as `set_stack` always was."""
    how = check_how(intent.get("how", PAID))
    if how == PAID:
        return seat_commands.set_seat_stack(table_id, intent, by, client_id, expected_version, ruling)
    table = Table.objects.select_related("night").get(pk=table_id)
    if how == TRANSFER:

        def decide(state: LiveTable) -> dict[str, Any]:
            return transfer_of(table, state, intent).intent

        return SeatCommand(live.apply_intent(table_id, HOST, decide, client_id, expected_version), None)
    return _bank(table, intent, by, client_id, expected_version, ruling)


def move_chips(
    table_id: int,
    intent: Mapping[str, Any],
    by: AbstractBaseUser | None,
    client_id: str = "",
    expected_version: int | None = None,
) -> SeatCommand:
    """The host's `move_chips` over the socket: the engine's transfer, refused (as a transfer
    ruling is) at a tournament's table or between bought chips and chips no buy-in backs."""
    table = Table.objects.select_related("night").get(pk=table_id)

    def decide(state: LiveTable) -> Mapping[str, Any]:
        source, target = intent.get("from"), intent.get("to")
        for seat in (source, target):
            _stack_at(table, state, seat)
        _not_a_tournament_table(table)
        _check_same_kind_of_chips(table, state, source, target)  # type: ignore[arg-type]
        return intent

    return SeatCommand(live.apply_intent(table_id, HOST, decide, client_id, expected_version), None)


def _bank(
    table: Table,
    intent: Mapping[str, Any],
    by: AbstractBaseUser | None,
    client_id: str,
    expected_version: int | None,
    ruling: str,
) -> SeatCommand:
    decided: list[tuple[Player, int, int]] = []

    def decide(state: LiveTable) -> dict[str, Any]:
        player = _player_at(table, state, intent.get("seat"))
        difference = _bank_difference(table, state, player, intent)
        before = _stack_at(table, state, intent.get("seat"))
        decided[:] = [(player, before, difference)]
        return {"type": "set_stack", "seat": intent["seat"], "stack": before + difference}

    with transaction.atomic():
        applied = live.apply_intent(table.pk, HOST, decide, client_id, expected_version)
        if not decided or not applied.changed:
            return SeatCommand(applied, None)
        player, before, difference = decided[0]
        why = str(intent.get("reason", "")) or "chips appeared or disappeared"
        entry: LedgerEntry = ledger.new_entry(player, EntryKind.BANK, difference, by, why, table)
        log_entry(entry, by, StackChange(table.name, intent["seat"], before, before + difference), ruling)
    return SeatCommand(applied, entry)
