"""Money said for people: an amount in the night's currency, a player's net with its sign,
and how far the night is from balancing, written one way on every page, message and log line.
"""

from __future__ import annotations

from decimal import Decimal

# Currencies without a minor unit; everything else is counted in hundredths.
NO_MINOR_UNIT = {"JPY", "KRW", "ISK", "CLP", "VND", "HUF"}


def minor_digits(currency: str) -> int:
    return 0 if currency.upper() in NO_MINOR_UNIT else 2


def format_money(amount: Decimal, currency: str) -> str:
    """An amount for people: cents shown, and more digits only where a chip value needs them.

    >>> format_money(Decimal("20.0000"), "EUR"), format_money(Decimal("0.125"), "EUR")
    ('20.00 EUR', '0.125 EUR')
    """
    digits = max(minor_digits(currency), -amount.normalize().as_tuple().exponent)
    return f"{amount:.{digits}f} {currency}"


def difference_words(difference: Decimal, currency: str) -> str:
    """Money in minus (money out and still in play), said one way on every page and message.

    >>> difference_words(Decimal(13), "EUR"), difference_words(Decimal(-13), "EUR")
    ('13.00 EUR more in than out', '13.00 EUR more out than in')
    """
    if difference == 0:
        return "balanced"
    side = "more in than out" if difference > 0 else "more out than in"
    return f"{format_money(abs(difference), currency)} {side}"


def signed_money(amount: Decimal, currency: str) -> str:
    """A player's net, one sign everywhere: + what they take away beyond what they put in.

    >>> signed_money(Decimal(13), "EUR"), signed_money(Decimal("-2.5"), "EUR")
    ('+13.00 EUR', '-2.50 EUR')
    """
    sign = "+" if amount > 0 else "-" if amount < 0 else ""
    return sign + format_money(abs(amount), currency)


def bank_words(chips: int, money: Decimal, currency: str) -> str:
    """The bank's difference, said without a sign: what appeared or disappeared, and who settles it.

    >>> bank_words(-320, Decimal(-16), "EUR")
    '320 chips disappeared (16.00 EUR): the bank is paid 16.00 EUR in the settle-up'
    >>> bank_words(40, Decimal(2), "EUR")
    '40 chips appeared (2.00 EUR): the bank pays 2.00 EUR in the settle-up'
    """
    worth = format_money(abs(money), currency)
    if chips < 0:
        return f"{-chips} chips disappeared ({worth}): the bank is paid {worth} in the settle-up"
    return f"{chips} chips appeared ({worth}): the bank pays {worth} in the settle-up"
