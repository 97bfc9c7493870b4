"""Closing a night, and reopening it to fix a mistake.

Closing is refused unless the ledger balances (money in = money out + chips in play at chip
value). At close the figures are written into the night's open log: the totals and each
player's in, out and net, as they stood. Players may settle up on those figures that very
minute, so they must never change silently.

Reopening stays possible, because a host who finds a mistaken entry after closing has no other
way to fix it, but:
- it needs a reason, and its line in the log quotes the figures at close;
- the ledger page keeps showing the figures of the first close beside the figures now, player
  by player, and marks every entry recorded after a reopening;
- the chip value and currency stay frozen (tables.models.night.Night.money_is_frozen): the
  entries were counted at that value.
The app does not track who has paid whom, so "refuse reopening once settled" is not a rule it
could check; the reason, the log and the side-by-side figures are what a table of friends
needs to agree on what changed.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet

from tables import live
from tables.errors import ActionRefused
from tables.models import Night
from tables.models.ledger import AuditEntry
from tables.services.hosting import audit
from tables.services.ledger import seat_commands, settle_up
from tables.services.ledger.money_words import bank_words, difference_words, format_money, signed_money
from tables.services.ledger.night_totals import NightTotals, totals

CLOSED = "closed"
REOPENED = "reopened"


def _refuse_unbalanced(now: NightTotals) -> None:
    if now.tournaments_running:
        raise ActionRefused(
            f"{', '.join(now.tournaments_running)} is not over: its prize pool is paid out when it finishes."
        )
    cur = now.currency
    if now.difference != 0:
        raise ActionRefused(
            f"The night does not balance: {format_money(now.money_in, cur)} in, "
            f"{format_money(now.money_out, cur)} out, {format_money(now.chips_in_play_money, cur)} "
            f"still in play; {difference_words(now.difference, cur)}."
        )
    if now.unbacked_chips:
        raise ActionRefused(
            f"{now.unbacked_chips} chips are on the tables for players with no buy-in: "
            "record their buy-ins first."
        )


def _totals_words(now: NightTotals) -> str:
    """ "40.00 EUR in, 30.00 EUR out, 10.00 EUR still in play" (the last part only if any)."""
    cur = now.currency
    words = f"{format_money(now.money_in, cur)} in, {format_money(now.money_out, cur)} out"
    if now.chips_in_play_money:
        words += f", {format_money(now.chips_in_play_money, cur)} still in play"
    if now.bank_chips:
        words += f"; the bank's difference: {bank_words(now.bank_chips, now.bank_money, cur)}"
    return words


def close_night(night: Night, by: AbstractBaseUser | None) -> NightTotals:
    """Close the night: refused unless money in equals money out plus what is still on the
    tables at chip value, with the difference stated. The figures go into the log, and the
    players with no chips left leave their seats."""
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        if not locked.is_open:
            raise ActionRefused("The night is already closed.")
        now = totals(locked)
        _refuse_unbalanced(now)
        _busted_players_leave(locked, by)
        locked.status = Night.Status.CLOSED
        locked.save(update_fields=["status"])
        players = [
            [row.name, str(row.put_in), str(row.took_out), str(row.net)]
            for row in settle_up.player_money(locked)
        ]
        audit.record(
            locked,
            by,
            f"Closed the night: {_totals_words(now)}; balanced; "
            f"the cash box should hold {format_money(now.cash_box, locked.currency)}",
            payload={
                "night": CLOSED,
                "money_in": str(now.money_in),
                "money_out": str(now.money_out),
                "in_play": str(now.chips_in_play_money),
                "cash_box": str(now.cash_box),
                "bank": str(now.bank_money),
                "players": players,
            },
        )
    night.status = locked.status
    return now


def _busted_players_leave(night: Night, by: AbstractBaseUser | None) -> None:
    """Every player left with no chips at a table of the night leaves their seat, through the
    door, as the host's Has left would take them (a cash player's cash-out of nothing), so a
    closed night keeps nobody seated for nothing. A player dealt in to a hand still being played
    stays until it ends; a player holding chips stays seated, their chips counted in play."""
    for table in night.tables.all():
        state = live.load_state(table.pk)
        playing = set(state.hand.index) if state.hand_in_progress and state.hand is not None else set()
        for seat in state.table.seats:
            if seat.stack == 0 and not seat.leaving and seat.seat not in playing:
                intent = {"type": "leave", "seat": seat.seat, "reason": "the night closed"}
                seat_commands.leave_seat(table.pk, intent, by)


def reopen_night(night: Night, by: AbstractBaseUser | None, why: str) -> None:
    """Open a closed night again to fix a mistake: refused without a reason. The log line
    quotes the figures at close; the ledger page keeps showing them (`first_close`)."""
    if not why.strip():
        raise ActionRefused(
            "Say why the night opens again: players may already have settled up on its figures."
        )
    with transaction.atomic():
        locked = Night.objects.select_for_update().get(pk=night.pk)
        if locked.is_open:
            raise ActionRefused("The night is open already.")
        closing = _closings(locked).last()
        cur = locked.currency
        what = "Reopened the night"
        if closing is not None:
            money_in, money_out = (Decimal(closing.payload[key]) for key in ("money_in", "money_out"))
            what += (
                f" (closed at {closing.when:%H:%M} with {format_money(money_in, cur)} in, "
                f"{format_money(money_out, cur)} out: those figures stay on the ledger)"
            )
        locked.status = Night.Status.OPEN
        locked.save(update_fields=["status"])
        audit.record(locked, by, what, why, payload={"night": REOPENED})
    night.status = locked.status


def _closings(night: Night) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(night=night, payload__night=CLOSED).order_by("id")


@dataclass(frozen=True, slots=True)
class PlayerAtClose:
    name: str
    net_at_close: str  # signed, as the ledger shows nets
    net_now: str
    changed: bool


@dataclass(frozen=True, slots=True)
class FirstClose:
    """The night's figures when it was first closed, beside the figures now: shown on the
    ledger once the night has been reopened, so a change after close is never silent."""

    closed_at: datetime.datetime
    reopenings: list[AuditEntry]
    money_in: Decimal
    money_out: Decimal
    players: list[PlayerAtClose]

    @property
    def reopened_after(self) -> datetime.datetime:
        return self.reopenings[0].when


def first_close(night: Night) -> FirstClose | None:
    """The first close and the reopenings after it; None for a night never reopened."""
    closing = _closings(night).first()
    if closing is None:
        return None
    reopenings = list(
        AuditEntry.objects.filter(night=night, payload__night=REOPENED, pk__gt=closing.pk).order_by("id")
    )
    if not reopenings:
        return None
    cur = night.currency
    now = {row.name: row.net for row in settle_up.player_money(night)}
    at_close = {name: Decimal(net) for name, _, _, net in closing.payload.get("players", [])}
    players = [
        PlayerAtClose(
            name,
            signed_money(at_close[name], cur) if name in at_close else "—",
            signed_money(now[name], cur) if name in now else "—",
            at_close.get(name) != now.get(name),
        )
        for name in [*at_close, *(name for name in now if name not in at_close)]
    ]
    return FirstClose(
        closed_at=closing.when,
        reopenings=reopenings,
        money_in=Decimal(closing.payload["money_in"]),
        money_out=Decimal(closing.payload["money_out"]),
        players=players,
    )
