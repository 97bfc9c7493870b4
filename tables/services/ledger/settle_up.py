"""Settling up: who pays whom at the end of the night, with as few transfers as possible.

Each player's balance is what they take away (cash-outs, and chips still on a table at chip
value) minus what they put in. Amounts are integers in the currency's minor unit (cents).
Splitting the players into as many groups that settle among themselves as possible gives
the fewest transfers (players minus groups); that is found exactly for up to
`EXACT_LIMIT` players with something to settle, and by the greedy largest-creditor /
largest-debtor pairing beyond (never more than players minus one transfers).

>>> [(t.payer, t.payee, t.amount) for t in fewest_transfers({"ann": 500, "bob": -300, "cy": -200})]
[('bob', 'ann', 300), ('cy', 'ann', 200)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from tables.errors import ActionRefused
from tables.models import Night
from tables.models.ledger import CASH, EntryKind
from tables.services.ledger import ledger, night_totals
from tables.services.ledger.money_words import difference_words, minor_digits
from tables.services.tournament import tournament_money

EXACT_LIMIT = 14


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: int  # minor units


def to_minor(amount: Decimal, currency: str) -> int:
    return int((amount * 10 ** minor_digits(currency)).quantize(Decimal(1), rounding=ROUND_HALF_EVEN))


def format_minor(amount: int, currency: str) -> str:
    """An amount for people.

    >>> format_minor(1250, "EUR")
    '12.50 EUR'
    """
    digits = minor_digits(currency)
    value = Decimal(amount).scaleb(-digits)
    return f"{value:.{digits}f} {currency}"


def _greedy(balances: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays the largest creditor, again and again."""
    creditors = {name: amount for name, amount in balances.items() if amount > 0}
    debtors = {name: -amount for name, amount in balances.items() if amount < 0}
    transfers = []
    while creditors and debtors:
        payee = max(creditors, key=lambda name: (creditors[name], name))
        payer = max(debtors, key=lambda name: (debtors[name], name))
        amount = min(creditors[payee], debtors[payer])
        transfers.append(Transfer(payer, payee, amount))
        for side, name in ((creditors, payee), (debtors, payer)):
            side[name] -= amount
            if side[name] == 0:
                del side[name]
    return transfers


def _zero_sum_groups(names: list[str], amounts: list[int]) -> list[list[str]]:
    """The largest number of groups, each summing to 0, the players split into (subset DP)."""
    n = len(names)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + amounts[low]
        bits = [i for i in range(n) if mask >> i & 1]
        best[mask] = max(best[mask ^ (1 << i)] for i in bits) + (1 if total[mask] == 0 else 0)
    # Remove players one by one following the optimum: each time what is left sums to 0,
    # the players removed since the last such point form a group.
    groups: list[list[str]] = []
    current: list[str] = []
    mask = full
    while mask:
        bonus = 1 if total[mask] == 0 else 0
        if bonus and current:
            groups.append(current)
            current = []
        i = next(i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] + bonus == best[mask])
        current.append(names[i])
        mask ^= 1 << i
    groups.append(current)
    return groups


def fewest_transfers(balances: Mapping[str, int]) -> list[Transfer]:
    """Transfers that settle `balances` (positive: is owed; they must sum to 0)."""
    if sum(balances.values()) != 0:
        raise ValueError("Balances must add up to 0 to be settled.")
    open_balances = {name: amount for name, amount in sorted(balances.items()) if amount}
    if len(open_balances) > EXACT_LIMIT:
        return _greedy(open_balances)
    names = list(open_balances)
    transfers = []
    for group in _zero_sum_groups(names, [open_balances[name] for name in names]):
        transfers.extend(_greedy({name: open_balances[name] for name in group}))
    return sorted(transfers, key=lambda t: (-t.amount, t.payer, t.payee))


@dataclass(frozen=True, slots=True)
class Settlement:
    currency: str
    balances: dict[str, int]  # minor units, by payee name (payee_names)
    transfers: list[Transfer]
    rounding: int  # minor units given to the largest balance so the balances sum to 0


def payee_names(night: Night) -> dict[int, str]:
    """What each player of the night is called where money is concerned, by player id: their
    name, and for a later player with the same name (someone who left, then a new guest), the
    name and a number, so that two people are never one payee.

    Players are people, not names: balances are kept by player and only shown by these names.
    """
    names: dict[int, str] = {}
    seen: dict[str, int] = {}
    taken: set[str] = set()
    for pk, name in night.players.order_by("joined_at", "id").values_list("pk", "display_name"):
        count = seen[name.lower()] = seen.get(name.lower(), 0) + 1
        shown = name if count == 1 else f"{name} ({count})"
        # A guest may have typed "Alice (2)" themselves: the next free number, never a shared name.
        while shown.lower() in taken:
            count = seen[name.lower()] = count + 1
            shown = f"{name} ({count})"
        taken.add(shown.lower())
        names[pk] = shown
    return names


@dataclass(frozen=True, slots=True)
class PlayerMoney:
    """One player's money for the night. Net is what they take away minus what they put in
    (one sign everywhere: + up, - down): `took_out` - `put_in`."""

    name: str
    money_in: Decimal  # cash bought
    money_out: Decimal  # cashed out
    in_play: Decimal  # their chips still on a table or in their hand, at chip value
    tournament_in: Decimal  # entries, rebuys and add-ons of finished tournaments
    tournament_out: Decimal  # their prizes and deal shares

    @property
    def put_in(self) -> Decimal:
        """Everything they paid: cash bought, tournament entries, rebuys and add-ons."""
        return self.money_in + self.tournament_in

    @property
    def took_out(self) -> Decimal:
        """Everything they take away: cash-outs, chips still in play at chip value, prizes."""
        return self.money_out + self.in_play + self.tournament_out

    @property
    def tournaments(self) -> Decimal:
        """Prizes minus entries, rebuys and add-ons."""
        return self.tournament_out - self.tournament_in

    @property
    def net(self) -> Decimal:
        return self.took_out - self.put_in


def player_money(night: Night) -> list[PlayerMoney]:
    """Every player with money in the night, in the order they joined, by payee name. A
    tournament counts once it is over (prizes minus what was paid in); one still running holds
    its pool and is settled when it ends."""
    money_in: dict[int, Decimal] = {}
    money_out: dict[int, Decimal] = {}
    played = tournament_money.paid_in_and_out(night)
    for entry in ledger.entries(night).filter(CASH).exclude(kind=EntryKind.BANK):
        side = money_in if entry.is_in else money_out
        side[entry.player_id] = side.get(entry.player_id, Decimal(0)) + entry.money
    known = set(money_in) | set(money_out)
    in_play: dict[int, Decimal] = {}
    for player in night.players.filter(pk__in=known):
        held = ledger.chips_in_hand(player)
        if held:
            in_play[player.pk] = ledger.money_for(night, held)
    stacks, _ = night_totals.cash_stacks(night)
    for pk, stack in stacks.items():
        in_play[pk] = in_play.get(pk, Decimal(0)) + ledger.money_for(night, stack)
    names = payee_names(night)
    zero = Decimal(0)
    return [
        PlayerMoney(
            names[pk],
            money_in.get(pk, zero),
            money_out.get(pk, zero),
            in_play.get(pk, zero),
            *played.get(pk, (zero, zero)),
        )
        for pk in names
        if pk in known or pk in played
    ]


def balances_by_player(night: Night) -> dict[str, Decimal]:
    """Each player's take-away minus put-in, counting cash chips still in play (on a table or in
    their hand) at chip value, and the prizes minus the entries of finished tournaments; by
    payee name (`payee_names`)."""
    return {row.name: row.net for row in player_money(night)}


# The host's cash box as a party of the settle-up: it pays out chips that appeared at a seat
# (a bank's difference, `EntryKind.BANK`), and is paid what chips that disappeared were worth.
BANK = "The bank"


def bank_difference(night: Night) -> Decimal:
    """What the chips that appeared (+) or disappeared (-) by a host's ruling are worth."""
    rows = ledger.entries(night).filter(kind=EntryKind.BANK).values_list("money", flat=True)
    return sum(rows, Decimal(0))


def bank_name(night: Night) -> str:
    """The bank's name in the settle-up, never a player's ("The bank (cash box)" if one is so called)."""
    taken = {name.lower() for name in payee_names(night).values()}
    return BANK if BANK.lower() not in taken else f"{BANK} (cash box)"


def settle(night: Night) -> Settlement:
    currency = night.currency
    exact = balances_by_player(night)
    bank = bank_difference(night)
    if bank:
        # The players' nets add up to what the bank's difference is worth: the bank settles it.
        exact[bank_name(night)] = -bank
    if sum(exact.values(), Decimal(0)) != 0:
        off = -sum(exact.values(), Decimal(0))
        raise ActionRefused(
            f"The ledger does not balance ({difference_words(off, currency)}): "
            "fix it with a correction before settling up."
        )
    balances = {name: to_minor(amount, currency) for name, amount in exact.items()}
    rounding = -sum(balances.values())
    if rounding and balances:
        # Fractions of a cent from odd chip values: the biggest balance absorbs them.
        largest = max(balances, key=lambda name: (abs(balances[name]), name))
        balances[largest] += rounding
    return Settlement(currency, balances, fewest_transfers(balances), rounding)
