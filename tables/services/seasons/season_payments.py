"""Settling a season for real: the host marks what was paid, the page shows what is still owed.

Each person's net over the season's nights is what the nights say (`seasons.season_table`); a
payment never changes it. What is still owed is each net minus what the person already received,
plus what they already paid: a transfer marked paid, or cash paid to the bank (the host's cash
box) or by it. The bank is one more party, starting at nothing: a loser who paid the bank in cash
leaves the bank owing that money to the winners. So the balances still owed always add up to 0,
and they are settled with the night's own rule (`settle_up.fewest_transfers`). A payment marked
unpaid by mistake is kept, marked undone, as the season's log keeps both lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tables.errors import ActionRefused
from tables.models import Player, Season, SeasonAuditEntry, SeasonPayment
from tables.services.hosting import audit
from tables.services.ledger import settle_up
from tables.services.ledger.money_words import minor_digits
from tables.services.seasons import seasons
from tables.services.seating import people, person_links

BANK = "bank"
BANK_NAME = "The bank"


@dataclass(frozen=True, slots=True)
class Paid:
    payment: SeasonPayment
    payer: str  # names shown
    payee: str
    amount: str  # in words, with the currency


@dataclass(frozen=True, slots=True)
class StillOwed:
    """The season's settle-up as it stands: nets, payments made, what is left and how to pay it."""

    currency: str
    nets: dict[str, int]  # by person key, minor units, as the nights say
    remaining: dict[str, int]  # by person key (and BANK): + is still owed money, - still owes
    transfers: list[settle_up.Transfer]  # by person key: what is still to pay
    paid: list[Paid]  # payments in force, oldest first
    names: dict[str, str]  # person key (and BANK) -> name shown

    def words(self, amount: int) -> str:
        return settle_up.format_minor(amount, self.currency)


def _in_sentence(names: dict[str, str], key: str) -> str:
    """A name after a verb: "Di paid the bank", not "Di paid The bank"."""
    return names[BANK][0].lower() + names[BANK][1:] if key == BANK else names.get(key, key)


def _key_of(player: Player | None, keys: dict[int, str]) -> str:
    return BANK if player is None else keys.get(player.pk, f"player:{player.pk}")


def still_owed(table: seasons.SeasonTable) -> StillOwed:
    """What is left to pay, from the season's standings and the payments marked so far. Refused
    like the season's settle-up (nights in two currencies, a night that does not balance)."""
    settlement = seasons.season_settlement(table)
    nets = {row.standing.person: row.standing.money_net for row in table.rows}
    payments = list(
        SeasonPayment.objects.filter(season=table.season, undone_at__isnull=True).select_related(
            "payer", "payee"
        )
    )
    # The season's players, and those of its payments (a night taken out since still names them).
    paying = {p.pk for payment in payments for p in (payment.payer, payment.payee) if p is not None}
    players = list(Player.objects.filter(Q(night__in=table.nights) | Q(pk__in=paying)))
    keys = {pk: key for pk, (key, _) in people.person_keys(players).items()}
    names = dict(table.names)
    names[BANK] = (
        BANK_NAME if BANK_NAME.lower() not in {n.lower() for n in names.values()} else "The host's bank"
    )
    remaining = {key: amount for key, amount in nets.items()}
    # The bank starts at what the nights' bank's differences left it (0 on most nights).
    remaining[BANK] = -sum(nets.values())
    paid: list[Paid] = []
    for payment in payments:
        payer, payee = _key_of(payment.payer, keys), _key_of(payment.payee, keys)
        # Someone with a payment and no result in the season's nights (a night taken out since)
        # is still named, as they were at their night.
        for key, player in ((payer, payment.payer), (payee, payment.payee)):
            if player is not None and key not in names:
                names[key] = player.display_name
        remaining[payer] = remaining.get(payer, 0) + payment.amount
        remaining[payee] = remaining.get(payee, 0) - payment.amount
        paid.append(
            Paid(
                payment,
                names.get(payer, payer),
                _in_sentence(names, payee),
                settle_up.format_minor(payment.amount, settlement.currency),
            )
        )
    return StillOwed(
        currency=settlement.currency,
        nets=nets,
        remaining=remaining,
        transfers=settle_up.fewest_transfers(remaining),
        paid=paid,
        names=names,
    )


def _check_owner(season: Season, user: AbstractBaseUser | None) -> None:
    if user is None or not user.is_authenticated or not (user.is_superuser or season.owner_id == user.pk):
        raise ActionRefused("Only the season's host can mark what was paid.", "not_owner")


def _player_for(season: Season, key: str) -> Player | None:
    """The player a payment names for a person: their earliest in the season (None: the bank)."""
    if key == BANK:
        return None
    found = person_links.season_people(season).get(key)
    if found is None:
        raise ActionRefused(
            "That person did not play in this season's nights: reload the page.", "not_in_season"
        )
    return found.players[0]


def _record(
    season: Season,
    owed: StillOwed,
    payer: str,
    payee: str,
    amount: int,
    user: AbstractBaseUser | None,
    why: str,
) -> SeasonPayment:
    payment = SeasonPayment.objects.create(
        season=season,
        payer=_player_for(season, payer),
        payee=_player_for(season, payee),
        amount=amount,
        recorded_by=user if user is not None and user.is_authenticated else None,
    )
    audit.record_season(
        season,
        user,
        f"Paid: {owed.names[payer]} paid {_in_sentence(owed.names, payee)} {owed.words(amount)}",
        why,
        payload={"season_payment": payment.pk, "payer": payer, "payee": payee, "amount": amount},
    )
    return payment


def mark_transfer_paid(
    season: Season, payer: str, payee: str, amount: int, user: AbstractBaseUser | None, why: str = ""
) -> SeasonPayment:
    """One of the transfers still owed was paid. Refused, changing nothing, for a transfer that is
    not owed as the page showed it (paid already, or the season changed since)."""
    _check_owner(season, user)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        owed = still_owed(seasons.season_table(season))
        if settle_up.Transfer(payer, payee, amount) not in owed.transfers:
            raise ActionRefused(
                "That transfer is not owed any more (paid already, or the season changed): reload the page.",
                "not_owed",
            )
        return _record(season, owed, payer, payee, amount, user, why)


def parse_amount(text: str, currency: str) -> int:
    """ "12.50" -> 1250 (cents); anything else is refused with a reason."""
    try:
        amount = Decimal(text.strip().replace(",", "."))
    except (InvalidOperation, AttributeError):
        raise ActionRefused(f"Type an amount in {currency}, e.g. 12.50.", "bad_amount") from None
    if not amount.is_finite() or amount <= 0:
        raise ActionRefused(f"Type an amount in {currency} above 0, e.g. 12.50.", "bad_amount")
    minor = settle_up.to_minor(amount, currency)
    if Decimal(minor) != amount.scaleb(minor_digits(currency)):
        raise ActionRefused(f"{text} is not an amount in {currency}.", "bad_amount")
    return minor


def cash_with_the_bank(
    season: Season, person: str, amount_text: str, user: AbstractBaseUser | None, why: str = ""
) -> SeasonPayment:
    """Cash between a person and the bank: someone who still owes pays it in, someone still owed
    is paid from it. Refused, changing nothing, above what they still owe or are owed."""
    _check_owner(season, user)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        owed = still_owed(seasons.season_table(season))
        amount = parse_amount(amount_text, owed.currency)
        left = owed.remaining.get(person)
        if person == BANK or left is None:
            raise ActionRefused("Choose a person of this season.", "not_in_season")
        name = owed.names[person]
        if left == 0:
            raise ActionRefused(f"{name} owes nothing and is owed nothing.", "settled")
        if amount > abs(left):
            side = "still owes" if left < 0 else "is still owed"
            raise ActionRefused(
                f"{name} {side} {owed.words(abs(left))}: not {owed.words(amount)}.", "too_much"
            )
        payer, payee = (person, BANK) if left < 0 else (BANK, person)
        return _record(season, owed, payer, payee, amount, user, why)


def mark_unpaid(
    season: Season, payment_id: int, user: AbstractBaseUser | None, why: str = ""
) -> SeasonPayment:
    """A payment marked by mistake: it is owed again. The row stays, marked undone."""
    _check_owner(season, user)
    with transaction.atomic():
        payment = SeasonPayment.objects.select_for_update().filter(pk=payment_id, season=season).first()
        if payment is None:
            raise ActionRefused("No such payment in this season.", "no_payment")
        if payment.undone_at is not None:
            raise ActionRefused("That payment is already marked unpaid.", "undone")
        marked = SeasonAuditEntry.objects.filter(season=season, payload__season_payment=payment.pk).first()
        said = marked.what.removeprefix("Paid: ") if marked else f"payment {payment.pk}"
        payment.undone_at = timezone.now()
        payment.save(update_fields=["undone_at"])
        audit.record_season(
            season,
            user,
            f"Not paid after all: {said}; owed again",
            why,
            payload={"season_payment": payment.pk, "undone": True},
        )
    return payment
