"""What a guest's phone says once the night is over: their own money and chips, not a rebuy.

Read from the night's settle-up figures (`settle_up.player_money`, the one account of who put
in and took out what) and the guest's own cash-out entries. Their own figures only.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from tables.models import Player
from tables.models.ledger import CASH, LedgerEntry
from tables.services.ledger import settle_up
from tables.services.ledger.money_words import format_money


@dataclass(frozen=True, slots=True)
class NightEnd:
    """The guest's night in their own figures."""

    put_in: str  # "20.00 EUR": buy-ins, rebuys and top-ups, tournament entries
    took_out: str  # cashed out, prizes, chips still unsettled at chip value
    net: str  # "+5.00 EUR", "-20.00 EUR"
    chips_bought: int
    chips_cashed_out: int
    won: bool


def night_end(player: Player) -> NightEnd | None:
    """The guest's figures for a closed night; None when the ledger never saw them."""
    night = player.night
    name = settle_up.payee_names(night).get(player.pk)
    row = next((r for r in settle_up.player_money(night) if r.name == name), None)
    if row is None:
        return None
    chips_in = chips_out = 0
    # A correction (a void too) is signed and counts on the side of the entry it corrects.
    for entry in LedgerEntry.objects.filter(CASH, player=player).select_related("corrects"):
        if entry.is_in:
            chips_in += entry.chips
        else:
            chips_out += entry.chips
    currency = night.currency
    sign = "+" if row.net > 0 else ""
    return NightEnd(
        put_in=format_money(row.put_in, currency),
        took_out=format_money(row.took_out, currency),
        net=f"{sign}{format_money(row.net, currency)}" if row.net else format_money(Decimal(0), currency),
        chips_bought=chips_in,
        chips_cashed_out=chips_out,
        won=row.net > 0,
    )
